import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import { buildPath } from '../../../shared/api/contract';
import { LOGO_MAX_BYTES } from '../../../shared/api/settings';
import { aCompany, startTestServerAsSuper, type TestServer } from '../../test/server';

let server: TestServer;
let superToken: string;
beforeAll(async () => {
  ({ server, superToken } = await startTestServerAsSuper());
});
afterAll(() => server.stop());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadLogo(token: string, mode: string, file: { type: string; data: Buffer }) {
  const boundary = `atendo${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field('typeArch', 'logo') + field('mode', mode)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await server.app.inject({
    method: 'POST',
    url: `/api${api.settings.uploadLogo.path}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { key: string; value: string; error?: string } };
}

const fetchLogo = (fileName: string) =>
  server.app.inject({ method: 'GET', url: `/api${buildPath(api.settings.logo.path, { fileName })}` });

describe('POST /settings-whitelabel/logo', () => {
  it('stores the image as the mode’s logo, served without a token and named by GET /public-settings', async () => {
    const res = await uploadLogo(superToken, 'Light', { type: 'image/png', data: PNG });
    expect(res.status).toBe(200);
    expect(res.body.key).toBe('appLogoLight');
    expect(res.body.value).toMatch(/\.png$/);
    const named = await server.call(api.settings.showPublic, { params: { key: 'appLogoLight' }, query: {} });
    expect(named.body).toBe(res.body.value);
    const served = await fetchLogo(res.body.value);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('keeps one file per mode: a new upload replaces the previous one, the other modes stay', async () => {
    const dark = await uploadLogo(superToken, 'Dark', { type: 'image/png', data: PNG });
    const favicon = await uploadLogo(superToken, 'Favicon', { type: 'image/png', data: PNG });
    const again = await uploadLogo(superToken, 'Dark', { type: 'image/png', data: PNG });
    expect(again.body.value).not.toBe(dark.body.value);
    expect((await fetchLogo(dark.body.value)).statusCode).toBe(404);
    expect((await fetchLogo(again.body.value)).statusCode).toBe(200);
    expect((await fetchLogo(favicon.body.value)).statusCode).toBe(200);
  });

  it('refuses what is not an image, a file over the cap, an unknown mode and anyone but the super user', async () => {
    const page = await uploadLogo(superToken, 'Light', { type: 'image/png', data: Buffer.from('<html>') });
    expect(page).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_FILE' } });
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
    expect((await uploadLogo(superToken, 'Light', { type: 'image/png', data: big })).status).toBe(413);
    expect((await uploadLogo(superToken, 'Huge', { type: 'image/png', data: PNG })).status).toBe(400);
    const company = await aCompany(server);
    const admin = await uploadLogo(company.admin.token, 'Light', { type: 'image/png', data: PNG });
    expect(admin).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await fetchLogo('00000000-0000-0000-0000-000000000000.png')).statusCode).toBe(404);
    expect((await fetchLogo('..%2F..%2Fsecret.png')).statusCode).toBe(400);
  });
});

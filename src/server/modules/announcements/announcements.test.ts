import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import { ANNOUNCEMENT_MEDIA_MAX_BYTES, type Announcement } from '../../../shared/api/announcements';
import { buildPath } from '../../../shared/api/contract';
import { type AnnouncementEvent, events } from '../../../shared/realtime';
import { collect, drain } from '../../test/builders';
import { aCompany, aUser, startTestServerAsSuper, type TestServer } from '../../test/server';

let server: TestServer;
let superToken: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atendo-announcements-'));
  ({ server, superToken } = await startTestServerAsSuper({ dataDir }));
});
afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const as = (token: string) => ({ token });

async function create(body: Record<string, unknown>) {
  const res = await server.call(api.announcements.create, { body: body as never }, as(superToken));
  expect(res.status).toBe(200);
  return res.body as Announcement;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** POST /announcements/:id/media-upload as the page sends it: typeArch and the multipart `file`. */
async function upload(id: number, token: string, file: File) {
  const form = new FormData();
  form.append('typeArch', 'announcements');
  form.append('file', file);
  const request = new Request('http://local', { method: 'POST', body: form });
  const res = await server.app.inject({
    method: 'POST',
    url: `/api${buildPath(api.announcements.uploadMedia.path, { id })}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as Announcement & { error?: string } };
}

const fetchMedia = (id: number, token: string) =>
  server.app.inject({
    method: 'GET',
    url: `/api${buildPath(api.announcements.media.path, { id })}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('announcements (3-automation §3, §5, §7)', () => {
  it('require a title and a text, and default to priority 3 and active', async () => {
    const refused = await server.call(
      api.announcements.create,
      { body: { title: ' ', priority: 4 } as never },
      as(superToken),
    );
    expect(refused.status).toBe(400);
    expect((refused.body as { issues: { path: string; message: string }[] }).issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'title', message: 'Obrigatório' }),
        expect.objectContaining({ path: 'text', message: 'Obrigatório' }),
        expect.objectContaining({ path: 'priority' }),
      ]),
    );
    expect(await create({ title: 'Manutenção', text: 'Sábado às 22h' })).toMatchObject({
      title: 'Manutenção',
      text: 'Sábado às 22h',
      priority: 3,
      status: true,
      mediaPath: null,
    });
  });

  it('are written by the super administrator only; company admins and users may only read the active ones', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    for (const token of [company.admin.token, user.token]) {
      const write = await server.call(
        api.announcements.create,
        { body: { title: 'x', text: 'y' } },
        as(token),
      );
      expect(write).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      const list = await server.call(api.announcements.list, { query: {} }, as(token));
      expect(list.status).toBe(403);
    }
    const active = await create({ title: 'Novidade ativa', text: 'Texto', priority: 1 });
    const inactive = await create({ title: 'Rascunho', text: 'Texto', status: false });
    const read = await server.call(api.announcements.active, {}, as(user.token));
    const ids = (read.body as Announcement[]).map((a) => a.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
    expect((read.body as Announcement[])[0]?.priority).toBe(1);

    const page = await server.call(
      api.announcements.list,
      { query: { searchParam: 'rascunho' } },
      as(superToken),
    );
    expect(page.body).toMatchObject({ records: [{ id: inactive.id }], count: 1, hasMore: false });

    const saved = await server.call(
      api.announcements.update,
      {
        params: { id: inactive.id },
        body: { title: 'Publicado', text: 'Agora sim', priority: 2, status: true },
      },
      as(superToken),
    );
    expect(saved).toMatchObject({ status: 200, body: { title: 'Publicado', priority: 2, status: true } });
    const shown = await server.call(api.announcements.show, { params: { id: inactive.id } }, as(superToken));
    expect(shown.body).toMatchObject({ title: 'Publicado' });
    expect(
      (await server.call(api.announcements.remove, { params: { id: inactive.id } }, as(superToken))).status,
    ).toBe(200);
    const again = await server.call(
      api.announcements.remove,
      { params: { id: inactive.id } },
      as(superToken),
    );
    expect(again).toMatchObject({ status: 404, body: { error: 'ERR_NO_ANNOUNCEMENT_FOUND' } });
  });

  it('take a png or jpeg image that every user may fetch while the announcement is active', async () => {
    const company = await aCompany(server);
    const announcement = await create({ title: 'Com imagem', text: 'Veja' });
    const pdf = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    expect((await upload(announcement.id, superToken, pdf)).status).toBe(400);
    const gif = new File(['GIF89a'], 'a.gif', { type: 'image/gif' });
    expect((await upload(announcement.id, superToken, gif)).status).toBe(400);
    const huge = new File([PNG, Buffer.alloc(ANNOUNCEMENT_MEDIA_MAX_BYTES)], 'big.png', {
      type: 'image/png',
    });
    expect(await upload(announcement.id, superToken, huge)).toMatchObject({
      status: 413,
      body: { error: 'ERR_FILE_TOO_LARGE' },
    });
    const png = new File([PNG], 'banner.png', { type: 'image/png' });
    expect((await upload(announcement.id, company.admin.token, png)).status).toBe(403);
    const uploaded = await upload(announcement.id, superToken, png);
    expect(uploaded).toMatchObject({ status: 200, body: { mediaName: 'banner.png' } });
    expect(uploaded.body.mediaPath).toMatch(/\.png$/);

    const seen = await fetchMedia(announcement.id, company.admin.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(PNG)).toBe(true);

    await server.call(
      api.announcements.update,
      { params: { id: announcement.id }, body: { title: 'Com imagem', text: 'Veja', status: false } },
      as(superToken),
    );
    expect((await fetchMedia(announcement.id, company.admin.token)).statusCode).toBe(404);
    expect((await fetchMedia(announcement.id, superToken)).statusCode).toBe(200);

    const cleared = await server.call(
      api.announcements.removeMedia,
      { params: { id: announcement.id } },
      as(superToken),
    );
    expect(cleared).toMatchObject({ status: 200, body: { mediaPath: null, mediaName: null } });
    expect((await fetchMedia(announcement.id, superToken)).statusCode).toBe(404);
  });

  it('reach every signed-in user of every company live, inactive ones as a delete', async () => {
    const first = await aCompany(server);
    const second = await aCompany(server);
    const user = await aUser(server, second.id);
    const sockets = await Promise.all([first.admin.token, user.token].map((t) => server.socket(t)));
    const received = sockets.map((s) => collect<AnnouncementEvent>(s, events.announcement(0)));

    const hidden = await create({ title: 'Oculto', text: 'x', status: false });
    const record = await create({ title: 'Para todos', text: 'Olá' });
    await server.call(
      api.announcements.update,
      { params: { id: record.id }, body: { title: 'Para todos', text: 'Olá', status: false } },
      as(superToken),
    );
    await server.call(api.announcements.remove, { params: { id: hidden.id } }, as(superToken));
    await drain(server, sockets[0]!, first.id);
    await drain(server, sockets[1]!, second.id);
    for (const list of received) {
      expect(list).toEqual([
        { action: 'create', record },
        { action: 'delete', id: record.id },
        { action: 'delete', id: hidden.id },
      ]);
    }
    for (const s of sockets) s.disconnect();
  });
});

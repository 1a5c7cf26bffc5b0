import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Help } from '../../../shared/api/helps';
import { aCompany, startTestServerAsSuper, type TestServer } from '../../test/server';

let server: TestServer;
let superToken: string;
beforeAll(async () => {
  ({ server, superToken } = await startTestServerAsSuper());
});
afterAll(() => server.stop());

describe('help entries (2-administration §2.10)', () => {
  it('are written by the super administrator and read by every user of every company', async () => {
    const created = await server.call(
      api.helps.create,
      {
        body: {
          title: 'Como transferir',
          description: 'Passo a passo',
          video: 'https://youtu.be/dQw4w9WgXcQ',
        },
      },
      { token: superToken },
    );
    expect(created).toMatchObject({
      status: 200,
      body: { title: 'Como transferir', video: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    const help = created.body as Help;
    const company = await aCompany(server);
    const list = await server.call(api.helps.list, {}, { token: company.admin.token });
    expect((list.body as Help[]).find((h) => h.id === help.id)).toEqual(help);
    const options = await server.call(api.helps.options, {}, { token: company.admin.token });
    expect((options.body as Help[]).map((h) => h.id)).toContain(help.id);

    const saved = await server.call(
      api.helps.update,
      { params: { id: help.id }, body: { title: 'Como transferir atendimentos', video: '76979871' } },
      { token: superToken },
    );
    expect(saved).toMatchObject({
      status: 200,
      body: { title: 'Como transferir atendimentos', description: '', video: '76979871' },
    });
    const removed = await server.call(api.helps.remove, { params: { id: help.id } }, { token: superToken });
    expect(removed.status).toBe(200);
    const again = await server.call(api.helps.remove, { params: { id: help.id } }, { token: superToken });
    expect(again).toMatchObject({ status: 404, body: { error: 'ERR_NO_HELP_FOUND' } });
  });

  it('refuses a video that is neither YouTube nor Vimeo, and a missing title', async () => {
    const res = await server.call(
      api.helps.create,
      { body: { title: '', video: 'https://example.com/video.mp4' } },
      { token: superToken },
    );
    expect(res.status).toBe(400);
    const issues = (res.body as { issues: { path: string; message: string }[] }).issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'title', message: 'Required' }),
        expect.objectContaining({ path: 'video', message: 'A YouTube or Vimeo address or id' }),
      ]),
    );
  });

  it('is not for company admins to write', async () => {
    const { admin } = await aCompany(server);
    const res = await server.call(
      api.helps.create,
      { body: { title: 'Minha ajuda' } },
      { token: admin.token },
    );
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});

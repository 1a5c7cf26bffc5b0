import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import { buildPath } from '../../../shared/api/contract';
import type { QuickMessage } from '../../../shared/api/quick-messages';
import { events, type QuickMessageEvent } from '../../../shared/realtime';
import { aCompany, aUser, startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atendo-quick-messages-'));
  server = await startTestServer({ dataDir });
});
afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const as = (token: string) => ({ token });

async function create(token: string, body: Record<string, unknown>) {
  const res = await server.call(api.quickMessages.create, { body: body as never }, as(token));
  expect(res.status).toBe(200);
  return res.body as QuickMessage;
}

const list = async (token: string, query: { searchParam?: string; pageNumber?: number } = {}) =>
  (await server.call(api.quickMessages.list, { query }, as(token))).body as {
    records: QuickMessage[];
    count: number;
    hasMore: boolean;
  };

/** A company with two plain users, Ana and Bia. */
async function team() {
  const company = await aCompany(server);
  const ana = await aUser(server, company.id, { name: 'Ana' });
  const bia = await aUser(server, company.id, { name: 'Bia' });
  return { company, ana, bia };
}

/** POST /quick-messages/:id/media-upload as the page sends it: typeArch and the multipart `file`. */
async function upload(id: number, token: string, file: File, field = 'file') {
  const form = new FormData();
  form.append('typeArch', 'quickMessage');
  form.append(field, file);
  const request = new Request('http://local', { method: 'POST', body: form });
  const res = await server.app.inject({
    method: 'POST',
    url: `/api${buildPath(api.quickMessages.uploadMedia.path, { id })}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as QuickMessage & { error?: string } };
}

const fetchMedia = (id: number, token: string) =>
  server.app.inject({
    method: 'GET',
    url: `/api${buildPath(api.quickMessages.media.path, { id })}`,
    headers: { authorization: `Bearer ${token}` },
  });

const storedFiles = async (companyId: number) =>
  readdir(path.join(dataDir, 'media', `company${companyId}`)).catch(() => [] as string[]);

const pdf = (text = 'tabela') => new File([`%PDF-1.4 ${text}`], 'precos.pdf', { type: 'application/pdf' });

describe('writing quick messages', () => {
  it("creates one for the caller in the caller's company, shared and not general unless told", async () => {
    const { company, ana } = await team();
    const other = await aCompany(server);
    const created = await create(ana.token, {
      shortcode: 'ola',
      message: 'Olá! Como posso ajudar?',
      companyId: other.id,
      userId: other.admin.id,
    });
    expect(created).toMatchObject({
      shortcode: 'ola',
      message: 'Olá! Como posso ajudar?',
      companyId: company.id,
      userId: ana.id,
      geral: false,
      visao: true,
      mediaPath: null,
      mediaName: null,
      isMedia: false,
    });
    const shown = await server.call(api.quickMessages.show, { params: { id: created.id } }, as(ana.token));
    expect(shown.body).toEqual(created);
  });

  it('lets the owner change and delete it', async () => {
    const { ana } = await team();
    const created = await create(ana.token, { shortcode: 'pix', message: 'Chave: 123' });
    const changed = await server.call(
      api.quickMessages.update,
      { params: { id: created.id }, body: { message: 'Chave: 456', geral: true } },
      as(ana.token),
    );
    expect(changed.body).toMatchObject({
      id: created.id,
      shortcode: 'pix',
      message: 'Chave: 456',
      geral: true,
    });
    const removed = await server.call(
      api.quickMessages.remove,
      { params: { id: created.id } },
      as(ana.token),
    );
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    const gone = await server.call(api.quickMessages.show, { params: { id: created.id } }, as(ana.token));
    expect(gone).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
  });

  it("answers 'Obrigatório' without a shortcode, and Too Long! beyond 100 characters", async () => {
    const { ana } = await team();
    const post = (body: Record<string, unknown>) =>
      server.call(api.quickMessages.create, { body: body as never }, as(ana.token));
    expect(await post({ message: 'sem atalho' })).toMatchObject({
      status: 400,
      body: { error: 'Obrigatório' },
    });
    expect(await post({ shortcode: '   ' })).toMatchObject({ status: 400, body: { error: 'Obrigatório' } });
    expect(await post({ shortcode: 'x'.repeat(101) })).toMatchObject({
      status: 400,
      body: { error: 'Too Long!' },
    });
    const created = await create(ana.token, { shortcode: 'ok' });
    const cleared = await server.call(
      api.quickMessages.update,
      { params: { id: created.id }, body: { shortcode: '' } },
      as(ana.token),
    );
    expect(cleared).toMatchObject({ status: 400, body: { error: 'Obrigatório' } });
  });
});

describe('who sees and who changes a quick message (3-automation §6)', () => {
  it("shows other users the shared and the general ones, never someone's private one", async () => {
    const { ana, bia } = await team();
    const privateOne = await create(ana.token, { shortcode: 'privada', visao: false });
    const shared = await create(ana.token, { shortcode: 'compartilhada', visao: true });
    const general = await create(ana.token, { shortcode: 'geral', geral: true, visao: false });
    expect((await list(bia.token)).records.map((q) => q.id)).toEqual([shared.id, general.id]);
    expect((await list(ana.token)).records.map((q) => q.id)).toEqual([shared.id, general.id, privateOne.id]);
    const hidden = await server.call(
      api.quickMessages.show,
      { params: { id: privateOne.id } },
      as(bia.token),
    );
    expect(hidden.status).toBe(404);
    const forChat = await server.call(api.quickMessages.listAll, { query: {} }, as(bia.token));
    expect((forChat.body as QuickMessage[]).map((q) => q.id)).toEqual([shared.id, general.id]);
  });

  it("makes another user's shared, not general, message read-only — even for an admin", async () => {
    const { company, ana, bia } = await team();
    const shared = await create(ana.token, { shortcode: 'somente-leitura', visao: true, geral: false });
    for (const token of [bia.token, company.admin.token]) {
      const edit = await server.call(
        api.quickMessages.update,
        { params: { id: shared.id }, body: { message: 'mudei' } },
        as(token),
      );
      expect(edit).toMatchObject({ status: 403, body: { error: 'ERR_QUICK_MESSAGE_READ_ONLY' } });
      const remove = await server.call(api.quickMessages.remove, { params: { id: shared.id } }, as(token));
      expect(remove).toMatchObject({ status: 403, body: { error: 'ERR_QUICK_MESSAGE_READ_ONLY' } });
      const media = await upload(shared.id, token, pdf());
      expect(media).toMatchObject({ status: 403, body: { error: 'ERR_QUICK_MESSAGE_READ_ONLY' } });
      const unmedia = await server.call(
        api.quickMessages.removeMedia,
        { params: { id: shared.id } },
        as(token),
      );
      expect(unmedia.status).toBe(403);
    }
    // A refused upload leaves no file behind.
    expect(await storedFiles(company.id)).toEqual([]);
    const still = await server.call(api.quickMessages.show, { params: { id: shared.id } }, as(ana.token));
    expect(still.body).toMatchObject({ message: '' });
  });

  it("lets every user change a general message, and nobody else touch someone's private one", async () => {
    const { ana, bia } = await team();
    const general = await create(ana.token, { shortcode: 'todos', geral: true });
    const edit = await server.call(
      api.quickMessages.update,
      { params: { id: general.id }, body: { message: 'editada pela Bia' } },
      as(bia.token),
    );
    expect(edit.body).toMatchObject({ message: 'editada pela Bia', userId: ana.id });
    const privateOne = await create(ana.token, { shortcode: 'minha', visao: false });
    const hidden = await server.call(
      api.quickMessages.update,
      { params: { id: privateOne.id }, body: { message: 'x' } },
      as(bia.token),
    );
    expect(hidden.status).toBe(404);
    expect(
      (await server.call(api.quickMessages.remove, { params: { id: privateOne.id } }, as(bia.token))).status,
    ).toBe(404);
    const removed = await server.call(
      api.quickMessages.remove,
      { params: { id: general.id } },
      as(bia.token),
    );
    expect(removed.status).toBe(200);
  });

  it("never lets another company read, list, change or delete a company's quick messages", async () => {
    const { ana } = await team();
    const outsider = await aCompany(server);
    const general = await create(ana.token, { shortcode: 'empresa', geral: true, visao: true });
    const id = { params: { id: general.id } };
    const token = outsider.admin.token;
    expect((await server.call(api.quickMessages.show, id, as(token))).status).toBe(404);
    expect(
      (await server.call(api.quickMessages.update, { ...id, body: { message: 'x' } }, as(token))).status,
    ).toBe(404);
    expect((await server.call(api.quickMessages.remove, id, as(token))).status).toBe(404);
    expect((await upload(general.id, token, pdf())).status).toBe(404);
    expect((await list(token)).records).toEqual([]);
    expect((await fetchMedia(general.id, token)).statusCode).toBe(404);
  });

  it('answers GET /quick-messages/list for the caller whatever companyId and userId say', async () => {
    const { company, ana, bia } = await team();
    const privateOne = await create(ana.token, { shortcode: 'so-da-ana', visao: false });
    const res = await server.call(
      api.quickMessages.listAll,
      { query: { companyId: company.id, userId: ana.id } },
      as(bia.token),
    );
    expect((res.body as QuickMessage[]).map((q) => q.id)).not.toContain(privateOne.id);
    const outsider = await aCompany(server);
    const foreign = await server.call(
      api.quickMessages.listAll,
      { query: { companyId: company.id, userId: ana.id } },
      as(outsider.admin.token),
    );
    expect(foreign.body).toEqual([]);
  });
});

describe('GET /quick-messages', () => {
  it('answers 20 records a page by shortcode, with hasMore', async () => {
    const { ana } = await team();
    for (let i = 1; i <= 23; i++)
      await create(ana.token, { shortcode: `atalho${String(i).padStart(2, '0')}` });
    const first = await list(ana.token, { pageNumber: 1 });
    expect(first.records).toHaveLength(20);
    expect(first.count).toBe(23);
    expect(first.hasMore).toBe(true);
    expect(first.records[0]!.shortcode).toBe('atalho01');
    const second = await list(ana.token, { pageNumber: 2 });
    expect(second.records.map((q) => q.shortcode)).toEqual(['atalho21', 'atalho22', 'atalho23']);
    expect(second.hasMore).toBe(false);
  });

  it('searches shortcode and message, ignoring case, with wildcards taken literally', async () => {
    const { ana } = await team();
    const boleto = await create(ana.token, { shortcode: 'Boleto', message: 'Segue o boleto' });
    const desconto = await create(ana.token, { shortcode: 'desconto', message: 'Desconto de 10%' });
    await create(ana.token, { shortcode: 'horario', message: 'Atendemos das 8h às 18h' });
    expect((await list(ana.token, { searchParam: 'BOLETO' })).records.map((q) => q.id)).toEqual([boleto.id]);
    expect((await list(ana.token, { searchParam: '10%' })).records.map((q) => q.id)).toEqual([desconto.id]);
    expect((await list(ana.token, { searchParam: '%' })).records.map((q) => q.id)).toEqual([desconto.id]);
  });
});

describe('quick message attachments', () => {
  it('stores the file, serves it to users who see the message, replaces and removes it', async () => {
    const { company, ana, bia } = await team();
    const shared = await create(ana.token, { shortcode: 'tabela', message: 'Nossa tabela' });
    const uploaded = await upload(shared.id, ana.token, pdf('v1'));
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({ id: shared.id, mediaName: 'precos.pdf', isMedia: true });
    expect(uploaded.body.mediaPath).toMatch(/\.pdf$/);

    const served = await fetchMedia(shared.id, bia.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['cache-control']).toBe('private, no-cache');
    expect(served.body).toBe('%PDF-1.4 v1');

    const replaced = await upload(shared.id, ana.token, pdf('v2'));
    expect(replaced.body.mediaPath).not.toBe(uploaded.body.mediaPath);
    expect((await fetchMedia(shared.id, ana.token)).body).toBe('%PDF-1.4 v2');
    expect(await storedFiles(company.id)).toEqual([replaced.body.mediaPath]);

    const cleared = await server.call(
      api.quickMessages.removeMedia,
      { params: { id: shared.id } },
      as(ana.token),
    );
    expect(cleared.body).toMatchObject({ mediaPath: null, mediaName: null, isMedia: false });
    expect((await fetchMedia(shared.id, ana.token)).statusCode).toBe(404);
    expect(await storedFiles(company.id)).toEqual([]);
  });

  it("serves an attachment only within the company, and a private message's only to its owner", async () => {
    const { ana, bia } = await team();
    const outsider = await aCompany(server);
    const privateOne = await create(ana.token, { shortcode: 'contrato', visao: false });
    await upload(privateOne.id, ana.token, pdf());
    expect((await fetchMedia(privateOne.id, ana.token)).statusCode).toBe(200);
    expect((await fetchMedia(privateOne.id, bia.token)).statusCode).toBe(404);
    const general = await create(ana.token, { shortcode: 'catalogo', geral: true });
    await upload(general.id, ana.token, pdf());
    expect((await fetchMedia(general.id, bia.token)).statusCode).toBe(200);
    expect((await fetchMedia(general.id, outsider.admin.token)).statusCode).toBe(404);
  });

  it('refuses an upload without a file in the `file` field', async () => {
    const { ana } = await team();
    const created = await create(ana.token, { shortcode: 'vazio' });
    const wrongField = await upload(created.id, ana.token, pdf(), 'medias');
    expect(wrongField).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_FILE' } });
  });

  it('removes the file when the quick message is deleted', async () => {
    const { company, ana } = await team();
    const created = await create(ana.token, { shortcode: 'apagar' });
    await upload(created.id, ana.token, pdf());
    expect(await storedFiles(company.id)).toHaveLength(1);
    await server.call(api.quickMessages.remove, { params: { id: created.id } }, as(ana.token));
    expect(await storedFiles(company.id)).toEqual([]);
  });
});

describe('live updates on company-{id}-quickmessage', () => {
  /** Events of one socket, in order. */
  async function listen(token: string, companyId: number) {
    const socket = await server.socket(token);
    const received: QuickMessageEvent[] = [];
    socket.on(events.quickMessage(companyId), (event: QuickMessageEvent) => received.push(event));
    return received;
  }

  it('tells the users who may see a message, and no other company', async () => {
    const { company, ana, bia } = await team();
    const outsider = await aCompany(server);
    const toAna = await listen(ana.token, company.id);
    const toBia = await listen(bia.token, company.id);
    const toOutsider = await listen(outsider.admin.token, company.id);

    const privateOne = await create(ana.token, { shortcode: 'privada', visao: false });
    const shared = await create(ana.token, { shortcode: 'compartilhada' });
    await expect.poll(() => toBia.length).toBe(1);
    expect(toBia[0]).toMatchObject({ action: 'create', quickMessage: { id: shared.id } });
    expect(toAna.map((e) => e.action === 'create' && e.quickMessage.id)).toEqual([privateOne.id, shared.id]);

    // Made private: it leaves Bia's lists.
    await server.call(
      api.quickMessages.update,
      { params: { id: shared.id }, body: { visao: false } },
      as(ana.token),
    );
    await expect.poll(() => toBia.length).toBe(2);
    expect(toBia[1]).toEqual({ action: 'delete', quickMessageId: shared.id });
    expect(toAna[2]).toMatchObject({ action: 'update', quickMessage: { id: shared.id, visao: false } });

    await server.call(api.quickMessages.remove, { params: { id: shared.id } }, as(ana.token));
    await expect.poll(() => toAna.length).toBe(4);
    expect(toAna[3]).toEqual({ action: 'delete', quickMessageId: shared.id });
    expect(toOutsider).toEqual([]);
  });
});

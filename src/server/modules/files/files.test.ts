import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import { buildPath } from '../../../shared/api/contract';
import type { FileList } from '../../../shared/api/files';
import { events, type FileListEvent } from '../../../shared/realtime';
import { queues } from '../../db/schema';
import { collect, drain } from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atendo-files-'));
  server = await startTestServer({ dataDir });
});
afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const as = (token: string) => ({ token });

async function create(token: string, body: Record<string, unknown>) {
  const res = await server.call(api.files.create, { body: body as never }, as(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as FileList;
}

const pdf = (name = 'catalogo.pdf', text = '%PDF-1.4 catálogo') =>
  new File([text], name, { type: 'application/pdf' });

/** POST /files/uploadList/:fileId as the files page sends it: per option its file, id, name and type. */
async function upload(listId: number, token: string, parts: { id: number; file: File }[]) {
  const form = new FormData();
  form.append('fileId', String(listId));
  form.append('typeArch', 'fileList');
  for (const { id, file } of parts) {
    form.append('files', file);
    form.append('mediaType', file.type);
    form.append('name', file.name);
    form.append('id', String(id));
  }
  const request = new Request('http://local', { method: 'POST', body: form });
  const res = await server.app.inject({
    method: 'POST',
    url: `/api${buildPath(api.files.upload.path, { fileId: listId })}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as FileList & { error?: string } };
}

const storedFiles = async (companyId: number) =>
  readdir(path.join(dataDir, 'media', `company${companyId}`)).catch(() => [] as string[]);

describe('file lists', () => {
  it('lets an admin create a list with its files, rename and drop options, and delete it with its files', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const list = await create(token, {
      name: 'Catálogos',
      message: 'Seguem nossos catálogos',
      options: [{ name: 'Verão' }, { name: 'Inverno' }],
      userId: 999_999,
    });
    expect(list).toMatchObject({
      name: 'Catálogos',
      message: 'Seguem nossos catálogos',
      userId: company.admin.id,
      options: [
        { name: 'Verão', path: null, mediaType: null },
        { name: 'Inverno', path: null, mediaType: null },
      ],
    });
    const [verao, inverno] = list.options;
    const uploaded = await upload(list.id, token, [
      { id: verao!.id, file: pdf('verao.pdf') },
      { id: inverno!.id, file: pdf('inverno.pdf') },
    ]);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.options).toMatchObject([
      { id: verao!.id, path: expect.stringMatching(/\.pdf$/), mediaType: 'application/pdf' },
      { id: inverno!.id, path: expect.stringMatching(/\.pdf$/), mediaType: 'application/pdf' },
    ]);
    expect((await storedFiles(company.id)).sort()).toEqual(uploaded.body.options.map((o) => o.path).sort());

    // Renaming keeps the file; an option left out goes with its file; a new one has none yet.
    const updated = await server.call(
      api.files.update,
      {
        params: { id: list.id },
        body: {
          name: 'Catálogos 2026',
          message: 'Novos',
          options: [{ id: verao!.id, name: 'Verão 26' }, { name: 'Outono' }],
        },
      },
      as(token),
    );
    expect(updated.body).toMatchObject({
      name: 'Catálogos 2026',
      options: [
        { id: verao!.id, name: 'Verão 26', path: uploaded.body.options[0]!.path },
        { name: 'Outono', path: null },
      ],
    });
    expect(await storedFiles(company.id)).toEqual([uploaded.body.options[0]!.path]);

    const removed = await server.call(api.files.remove, { params: { id: list.id } }, as(token));
    expect(removed.status).toBe(200);
    expect(await storedFiles(company.id)).toEqual([]);
    const gone = await server.call(api.files.show, { params: { id: list.id } }, as(token));
    expect(gone).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
  });

  it('replaces an option’s file with a new upload, removing the old one', async () => {
    const company = await aCompany(server);
    const list = await create(company.admin.token, {
      name: 'Preços',
      message: 'Tabela',
      options: [{ name: 'Tabela' }],
    });
    const first = await upload(list.id, company.admin.token, [
      { id: list.options[0]!.id, file: pdf('v1.pdf') },
    ]);
    const second = await upload(list.id, company.admin.token, [
      { id: list.options[0]!.id, file: pdf('v2.pdf') },
    ]);
    expect(second.body.options[0]!.path).not.toBe(first.body.options[0]!.path);
    expect(await storedFiles(company.id)).toEqual([second.body.options[0]!.path]);
  });

  it('answers the spec’s validation messages for name and message', async () => {
    const company = await aCompany(server);
    const create = (body: Record<string, unknown>) =>
      server.call(api.files.create, { body: body as never }, as(company.admin.token));
    expect((await create({ message: 'x' })).body).toMatchObject({ error: 'Obrigatório' });
    expect((await create({ name: '  ', message: 'x' })).body).toMatchObject({ error: 'Obrigatório' });
    expect((await create({ name: 'ab', message: 'x' })).body).toMatchObject({ error: 'nome muito curto' });
    expect((await create({ name: 'abc', message: '' })).body).toMatchObject({ error: 'Obrigatório' });
  });

  it('lists 20 a page by name, searching by name', async () => {
    const company = await aCompany(server);
    for (let i = 0; i < 22; i++) {
      await create(company.admin.token, { name: `Lista ${String(i).padStart(2, '0')}`, message: 'm' });
    }
    await create(company.admin.token, { name: 'Cardápio', message: 'm' });
    const page = async (query: Record<string, unknown>) =>
      (await server.call(api.files.list, { query: query as never }, as(company.admin.token))).body as {
        files: FileList[];
        count: number;
        hasMore: boolean;
      };
    const first = await page({ pageNumber: 1 });
    expect(first).toMatchObject({ count: 23, hasMore: true });
    expect(first.files[0]!.name).toBe('Cardápio');
    expect((await page({ pageNumber: 2 })).hasMore).toBe(false);
    expect((await page({ searchParam: 'CARD' })).files.map((f) => f.name)).toEqual(['Cardápio']);
  });

  it('refuses an upload for an option of another list, leaving no file behind', async () => {
    const company = await aCompany(server);
    const a = await create(company.admin.token, { name: 'Lista A', message: 'm', options: [{ name: 'a' }] });
    const b = await create(company.admin.token, { name: 'Lista B', message: 'm', options: [{ name: 'b' }] });
    const res = await upload(a.id, company.admin.token, [{ id: b.options[0]!.id, file: pdf() }]);
    expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
    expect(await storedFiles(company.id)).toEqual([]);
    expect((await upload(a.id, company.admin.token, [])).body).toMatchObject({ error: 'ERR_INVALID_FILE' });
  });

  it('is for admins: a plain user is refused', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const res = await server.call(api.files.list, { query: {} }, as(user.token));
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it('never shows, changes or deletes another company’s list', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const list = await create(a.admin.token, { name: 'Segredos', message: 'm', options: [{ name: 'x' }] });
    const token = b.admin.token;
    expect((await server.call(api.files.list, { query: {} }, as(token))).body).toMatchObject({
      files: [],
      count: 0,
    });
    expect((await server.call(api.files.show, { params: { id: list.id } }, as(token))).status).toBe(404);
    const update = await server.call(
      api.files.update,
      { params: { id: list.id }, body: { name: 'Meus', message: 'm' } },
      as(token),
    );
    expect(update.status).toBe(404);
    expect((await upload(list.id, token, [{ id: list.options[0]!.id, file: pdf() }])).status).toBe(404);
    expect((await server.call(api.files.remove, { params: { id: list.id } }, as(token))).status).toBe(404);
    expect(
      (await server.call(api.files.show, { params: { id: list.id } }, as(a.admin.token))).body,
    ).toMatchObject({
      name: 'Segredos',
    });
  });

  it('stops a queue sending a deleted list', async () => {
    const company = await aCompany(server);
    const list = await create(company.admin.token, { name: 'Boas-vindas', message: 'm' });
    const queue = await aQueue(server, company.id, 'Vendas');
    const saved = await server.call(
      api.queues.update,
      { params: { id: queue.id }, body: { fileListId: list.id } },
      as(company.admin.token),
    );
    expect(saved.body).toMatchObject({ fileListId: list.id });
    await server.call(api.files.remove, { params: { id: list.id } }, as(company.admin.token));
    const [row] = await server.database.db.select().from(queues).where(eq(queues.id, queue.id));
    expect(row!.fileListId).toBeNull();
  });

  it('tells the company’s sockets of every change on company-{id}-file', async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const socket = await server.socket(company.admin.token);
    const otherSocket = await server.socket(other.admin.token);
    const received = collect<FileListEvent>(socket, events.file(company.id));
    const leaked = collect<FileListEvent>(otherSocket, events.file(company.id));
    const list = await create(company.admin.token, { name: 'Manual', message: 'm' });
    await server.call(
      api.files.update,
      { params: { id: list.id }, body: { name: 'Manual 2', message: 'm' } },
      as(company.admin.token),
    );
    await server.call(api.files.remove, { params: { id: list.id } }, as(company.admin.token));
    await drain(server, socket, company.id);
    expect(received).toEqual([
      { action: 'create', files: expect.objectContaining({ id: list.id, name: 'Manual' }) },
      { action: 'update', files: expect.objectContaining({ id: list.id, name: 'Manual 2' }) },
      { action: 'delete', fileId: list.id },
    ]);
    expect(leaked).toEqual([]);
  });
});

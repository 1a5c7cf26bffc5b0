import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import {
  type Contact,
  IMPORT_ROWS_PER_REQUEST,
  type ImportMapping,
  type ImportResult,
  SHEET_LIMITS,
  type SheetRow,
  type UploadedSheet,
} from '../../../shared/api/contacts';
import { guessMapping } from '../../../shared/contact-sheet';
import { contacts, contactTags, tags } from '../../db/schema';
import { aContact, aTag } from '../../test/builders';
import { aCompany, aUser, startTestServer, type TestServer } from '../../test/server';
import { unpackedSize } from './spreadsheet';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const as = (token: string) => ({ token });

/** POST /contacts/upload with one file, as the import screen sends it. */
async function upload(token: string, data: Uint8Array | string, name: string) {
  const form = new FormData();
  form.append('file', new File([typeof data === 'string' ? data : Buffer.from(data)], name));
  const request = new Request('http://local', { method: 'POST', body: form });
  const res = await server.app.inject({
    method: 'POST',
    url: `/api${api.contacts.upload.path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as UploadedSheet & { error?: string } };
}

async function xlsx(rows: (string | number | null)[][]) {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Contatos').addRows(rows);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const importRows = (token: string, mapping: ImportMapping, rows: SheetRow[]) =>
  server.call(api.contacts.import, { body: { mapping, rows } }, as(token));

/** Sends the rows the way the screen does, IMPORT_ROWS_PER_REQUEST at a time, and adds up the answers. */
async function importAll(token: string, mapping: ImportMapping, rows: SheetRow[]) {
  const total: ImportResult = { created: 0, updated: 0, invalid: [] };
  for (let i = 0; i < rows.length; i += IMPORT_ROWS_PER_REQUEST) {
    const res = await importRows(token, mapping, rows.slice(i, i + IMPORT_ROWS_PER_REQUEST));
    expect(res.status).toBe(200);
    const part = res.body as ImportResult;
    total.created += part.created;
    total.updated += part.updated;
    total.invalid.push(...part.invalid);
  }
  return total;
}

async function contactCount(companyId: number) {
  const [row] = await server.database.db
    .select({ value: count() })
    .from(contacts)
    .where(eq(contacts.companyId, companyId));
  return row!.value;
}

const MAPPING = { name: 0, number: 1, email: 2, tags: 3 };

describe('uploading a spreadsheet', () => {
  it('refuses a file over 10 MB, a sheet over the row cap and a zip bomb with ERR_FILE_TOO_LARGE', async () => {
    const company = await aCompany(server);
    const { token } = company.admin;
    const tooLarge = { status: 413, body: { error: 'ERR_FILE_TOO_LARGE' } };
    const big = `Nome,Telefone\n${'Ana,5511999999999\n'.repeat(Math.ceil(SHEET_LIMITS.bytes / 18) + 10)}`;
    expect(await upload(token, big, 'grande.csv')).toMatchObject(tooLarge);
    const rows = `Nome,Telefone\n${'A,1\n'.repeat(SHEET_LIMITS.rows + 1)}`;
    expect(await upload(token, rows, 'linhas.csv')).toMatchObject(tooLarge);
    expect((await upload(token, `Nome,Telefone\n${'A,1\n'.repeat(1000)}`, 'ok.csv')).status).toBe(200);
    // A small XLSX whose directory says it unpacks to 2 GB: refused before anything is unpacked.
    const bomb = Buffer.from(await xlsx([['Nome'], ['Ana']]));
    const entry = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(0x7fffffff, entry + 24);
    expect(unpackedSize(bomb)).toBeGreaterThan(SHEET_LIMITS.unpackedBytes);
    expect(await upload(token, bomb, 'bomba.xlsx')).toMatchObject(tooLarge);
  });

  it('reads a semicolon CSV saved in Windows-1252 as text, keeping leading zeros and line numbers', async () => {
    const company = await aCompany(server);
    const text =
      'Nome;Número;E-mail\r\nJoão;011912345678;joao@example.com\r\n;;\r\n"Ana; Maria";5511900000000;\r\n';
    const res = await upload(company.admin.token, Buffer.from(text, 'latin1'), 'contatos.csv');
    expect(res).toEqual({
      status: 200,
      body: {
        columns: ['Nome', 'Número', 'E-mail'],
        rows: [
          { line: 2, cells: ['João', '011912345678', 'joao@example.com'] },
          { line: 4, cells: ['Ana; Maria', '5511900000000', ''] },
        ],
      },
    });
  });

  it('reads the first sheet of an XLSX file, numbers as their digits', async () => {
    const company = await aCompany(server);
    const data = await xlsx([
      ['name', 'number', 'email'],
      ['Carla', 5511912345678, null],
      ['Davi', '5521988887777', 'davi@example.com'],
    ]);
    const user = await aUser(server, company.id);
    const res = await upload(user.token, data, 'contatos.xlsx');
    expect(res.body).toEqual({
      columns: ['name', 'number', 'email'],
      rows: [
        { line: 2, cells: ['Carla', '5511912345678', ''] },
        { line: 3, cells: ['Davi', '5521988887777', 'davi@example.com'] },
      ],
    });
  });

  it('reads the first sheet of an XLS (Excel 97–2003) file, numbers as their digits', async () => {
    const company = await aCompany(server);
    const data = readFileSync(join(import.meta.dirname, 'fixtures', 'contacts.xls'));
    const res = await upload(company.admin.token, data, 'contatos.xls');
    expect(res.status).toBe(200);
    expect(res.body.columns).toEqual(['Nome', 'Número', 'E-mail', 'Valor']);
    expect(res.body.rows.slice(0, 2)).toEqual([
      { line: 2, cells: ['Conceição', '5511999990000', 'conceicao@example.com', '42'] },
      { line: 3, cells: ['João Müller', '5521988887777', '', '1.5'] },
    ]);
  });

  it('refuses a broken XLS, other binary files and empty files as ERR_INVALID_FILE (Arquivo inválido!)', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    // The compound file's signature and nothing after it.
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const brokenZip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]);
    for (const [data, name] of [
      [xls, 'broken.xls'],
      [png, 'photo.png'],
      [brokenZip, 'broken.xlsx'],
      ['', 'empty.csv'],
    ] as const) {
      expect(await upload(token, data, name), name).toMatchObject({
        status: 400,
        body: { error: 'ERR_INVALID_FILE' },
      });
    }
  });
});

describe('importing rows', () => {
  it('creates and updates by number, reports every invalid row with its reason, and tags by name', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    await aTag(server, company.id, 'VIP');
    await aContact(server, company.id, {
      name: 'Old name',
      number: '5511900000001',
      email: 'kept@example.com',
    });
    const rows: SheetRow[] = [
      { line: 2, cells: ['Updated', '+55 11 90000-0001', '', 'vip'] },
      { line: 3, cells: ['New one', '5511900000002', 'new@example.com', 'Novo, VIP'] },
      { line: 4, cells: ['', '5511900000003', '', ''] },
      { line: 5, cells: ['No number', '', '', ''] },
      { line: 6, cells: ['Short', '1234', '', ''] },
      { line: 7, cells: ['Bad email', '5511900000004', 'nope', ''] },
      { line: 8, cells: ['New one again', '5511900000002', '', 'Outra'] },
      { line: 9, cells: ['Z'] },
      { line: 10, cells: ['Tagged', '5511900000005', '', 'ok'] },
    ];
    const res = await importRows(user.token, MAPPING, rows);
    expect(res).toMatchObject({
      status: 200,
      body: {
        created: 1,
        updated: 2,
        invalid: [
          { line: 4, field: 'name', reason: 'Required' },
          { line: 5, field: 'number', reason: 'Required' },
          { line: 6, field: 'number', reason: 'Too Short!' },
          { line: 7, field: 'email', reason: 'Invalid email' },
          { line: 9, field: 'name', reason: 'Too Short!' },
          { line: 10, field: 'tags', reason: 'Too Short!' },
        ],
      },
    });
    const list = await server.call(api.contacts.list, { query: {} }, as(user.token));
    const byNumber = new Map((list.body as { contacts: Contact[] }).contacts.map((c) => [c.number, c]));
    expect(byNumber.get('5511900000001')).toMatchObject({
      name: 'Updated',
      email: 'kept@example.com',
      tags: [{ name: 'VIP' }],
    });
    expect(byNumber.get('5511900000002')).toMatchObject({ name: 'New one again', email: 'new@example.com' });
    expect(byNumber.get('5511900000002')?.tags.map((t) => t.name)).toEqual(['Novo', 'Outra', 'VIP']);
    expect(byNumber.size).toBe(2);
  });

  it('stores a row whose text carries NUL without it (PostgreSQL text cannot hold one)', async () => {
    const company = await aCompany(server);
    const rows: SheetRow[] = [
      { line: 2, cells: ['Before', '5511900000011'] },
      { line: 3, cells: ['Bro\u0000ken', '5511900000012'] },
      { line: 4, cells: ['After', '5511900000013'] },
    ];
    const res = await importRows(company.admin.token, MAPPING, rows);
    expect(res.body).toEqual({ created: 3, updated: 0, invalid: [] });
    const [stored] = await server.database.db
      .select({ name: contacts.name })
      .from(contacts)
      .where(and(eq(contacts.companyId, company.id), eq(contacts.number, '5511900000012')));
    expect(stored?.name).toBe('Broken');
  });

  it('writes only into the caller’s company, whatever numbers another company holds', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    await aContact(server, a.id, { name: 'A’s contact', number: '5511955550000' });
    const res = await importRows(b.admin.token, MAPPING, [
      { line: 2, cells: ['B’s contact', '5511955550000'] },
    ]);
    expect(res.body).toEqual({ created: 1, updated: 0, invalid: [] });
    const [theirs] = await server.database.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, a.id), eq(contacts.number, '5511955550000')));
    expect(theirs?.name).toBe('A’s contact');
    expect(await contactCount(b.id)).toBe(1);
  });

  it('refuses a request without rows, with too many rows, or without the number column', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    expect((await importRows(token, MAPPING, [])).status).toBe(400);
    const many = Array.from({ length: IMPORT_ROWS_PER_REQUEST + 1 }, (_, i) => ({
      line: i + 2,
      cells: ['Name', '5511900000000'],
    }));
    expect((await importRows(token, MAPPING, many)).status).toBe(400);
    const noNumber = await server.call(
      api.contacts.import,
      { body: { mapping: { name: 0 } as never, rows: [{ line: 2, cells: ['Ana', '5511900000000'] }] } },
      as(token),
    );
    expect(noNumber.status).toBe(400);
    expect(await contactCount(company.id)).toBe(0);
  });

  it('imports a 50,000-row XLSX with bad rows mixed in, counting exactly and losing nothing', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    // 300 contacts exist already: their rows update them.
    const existing = 300;
    await server.database.db.insert(contacts).values(
      Array.from({ length: existing }, (_, i) => ({
        companyId: company.id,
        name: `Existing ${i}`,
        number: `55119${String(i).padStart(8, '0')}`,
      })),
    );
    const bad = (i: number) => i % 97 === 0 || i % 101 === 0 || i % 89 === 0;
    const sheet: (string | number | null)[][] = [['Nome', 'Telefone', 'E-mail', 'Etiquetas']];
    const expected = { created: 0, updated: 0, invalid: 0 };
    for (let i = 0; i < 50_000; i++) {
      const number = `55119${String(i).padStart(8, '0')}`;
      if (i % 97 === 0) {
        sheet.push([`Person ${i}`, null, null, null]);
        expected.invalid++;
      } else if (i % 101 === 0) {
        sheet.push([`Person ${i}`, number, 'not-an-email', null]);
        expected.invalid++;
      } else if (i % 89 === 0) {
        sheet.push(['P', number, null, null]);
        expected.invalid++;
      } else {
        sheet.push([
          `Person ${i}`,
          i % 2 ? Number(number) : `+${number}`,
          `p${i}@example.com`,
          i % 10 ? null : 'Lote',
        ]);
        if (i < existing) expected.updated++;
        else expected.created++;
      }
    }
    // Ten repeated numbers of valid rows at the end: updates of contacts written earlier in the file.
    const repeated = Array.from({ length: 100 }, (_, k) => 1000 + k)
      .filter((i) => !bad(i))
      .slice(0, 10);
    for (const [k, i] of repeated.entries())
      sheet.push([`Repeat ${k + 1}`, `55119${String(i).padStart(8, '0')}`]);
    expected.updated += 10;

    const started = Date.now();
    const uploaded = await upload(user.token, await xlsx(sheet), 'big.xlsx');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.rows).toHaveLength(50_010);
    const mapping = guessMapping(uploaded.body.columns) as ImportMapping;
    expect(mapping).toEqual(MAPPING);
    const result = await importAll(user.token, mapping, uploaded.body.rows);
    // 5–12 s on this project's shared 2-core machine; the bound only catches a gross regression.
    expect((Date.now() - started) / 1000).toBeLessThan(90);

    expect({ created: result.created, updated: result.updated, invalid: result.invalid.length }).toEqual(
      expected,
    );
    expect(await contactCount(company.id)).toBe(existing + expected.created);
    expect(result.invalid.find((r) => r.line === 2)).toEqual({
      line: 2,
      field: 'number',
      reason: 'Required',
    });
    const [lote] = await server.database.db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.companyId, company.id), eq(tags.name, 'Lote')));
    const [tagged] = await server.database.db
      .select({ value: count() })
      .from(contactTags)
      .where(eq(contactTags.tagId, lote!.id));
    // Every tenth row carries the tag, unless it is one of the invalid ones.
    const taggedRows = Array.from({ length: 50_000 }, (_, i) => i).filter((i) => i % 10 === 0 && !bad(i));
    expect(tagged!.value).toBe(taggedRows.length);
    const [first] = await server.database.db
      .select()
      .from(contacts)
      .where(
        and(
          eq(contacts.companyId, company.id),
          eq(contacts.number, `55119${String(repeated[0]).padStart(8, '0')}`),
        ),
      );
    expect(first?.name).toBe('Repeat 1');
  }, 180_000);
});

describe('exporting and importing back', () => {
  it('exports the company contacts into one sheet that imports into another company unchanged', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const vip = await aTag(server, a.id, 'VIP');
    for (let i = 0; i < 45; i++) {
      const contact = await aContact(server, a.id, {
        name: `Exported ${String(i).padStart(2, '0')}`,
        email: i % 3 ? `e${i}@example.com` : '',
      });
      if (i % 4 === 0)
        await server.database.db.insert(contactTags).values({ contactId: contact.id, tagId: vip.id });
    }
    const exported: Contact[] = [];
    for (let page = 1, hasMore = true; hasMore; page++) {
      const res = await server.call(api.contacts.list, { query: { pageNumber: page } }, as(a.admin.token));
      const body = res.body as { contacts: Contact[]; hasMore: boolean };
      exported.push(...body.contacts);
      hasMore = body.hasMore;
    }
    expect(exported).toHaveLength(45);
    const file = await fetch(`${server.url}/api/contacts/export?format=xlsx`, {
      headers: { authorization: `Bearer ${a.admin.token}` },
    });
    expect(file.status).toBe(200);
    const uploaded = await upload(b.admin.token, new Uint8Array(await file.arrayBuffer()), 'contatos.xlsx');
    const mapping = guessMapping(uploaded.body.columns) as ImportMapping;
    const result = await importAll(b.admin.token, mapping, uploaded.body.rows);
    expect(result).toEqual({ created: 45, updated: 0, invalid: [] });

    const reimported: Contact[] = [];
    for (let page = 1, hasMore = true; hasMore; page++) {
      const res = await server.call(api.contacts.list, { query: { pageNumber: page } }, as(b.admin.token));
      const body = res.body as { contacts: Contact[]; hasMore: boolean };
      reimported.push(...body.contacts);
      hasMore = body.hasMore;
    }
    const shape = (list: Contact[]) =>
      list.map((c) => ({ name: c.name, number: c.number, email: c.email, tags: c.tags.map((t) => t.name) }));
    expect(shape(reimported)).toEqual(shape(exported));
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type {
  ContactList,
  ContactListImportSummary,
  ContactListItem,
} from '../../../shared/api/contact-lists';
import { type ContactListEvent, type ContactListItemEvent, events } from '../../../shared/realtime';
import { contactListItems, jobs, plans } from '../../db/schema';
import { aConnection, collect, drain } from '../../test/builders';
import { aCompany, aUser, startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());

const as = (token: string) => ({ token });

const createList = (token: string, name: string) =>
  server.call(api.contactLists.create, { body: { name } }, as(token));

async function aList(token: string, name = 'Clientes') {
  const res = await createList(token, name);
  expect(res.status).toBe(200);
  return res.body as ContactList;
}

const addItem = (token: string, body: Record<string, unknown>) =>
  server.call(api.contactLists.createItem, { body: body as never }, as(token));

async function items(token: string, contactListId: number, searchParam = '') {
  const res = await server.call(
    api.contactLists.items,
    { query: { contactListId, searchParam, pageNumber: 1 } as never },
    as(token),
  );
  expect(res.status).toBe(200);
  return res.body as { contacts: ContactListItem[]; count: number; hasMore: boolean };
}

const show = async (token: string, id: number) =>
  (await server.call(api.contactLists.show, { params: { id } }, as(token))).body as ContactList;

/** POST /contact-lists/:id/upload with one file, as the screen sends it. */
async function upload(token: string, id: number, data: Uint8Array | string, name: string) {
  const form = new FormData();
  form.append('file', new File([typeof data === 'string' ? data : Buffer.from(data)], name));
  const request = new Request('http://local', { method: 'POST', body: form });
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/contact-lists/${id}/upload`,
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as ContactListImportSummary & { error?: string } };
}

async function xlsx(rows: (string | number | null)[][]) {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Lista').addRows(rows);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('contact lists', () => {
  it('creates, renames, pages and deletes lists with their counts; the name is 2 to 50', async () => {
    const company = await aCompany(server);
    const { token } = company.admin;
    expect(await createList(token, 'A')).toMatchObject({ status: 400, body: { error: 'Too Short!' } });
    expect(await createList(token, 'x'.repeat(51))).toMatchObject({
      status: 400,
      body: { error: 'Too Long!' },
    });
    const list = await aList(token, 'Clientes VIP');
    expect(list).toMatchObject({ name: 'Clientes VIP', contactsCount: 0, uncheckedCount: 0 });
    await aList(token, 'Fornecedores');
    await addItem(token, { contactListId: list.id, name: 'Maria', number: '5585988881234' });

    const page = await server.call(
      api.contactLists.list,
      { query: { searchParam: 'vip', pageNumber: 1 } as never },
      as(token),
    );
    expect(page.body).toMatchObject({
      records: [{ id: list.id, name: 'Clientes VIP', contactsCount: 1, uncheckedCount: 1 }],
      count: 1,
      hasMore: false,
    });
    const all = await server.call(api.contactLists.all, {}, as(token));
    expect((all.body as ContactList[]).map((l) => l.name)).toEqual(['Clientes VIP', 'Fornecedores']);

    const renamed = await server.call(
      api.contactLists.update,
      { params: { id: list.id }, body: { name: 'Ouro' } },
      as(token),
    );
    expect(renamed.body).toMatchObject({ name: 'Ouro', contactsCount: 1 });
    expect((await server.call(api.contactLists.remove, { params: { id: list.id } }, as(token))).status).toBe(
      200,
    );
    expect(await server.call(api.contactLists.show, { params: { id: list.id } }, as(token))).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_LIST_FOUND' },
    });
    const [left] = await server.database.db
      .select()
      .from(contactListItems)
      .where(eq(contactListItems.contactListId, list.id));
    expect(left).toBeUndefined();
  });

  it('is for admins of a plan with campaigns, and shows nothing of another company', async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const user = await aUser(server, company.id);
    const list = await aList(company.admin.token);
    expect(await createList(user.token, 'Minha')).toMatchObject({ status: 403 });
    const denied = await server.call(api.contactLists.removeItem, { params: { id: 1 } }, as(user.token));
    expect(denied.status).toBe(403);
    expect(
      await server.call(api.contactLists.show, { params: { id: list.id } }, as(other.admin.token)),
    ).toMatchObject({ status: 404 });
    const foreignItems = await server.call(
      api.contactLists.items,
      { query: { contactListId: list.id } as never },
      as(other.admin.token),
    );
    expect(foreignItems.status).toBe(404);
    expect(
      await addItem(other.admin.token, { contactListId: list.id, name: 'Intrusa', number: '5511988887777' }),
    ).toMatchObject({ status: 404 });

    const [plan] = await server.database.db
      .insert(plans)
      .values({ name: `Sem campanhas ${list.id}`, useCampaigns: false })
      .returning();
    const basic = await aCompany(server, { planId: plan!.id });
    expect(await createList(basic.admin.token, 'Lista')).toMatchObject({
      status: 403,
      body: { error: 'ERR_PLAN_FEATURE_DISABLED' },
    });
  });
});

describe('contact list members', () => {
  it('normalises numbers with the company country, one per list, and searches lower-cased', async () => {
    const company = await aCompany(server);
    const { token } = company.admin;
    const list = await aList(token);
    const added = await addItem(token, {
      contactListId: list.id,
      name: 'Maria Souza',
      number: '(85) 98888-1234',
      email: 'Maria@Example.com',
    });
    expect(added).toMatchObject({
      status: 200,
      body: { name: 'Maria Souza', number: '5585988881234', isWhatsappValid: null },
    });
    expect(
      await addItem(token, { contactListId: list.id, name: 'Outra', number: '+55 85 98888-1234' }),
    ).toMatchObject({ status: 409, body: { error: 'ERR_CONTACT_LIST_NUMBER_EXISTS' } });
    expect(await addItem(token, { contactListId: list.id, name: 'Bia', number: '1234' })).toMatchObject({
      status: 400,
      body: { error: 'Too Short!' },
    });
    expect(
      await addItem(token, { contactListId: list.id, name: 'Bia', number: '5511977776666', email: 'nope' }),
    ).toMatchObject({ status: 400, body: { error: 'Invalid email' } });
    const bia = await addItem(token, { contactListId: list.id, name: 'Bia Lima', number: '5511977776666' });
    expect(bia.status).toBe(200);

    expect((await items(token, list.id, 'MARIA')).contacts.map((c) => c.name)).toEqual(['Maria Souza']);
    expect((await items(token, list.id, 'EXAMPLE')).contacts.map((c) => c.name)).toEqual(['Maria Souza']);
    expect((await items(token, list.id, '77776')).contacts.map((c) => c.name)).toEqual(['Bia Lima']);
    expect(await items(token, list.id)).toMatchObject({ count: 2, hasMore: false });

    const biaId = (bia.body as ContactListItem).id;
    const clash = await server.call(
      api.contactLists.updateItem,
      { params: { id: biaId }, body: { contactListId: list.id, name: 'Bia', number: '5585988881234' } },
      as(token),
    );
    expect(clash).toMatchObject({ status: 409, body: { error: 'ERR_CONTACT_LIST_NUMBER_EXISTS' } });
    const edited = await server.call(
      api.contactLists.updateItem,
      { params: { id: biaId }, body: { contactListId: list.id, name: 'Beatriz', number: '5511977776666' } },
      as(token),
    );
    expect(edited.body).toMatchObject({ name: 'Beatriz' });

    const socket = await server.socket(token);
    const itemEvents = collect<ContactListItemEvent>(socket, events.contactListItem(company.id));
    const listEvents = collect<ContactListEvent>(socket, events.contactList(company.id));
    expect(
      (await server.call(api.contactLists.removeItem, { params: { id: biaId } }, as(token))).status,
    ).toBe(200);
    await drain(server, socket, company.id);
    expect(itemEvents).toEqual([{ action: 'delete', id: biaId, contactListId: list.id }]);
    expect(listEvents).toEqual([{ action: 'update', record: expect.objectContaining({ contactsCount: 1 }) }]);
    socket.disconnect();
  });
});

describe('importing a spreadsheet', () => {
  it('reads an .xlsx by its headers, merges duplicates and answers the summary', async () => {
    const company = await aCompany(server);
    const { token } = company.admin;
    const list = await aList(token);
    await addItem(token, { contactListId: list.id, name: 'Já Estava', number: '5511900000001' });
    const file = await xlsx([
      ['E-mail', 'Nome', 'Telefone'],
      ['ana@example.com', 'Ana', '5511900000002'],
      ['', 'Ana Maria', '+55 11 90000-0002'],
      ['bruno@example.com', 'Bruno', '5511900000001'],
      ['', 'Sem número', ''],
      ['errado', 'Carla', '(11) 90000-0003'],
    ]);
    const res = await upload(token, list.id, file, 'lista.xlsx');
    expect(res).toMatchObject({ status: 200, body: { rows: 5, added: 2, merged: 2, skipped: 1 } });
    const members = (await items(token, list.id)).contacts;
    expect(members.map((m) => [m.name, m.number, m.email])).toEqual([
      ['Ana Maria', '5511900000002', 'ana@example.com'],
      ['Bruno', '5511900000001', 'bruno@example.com'],
      ['Carla', '5511900000003', ''],
    ]);
  });

  it('reads an .xls (Excel 97–2003), long shared strings and numbers stored as numbers included', async () => {
    const company = await aCompany(server);
    const { token } = company.admin;
    const list = await aList(token);
    // 160 rows written by LibreOffice: a name with accents and a number stored as a number.
    const file = readFileSync(join(import.meta.dirname, '..', 'contacts', 'fixtures', 'long.xls'));
    expect(await upload(token, list.id, file, 'lista.xls')).toMatchObject({
      status: 200,
      body: { rows: 160, added: 160, merged: 0, skipped: 0 },
    });
    const found = (await items(token, list.id, 'pessoa 159:')).contacts;
    expect(found.map((m) => [m.name, m.number])).toEqual([
      ['Pessoa 159: ação, pão, café, Müller xxxxx', '5511900000159'],
    ]);
    const broken = Buffer.from(file.subarray(0, file.length / 2));
    expect(await upload(token, list.id, broken, 'cortado.xls')).toMatchObject({
      status: 400,
      body: { error: 'ERR_INVALID_FILE' },
    });
  });

  it('reads a .csv with semicolons and accents, and refuses files without a number column', async () => {
    const company = await aCompany(server);
    const { token } = company.admin;
    const list = await aList(token);
    const csv =
      'nome;número;email\nDavi;5511900000010;\nDavi Duplicado;5511900000010;davi@example.com\nEva;5511900000011;\n';
    expect(await upload(token, list.id, csv, 'lista.csv')).toMatchObject({
      status: 200,
      body: { rows: 3, added: 2, merged: 1, skipped: 0 },
    });
    expect((await show(token, list.id)).contactsCount).toBe(2);
    expect(await upload(token, list.id, 'nome,cidade\nAna,Recife\n', 'x.csv')).toMatchObject({
      status: 400,
      body: { error: 'ERR_CONTACT_LIST_NO_NUMBER_COLUMN' },
    });
    const other = await aCompany(server);
    expect((await upload(other.admin.token, list.id, csv, 'lista.csv')).status).toBe(404);
  });
});

describe('the background WhatsApp check', () => {
  it('checks unchecked members batch by batch on a connected channel, publishing the progress', async () => {
    const company = await aCompany(server);
    const { token } = company.admin;
    const list = await aList(token);
    const rows: string[][] = [['name', 'number']];
    for (let i = 0; i < 30; i++) rows.push([`Pessoa ${i}`, `55119000${String(i).padStart(5, '0')}`]);
    expect((await upload(token, list.id, await xlsx(rows), 'lista.xlsx')).body.added).toBe(30);
    await server.deps.jobs.runDue();
    // No connection yet: nothing checked, the check waits for a later try.
    expect((await show(token, list.id)).uncheckedCount).toBe(30);
    const [waiting] = await server.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'contactListCheck'), eq(jobs.companyId, company.id)));
    expect(waiting).toBeDefined();

    const connection = await aConnection(server, company.id);
    const driver = server.deps.channels.connected(connection.id)!;
    const original = driver.checkNumber.bind(driver);
    driver.checkNumber = async (number) => (number.endsWith('7') ? null : original(number));
    const socket = await server.socket(token);
    const listEvents = collect<ContactListEvent>(socket, events.contactList(company.id));
    try {
      await server.database.db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(eq(jobs.id, waiting!.id));
      await server.deps.jobs.runDue();
      await drain(server, socket, company.id);
    } finally {
      driver.checkNumber = original;
    }
    expect(await show(token, list.id)).toMatchObject({ contactsCount: 30, uncheckedCount: 0 });
    const members = (await items(token, list.id, '00007')).contacts;
    expect(members).toEqual([expect.objectContaining({ isWhatsappValid: false })]);
    expect((await items(token, list.id, '00008')).contacts[0]!.isWhatsappValid).toBe(true);
    // One update per batch of the check: 25, then the last 5.
    const progress = listEvents.map((e) => (e.action === 'update' ? e.record.uncheckedCount : -1));
    expect(progress).toEqual([5, 0]);
    socket.disconnect();
  });

  it('leaves the members unchecked and tries later when the channel cannot tell; an edited number is checked again', async () => {
    const company = await aCompany(server);
    const { token } = company.admin;
    const list = await aList(token);
    const connection = await aConnection(server, company.id);
    const driver = server.deps.channels.connected(connection.id)!;
    const original = driver.checkNumber.bind(driver);
    driver.checkNumber = async () => {
      throw new Error('timed out');
    };
    let added: ContactListItem;
    try {
      const res = await addItem(token, { contactListId: list.id, name: 'Ana', number: '5511900000020' });
      added = res.body as ContactListItem;
      await server.deps.jobs.runDue();
    } finally {
      driver.checkNumber = original;
    }
    expect((await show(token, list.id)).uncheckedCount).toBe(1);
    const [later] = await server.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'contactListCheck'), eq(jobs.companyId, company.id)));
    expect(later!.runAt.getTime()).toBeGreaterThan(Date.now() + 60_000);

    // Any write brings the check forward; once checked, a new number is checked again.
    await server.call(
      api.contactLists.updateItem,
      {
        params: { id: added.id },
        body: { contactListId: list.id, name: 'Ana Paula', number: '5511900000020' },
      },
      as(token),
    );
    await server.deps.jobs.runDue();
    expect((await items(token, list.id)).contacts[0]).toMatchObject({
      name: 'Ana Paula',
      isWhatsappValid: true,
    });
    const renumbered = await server.call(
      api.contactLists.updateItem,
      {
        params: { id: added.id },
        body: { contactListId: list.id, name: 'Ana Paula', number: '5511900000021' },
      },
      as(token),
    );
    expect(renumbered.body).toMatchObject({ number: '5511900000021', isWhatsappValid: null });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Tag, TagWithCounts } from '../../../shared/api/tags';
import { events, type TagEvent } from '../../../shared/realtime';
import { contactTags, tags, ticketTags } from '../../db/schema';
import { aContact, aTag, aTicket, collect, drain, tagTicket } from '../../test/builders';
import { aCompany, aUser, startTestServer, type TestServer } from '../../test/server';
import { TAGS_PAGE_SIZE } from './service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const as = (token: string) => ({ token });

async function list(token: string, query: Record<string, unknown> = {}) {
  const res = await server.call(api.tags.list, { query: query as never }, { token });
  expect(res.status).toBe(200);
  return (res.body as Tag[]).map((t) => t.name);
}

type Page = { tags: TagWithCounts[]; count: number; hasMore: boolean };

async function page(token: string, query: Record<string, unknown> = {}) {
  const res = await server.call(api.tags.page, { query: query as never }, { token });
  expect(res.status).toBe(200);
  return res.body as Page;
}

const create = (token: string, body: Record<string, unknown>) =>
  server.call(api.tags.create, { body: body as never }, as(token));

describe('listing tags', () => {
  it('answers the company tags by name to a plain user, only kanban ones when asked', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    await aTag(server, company.id, 'VIP');
    const column = await aTag(server, company.id, 'Em andamento');
    await aTag(server, company.id, 'Atrasado');
    await server.database.db.update(tags).set({ kanban: 1 }).where(eq(tags.id, column.id));
    expect(await list(user.token)).toEqual(['Atrasado', 'Em andamento', 'VIP']);
    expect(await list(user.token, { kanban: '1' })).toEqual(['Em andamento']);
    expect(await list(user.token, { kanban: '0' })).toEqual(['Atrasado', 'VIP']);
  });

  it('shows nothing of another company', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    await aTag(server, a.id, 'Only in A');
    expect(await list(b.admin.token)).toEqual([]);
    expect(await page(b.admin.token)).toEqual({ tags: [], count: 0, hasMore: false });
  });
});

describe('GET /tags (the tags screen)', () => {
  it('pages the tags by name, 20 at a time, with hasMore and the total', async () => {
    const company = await aCompany(server);
    const names = Array.from({ length: TAGS_PAGE_SIZE + 3 }, (_, i) => `Tag ${String(i).padStart(2, '0')}`);
    for (const name of names) await aTag(server, company.id, name);
    const first = await page(company.admin.token, { pageNumber: 1 });
    expect(first.tags.map((t) => t.name)).toEqual(names.slice(0, TAGS_PAGE_SIZE));
    expect(first).toMatchObject({ count: names.length, hasMore: true });
    const second = await page(company.admin.token, { pageNumber: 2 });
    expect(second.tags.map((t) => t.name)).toEqual(names.slice(TAGS_PAGE_SIZE));
    expect(second.hasMore).toBe(false);
  });

  it('counts the tickets and contacts carrying each tag', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const vip = await aTag(server, company.id, 'VIP');
    const lead = await aTag(server, company.id, 'Lead');
    await aTag(server, company.id, 'Unused');
    for (let i = 0; i < 3; i++) await tagTicket(server, (await aTicket(server, company.id)).id, vip.id);
    await tagTicket(server, (await aTicket(server, company.id)).id, lead.id);
    const contacts = [await aContact(server, company.id), await aContact(server, company.id)];
    await server.database.db
      .insert(contactTags)
      .values(contacts.map((c) => ({ contactId: c.id, tagId: vip.id })));
    const { tags: rows } = await page(user.token);
    expect(
      rows.map(({ name, ticketsCount, contactsCount }) => ({ name, ticketsCount, contactsCount })),
    ).toEqual([
      { name: 'Lead', ticketsCount: 1, contactsCount: 0 },
      { name: 'Unused', ticketsCount: 0, contactsCount: 0 },
      { name: 'VIP', ticketsCount: 3, contactsCount: 2 },
    ]);
    expect(rows.find((t) => t.name === 'VIP')).toEqual({
      id: vip.id,
      name: 'VIP',
      color: vip.color,
      kanban: 0,
      ticketsCount: 3,
      contactsCount: 2,
    });
  });

  it('searches by name, ignoring case and taking wildcards literally, and filters by kanban', async () => {
    const company = await aCompany(server);
    await aTag(server, company.id, 'Cliente VIP');
    await aTag(server, company.id, 'Um vip antigo');
    await aTag(server, company.id, '100% pago');
    const column = await aTag(server, company.id, 'VIP kanban');
    await server.database.db.update(tags).set({ kanban: 1 }).where(eq(tags.id, column.id));
    const names = async (query: Record<string, unknown>) =>
      (await page(company.admin.token, query)).tags.map((t) => t.name);
    expect(await names({ searchParam: 'VIP' })).toEqual(['Cliente VIP', 'Um vip antigo', 'VIP kanban']);
    expect(await names({ searchParam: '%' })).toEqual(['100% pago']);
    expect(await names({ searchParam: 'vip', kanban: 1 })).toEqual(['VIP kanban']);
    expect(await names({ searchParam: 'vip', kanban: 0 })).toEqual(['Cliente VIP', 'Um vip antigo']);
  });
});

describe('creating and editing tags', () => {
  it('lets a plain user create and edit a tag, and tells the company', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const socket = await server.socket(company.admin.token);
    const received = collect<TagEvent>(socket, events.tag(company.id));
    expect(events.tag(company.id)).toBe(`company${company.id}-tag`);

    const created = await create(user.token, { name: ' Urgente ', color: '#ff0000' });
    expect(created.status).toBe(200);
    const tag = created.body as Tag;
    expect(tag).toEqual({ id: expect.any(Number), name: 'Urgente', color: '#ff0000', kanban: 0 });

    const edited = await server.call(
      api.tags.update,
      { params: { id: tag.id }, body: { name: 'Muito urgente', kanban: 1 } },
      as(user.token),
    );
    expect(edited).toMatchObject({
      status: 200,
      body: { id: tag.id, name: 'Muito urgente', color: '#ff0000', kanban: 1 },
    });
    await drain(server, socket, company.id);
    expect(received).toEqual([
      { action: 'create', tag },
      { action: 'update', tag: { ...tag, name: 'Muito urgente', kanban: 1 } },
    ]);
  });

  it('answers the validation messages for name, colour and kanban', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    expect((await create(token, { color: '#fff' })).body).toMatchObject({ error: 'Required' });
    expect((await create(token, { name: '  ', color: '#fff' })).body).toMatchObject({ error: 'Required' });
    expect((await create(token, { name: 'ab', color: '#fff' })).body).toMatchObject({ error: 'Too Short!' });
    expect((await create(token, { name: 'x'.repeat(101), color: '#fff' })).body).toMatchObject({
      error: 'Too Long!',
    });
    expect((await create(token, { name: 'Lead' })).body).toMatchObject({ error: 'Required' });
    expect((await create(token, { name: 'Lead', color: 'red' })).body).toMatchObject({
      error: 'Invalid color',
    });
    expect((await create(token, { name: 'Lead', color: '#fff', kanban: 2 })).status).toBe(400);
    const tag = await aTag(server, company.id);
    const rename = await server.call(
      api.tags.update,
      { params: { id: tag.id }, body: { name: 'ab' } },
      as(token),
    );
    expect(rename).toMatchObject({ status: 400, body: { error: 'Too Short!' } });
  });

  it('refuses a name already used in the company (409), but not in another company', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    await create(a.admin.token, { name: 'Lead', color: '#00ff00' });
    expect(await create(a.admin.token, { name: 'Lead', color: '#0000ff' })).toMatchObject({
      status: 409,
      body: { error: 'ERR_TAG_NAME_ALREADY_EXISTS' },
    });
    const other = await aTag(server, a.id, 'Cliente');
    expect(
      await server.call(
        api.tags.update,
        { params: { id: other.id }, body: { name: 'Lead' } },
        as(a.admin.token),
      ),
    ).toMatchObject({ status: 409, body: { error: 'ERR_TAG_NAME_ALREADY_EXISTS' } });
    expect((await create(b.admin.token, { name: 'Lead', color: '#00ff00' })).status).toBe(200);
  });
});

describe('deleting tags', () => {
  it('lets an admin delete a tag, taking it off tickets and contacts, and tells the company', async () => {
    const company = await aCompany(server);
    const tag = await aTag(server, company.id);
    const ticket = await aTicket(server, company.id);
    await tagTicket(server, ticket.id, tag.id);
    const contact = await aContact(server, company.id);
    await server.database.db.insert(contactTags).values({ contactId: contact.id, tagId: tag.id });
    const user = await aUser(server, company.id);
    const socket = await server.socket(user.token);
    const received = collect<TagEvent>(socket, events.tag(company.id));

    const res = await server.call(api.tags.remove, { params: { id: tag.id } }, as(company.admin.token));
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(await server.database.db.select().from(ticketTags).where(eq(ticketTags.tagId, tag.id))).toEqual(
      [],
    );
    expect(await server.database.db.select().from(contactTags).where(eq(contactTags.tagId, tag.id))).toEqual(
      [],
    );
    await drain(server, socket, company.id);
    expect(received).toEqual([{ action: 'delete', tagId: tag.id }]);
    expect(
      await server.call(api.tags.remove, { params: { id: tag.id } }, as(company.admin.token)),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
  });

  it('refuses a plain user: deleting strips the tag from every ticket and contact of the company', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const tag = await aTag(server, company.id);
    expect(await server.call(api.tags.remove, { params: { id: tag.id } }, as(user.token))).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect(await list(user.token)).toEqual([tag.name]);
  });
});

describe('tenant isolation', () => {
  it("never changes, deletes or announces another company's tag", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const theirs = await aTag(server, a.id, 'Theirs');
    const socket = await server.socket(a.admin.token);
    const received = collect(socket, events.tag(a.id));
    expect(
      await server.call(
        api.tags.update,
        { params: { id: theirs.id }, body: { name: 'Mine' } },
        as(b.admin.token),
      ),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    expect(
      await server.call(api.tags.remove, { params: { id: theirs.id } }, as(b.admin.token)),
    ).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_TAG_FOUND' },
    });
    await create(b.admin.token, { name: 'Of B', color: '#123456' });
    await drain(server, socket, a.id);
    expect(received).toEqual([]);
    expect(await list(a.admin.token)).toEqual(['Theirs']);
  });
});

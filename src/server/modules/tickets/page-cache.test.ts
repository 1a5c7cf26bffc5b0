import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Ticket } from '../../../shared/api/tickets';
import {
  companyVersions,
  contacts,
  queues,
  tags,
  tickets,
  ticketTags,
  userRatings,
  users,
  whatsapps,
} from '../../db/schema';
import { aConnection, aContact, aTag, aTicket, tagTicket } from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';
import { VersionedCache } from './page-cache';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Page = { tickets: Ticket[]; count: number };

async function list(token: string, query: Record<string, string> = {}) {
  const res = await server.call(api.tickets.list, { query: query as never }, { token });
  expect(res.status).toBe(200);
  return res.body as Page;
}

async function versionOf(companyId: number) {
  const [row] = await server.database.db
    .select({ version: companyVersions.version })
    .from(companyVersions)
    .where(eq(companyVersions.companyId, companyId));
  return row?.version ?? 0;
}

/** A company with one open ticket (queue, user, tag) and its admin's list asked once already. */
async function aListedTicket() {
  const company = await aCompany(server);
  const queue = await aQueue(server, company.id);
  const connection = await aConnection(server, company.id);
  const contact = await aContact(server, company.id, { name: 'Before' });
  const ticket = await aTicket(server, company.id, {
    status: 'open',
    userId: company.admin.id,
    queueId: queue.id,
    contactId: contact.id,
    whatsappId: connection.id,
  });
  const tag = await aTag(server, company.id);
  const token = company.admin.token;
  const shown = async () => (await list(token, { status: 'open' })).tickets[0]!;
  await shown();
  return { company, queue, connection, contact, ticket, tag, shown };
}

describe('the ticket list answered from memory', () => {
  it('shows every change a ticket row carries, whoever made it', async () => {
    const { company, queue, connection, contact, ticket, tag, shown } = await aListedTicket();
    const { db } = server.database;

    await db.update(tickets).set({ lastMessage: 'new text' }).where(eq(tickets.id, ticket.id));
    expect((await shown()).lastMessage).toBe('new text');
    await db.update(contacts).set({ name: 'After' }).where(eq(contacts.id, contact.id));
    expect((await shown()).contact.name).toBe('After');
    await db.update(queues).set({ name: 'Renamed queue' }).where(eq(queues.id, queue.id));
    expect((await shown()).queue?.name).toBe('Renamed queue');
    await db.update(users).set({ name: 'Renamed user' }).where(eq(users.id, company.admin.id));
    expect((await shown()).user?.name).toBe('Renamed user');
    await db.update(whatsapps).set({ name: 'Renamed connection' }).where(eq(whatsapps.id, connection.id));
    expect((await shown()).whatsapp?.name).toBe('Renamed connection');
    await tagTicket(server, ticket.id, tag.id);
    expect((await shown()).tags.map((t) => t.id)).toEqual([tag.id]);
    await db.update(tags).set({ color: '#123456' }).where(eq(tags.id, tag.id));
    expect((await shown()).tags[0]?.color).toBe('#123456');
    await db.delete(ticketTags).where(eq(ticketTags.ticketId, ticket.id));
    expect((await shown()).tags).toEqual([]);
    await db.insert(userRatings).values({ companyId: company.id, ticketId: ticket.id, rate: 10 });
    expect((await shown()).userRating).toEqual({ rate: 5 });
    await db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, ticket.id));
    expect((await list(company.admin.token, { status: 'open' })).count).toBe(0);
  });

  it('answers an unchanged list without asking the database again', async () => {
    const { ticket, shown } = await aListedTicket();
    // A change that moves no version (triggers off for this one transaction) stays unseen: the cache answered.
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(tickets).set({ lastMessage: 'unseen' }).where(eq(tickets.id, ticket.id));
    });
    expect((await shown()).lastMessage).not.toBe('unseen');
  });

  it("moves only the changed company's version, once per transaction", async () => {
    const a = await aListedTicket();
    const b = await aListedTicket();
    const before = { a: await versionOf(a.company.id), b: await versionOf(b.company.id) };
    await server.database.db.transaction(async (tx) => {
      await tx.update(tickets).set({ lastMessage: 'one' }).where(eq(tickets.id, a.ticket.id));
      await tx.update(contacts).set({ name: 'two' }).where(eq(contacts.id, a.contact.id));
    });
    expect(await versionOf(a.company.id)).toBe(before.a + 1);
    expect(await versionOf(b.company.id)).toBe(before.b);
    // What no list shows moves nothing.
    await server.database.db.update(contacts).set({ email: 'x@y.z' }).where(eq(contacts.id, a.contact.id));
    expect(await versionOf(a.company.id)).toBe(before.a + 1);
  });

  it('keeps answers per caller: a user who may not see the ticket never gets the admin’s list', async () => {
    const { company, ticket } = await aListedTicket();
    const agent = await aUser(server, company.id, { profile: 'user' });
    expect((await list(company.admin.token, { status: 'open', showAll: 'true' })).tickets[0]?.id).toBe(
      ticket.id,
    );
    expect((await list(agent.token, { status: 'open', showAll: 'true' })).count).toBe(0);
  });
});

describe('VersionedCache', () => {
  it('answers only at the version an entry was kept at, and drops older versions', () => {
    const cache = new VersionedCache<string>();
    cache.set(1, '3', 'k', 'at 3');
    expect(cache.get(1, '3', 'k')).toBe('at 3');
    expect(cache.get(1, '4', 'k')).toBeUndefined();
    expect(cache.get(2, '3', 'k')).toBeUndefined();
    cache.set(1, '4', 'k', 'at 4');
    cache.set(1, '3', 'k', 'late answer at 3');
    expect(cache.get(1, '4', 'k')).toBe('at 4');
    expect(cache.get(1, '3', 'k')).toBeUndefined();
  });

  it('keeps at most its bound of entries per company', () => {
    const cache = new VersionedCache<number>(2);
    cache.set(1, '1', 'a', 1);
    cache.set(1, '1', 'b', 2);
    cache.set(1, '1', 'c', 3);
    expect([cache.get(1, '1', 'a'), cache.get(1, '1', 'b'), cache.get(1, '1', 'c')]).toEqual([
      undefined,
      2,
      3,
    ]);
  });
});

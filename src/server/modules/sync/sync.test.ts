import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api';
import type { SyncChange, SyncPage } from '../../../shared/api/sync';
import {
  contacts,
  contactTags,
  messages,
  queues,
  syncRemovals,
  tags,
  tickets,
  users,
  whatsapps,
} from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import { aConnection, aContact, aTag, aTicket, tagTicket, testChannel } from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';
import { writeCompanySetting } from '../settings/queries';
import { pruneRemovals, SYNC_REMOVALS_KEPT_DAYS } from './prune';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());

async function page(token: string, query: { cursor?: string; limit?: number } = {}) {
  const res = await server.call(api.sync.changes, { query }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as SyncPage;
}

/**
 * Waits until every transaction begun before now has ended. On PostgreSQL the feed's watermark is the
 * server's: other databases' transactions (other test files) hold it back too, for a moment.
 */
async function settled() {
  const { db } = server.database;
  const now = (await db.execute<{ xid: string }>(sql`select pg_current_xact_id()::text as xid`)).rows[0]!.xid;
  await vi.waitFor(
    async () => {
      const { rows } = await db.execute<{ past: boolean }>(
        sql`select pg_snapshot_xmin(pg_current_snapshot()) > ${now}::xid8 as past`,
      );
      expect(rows[0]!.past).toBe(true);
    },
    { timeout: 30_000, interval: 50 },
  );
}

/** The cursor of now: what a client takes before loading its lists. */
async function head(token: string) {
  await settled();
  return (await page(token)).cursor;
}

/** Every change after the cursor, page after page (asking again while some are held back), and the cursor after the last. */
async function catchUp(token: string, cursor: string, limit?: number) {
  const changes: SyncChange[] = [];
  let pages = 0;
  for (;;) {
    const next = await page(token, { cursor, limit });
    changes.push(...next.changes);
    cursor = next.cursor;
    pages++;
    if (next.behind) await settled();
    else if (!next.hasMore) return { changes, cursor, pages };
  }
}

/** What a change is about. */
const idOf = (c: SyncChange) =>
  c.kind === 'ticket'
    ? c.ticket.id
    : c.kind === 'message'
      ? c.message.id
      : c.kind === 'contact'
        ? c.contact.id
        : c.kind === 'ticketRemoved'
          ? c.ticketId
          : c.kind === 'messageRemoved'
            ? c.messageId
            : c.contactId;

/** Each change as `kind:id`. */
const summary = (changes: SyncChange[]) => changes.map((c) => `${c.kind}:${idOf(c)}`);

const moveTicket = (id: number, fields: Partial<typeof tickets.$inferInsert>) =>
  server.database.db.update(tickets).set(fields).where(eq(tickets.id, id));

describe('the change feed', () => {
  it('gives a new client the cursor of now, then every change after it, oldest first', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const contact = await aContact(server, company.id);
    const cursor = await head(company.admin.token);

    const { body } = await testChannel(server, connection.id).inbound({ from: contact.number, body: 'Oi' });
    const { changes } = await catchUp(company.admin.token, cursor);

    const ticketId = body.ticketId as number;
    const message = changes.find((c) => c.kind === 'message');
    expect(message).toMatchObject({ message: { id: body.messageId, body: 'Oi' } });
    expect(changes.find((c) => c.kind === 'ticket')).toMatchObject({
      ticket: { id: ticketId, lastMessage: 'Oi', unreadMessages: 1, contact: { id: contact.id } },
    });
    expect(message).toMatchObject({ ticketUuid: expect.any(String) });
    // Nothing before the cursor comes back: the connection and the contact were there already.
    expect(summary(changes)).not.toContain(`contact:${contact.id}`);
  });

  it('hands changes out a page at a time, each once, however many pages it takes', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const cursor = await head(company.admin.token);
    const made: number[] = [];
    for (let i = 0; i < 23; i++)
      made.push((await aTicket(server, company.id, { whatsappId: connection.id })).id);

    const { changes, pages } = await catchUp(company.admin.token, cursor, 5);
    const ticketIds = changes.filter((c) => c.kind === 'ticket').map((c) => c.ticket.id);
    expect(ticketIds).toEqual(made);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(made.length / 5));
  });

  it('brings a row changed several times once, as it is now, after everything older', async () => {
    const company = await aCompany(server);
    const first = await aTicket(server, company.id);
    const second = await aTicket(server, company.id);
    const cursor = await head(company.admin.token);
    await moveTicket(first.id, { lastMessage: 'one' });
    await moveTicket(second.id, { lastMessage: 'two' });
    await moveTicket(first.id, { lastMessage: 'three' });

    const { changes, cursor: after } = await catchUp(company.admin.token, cursor);
    expect(summary(changes)).toEqual([`ticket:${second.id}`, `ticket:${first.id}`]);
    expect(changes.at(-1)).toMatchObject({ ticket: { lastMessage: 'three' } });
    expect((await catchUp(company.admin.token, after)).changes).toEqual([]);
  });

  it('counts a tag put on a ticket or a contact as a change of it', async () => {
    const company = await aCompany(server);
    const ticket = await aTicket(server, company.id);
    const tag = await aTag(server, company.id, 'VIP');
    const cursor = await head(company.admin.token);
    await tagTicket(server, ticket.id, tag.id);
    await server.database.db.insert(contactTags).values({ contactId: ticket.contactId, tagId: tag.id });

    const { changes } = await catchUp(company.admin.token, cursor);
    expect(changes.find((c) => c.kind === 'ticket')).toMatchObject({
      ticket: { id: ticket.id, tags: [{ id: tag.id, name: 'VIP' }] },
    });
    expect(changes.find((c) => c.kind === 'contact')).toMatchObject({
      contact: { id: ticket.contactId, tags: [{ id: tag.id }] },
    });
  });

  it('refuses a cursor it did not give and a caller who is not signed in', async () => {
    const company = await aCompany(server);
    const bad = await server.call(
      api.sync.changes,
      { query: { cursor: 'yesterday' } },
      { token: company.admin.token },
    );
    expect(bad).toMatchObject({ status: 400, body: { error: 'Invalid cursor' } });
    expect((await server.call(api.sync.changes, { query: {} })).status).toBe(401);
  });
});

describe('what each user may see', () => {
  /** A company with two queues, a user in each and a waiting ticket in the first queue. */
  async function twoQueues() {
    const company = await aCompany(server);
    const sales = await aQueue(server, company.id, 'Vendas');
    const support = await aQueue(server, company.id, 'Suporte');
    const ana = await aUser(server, company.id, { queueIds: [sales.id] });
    const bia = await aUser(server, company.id, { queueIds: [support.id] });
    const connection = await aConnection(server, company.id);
    const ticket = await aTicket(server, company.id, { queueId: sales.id, whatsappId: connection.id });
    return { company, sales, support, ana, bia, connection, ticket };
  }

  it('gives each user only the tickets and messages the ticket list would show them', async () => {
    const { company, sales, support, ana, bia, connection } = await twoQueues();
    const anaCursor = await head(ana.token);
    const biaCursor = await head(bia.token);
    const channel = testChannel(server, connection.id);
    const inSales = await aTicket(server, company.id, { queueId: sales.id, whatsappId: connection.id });
    const inSupport = await aTicket(server, company.id, { queueId: support.id, whatsappId: connection.id });
    const contact = (
      await server.database.db.select().from(contacts).where(eq(contacts.id, inSupport.contactId))
    )[0]!;
    const { body } = await channel.inbound({ from: contact.number, body: 'Suporte, por favor' });
    expect(body.ticketId).toBe(inSupport.id);

    const forAna = summary((await catchUp(ana.token, anaCursor)).changes);
    const forBia = summary((await catchUp(bia.token, biaCursor)).changes);
    expect(forAna).toContain(`ticket:${inSales.id}`);
    expect(forAna).not.toContain(`ticket:${inSupport.id}`);
    expect(forAna).not.toContain(`message:${body.messageId}`);
    expect(forBia).toContain(`ticket:${inSupport.id}`);
    expect(forBia).toContain(`message:${body.messageId}`);
    expect(forBia).not.toContain(`ticket:${inSales.id}`);
  });

  it('tells a user a ticket is gone when it moves to a queue they lack, and its new viewers that it came', async () => {
    const { company, support, ana, bia, ticket } = await twoQueues();
    const anaCursor = await head(ana.token);
    const biaCursor = await head(bia.token);
    const res = await server.call(
      api.tickets.update,
      { params: { id: ticket.id }, body: { queueId: support.id } },
      { token: company.admin.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    expect(summary((await catchUp(ana.token, anaCursor)).changes)).toEqual([`ticketRemoved:${ticket.id}`]);
    expect(summary((await catchUp(bia.token, biaCursor)).changes)).toEqual([`ticket:${ticket.id}`]);
  });

  it('tells a user a waiting ticket is gone when a colleague takes it', async () => {
    const { company, ana, ticket } = await twoQueues();
    const colleague = await aUser(server, company.id);
    const cursor = await head(ana.token);
    await moveTicket(ticket.id, { status: 'open', userId: colleague.id });
    expect(summary((await catchUp(ana.token, cursor)).changes)).toEqual([`ticketRemoved:${ticket.id}`]);
  });

  it('never mentions a ticket the user could not see before or after a change', async () => {
    const { company, ana, connection } = await twoQueues();
    const billing = await aQueue(server, company.id, 'Financeiro');
    const collection = await aQueue(server, company.id, 'Cobrança');
    const elsewhere = await aTicket(server, company.id, { queueId: billing.id, whatsappId: connection.id });
    const cursor = await head(ana.token);
    await moveTicket(elsewhere.id, { queueId: collection.id });
    await moveTicket(elsewhere.id, { lastMessage: 'still not yours' });
    expect((await catchUp(ana.token, cursor)).changes).toEqual([]);
  });

  it('masks contact numbers for users when lgpdHideNumber is on, and names a new scope when it changes', async () => {
    const { company, ana, ticket } = await twoQueues();
    const before = await page(ana.token);
    await writeCompanySetting(tenantDb(server.database.db, company.id), 'lgpdHideNumber', 'enabled');
    const agent = await aUser(server, company.id, { queueIds: [ticket.queueId!] });
    const cursor = await head(agent.token);
    await moveTicket(ticket.id, { lastMessage: 'masked?' });
    const { changes } = await catchUp(agent.token, cursor);
    const change = changes.find((c) => c.kind === 'ticket');
    expect(change?.kind === 'ticket' && change.ticket.contact.number).toMatch(/^\*+\d{2}$/);
    expect((await page(agent.token)).scope).not.toBe(before.scope);
  });
});

describe('deletions', () => {
  it('leaves a tombstone for a deleted ticket, which stands for its messages too', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const contact = await aContact(server, company.id);
    const { body } = await testChannel(server, connection.id).inbound({ from: contact.number, body: 'Oi' });
    const cursor = await head(company.admin.token);
    const res = await server.call(
      api.tickets.remove,
      { params: { id: body.ticketId as number } },
      { token: company.admin.token },
    );
    expect(res.status).toBe(200);
    expect(summary((await catchUp(company.admin.token, cursor)).changes)).toEqual([
      `ticketRemoved:${body.ticketId}`,
    ]);
  });

  it('leaves tombstones for a deleted contact and its tickets', async () => {
    const company = await aCompany(server);
    const ticket = await aTicket(server, company.id);
    const cursor = await head(company.admin.token);
    const res = await server.call(
      api.contacts.remove,
      { params: { id: ticket.contactId } },
      { token: company.admin.token },
    );
    expect(res.status).toBe(200);
    const changes = summary((await catchUp(company.admin.token, cursor)).changes);
    expect(changes).toContain(`ticketRemoved:${ticket.id}`);
    expect(changes).toContain(`contactRemoved:${ticket.contactId}`);
  });

  it('leaves a tombstone for a message deleted on its own, seen by those who see its ticket', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id);
    const outsider = await aUser(server, company.id);
    const connection = await aConnection(server, company.id);
    const contact = await aContact(server, company.id);
    const { body } = await testChannel(server, connection.id).inbound({ from: contact.number, body: 'Oi' });
    await moveTicket(body.ticketId as number, { queueId: queue.id });
    const adminCursor = await head(company.admin.token);
    const outsiderCursor = await head(outsider.token);
    await server.database.db.delete(messages).where(eq(messages.id, body.messageId as number));
    expect(summary((await catchUp(company.admin.token, adminCursor)).changes)).toEqual([
      `messageRemoved:${body.messageId}`,
    ]);
    expect((await catchUp(outsider.token, outsiderCursor)).changes).toEqual([]);
  });
});

describe('tenants', () => {
  it('never gives one company’s changes to another, whatever cursor it sends', async () => {
    const mine = await aCompany(server);
    const theirs = await aCompany(server);
    const cursor = await head(mine.admin.token);
    const theirTicket = await aTicket(server, theirs.id);
    await moveTicket(theirTicket.id, { lastMessage: 'secret' });
    await server.database.db.delete(tickets).where(eq(tickets.id, theirTicket.id));
    const myTicket = await aTicket(server, mine.id);

    expect(summary((await catchUp(mine.admin.token, cursor)).changes)).toEqual([
      `contact:${myTicket.contactId}`,
      `ticket:${myTicket.id}`,
    ]);
    // From the very beginning: still only its own rows.
    const all = (await catchUp(mine.admin.token, '0:0')).changes;
    expect(all.length).toBeGreaterThan(0);
    for (const change of all) {
      if (change.kind === 'ticket') expect(change.ticket.companyId).toBe(mine.id);
      expect(summary([change])[0]).not.toBe(`ticketRemoved:${theirTicket.id}`);
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('transactions committing out of order', () => {
  // PGlite runs one transaction at a time, so only PostgreSQL can commit a later revision first.
  it('never loses a change whose transaction commits after a later one', async () => {
    const company = await aCompany(server);
    const early = await aTicket(server, company.id);
    const late = await aTicket(server, company.id);
    const cursor = await head(company.admin.token);
    const { db } = server.database;

    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    // The early transaction takes its revision first and commits last.
    const slow = db.transaction(async (tx) => {
      await tx.update(tickets).set({ lastMessage: 'early' }).where(eq(tickets.id, early.id));
      written();
      await held;
    });
    await wrote;
    await moveTicket(late.id, { lastMessage: 'late' });

    // The late change is committed but waits behind the early transaction, and the page says so.
    const meanwhile = await page(company.admin.token, { cursor });
    expect(summary(meanwhile.changes)).not.toContain(`ticket:${late.id}`);
    expect(meanwhile.behind).toBe(true);
    release();
    await slow;

    const after = await catchUp(company.admin.token, meanwhile.cursor);
    expect(summary(after.changes)).toEqual([`ticket:${early.id}`, `ticket:${late.id}`]);
  });
});

describe('renames of what ticket rows show', () => {
  it('answer a cursor from before a queue, user, tag or connection was renamed as expired, and only its company’s', async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const { token } = company.admin;
    const queue = await aQueue(server, company.id, 'Vendas');
    const tag = await aTag(server, company.id);
    const connection = await aConnection(server, company.id);
    const renames = [
      () => server.database.db.update(queues).set({ name: 'Vendas e trocas' }).where(eq(queues.id, queue.id)),
      () => server.database.db.update(tags).set({ color: '#123456' }).where(eq(tags.id, tag.id)),
      () =>
        server.database.db.update(users).set({ name: 'Outro nome' }).where(eq(users.id, company.admin.id)),
      () =>
        server.database.db.update(whatsapps).set({ name: 'Loja 2' }).where(eq(whatsapps.id, connection.id)),
    ];
    for (const rename of renames) {
      const before = await head(token);
      const theirs = await head(other.admin.token);
      await rename();
      await settled();
      expect(await page(token, { cursor: before })).toMatchObject({ expired: true, changes: [] });
      expect((await page(other.admin.token, { cursor: theirs })).expired).toBe(false);
      // A cursor taken after the rename reads on.
      expect((await page(token, { cursor: await head(token) })).expired).toBe(false);
    }
  });

  it('leaves a cursor alone when a write changes nothing a ticket row shows', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id, 'Suporte');
    const before = await head(company.admin.token);
    await server.database.db.update(queues).set({ name: 'Suporte' }).where(eq(queues.id, queue.id));
    await settled();
    expect((await page(company.admin.token, { cursor: before })).expired).toBe(false);
  });
});

// Last in the file: the horizon it raises makes every older cursor stale.
describe('tombstones kept for SYNC_REMOVALS_KEPT_DAYS', () => {
  /** A ticket deleted now, its tombstone dated `daysAgo`. */
  async function aDeletedTicket(token: string, companyId: number, daysAgo: number) {
    const ticket = await aTicket(server, companyId);
    const res = await server.call(api.tickets.remove, { params: { id: ticket.id } }, { token });
    expect(res.status).toBe(200);
    await server.database.db
      .update(syncRemovals)
      .set({ removedAt: sql`now() - make_interval(days => ${daysAgo})` })
      .where(and(eq(syncRemovals.entity, 'ticket'), eq(syncRemovals.entityId, ticket.id)));
    return ticket;
  }
  const tombstoneOf = async (ticketId: number) =>
    server.database.db
      .select()
      .from(syncRemovals)
      .where(and(eq(syncRemovals.entity, 'ticket'), eq(syncRemovals.entityId, ticketId)));

  it('prunes older ones and sends a client whose place is older than them back to a full reload', async () => {
    const company = await aCompany(server);
    const { token } = company.admin;
    const cursor = await head(token);
    const old = await aDeletedTicket(token, company.id, SYNC_REMOVALS_KEPT_DAYS + 1);
    const recent = await aDeletedTicket(token, company.id, 1);
    await pruneRemovals(server.database.db);
    // The cursor of now must be past what was pruned (on PostgreSQL, other databases' transactions can
    // hold the watermark back for a moment; in use the pruned tombstones are a month old).
    await settled();
    expect(await tombstoneOf(old.id)).toEqual([]);
    expect(await tombstoneOf(recent.id)).toHaveLength(1);

    const stale = await page(token, { cursor });
    expect(stale).toMatchObject({ changes: [], expired: true, hasMore: false });
    // From the cursor it answers, the feed reads on as usual.
    const after = await aDeletedTicket(token, company.id, 0);
    await settled();
    const fresh = await catchUp(token, stale.cursor);
    expect(summary(fresh.changes)).toContain(`ticketRemoved:${after.id}`);
    expect(summary(fresh.changes)).not.toContain(`ticketRemoved:${recent.id}`);
    expect((await page(token, { cursor: fresh.cursor })).expired).toBe(false);
  });
});

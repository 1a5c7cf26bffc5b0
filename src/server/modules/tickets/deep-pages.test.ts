import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Message } from '../../../shared/api/messages';
import type { Ticket } from '../../../shared/api/tickets';
import { contacts, messages, tickets } from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import { aConnection } from '../../test/builders';
import { aCompany, startTestServer, type TestServer } from '../../test/server';
import { adminViewer } from '../../test/viewers';
import * as q from './queries';

// Deep pages continue from the cursor the page before handed on (db/keyset.ts): the same pages, in the
// same order, as skipping `offset` rows gives, ties in the sort key included.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());

type Page = { tickets: Ticket[]; count: number; hasMore: boolean; cursor?: string };
type Seen = { ids: number[]; count: number; hasMore: boolean };

const STATUSES = ['open', 'pending', 'closed', 'group'] as const;
const PER_STATUS = 90;

/**
 * A company with 90 tickets of each tab whose updatedAt take seven values only (ties everywhere, to the
 * microsecond), every contact named "Cliente Paginado" and every ticket holding a message with "pedido".
 */
async function aListWithTies(perStatus = PER_STATUS) {
  const company = await aCompany(server);
  const connection = await aConnection(server, company.id);
  const { db } = server.database;
  const count = STATUSES.length * perStatus;
  const made = await db
    .insert(contacts)
    .values(
      Array.from({ length: count }, (_, i) => ({
        companyId: company.id,
        name: `Cliente Paginado ${i}`,
        number: `5511${String(company.id).padStart(4, '0')}${String(i).padStart(5, '0')}`,
        isGroup: i % STATUSES.length === 3,
      })),
    )
    .returning({ id: contacts.id });
  const rows = await db
    .insert(tickets)
    .values(
      made.map((contact, i) => ({
        companyId: company.id,
        contactId: contact.id,
        whatsappId: connection.id,
        status: STATUSES[i % STATUSES.length]!,
        isGroup: i % STATUSES.length === 3,
        unreadMessages: i % 5 === 0 ? 1 : 0,
      })),
    )
    .returning({ id: tickets.id });
  const ticketIds = rows.map((r) => r.id);
  await db
    .update(tickets)
    .set({
      updatedAt: sql`timestamptz '2026-01-01 00:00:00.000001+00' + (${tickets.id} % 7) * interval '1 hour 1 microsecond'`,
    })
    .where(inArray(tickets.id, ticketIds));
  await db.insert(messages).values(
    ticketIds.map((ticketId, i) => ({
      companyId: company.id,
      wid: `deep-${company.id}-${i}`,
      ticketId,
      body: `Seu pedido ${i}`,
    })),
  );
  return { company, ticketIds };
}

/** Every page of a list in turn, with or without the cursors, while it has more. */
async function pageThrough(
  read: (pageNumber: number, cursor: string | undefined) => Promise<Page>,
  withCursor: boolean,
) {
  const seen: Seen[] = [];
  let cursor: string | undefined;
  // Bounded: a list that never ends fails here rather than at the test's timeout.
  for (let pageNumber = 1; pageNumber <= 12; pageNumber++) {
    const page = await read(pageNumber, withCursor ? cursor : undefined);
    seen.push({ ids: page.tickets.map((t) => t.id), count: page.count, hasMore: page.hasMore });
    if (!page.hasMore) return seen;
    expect(page.cursor).toBeTypeOf('string');
    cursor = page.cursor;
  }
  return seen;
}

describe('deep ticket pages', () => {
  let list: Awaited<ReturnType<typeof aListWithTies>>;
  beforeAll(async () => {
    list = await aListWithTies();
  });

  const read =
    (token: string, query: Record<string, unknown>) =>
    async (pageNumber: number, cursor: string | undefined) => {
      const res = await server.call(
        api.tickets.list,
        { query: { showAll: 'true', ...query, pageNumber, ...(cursor && { cursor }) } as never },
        { token },
      );
      expect(res.status).toBe(200);
      return res.body as Page;
    };

  const variants: [string, Record<string, unknown>][] = [
    ...STATUSES.map((status): [string, Record<string, unknown>] => [`the ${status} tab`, { status }]),
    ['oldest first', { status: 'closed', sortTickets: 'ASC' }],
    ['unread first', { withUnreadMessages: 'true' }],
  ];
  it.each(variants)('pages %s with cursors exactly as with offsets', async (_name, query) => {
    const byOffset = await pageThrough(read(list.company.admin.token, query), false);
    expect(byOffset.length).toBeGreaterThan(2);
    expect(await pageThrough(read(list.company.admin.token, query), true)).toEqual(byOffset);
  });

  // A smaller list (25 tickets a tab): on PGlite a search tests each ticket's contact against every match.
  const searches: [string, Record<string, unknown>][] = [
    ['a name search', { searchParam: 'paginado' }],
    ['a search in messages', { searchParam: 'pedido', searchOnMessages: 'true' }],
  ];
  it.each(searches)(
    'pages %s with cursors exactly as with offsets',
    async (_name, query) => {
      const { company } = await aListWithTies(25);
      const byOffset = await pageThrough(read(company.admin.token, query), false);
      expect(byOffset.length).toBeGreaterThan(2);
      expect(await pageThrough(read(company.admin.token, query), true)).toEqual(byOffset);
    },
    180_000,
  );

  it('walks a common word from the cursor as from the offset', async () => {
    const db = tenantDb(server.database.db, list.company.id);
    const viewer = adminViewer(list.company);
    const where = q.ticketListWhere(db, {
      viewer,
      showAll: true,
      search: { text: 'pedido', onMessages: 'walk' },
    });
    const walk = (pageNumber: number, cursor: string | undefined) =>
      q.findTicketPage(db, { where, limit: 40, offset: (pageNumber - 1) * 40, cursor, countToPage: true });
    const byOffset = await pageThrough(walk, false);
    expect(byOffset.flatMap((p) => p.ids)).toHaveLength(STATUSES.length * PER_STATUS);
    expect(await pageThrough(walk, true)).toEqual(byOffset);
  });

  it('ignores a cursor of another order and falls back to the offset', async () => {
    const closed = read(list.company.admin.token, { status: 'closed' });
    const oldestFirst = read(list.company.admin.token, { status: 'closed', sortTickets: 'ASC' });
    const first = await closed(1, undefined);
    const ascending = await oldestFirst(2, first.cursor);
    expect(ascending.tickets.map((t) => t.id)).toEqual(
      (await oldestFirst(2, undefined)).tickets.map((t) => t.id),
    );
    expect((await closed(2, 'not a cursor')).tickets.map((t) => t.id)).toEqual(
      (await closed(2, undefined)).tickets.map((t) => t.id),
    );
  });
});

describe('a change between two pages', () => {
  const read = (token: string) => async (pageNumber: number, cursor?: string) => {
    const res = await server.call(
      api.tickets.list,
      { query: { status: 'open', showAll: 'true', pageNumber, ...(cursor && { cursor }) } as never },
      { token },
    );
    return res.body as Page;
  };
  const idsOf = (page: Page) => page.tickets.map((t) => t.id);

  it('a ticket of a later page moving to the top: the cursor neither repeats nor skips, the offset repeats', async () => {
    const { company } = await aListWithTies();
    const page = read(company.admin.token);
    const first = await page(1);
    const before = [...idsOf(first), ...idsOf(await page(2, first.cursor)), ...idsOf(await page(3))];
    const moved = before[85]!; // on page 3
    await server.database.db.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, moved));
    const second = await page(2, first.cursor);
    expect(idsOf(second)).toEqual(before.slice(40, 80));
    // The moved ticket is left to the live list (its event puts it on top); the rest follow in turn.
    expect(idsOf(await page(3, second.cursor))).toEqual(before.slice(80).filter((id) => id !== moved));
    // Offset paging: everything shifted one down, so page 2 starts with page 1's last ticket again.
    expect(idsOf(await page(2))[0]).toBe(before[39]);
  });

  it('a ticket of the first page leaving the tab: the cursor skips none, the offset skips one', async () => {
    const { company } = await aListWithTies();
    const page = read(company.admin.token);
    const first = await page(1);
    const before = [...idsOf(first), ...idsOf(await page(2, first.cursor))];
    await server.database.db
      .update(tickets)
      .set({ status: 'closed' })
      .where(inArray(tickets.id, [before[3]!]));
    expect(idsOf(await page(2, first.cursor))).toEqual(before.slice(40, 80));
    // Offset paging: everything shifted one up, so page 2's first ticket is never shown.
    expect(idsOf(await page(2))).not.toContain(before[40]);
  });
});

describe('older chat pages', () => {
  type ChatPage = { messages: Message[]; hasMore: boolean; cursor?: string };

  it('pages a chat with cursors exactly as with offsets, and a new message does not repeat one', async () => {
    const { company, ticketIds } = await aListWithTies();
    const ticketId = ticketIds[0]!;
    const [ticket] = await server.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
    await server.database.db.insert(messages).values(
      Array.from({ length: 64 }, (_, i) => ({
        companyId: company.id,
        wid: `chat-${company.id}-${i}`,
        ticketId,
        body: `m${i}`,
        // Five instants only: most messages tie on createdAt and are told apart by id.
        createdAt: new Date(Date.UTC(2026, 0, 2, 0, i % 5)),
      })),
    );
    const read = async (pageNumber: number, cursor?: string) => {
      const res = await server.call(
        api.messages.list,
        { params: { ticketUuid: ticket!.uuid }, query: { pageNumber, ...(cursor && { cursor }) } },
        { token: company.admin.token },
      );
      expect(res.status).toBe(200);
      return res.body as ChatPage;
    };
    const through = async (withCursor: boolean) => {
      const pages: { ids: number[]; hasMore: boolean }[] = [];
      let cursor: string | undefined;
      for (let n = 1; ; n++) {
        const page = await read(n, withCursor ? cursor : undefined);
        pages.push({ ids: page.messages.map((m) => m.id), hasMore: page.hasMore });
        if (!page.hasMore) return pages;
        cursor = page.cursor;
      }
    };
    const byOffset = await through(false);
    expect(byOffset).toHaveLength(4);
    expect(await through(true)).toEqual(byOffset);

    const first = await read(1);
    await server.database.db
      .insert(messages)
      .values({ companyId: company.id, wid: `chat-${company.id}-new`, ticketId, body: 'nova' });
    expect((await read(2, first.cursor)).messages.map((m) => m.id)).toEqual(byOffset[1]!.ids);
    // Offset paging: the newest page grew by one, so page 2 ends with page 1's oldest message again.
    expect((await read(2)).messages.map((m) => m.id).at(-1)).toBe(byOffset[0]!.ids[0]);
  });
});

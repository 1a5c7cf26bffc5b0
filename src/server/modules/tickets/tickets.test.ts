import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import { MOMENTS_PER_COLUMN, type Moments, type Ticket } from '../../../shared/api/tickets';
import type { TicketEvent } from '../../../shared/realtime';
import { messages, ticketLogs, tickets, ticketTracking } from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import {
  aConnection,
  aContact,
  aTag,
  aTicket,
  collect,
  drain,
  tagTicket,
  testChannel,
} from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';
import { adminViewer } from '../../test/viewers';
import { writeCompanySetting } from '../settings/queries';
import * as q from './queries';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());

const as = (token: string) => ({ token });
type Page = { tickets: Ticket[]; count: number; hasMore: boolean; cursor?: string };

async function list(token: string, query: Record<string, unknown> = {}) {
  const res = await server.call(api.tickets.list, { query: query as never }, as(token));
  expect(res.status).toBe(200);
  return res.body as Page;
}
const ids = (page: Page) => page.tickets.map((t) => t.id).sort((a, b) => a - b);
const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

/** `count` closed tickets of one contact, a second apart from 2026-01-01 (the last the newest), set-based. */
function closedTickets(companyId: number, whatsappId: number, contactId: number, count: number) {
  return server.database.db
    .insert(tickets)
    .values(
      Array.from({ length: count }, (_, i) => ({
        companyId,
        contactId,
        whatsappId,
        status: 'closed',
        updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    )
    .returning({ id: tickets.id });
}

async function setUpdatedAt(id: number, at: Date) {
  await server.database.db.update(tickets).set({ updatedAt: at }).where(eq(tickets.id, id));
}

describe('listing tickets', () => {
  it('answers 40 tickets a page, latest activity first, with the count and whether more follow', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const made: number[] = [];
    for (let i = 0; i < 45; i++) {
      const t = await aTicket(server, company.id, { whatsappId: connection.id });
      await setUpdatedAt(t.id, new Date(Date.UTC(2026, 0, 1, 0, i)));
      made.push(t.id);
    }
    const first = await list(company.admin.token, { status: 'pending', pageNumber: '1' });
    expect(first).toMatchObject({ count: 45, hasMore: true });
    expect(first.tickets.map((t) => t.id)).toEqual(made.slice(5).reverse());
    const second = await list(company.admin.token, { status: 'pending', pageNumber: '2' });
    expect(second).toMatchObject({ count: 45, hasMore: false });
    expect(second.tickets.map((t) => t.id)).toEqual(made.slice(0, 5).reverse());
  });

  it('sorts ascending on request and puts unread tickets first with withUnreadMessages', async () => {
    const company = await aCompany(server);
    const a = await aTicket(server, company.id, { unreadMessages: 0 });
    const b = await aTicket(server, company.id, { unreadMessages: 2 });
    const c = await aTicket(server, company.id, { unreadMessages: 0 });
    await setUpdatedAt(a.id, new Date('2026-01-01T10:00:00Z'));
    await setUpdatedAt(b.id, new Date('2026-01-01T09:00:00Z'));
    await setUpdatedAt(c.id, new Date('2026-01-01T11:00:00Z'));
    const token = company.admin.token;
    expect((await list(token, { sortTickets: 'ASC' })).tickets.map((t) => t.id)).toEqual([b.id, a.id, c.id]);
    expect((await list(token, {})).tickets.map((t) => t.id)).toEqual([c.id, a.id, b.id]);
    expect((await list(token, { withUnreadMessages: 'true' })).tickets.map((t) => t.id)).toEqual([
      b.id,
      c.id,
      a.id,
    ]);
  });

  it('carries contact, queue, user, connection and tags of every ticket', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id, 'Vendas');
    const contact = await aContact(server, company.id, { name: 'Ana Souza', number: '5511988887777' });
    const connection = await aConnection(server, company.id, { name: 'Loja' });
    const ticket = await aTicket(server, company.id, {
      contactId: contact.id,
      whatsappId: connection.id,
      queueId: queue.id,
      userId: company.admin.id,
      status: 'open',
    });
    const tag = await aTag(server, company.id, 'VIP');
    await tagTicket(server, ticket.id, tag.id);
    const [shown] = (await list(company.admin.token, { status: 'open' })).tickets;
    expect(shown).toMatchObject({
      id: ticket.id,
      contact: { id: contact.id, name: 'Ana Souza', number: '5511988887777', isGroup: false },
      queue: { id: queue.id, name: 'Vendas', color: queue.color },
      user: { id: company.admin.id, name: 'Company Admin' },
      whatsapp: { id: connection.id, name: 'Loja', channel: 'test' },
      tags: [{ id: tag.id, name: 'VIP', color: tag.color }],
      userRating: null,
    });
  });

  it('filters by status list, queues (keeping tickets without queue), connections, users, every given tag and dates', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const [q1, q2] = [await aQueue(server, company.id), await aQueue(server, company.id)];
    const [w1, w2] = [await aConnection(server, company.id), await aConnection(server, company.id)];
    const other = await aUser(server, company.id);
    const inQ1 = await aTicket(server, company.id, { queueId: q1.id, whatsappId: w1.id });
    const inQ2 = await aTicket(server, company.id, { queueId: q2.id, whatsappId: w2.id });
    const noQueue = await aTicket(server, company.id, { whatsappId: w2.id });
    const open = await aTicket(server, company.id, {
      status: 'open',
      userId: other.id,
      queueId: q1.id,
      whatsappId: w1.id,
    });
    const [t1, t2] = [await aTag(server, company.id), await aTag(server, company.id)];
    await tagTicket(server, inQ1.id, t1.id);
    await tagTicket(server, inQ1.id, t2.id);
    await tagTicket(server, inQ2.id, t1.id);

    expect(ids(await list(token, { showAll: 'true', statusFilter: '["open"]' }))).toEqual([open.id]);
    expect(ids(await list(token, { showAll: 'true', status: 'pending', queueIds: `[${q1.id}]` }))).toEqual(
      sorted(inQ1.id, noQueue.id),
    );
    expect(ids(await list(token, { showAll: 'true', whatsapps: `[${w2.id}]` }))).toEqual(
      sorted(inQ2.id, noQueue.id),
    );
    expect(ids(await list(token, { showAll: 'true', users: `[${other.id}]` }))).toEqual([open.id]);
    expect(ids(await list(token, { showAll: 'true', tags: `[${t1.id}]` }))).toEqual(sorted(inQ1.id, inQ2.id));
    expect(ids(await list(token, { showAll: 'true', tags: `[${t1.id},${t2.id}]` }))).toEqual([inQ1.id]);

    await server.database.db
      .update(tickets)
      .set({ createdAt: new Date(2025, 4, 3, 12) })
      .where(eq(tickets.id, inQ2.id));
    await setUpdatedAt(noQueue.id, new Date(2025, 4, 4, 12));
    expect(ids(await list(token, { showAll: 'true', date: '2025-05-03' }))).toEqual([inQ2.id]);
    expect(ids(await list(token, { showAll: 'true', updatedAt: '2025-05-04' }))).toEqual([noQueue.id]);
  });

  it('searches contact names and numbers, and message contents only with searchOnMessages', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const connection = await aConnection(server, company.id);
    const byName = await aTicket(server, company.id, {
      contactId: (await aContact(server, company.id, { name: 'Joana Prado' })).id,
      whatsappId: connection.id,
    });
    const byNumber = await aTicket(server, company.id, {
      contactId: (await aContact(server, company.id, { number: '5521977776543' })).id,
      whatsappId: connection.id,
    });
    const contact = await aContact(server, company.id, { name: 'Pedro', number: '5531966665555' });
    const byMessage = await aTicket(server, company.id, { contactId: contact.id, whatsappId: connection.id });
    await testChannel(server, connection.id).inbound({
      from: contact.number,
      body: 'quero um orçamento de pintura',
    });

    expect(ids(await list(token, { searchParam: 'joana' }))).toEqual([byName.id]);
    expect(ids(await list(token, { searchParam: '77776' }))).toEqual([byNumber.id]);
    expect(ids(await list(token, { searchParam: 'pintura' }))).toEqual([]);
    expect(ids(await list(token, { searchParam: 'pintura', searchOnMessages: 'true' }))).toEqual([
      byMessage.id,
    ]);
    expect(ids(await list(token, { searchParam: '100%' }))).toEqual([]);
  });

  it('folds accents and case in names and messages: "reembolso" finds "Reembolso", "nao" and "não" find "não"', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const connection = await aConnection(server, company.id);
    const named = await aTicket(server, company.id, {
      contactId: (await aContact(server, company.id, { name: 'JOÃO Araújo' })).id,
      whatsappId: connection.id,
    });
    const contact = await aContact(server, company.id, { name: 'Lia', number: '5531955554444' });
    const wrote = await aTicket(server, company.id, { contactId: contact.id, whatsappId: connection.id });
    await testChannel(server, connection.id).inbound({
      from: contact.number,
      body: 'Reembolso NÃO chegou',
    });
    const onMessages = (searchParam: string) => list(token, { searchParam, searchOnMessages: 'true' });

    expect(ids(await list(token, { searchParam: 'joao araujo' }))).toEqual([named.id]);
    expect(ids(await list(token, { searchParam: 'João' }))).toEqual([named.id]);
    expect(ids(await onMessages('reembolso'))).toEqual([wrote.id]);
    expect(ids(await onMessages('nao'))).toEqual([wrote.id]);
    expect(ids(await onMessages('não'))).toEqual([wrote.id]);
    expect(ids(await onMessages('não chegou reembolso'))).toEqual([wrote.id]);
    expect(ids(await onMessages('nenhum'))).toEqual([]);
  });

  it('finds an edited message by its new words only (the stored words follow the body)', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const contact = await aContact(server, company.id, { number: '5531933330001' });
    const ticket = await aTicket(server, company.id, { contactId: contact.id, whatsappId: connection.id });
    await testChannel(server, connection.id).inbound({ from: contact.number, body: 'quero pagar no boleto' });
    const { db } = server.database;
    await db.update(messages).set({ body: 'quero pagar no Cartão' }).where(eq(messages.ticketId, ticket.id));
    const onMessages = (searchParam: string) =>
      list(company.admin.token, { searchParam, searchOnMessages: 'true' });

    expect(ids(await onMessages('CARTAO'))).toEqual([ticket.id]);
    expect(ids(await onMessages('boleto'))).toEqual([]);
  });

  it("lists one contact's tickets with contactId (the contact drawer's earlier attendances)", async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const contact = await aContact(server, company.id, { name: 'Caio' });
    const first = await aTicket(server, company.id, {
      contactId: contact.id,
      whatsappId: connection.id,
      status: 'closed',
    });
    const second = await aTicket(server, company.id, { contactId: contact.id, whatsappId: connection.id });
    await aTicket(server, company.id, {
      contactId: (await aContact(server, company.id)).id,
      whatsappId: connection.id,
    });
    expect(ids(await list(company.admin.token, { contactId: contact.id, showAll: 'true' }))).toEqual(
      sorted(first.id, second.id),
    );
  });

  it("shows a search in messages' result with the ticket's newest matching message, as a snippet around the term", async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const contact = await aContact(server, company.id, { name: 'Rita', number: '5531944443333' });
    const ticket = await aTicket(server, company.id, { contactId: contact.id, whatsappId: connection.id });
    const channel = testChannel(server, connection.id);
    await channel.inbound({ from: contact.number, body: 'Primeiro: o Reembolso' });
    await channel.inbound({
      from: contact.number,
      body: `${'bla '.repeat(30)}cadê meu reembolso? ${'fim '.repeat(50)}`,
    });
    await channel.inbound({ from: contact.number, body: 'obrigada' });
    const stored = await server.database.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    const matching = stored.find((m) => m.body.startsWith('bla'))!;

    const [found] = (await list(company.admin.token, { searchParam: 'reembolso', searchOnMessages: 'true' }))
      .tickets;
    expect(found?.searchMatch).toEqual({
      messageId: matching.id,
      snippet: expect.stringMatching(/^…bla .*cadê meu reembolso\? fim .*…$/),
    });
    expect(found?.lastMessageAuthor).toEqual({ kind: 'contact', userId: null, userName: null });
    // A contact-name search has no message to show.
    const [byName] = (await list(company.admin.token, { searchParam: 'rita' })).tickets;
    expect(byName?.searchMatch).toBeUndefined();
  });

  it('finds the same tickets, in list order, by walking the list as by collecting the matches', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const contacts = [
      await aContact(server, company.id, { name: 'Pedido Souza', number: '5531911110001' }),
      await aContact(server, company.id, { name: 'Rui', number: '5531911110002' }),
      await aContact(server, company.id, { name: 'Ana', number: '5531911110003' }),
    ];
    const made = [];
    for (const [i, contact] of contacts.entries()) {
      made.push(await aTicket(server, company.id, { contactId: contact.id, whatsappId: connection.id }));
      await testChannel(server, connection.id).inbound({
        from: contact.number,
        body: i === 2 ? 'nada a ver' : `meu PEDIDO ${i}`,
      });
    }
    const db = tenantDb(server.database.db, company.id);
    const viewer = adminViewer(company);
    const page = (onMessages: q.MessageSearchPlan, countToPage = false) =>
      q.findTicketPage(db, {
        countToPage,
        where: q.ticketListWhere(db, {
          viewer,
          showAll: true,
          search: { text: 'pedido', onMessages },
        }),
        limit: 40,
        offset: 0,
      });
    const walked = await page('walk');
    expect(walked.tickets.map((t) => t.id)).toEqual((await page('matches')).tickets.map((t) => t.id));
    expect(ids({ ...walked, hasMore: false })).toEqual(sorted(made[0]!.id, made[1]!.id));
    // A walk counts up to the page: here all there is.
    expect(await page('walk', true)).toMatchObject({ count: 2, hasMore: false });
    // Rare in this company's messages: collected from the index.
    expect((await q.messageSearchPlan(db, 'pedido')).plan).toBe('matches');
  });

  it('walks a word held by a quarter of the newest tickets, without counting its messages, and shows the same snippets', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const made = [];
    for (let i = 0; i < 12; i++) {
      const contact = await aContact(server, company.id, {
        number: `55319222200${String(i).padStart(2, '0')}`,
      });
      made.push(await aTicket(server, company.id, { contactId: contact.id, whatsappId: connection.id }));
      await testChannel(server, connection.id).inbound({
        from: contact.number,
        body: i < 10 ? `Não recebi o cartão ${i}` : 'nada a ver',
      });
    }
    const db = tenantDb(server.database.db, company.id);
    // 10 of the 12 tickets hold it: a walk fills a page soon, though the company has 10 such messages.
    expect((await q.messageSearchPlan(db, 'CARTAO')).plan).toBe('walk');
    expect((await q.messageSearchPlan(db, 'nada')).plan).toBe('matches');
    const ticketIds = made.map((t) => t.id);
    const bySnippet = async (plan: q.MessageSearchPlan) =>
      (await q.newestMatchingMessages(db, ticketIds, 'nao cartao', plan)).map((m) => [m.ticketId, m.body]);
    const walked = await bySnippet('walk');
    expect(walked).toHaveLength(10);
    expect(walked).toEqual(await bySnippet('matches'));
  });

  it('walks at most the tickets it is given, and says when it stopped there with the page unfilled', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const contact = await aContact(server, company.id);
    const made = await closedTickets(company.id, connection.id, contact.id, 8);
    // Only the oldest, the last of the list, holds the word.
    await server.database.db
      .insert(messages)
      .values({ companyId: company.id, wid: `walk-${company.id}`, ticketId: made[0]!.id, body: 'o Cartão' });
    const db = tenantDb(server.database.db, company.id);
    const where = q.ticketListWhere(db, { viewer: adminViewer(company), showAll: true, status: 'closed' });
    const holds = q.ticketSearchWhere(db, { text: 'cartao', onMessages: 'walk' });
    const page = (within?: number) =>
      q.findTicketPage(db, { where, walk: { holds, within }, countToPage: true, limit: 40, offset: 0 });
    expect(await page(5)).toMatchObject({ tickets: [], walkedOut: true });
    // Walked on, or bounded by more than the list holds, it finds the ticket.
    for (const within of [undefined, 8, 20]) {
      const found = await page(within);
      expect(found.tickets.map((t) => t.id)).toEqual([made[0]!.id]);
      expect(found.walkedOut).toBe(false);
    }
  });

  it('asks the word index when a term common among the newest tickets is rare along the list searched', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const contact = await aContact(server, company.id);
    const closed = await closedTickets(company.id, connection.id, contact.id, 1010);
    await server.database.db.insert(messages).values({
      companyId: company.id,
      wid: `rare-${company.id}`,
      ticketId: closed[0]!.id,
      body: 'o Cartão',
    });
    // Ten new conversations about it: the newest tickets, waiting.
    for (let i = 0; i < 10; i++)
      await testChannel(server, connection.id).inbound({
        from: `55319333300${String(i).padStart(2, '0')}`,
        body: `Não recebi o cartão ${i}`,
      });
    expect(await q.messageSearchPlan(tenantDb(server.database.db, company.id), 'cartao')).toEqual({
      plan: 'walk',
      bounded: true,
    });
    const found = await list(company.admin.token, {
      status: 'closed',
      searchParam: 'cartao',
      searchOnMessages: 'true',
    });
    expect(found.tickets.map((t) => [t.id, t.searchMatch?.snippet])).toEqual([[closed[0]!.id, 'o Cartão']]);
    expect(found).toMatchObject({ count: 1, hasMore: false });
  });

  it('counts up to 1000 (the inbox shows 999+) and still pages past it', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const contact = await aContact(server, company.id);
    await server.database.db.insert(tickets).values(
      Array.from({ length: 1005 }, (_, i) => ({
        companyId: company.id,
        contactId: contact.id,
        whatsappId: connection.id,
        status: 'closed',
        updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    );
    const first = await list(company.admin.token, { status: 'closed', pageNumber: '1' });
    expect(first).toMatchObject({ count: 1000, hasMore: true });
    // From the cursor the rows after it are counted up to what is left of the cap, not up to 1000.
    const second = await list(company.admin.token, {
      status: 'closed',
      pageNumber: '2',
      cursor: first.cursor,
    });
    expect(second).toMatchObject({ count: 1000, hasMore: true });
    const last = await list(company.admin.token, { status: 'closed', pageNumber: '26' });
    expect(last).toMatchObject({ count: 1005, hasMore: false });
    expect(last.tickets).toHaveLength(5);
  });
});

describe('who sees which ticket (1-attendance §6)', () => {
  /** One company with tickets in every situation the rules distinguish. */
  async function scene(flags: Parameters<typeof aUser>[2] = {}) {
    const company = await aCompany(server);
    const mine = await aQueue(server, company.id);
    const theirs = await aQueue(server, company.id);
    const user = await aUser(server, company.id, { queueIds: [mine.id], ...flags });
    const colleague = await aUser(server, company.id, { queueIds: [mine.id] });
    const connection = await aConnection(server, company.id);
    const t = (fields: Partial<typeof tickets.$inferInsert>) =>
      aTicket(server, company.id, { whatsappId: connection.id, ...fields });
    const tickets_ = {
      own: await t({ status: 'open', userId: user.id, queueId: theirs.id }),
      waitingMine: await t({ queueId: mine.id }),
      waitingTheirs: await t({ queueId: theirs.id }),
      waitingNoQueue: await t({}),
      colleaguesOpen: await t({ status: 'open', userId: colleague.id, queueId: mine.id }),
      group: await t({ status: 'group', isGroup: true, queueId: mine.id }),
      ownClosed: await t({ status: 'closed', userId: user.id, queueId: mine.id }),
      othersClosed: await t({ status: 'closed', userId: colleague.id, queueId: mine.id }),
    };
    const other = await aCompany(server);
    const foreign = await aTicket(server, other.id, { queueId: (await aQueue(server, other.id)).id });
    return { company, user, tickets: tickets_, foreign };
  }

  const visibleIds = async (token: string, showAll = false) =>
    ids(await list(token, showAll ? { showAll: 'true' } : {}));

  it('shows an admin every ticket of the company with show-all, and none of another', async () => {
    const { company, tickets: all, foreign } = await scene();
    const seen = await visibleIds(company.admin.token, true);
    expect(seen).toEqual(sorted(...Object.values(all).map((t) => t.id)));
    expect(seen).not.toContain(foreign.id);
  });

  it('lists for an admin without show-all only their own and the unassigned tickets', async () => {
    const { company, tickets: all } = await scene();
    const expected = Object.values(all).filter((t) => t.userId === null || t.userId === company.admin.id);
    expect(await visibleIds(company.admin.token)).toEqual(sorted(...expected.map((t) => t.id)));
  });

  it('shows a user their own tickets and the waiting tickets of their queues only', async () => {
    const { user, tickets: t } = await scene();
    expect(await visibleIds(user.token)).toEqual(sorted(t.own.id, t.waitingMine.id, t.ownClosed.id));
  });

  it('adds tickets without a queue with allTicket, group tickets with allowGroup, others’ closed ones with allHistoric', async () => {
    const base = (s: Awaited<ReturnType<typeof scene>>) => [
      s.tickets.own.id,
      s.tickets.waitingMine.id,
      s.tickets.ownClosed.id,
    ];
    const a = await scene({ allTicket: 'enable' });
    expect(await visibleIds(a.user.token)).toEqual(sorted(...base(a), a.tickets.waitingNoQueue.id));
    const g = await scene({ allowGroup: true });
    expect(await visibleIds(g.user.token)).toEqual(sorted(...base(g), g.tickets.group.id));
    const h = await scene({ allHistoric: 'enabled' });
    expect(await visibleIds(h.user.token)).toEqual(sorted(...base(h), h.tickets.othersClosed.id));
  });

  it('honours showAll only for users with allUserChat enabled', async () => {
    const plain = await scene();
    expect(await visibleIds(plain.user.token, true)).toEqual(await visibleIds(plain.user.token));
    const allowed = await scene({ allUserChat: 'enabled' });
    const t = allowed.tickets;
    expect(await visibleIds(allowed.user.token, true)).toEqual(
      sorted(
        t.own.id,
        t.waitingMine.id,
        t.waitingTheirs.id,
        t.waitingNoQueue.id,
        t.colleaguesOpen.id,
        t.ownClosed.id,
      ),
    );
  });

  it('applies the same rules to a single ticket as to the list, for every kind of user', async () => {
    for (const flags of [
      {},
      { allTicket: 'enable' },
      { allowGroup: true },
      { allHistoric: 'enabled' },
      { allUserChat: 'enabled' },
    ] as const) {
      const { user, tickets: t, foreign } = await scene(flags);
      const listed = await visibleIds(user.token, true);
      for (const ticket of [...Object.values(t), foreign]) {
        const res = await server.call(
          api.tickets.showByUuid,
          { params: { uuid: ticket.uuid } },
          as(user.token),
        );
        const expected = ticket === foreign ? 404 : listed.includes(ticket.id) ? 200 : 403;
        expect({ flags, ticket: ticket.id, status: res.status }).toEqual({
          flags,
          ticket: ticket.id,
          status: expected,
        });
      }
    }
  });
});

describe('lgpdHideNumber', () => {
  it('masks all but the last two digits for profile user, never for admins or groups', async () => {
    const company = await aCompany(server);
    await writeCompanySetting(tenantDb(server.database.db, company.id), 'lgpdHideNumber', 'enabled');
    const user = await aUser(server, company.id, { allowGroup: true });
    const person = await aContact(server, company.id, { number: '5511912345678' });
    const group = await aContact(server, company.id, { number: '120363000000@g.us', isGroup: true });
    await aTicket(server, company.id, { contactId: person.id, userId: user.id, status: 'open' });
    await aTicket(server, company.id, {
      contactId: group.id,
      userId: user.id,
      status: 'group',
      isGroup: true,
    });

    const numbers = (page: Page) => page.tickets.map((t) => t.contact.number).sort();
    expect(numbers(await list(user.token))).toEqual(['***********78', '120363000000@g.us']);
    expect(numbers(await list(company.admin.token, { showAll: 'true' }))).toEqual([
      '120363000000@g.us',
      '5511912345678',
    ]);
  });
});

describe('company settings of the caller', () => {
  it('are their own company’s: another company masking numbers masks nothing here', async () => {
    const masking = await aCompany(server);
    await writeCompanySetting(tenantDb(server.database.db, masking.id), 'lgpdHideNumber', 'enabled');
    const plain = await aCompany(server);
    const user = await aUser(server, plain.id);
    const person = await aContact(server, plain.id, { number: '5511987654321' });
    await aTicket(server, plain.id, { contactId: person.id, userId: user.id, status: 'open' });
    expect((await list(user.token)).tickets.map((t) => t.contact.number)).toEqual(['5511987654321']);
  });
});

describe('showing one ticket', () => {
  it('answers a visible ticket by uuid and logs the access', async () => {
    const company = await aCompany(server);
    const ticket = await aTicket(server, company.id);
    const res = await server.call(
      api.tickets.showByUuid,
      { params: { uuid: ticket.uuid } },
      as(company.admin.token),
    );
    expect(res).toMatchObject({ status: 200, body: { id: ticket.id, uuid: ticket.uuid } });
    const logs = await server.database.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticket.id));
    expect(logs.map((l) => [l.type, l.userId])).toEqual([['access', company.admin.id]]);
  });

  it('does not find another company’s ticket, nor an unknown uuid', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const ticket = await aTicket(server, a.id);
    for (const uuid of [ticket.uuid, 'no-such-uuid']) {
      expect(
        await server.call(api.tickets.showByUuid, { params: { uuid } }, as(b.admin.token)),
      ).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_TICKET_FOUND' },
      });
    }
  });
});

describe('creating a ticket', () => {
  it('opens a ticket for the caller, logs it and starts its attendance', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id);
    const contact = await aContact(server, company.id);
    const connection = await aConnection(server, company.id);
    const res = await server.call(
      api.tickets.create,
      {
        body: {
          contactId: contact.id,
          queueId: queue.id,
          whatsappId: connection.id,
          status: 'open',
          companyId: 999,
        },
      },
      as(company.admin.token),
    );
    expect(res).toMatchObject({
      status: 200,
      body: {
        status: 'open',
        userId: company.admin.id,
        queueId: queue.id,
        companyId: company.id,
        whatsappId: connection.id,
      },
    });
    const id = (res.body as Ticket).id;
    const [log] = await server.database.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, id));
    expect(log).toMatchObject({ type: 'create', userId: company.admin.id });
    const [tracking] = await server.database.db
      .select()
      .from(ticketTracking)
      .where(eq(ticketTracking.ticketId, id));
    expect(tracking?.queuedAt).toBeInstanceOf(Date);
    expect(tracking?.startedAt).toBeInstanceOf(Date);
  });

  it('uses the default connection and leaves a pending ticket unassigned', async () => {
    const company = await aCompany(server);
    await aConnection(server, company.id);
    const main = await aConnection(server, company.id, { isDefault: true });
    const contact = await aContact(server, company.id);
    const res = await server.call(
      api.tickets.create,
      { body: { contactId: contact.id, status: 'pending', userId: company.admin.id } },
      as(company.admin.token),
    );
    expect(res).toMatchObject({
      status: 200,
      body: { status: 'pending', userId: null, whatsappId: main.id },
    });
  });

  it('answers 409 with the ticket already going on for that contact and connection', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id, 'Suporte');
    const colleague = await aUser(server, company.id, { name: 'Carla' });
    const contact = await aContact(server, company.id);
    const connection = await aConnection(server, company.id);
    const existing = await aTicket(server, company.id, {
      contactId: contact.id,
      whatsappId: connection.id,
      status: 'open',
      userId: colleague.id,
      queueId: queue.id,
    });
    const res = await server.call(
      api.tickets.create,
      { body: { contactId: contact.id, whatsappId: connection.id } },
      as(company.admin.token),
    );
    expect(res.status).toBe(409);
    expect(JSON.parse((res.body as { error: string }).error)).toEqual({
      id: existing.id,
      uuid: existing.uuid,
      status: 'open',
      userId: colleague.id,
      user: { id: colleague.id, name: 'Carla' },
      queue: { id: queue.id, name: 'Suporte', color: queue.color },
    });
  });

  it('creates one ticket when the same contact is opened twice at once', async () => {
    const company = await aCompany(server);
    const contact = await aContact(server, company.id);
    const connection = await aConnection(server, company.id);
    const body = { contactId: contact.id, whatsappId: connection.id };
    const answers = await Promise.all(
      [1, 2, 3].map(() => server.call(api.tickets.create, { body }, as(company.admin.token))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  });

  it('does not find another company’s contact or connection', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const foreignContact = await aContact(server, a.id);
    const foreignConnection = await aConnection(server, a.id);
    expect(
      await server.call(api.tickets.create, { body: { contactId: foreignContact.id } }, as(b.admin.token)),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    const own = await aContact(server, b.id);
    expect(
      await server.call(
        api.tickets.create,
        { body: { contactId: own.id, whatsappId: foreignConnection.id } },
        as(b.admin.token),
      ),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
  });
});

describe('deleting a ticket', () => {
  it('lets an admin delete a ticket with its messages and tells who could see it', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const contact = await aContact(server, company.id);
    const { body } = await testChannel(server, connection.id).inbound({ from: contact.number, body: 'oi' });
    const ticketId = body.ticketId as number;
    const socket = await server.socket(company.admin.token);
    const received = collect(socket, `company-${company.id}-ticket`);
    const res = await server.call(api.tickets.remove, { params: { id: ticketId } }, as(company.admin.token));
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(await server.database.db.select().from(messages).where(eq(messages.ticketId, ticketId))).toEqual(
      [],
    );
    await drain(server, socket, company.id);
    expect(received).toEqual([{ action: 'delete', ticketId }]);
  });

  it('refuses users without ticket-options:deleteTicket and other companies', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const ticket = await aTicket(server, company.id, { status: 'open', userId: user.id });
    expect(
      await server.call(api.tickets.remove, { params: { id: ticket.id } }, as(user.token)),
    ).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    const other = await aCompany(server);
    expect(
      await server.call(api.tickets.remove, { params: { id: ticket.id } }, as(other.admin.token)),
    ).toMatchObject({
      status: 404,
    });
  });
});

describe('closing all tickets', () => {
  it('closes every ticket of a status in the selected queues in a job, logs each, and answers how many are closing', async () => {
    const company = await aCompany(server);
    const [q1, q2] = [await aQueue(server, company.id), await aQueue(server, company.id)];
    const a = await aTicket(server, company.id, { queueId: q1.id });
    const b = await aTicket(server, company.id, { queueId: q1.id });
    const otherQueue = await aTicket(server, company.id, { queueId: q2.id });
    const open = await aTicket(server, company.id, {
      queueId: q1.id,
      status: 'open',
      userId: company.admin.id,
    });
    const otherCompany = await aCompany(server);
    const foreign = await aTicket(server, otherCompany.id);

    const res = await server.call(
      api.tickets.closeAll,
      { body: { status: 'pending', selectedQueueIds: [q1.id] } },
      as(company.admin.token),
    );
    expect(res).toMatchObject({ status: 200, body: { closing: 2 } });
    await server.deps.jobs.runDue();
    const statusOf = async (id: number) =>
      (await server.database.db.select().from(tickets).where(eq(tickets.id, id)))[0]!.status;
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['closed', 'closed']);
    expect([await statusOf(otherQueue.id), await statusOf(open.id), await statusOf(foreign.id)]).toEqual([
      'pending',
      'open',
      'pending',
    ]);
    const logs = await server.database.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, a.id));
    expect(logs.map((l) => l.type)).toEqual(['closed']);

    const everyQueue = await server.call(
      api.tickets.closeAll,
      { body: { status: 'pending' } },
      as(company.admin.token),
    );
    expect(everyQueue.body).toEqual({ closing: 1 });
    await server.deps.jobs.runDue();
    expect(await statusOf(foreign.id)).toBe('pending');
  });

  it('tells the lists of the closed tickets as the job closes them', async () => {
    const company = await aCompany(server);
    const ticket = await aTicket(server, company.id, { status: 'open', userId: company.admin.id });
    const socket = await server.socket(company.admin.token);
    const updates = collect<TicketEvent>(socket, `company-${company.id}-ticket`);
    await server.call(api.tickets.closeAll, { body: { status: 'open' } }, as(company.admin.token));
    await server.deps.jobs.runDue();
    await drain(server, socket, company.id);
    expect(updates).toContainEqual(
      expect.objectContaining({
        action: 'update',
        ticket: expect.objectContaining({ id: ticket.id, status: 'closed' }),
      }),
    );
  });

  it('closes them even when the server stops before the job has run', async () => {
    const first = await startTestServer({}, { database: await server.database.share() });
    const company = await aCompany(first);
    const waiting = [await aTicket(first, company.id), await aTicket(first, company.id)];
    // The server goes down as soon as it answered: its runner takes no more jobs.
    await first.deps.jobs.stop();
    const res = await first.call(
      api.tickets.closeAll,
      { body: { status: 'pending' } },
      as(company.admin.token),
    );
    expect(res.body).toEqual({ closing: 2 });
    await first.stopApp();

    const again = await startTestServer({}, { database: first.database });
    await again.deps.jobs.runDue();
    for (const ticket of waiting) {
      const logs = await again.database.db
        .select()
        .from(ticketLogs)
        .where(eq(ticketLogs.ticketId, ticket.id));
      expect(logs.map((l) => l.type)).toEqual(['closed']);
    }
    await again.stop();
  });
});

describe('ticket log', () => {
  it('lists the entries of a visible ticket, newest first, with user and queue', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id);
    const contact = await aContact(server, company.id);
    const created = await server.call(
      api.tickets.create,
      {
        body: {
          contactId: contact.id,
          queueId: queue.id,
          whatsappId: (await aConnection(server, company.id)).id,
        },
      },
      as(company.admin.token),
    );
    const ticket = created.body as Ticket;
    await server.call(
      api.tickets.update,
      { params: { id: ticket.id }, body: { status: 'pending' } },
      as(company.admin.token),
    );
    const res = await server.call(
      api.tickets.logs,
      { params: { ticketId: ticket.id } },
      as(company.admin.token),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject([
      { type: 'pending', user: { id: company.admin.id }, queue: { id: queue.id } },
      {
        type: 'create',
        user: { id: company.admin.id, name: 'Company Admin' },
        queue: { id: queue.id, name: queue.name },
      },
    ]);
    const other = await aCompany(server);
    expect(
      (await server.call(api.tickets.logs, { params: { ticketId: ticket.id } }, as(other.admin.token)))
        .status,
    ).toBe(404);
  });
});

describe('moments', () => {
  it('answers the open and waiting tickets of the last 30 days that the caller may see', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id);
    const user = await aUser(server, company.id, { queueIds: [queue.id] });
    const waiting = await aTicket(server, company.id, { queueId: queue.id });
    const mine = await aTicket(server, company.id, { status: 'open', userId: user.id });
    const old = await aTicket(server, company.id, { queueId: queue.id });
    await setUpdatedAt(old.id, new Date(Date.now() - 40 * 24 * 60 * 60 * 1000));
    await aTicket(server, company.id, { status: 'closed', userId: user.id });
    const othersOpen = await aTicket(server, company.id, { status: 'open', userId: company.admin.id });

    const momentIds = async (token: string) => {
      const res = await server.call(api.tickets.moments, { query: {} as never }, as(token));
      expect(res.status).toBe(200);
      return (res.body as Moments).tickets.map((t) => t.id).sort((a, b) => a - b);
    };
    expect(await momentIds(user.token)).toEqual(sorted(waiting.id, mine.id));
    expect(await momentIds(company.admin.token)).toEqual(sorted(waiting.id, mine.id, othersOpen.id));
  });
  it('answers per column only its most recent cards, and how many the column holds', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const more = MOMENTS_PER_COLUMN + 3;
    const minute = (i: number) => new Date(Date.now() - (more - i) * 60_000);
    const waiting: number[] = [];
    const ana: number[] = [];
    for (let i = 0; i < more; i++) {
      const pending = await aTicket(server, company.id);
      await setUpdatedAt(pending.id, minute(i));
      waiting.push(pending.id);
      const open = await aTicket(server, company.id, { status: 'open', userId: user.id });
      await setUpdatedAt(open.id, minute(i));
      ana.push(open.id);
    }
    const admins = await aTicket(server, company.id, { status: 'open', userId: company.admin.id });

    const res = await server.call(api.tickets.moments, { query: {} as never }, as(company.admin.token));
    expect(res.status).toBe(200);
    const body = res.body as Moments;
    const newest = (ids: number[]) => ids.slice(-MOMENTS_PER_COLUMN);
    expect(body.tickets.map((t) => t.id).sort((a, b) => a - b)).toEqual(
      sorted(...newest(waiting), ...newest(ana), admins.id),
    );
    expect(body.waiting).toBe(more);
    expect(body.inService.sort((a, b) => (a.userId ?? 0) - (b.userId ?? 0))).toEqual(
      [
        { userId: user.id, count: more },
        { userId: company.admin.id, count: 1 },
      ].sort((a, b) => a.userId - b.userId),
    );
  });
  it('keeps the newest ids of a column active at one instant, counts pending tickets of a user as waiting and applies the queue filter', async () => {
    const company = await aCompany(server);
    const [shown, other] = [await aQueue(server, company.id), await aQueue(server, company.id)];
    const user = await aUser(server, company.id, { queueIds: [shown.id] });
    const instant = new Date(Date.now() - 60_000);
    const tied: number[] = [];
    for (let i = 0; i < MOMENTS_PER_COLUMN + 2; i++) {
      const pending = await aTicket(server, company.id, { queueId: shown.id });
      await setUpdatedAt(pending.id, instant);
      tied.push(pending.id);
    }
    // Waiting with a user already set: the waiting column counts it, the user's does not.
    const assigned = await aTicket(server, company.id, { queueId: shown.id, userId: user.id });
    await setUpdatedAt(assigned.id, new Date(instant.getTime() - 60_000));
    const open = [
      await aTicket(server, company.id, { status: 'open', queueId: shown.id, userId: user.id }),
      await aTicket(server, company.id, { status: 'open', queueId: shown.id, userId: user.id }),
    ];
    const unassigned = await aTicket(server, company.id, { status: 'open', queueId: shown.id });
    const elsewhere = await aTicket(server, company.id, {
      status: 'open',
      queueId: other.id,
      userId: user.id,
    });

    const moments = async (query: Record<string, string>) => {
      const res = await server.call(api.tickets.moments, { query: query as never }, as(company.admin.token));
      expect(res.status).toBe(200);
      const body = res.body as Moments;
      return { ...body, inService: body.inService.sort((a, b) => (a.userId ?? 0) - (b.userId ?? 0)) };
    };
    const filtered = await moments({ queueIds: `[${shown.id}]` });
    const waitingIds = filtered.tickets.filter((t) => t.status === 'pending').map((t) => t.id);
    expect(waitingIds).toEqual(tied.slice(-MOMENTS_PER_COLUMN).reverse());
    expect(filtered.waiting).toBe(MOMENTS_PER_COLUMN + 3);
    expect(filtered.inService).toEqual([
      { userId: null, count: 1 },
      { userId: user.id, count: 2 },
    ]);
    expect(filtered.tickets.filter((t) => t.status === 'open').map((t) => t.id)).toEqual(
      sorted(...open.map((t) => t.id), unassigned.id).reverse(),
    );
    const all = await moments({});
    expect(all.inService).toEqual([
      { userId: null, count: 1 },
      { userId: user.id, count: 3 },
    ]);
    expect(all.tickets.map((t) => t.id)).toContain(elsewhere.id);
  });
  it('keeps a user’s newest cards across the statuses their column holds', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const made: number[] = [];
    for (let i = 0; i < MOMENTS_PER_COLUMN; i++) {
      for (const status of ['open', 'group'] as const) {
        const ticket = await aTicket(server, company.id, {
          status,
          userId: user.id,
          isGroup: status === 'group',
        });
        await setUpdatedAt(ticket.id, new Date(Date.now() - 60_000 * (made.length + 1)));
        made.push(ticket.id);
      }
    }
    const db = tenantDb(server.database.db, company.id);
    const viewer = adminViewer(company);
    const where = q.ticketListWhere(db, { viewer, showAll: true, statuses: ['pending', 'open', 'group'] });
    const moments = await q.findMoments(db, where, MOMENTS_PER_COLUMN);
    expect(moments.tickets.map((t) => t.id)).toEqual(made.slice(0, MOMENTS_PER_COLUMN));
    expect(moments).toMatchObject({
      waiting: 0,
      inService: [{ userId: user.id, count: 2 * MOMENTS_PER_COLUMN }],
    });
  });
  it('shows each card’s time in service from its acceptance, not its last activity, and cuts the message', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id);
    const user = await aUser(server, company.id, { queueIds: [queue.id] });
    const ticket = await aTicket(server, company.id, { queueId: queue.id, lastMessage: 'x'.repeat(50) });
    await server.database.db
      .insert(ticketTracking)
      .values({ companyId: company.id, ticketId: ticket.id, queueId: queue.id, queuedAt: new Date() });
    const before = Date.now();
    const accepted = await server.call(
      api.tickets.update,
      { params: { id: ticket.id }, body: { status: 'open', userId: user.id, queueId: queue.id } },
      as(user.token),
    );
    expect(accepted.status).toBe(200);
    const after = Date.now();
    // Later activity moves updatedAt, not the time in service.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const activity = new Date();
    await setUpdatedAt(ticket.id, activity);
    const res = await server.call(api.tickets.moments, { query: {} as never }, as(company.admin.token));
    const card = (res.body as Moments).tickets.find((t) => t.id === ticket.id)!;
    const started = Date.parse(card.startedAt!);
    expect(started).toBeGreaterThanOrEqual(before);
    expect(started).toBeLessThanOrEqual(after);
    expect(card.updatedAt).toBe(activity.toISOString());
    expect(card).toMatchObject({
      status: 'open',
      userId: user.id,
      lastMessage: 'x'.repeat(31),
      user: { id: user.id },
      queue: { id: queue.id },
    });
  });
});

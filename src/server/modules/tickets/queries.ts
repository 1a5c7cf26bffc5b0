import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Ticket, TicketStatus } from '../../../shared/api/tickets';
import { DEFAULT_TIME_ZONE } from '../../../shared/schedules';
import { anyOf, selectMany } from '../../db/bulk';
import { perDatabase, runNamed } from '../../db/named';
import {
  companies,
  contacts,
  messages,
  queues,
  tags,
  ticketLogs,
  tickets,
  ticketTags,
  userRatings,
  users,
  whatsapps,
} from '../../db/schema';
import type { Db, DbOrTx, Tx } from '../../platform/database';
import type { TicketLogType } from './history';

export type TicketRow = typeof tickets.$inferSelect;

/** The list shows a 0–10 rating as one of five faces (1-attendance §3 userRating 1 to 5). */
export function ratingOnFiveScale(rate: number) {
  return rate <= 2 ? 1 : rate <= 4 ? 2 : rate <= 6 ? 3 : rate <= 8 ? 4 : 5;
}
export type ContactRow = typeof contacts.$inferSelect;
export type ConnectionRow = typeof whatsapps.$inferSelect;

/** Statuses of a conversation still going on: a contact has at most one per connection. */
export const ACTIVE_STATUSES = ['pending', 'open', 'group'] as const satisfies readonly TicketStatus[];

/** docs/behaviour.md "Inbound message pipeline" 5: the tickets a contact's next message continues. */
export const CONTINUED_STATUSES = [
  ...ACTIVE_STATUSES,
  'nps',
  'lgpd',
] as const satisfies readonly TicketStatus[];

/** The number of tickets matching `where`: inside a page's query it runs once, as an init plan. */
const countOf = (where: SQL) => sql<number>`(select count(*)::int from ${tickets} where ${where})`;

function selectTickets(db: DbOrTx, countWhere: SQL = sql`false`) {
  return db
    .select({
      ticket: tickets,
      contact: {
        id: contacts.id,
        name: contacts.name,
        number: contacts.number,
        urlPicture: contacts.urlPicture,
        isGroup: contacts.isGroup,
        channel: contacts.channel,
      },
      queue: { id: queues.id, name: queues.name, color: queues.color },
      user: { id: users.id, name: users.name },
      whatsapp: {
        id: whatsapps.id,
        name: whatsapps.name,
        channel: whatsapps.channel,
        groupAsTicket: whatsapps.groupAsTicket,
      },
      // In the same query rather than one more: every round trip counts in the inbox and the inbound path.
      tags: sql<Ticket['tags']>`coalesce((
        select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}) order by ${tags.name})
        from ${ticketTags} inner join ${tags} on ${tags.id} = ${ticketTags.tagId}
        where ${ticketTags.ticketId} = ${tickets.id}), '[]'::json)`,
      rate: sql<
        number | null
      >`(select ${userRatings.rate} from ${userRatings} where ${userRatings.ticketId} = ${tickets.id} order by ${userRatings.id} desc limit 1)`,
      total: countOf(countWhere),
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectTickets>['execute']>>[number];

/** Joined rows as the contract's Ticket. */
function toTickets(rows: Joined[]): Ticket[] {
  return rows.map(({ ticket: t, contact, queue, user, whatsapp, tags, rate }) => ({
    id: t.id,
    uuid: t.uuid,
    status: t.status as TicketStatus,
    companyId: t.companyId,
    contactId: t.contactId,
    contact,
    whatsappId: t.whatsappId,
    whatsapp,
    queueId: t.queueId,
    queue,
    userId: t.userId,
    user,
    channel: t.channel,
    lastMessage: t.lastMessage,
    unreadMessages: t.unreadMessages,
    isBot: t.isBot,
    isGroup: t.isGroup,
    useIntegration: t.useIntegration,
    amountUsedBotQueues: t.amountUsedBotQueues,
    tags,
    userRating: rate === null ? null : { rate: ratingOnFiveScale(rate) },
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  }));
}

/** Tickets with contact, queue, user, connection and tags in one query. */
export async function findTickets(db: DbOrTx, where: SQL, orderBy: SQL[]): Promise<Ticket[]> {
  return toTickets(
    await selectTickets(db)
      .where(where)
      .orderBy(...orderBy),
  );
}

export interface TicketPage {
  where: SQL;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/**
 * A page of tickets and the count of all that match, in one round trip. The page is chosen first from
 * `tickets` alone (from its indexes where they cover the conditions), then only its rows are joined:
 * a search matching thousands of tickets does not join them all to keep 40.
 */
export async function findTicketPage(db: DbOrTx, page: TicketPage) {
  const ids = db
    .select({ id: tickets.id })
    .from(tickets)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const rows = await runNamed(
    selectTickets(db, page.where)
      .where(inArray(tickets.id, ids))
      .orderBy(...page.orderBy),
  );
  // A page past the end has no row to carry the count.
  const count = rows[0]?.total ?? (await countTickets(db, page.where));
  return { tickets: toTickets(rows), count };
}

async function countTickets(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(tickets).where(where);
  return row?.count ?? 0;
}

export async function loadTicket(db: DbOrTx, companyId: number, id: number): Promise<Ticket | undefined> {
  const [ticket] = await findTickets(db, and(eq(tickets.companyId, companyId), eq(tickets.id, id))!, []);
  return ticket;
}

/** Tickets by id, as the events after every inbound batch announce them: prepared once per database. */
const ticketsByIds = perDatabase((db) =>
  selectTickets(db)
    .where(
      and(
        eq(tickets.companyId, sql.placeholder('companyId')),
        sql`${tickets.id} = any(${sql.placeholder('ids')})`,
      ),
    )
    .orderBy(asc(tickets.id))
    .prepare('atendo_tickets_by_ids'),
);

export async function loadTicketsByIds(db: Db, companyId: number, ids: number[]): Promise<Ticket[]> {
  if (ids.length === 0) return [];
  return toTickets(await ticketsByIds(db).execute({ companyId, ids }));
}

/** A ticket row by id or by uuid: the first read of most requests, prepared once per database. */
const ticketRowQuery = (key: 'id' | 'uuid') =>
  perDatabase((db) =>
    db
      .select()
      .from(tickets)
      .where(
        and(eq(tickets.companyId, sql.placeholder('companyId')), eq(tickets[key], sql.placeholder('key'))),
      )
      .prepare(`atendo_ticket_by_${key}`),
  );
const ticketById = ticketRowQuery('id');
const ticketByUuid = ticketRowQuery('uuid');

export async function findTicketRow(db: Db, companyId: number, id: number) {
  const [row] = await ticketById(db).execute({ companyId, key: id });
  return row;
}

export async function findTicketRowByUuid(db: Db, companyId: number, uuid: string) {
  const [row] = await ticketByUuid(db).execute({ companyId, key: uuid });
  return row;
}

/** The row, locked until the transaction ends: concurrent changes of one ticket take turns. */
export async function lockTicketRow(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
    .for('update');
  return row;
}

/**
 * docs/behaviour.md "Inbound message pipeline" 3: everything that finds or creates a contact's ticket takes this
 * lock first, so it never runs twice at once for one contact, across processes too. Released at commit.
 */
export async function lockConversation(tx: Tx, companyId: number, contactNumber: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${companyId}, hashtext(${contactNumber}))`);
}

/**
 * The locks of several conversations (an inbound batch, two identities of one person), taken in one
 * order everywhere so that two processes locking overlapping sets never deadlock.
 */
export async function lockConversations(tx: Tx, companyId: number, numbers: string[]) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${companyId}::int, k) from (select distinct hashtext(n) as k from unnest(${sql.param(numbers)}::text[]) as v(n) order by 1) as conversation_keys`,
  );
}

/** The newest ticket of each contact on a connection among `statuses` (contacts without one left out). */
export async function newestTicketsOf(
  db: DbOrTx,
  contactIds: number[],
  whatsappId: number | null,
  statuses: readonly string[],
) {
  if (contactIds.length === 0) return [];
  // The inbound pipeline's read of every batch: one parameter per list (see selectMany).
  const onConnection =
    whatsappId === null ? sql`${tickets.whatsappId} is null` : sql`${tickets.whatsappId} = ${whatsappId}`;
  return selectMany(
    db,
    tickets,
    sql`where ${tickets.contactId} = ${anyOf(contactIds)} and ${onConnection} and ${tickets.status} = ${anyOf(statuses)}
      order by ${tickets.contactId}, ${tickets.updatedAt} desc, ${tickets.id} desc`,
    sql`${tickets.contactId}`,
  );
}

/** A contact's newest ticket among `statuses` on each connection it has one on. */
export async function newestTicketsOfEachConnection(
  db: DbOrTx,
  contactId: number,
  statuses: readonly string[],
) {
  const rows = await db
    .selectDistinctOn([tickets.whatsappId])
    .from(tickets)
    .where(and(eq(tickets.contactId, contactId), inArray(tickets.status, [...statuses])))
    .orderBy(tickets.whatsappId, desc(tickets.updatedAt), desc(tickets.id));
  return new Map(rows.map((row) => [row.whatsappId, row]));
}

/** The newest ticket of a contact on a connection among `statuses`. */
export async function newestTicketOf(
  db: DbOrTx,
  contactId: number,
  whatsappId: number | null,
  statuses: readonly string[],
) {
  const [row] = await newestTicketsOf(db, [contactId], whatsappId, statuses);
  return row;
}

export async function updateTicketRow(db: DbOrTx, id: number, changes: Partial<typeof tickets.$inferInsert>) {
  const [row] = await db
    .update(tickets)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(tickets.id, id))
    .returning();
  return row!;
}

export async function findContact(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
  return row;
}

export async function findConnection(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)));
  return row;
}

/** The company's default connection, else its oldest. */
export async function defaultConnection(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select()
    .from(whatsapps)
    .where(eq(whatsapps.companyId, companyId))
    .orderBy(desc(whatsapps.isDefault), asc(whatsapps.id))
    .limit(1);
  return row;
}

/** The IANA zone the company's clock reads in (service hours, message variables). */
export async function companyTimeZone(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.timezone ?? DEFAULT_TIME_ZONE;
}

export async function findQueue(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select({ id: queues.id, name: queues.name, color: queues.color })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id)));
  return row;
}

export async function findUserOfCompany(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, farewellMessage: users.farewellMessage })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row;
}

export async function ticketHasTags(db: DbOrTx, ticketId: number) {
  const [row] = await db
    .select({ tagId: ticketTags.tagId })
    .from(ticketTags)
    .where(eq(ticketTags.ticketId, ticketId))
    .limit(1);
  return row !== undefined;
}

export async function insertTicketRow(db: DbOrTx, values: typeof tickets.$inferInsert) {
  const [row] = await db.insert(tickets).values(values).returning();
  return row!;
}

/** What deciding who may read a ticket and marking it read take of its row. */
export type ReadableTicket = Pick<
  TicketRow,
  | 'id'
  | 'companyId'
  | 'status'
  | 'userId'
  | 'queueId'
  | 'isGroup'
  | 'unreadMessages'
  | 'whatsappId'
  | 'contactId'
>;

/** What reading a ticket changed: the channel ids now read, and whether its unread count was reset. */
export interface ReadResult {
  wids: string[];
  reset: boolean;
}

/** Marks a ticket's received messages read and its unread count 0. */
export async function markMessagesRead(db: DbOrTx, ticketId: number): Promise<ReadResult> {
  // One statement (atomic, one round trip): opening a chat runs this every time, mostly changing nothing.
  // Reading is not activity: updatedAt (the inbox order) stays.
  const result = await db.execute<{ wids: string[]; reset: boolean }>(sql`
    with read as (
      update ${messages} set read = true
      where ${messages.ticketId} = ${ticketId} and ${messages.read} = false and ${messages.fromMe} = false
      returning ${messages.wid}
    ), reset as (
      update ${tickets} set unread_messages = 0
      where ${tickets.id} = ${ticketId} and ${tickets.unreadMessages} <> 0
      returning ${tickets.id}
    )
    select array(select wid from read) as wids, exists(select 1 from reset) as reset`);
  const [row] = result.rows;
  return { wids: row?.wids ?? [], reset: row?.reset ?? false };
}

/** Deletes a ticket (its messages, logs and tracking go with it); answers its messages' stored files. */
export async function deleteTicketRow(db: DbOrTx, id: number) {
  const files = await db
    .select({ mediaUrl: messages.mediaUrl })
    .from(messages)
    .where(and(eq(messages.ticketId, id), sql`${messages.mediaUrl} is not null`));
  await db.delete(tickets).where(eq(tickets.id, id));
  return files.map((f) => f.mediaUrl);
}

/** The ids of the tickets matching `where`. */
export async function ticketIdsWhere(db: DbOrTx, where: SQL) {
  const rows = await db.select({ id: tickets.id }).from(tickets).where(where).orderBy(asc(tickets.id));
  return rows.map((r) => r.id);
}

/**
 * Closes the tickets matching `where` in one statement: each logged (`log`), its attendance ended.
 * Rows are locked in id order, so two such statements never wait on each other in a circle. Answers
 * each with the status it had.
 */
export async function closeTicketRows(
  db: DbOrTx,
  where: SQL,
  log: { type: TicketLogType; userId: number | null },
) {
  const result = await db.execute<{ id: number; company_id: number; before: string }>(sql`
    with target as (
      select ${tickets.id}, ${tickets.status} from ${tickets} where ${where} order by ${tickets.id} for update
    ), closed as (
      update tickets set status = 'closed', updated_at = now() from target
      where tickets.id = target.id
      returning tickets.id, tickets.company_id, tickets.queue_id, target.status as before
    ), logged as (
      insert into ticket_logs (company_id, ticket_id, user_id, queue_id, type)
      -- A user deleted since the job was asked for leaves the log without one.
      select company_id, id, (select id from users where id = ${log.userId}), queue_id, ${log.type} from closed
    ), tracked as (
      update ticket_tracking set closed_at = now(), updated_at = now()
      where ticket_id in (select id from closed) and closed_at is null
    )
    select id, company_id, before from closed`);
  return result.rows.map((r) => ({ id: Number(r.id), companyId: Number(r.company_id), status: r.before }));
}

export async function ticketLogRows(db: DbOrTx, ticketId: number) {
  return db
    .select({
      id: ticketLogs.id,
      type: ticketLogs.type,
      createdAt: ticketLogs.createdAt,
      user: { id: users.id, name: users.name },
      queue: { id: queues.id, name: queues.name, color: queues.color },
    })
    .from(ticketLogs)
    .leftJoin(users, eq(users.id, ticketLogs.userId))
    .leftJoin(queues, eq(queues.id, ticketLogs.queueId))
    .where(eq(ticketLogs.ticketId, ticketId))
    .orderBy(desc(ticketLogs.createdAt), desc(ticketLogs.id));
}

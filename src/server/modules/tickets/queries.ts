import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  type Column,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  not,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MOMENT_MESSAGE_CHARS,
  type Moments,
  type Ticket,
  type TicketStatus,
} from '../../../shared/api/tickets';
import { DEFAULT_TIME_ZONE } from '../../../shared/schedules';
import {
  type TicketField,
  type Viewer,
  type VisibilityRule,
  visibilityRule,
} from '../../../shared/ticket-visibility';
import { anyOf, selectMany } from '../../db/bulk';
import { fold } from '../../db/fold';
import {
  after,
  decodeCursor,
  encodeCursor,
  type KeyValue,
  keyValuesOf,
  orderOf,
  type SortKey,
  upTo,
} from '../../db/keyset';
import { escapeLike } from '../../db/like';
import { perDatabase, perShape, runNamed, shapeOf, statementName } from '../../db/named';
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
import { scheduleJob } from '../../jobs/queries';
import type { Db, DbOrTx } from '../../platform/database';
import type { TenantDb, TenantInsertValue } from '../../platform/tenant';
import type { TicketLogType } from './history-queries';

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

/** A ticket as the database sends it (ticketJson): its times as JSON text, its author and rating raw. */
type TicketJson = Omit<Ticket, 'status' | 'lastMessageAuthor' | 'userRating' | 'searchMatch'> & {
  status: string;
  lastAuthor: { fromMe: boolean; userId: number | null; userName: string | null } | null;
  rate: number | null;
};

/** A left-joined row as a JSON object, or null when the join found none. */
const joinedJson = (id: Column, fields: SQL) =>
  sql`case when ${id} is null then null else json_build_object(${fields}) end`;

/** The author of a ticket's last message, looked up for that one message (not joined to every one). */
const author = alias(users, 'author');

/**
 * A ticket and what lists show of it as one JSON value: a page's rows then hold one field each instead
 * of forty, which drizzle (and PGlite) read one by one at a cost near the query's own. Tags, the last
 * author and the rating are in the same query rather than more: every round trip counts in the inbox
 * and the inbound path.
 */
const ticketJson = sql<TicketJson>`json_build_object(
  'id', ${tickets.id}, 'uuid', ${tickets.uuid}, 'status', ${tickets.status}, 'companyId', ${tickets.companyId},
  'contactId', ${tickets.contactId}, 'whatsappId', ${tickets.whatsappId}, 'queueId', ${tickets.queueId},
  'userId', ${tickets.userId}, 'channel', ${tickets.channel}, 'lastMessage', ${tickets.lastMessage},
  'unreadMessages', ${tickets.unreadMessages}, 'isBot', ${tickets.isBot}, 'isGroup', ${tickets.isGroup},
  'useIntegration', ${tickets.useIntegration}, 'amountUsedBotQueues', ${tickets.amountUsedBotQueues},
  'createdAt', ${tickets.createdAt}, 'updatedAt', ${tickets.updatedAt},
  'contact', json_build_object('id', ${contacts.id}, 'name', ${contacts.name}, 'number', ${contacts.number},
    'urlPicture', ${contacts.urlPicture}, 'isGroup', ${contacts.isGroup}, 'channel', ${contacts.channel}),
  'queue', ${joinedJson(queues.id, sql`'id', ${queues.id}, 'name', ${queues.name}, 'color', ${queues.color}`)},
  'user', ${joinedJson(users.id, sql`'id', ${users.id}, 'name', ${users.name}`)},
  'whatsapp', ${joinedJson(
    whatsapps.id,
    sql`'id', ${whatsapps.id}, 'name', ${whatsapps.name}, 'channel', ${whatsapps.channel}, 'groupAsTicket', ${whatsapps.groupAsTicket}`,
  )},
  'tags', coalesce((
    select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}) order by ${tags.name})
    from ${ticketTags} inner join ${tags} on ${tags.id} = ${ticketTags.tagId}
    where ${ticketTags.ticketId} = ${tickets.id}), '[]'::json),
  'lastAuthor', (
    select json_build_object('fromMe', ${messages.fromMe}, 'userId', ${messages.userId},
      'userName', (select ${author.name} from ${users} as ${author} where ${author.id} = ${messages.userId}))
    from ${messages}
    where ${messages.ticketId} = ${tickets.id} and ${messages.isPrivate} = false
    order by ${messages.createdAt} desc, ${messages.id} desc limit 1),
  'rate', (select ${userRatings.rate} from ${userRatings} where ${userRatings.ticketId} = ${tickets.id} order by ${userRatings.id} desc limit 1))`;

/**
 * Tickets joined to what lists show of them. Over the tenant handle, or over the database for the
 * prepared statements (which bind the company themselves).
 */
function selectTickets(db: Pick<Db, 'select'>) {
  return db
    .select({ ticket: ticketJson })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectTickets>['execute']>>[number];

/** A ticket as the database sent it, as the contract's Ticket. */
function toTicket({ lastAuthor, rate, ...t }: TicketJson): Ticket {
  return {
    id: t.id,
    uuid: t.uuid,
    status: t.status as TicketStatus,
    companyId: t.companyId,
    contactId: t.contactId,
    contact: t.contact,
    whatsappId: t.whatsappId,
    whatsapp: t.whatsapp,
    queueId: t.queueId,
    queue: t.queue,
    userId: t.userId,
    user: t.user,
    channel: t.channel,
    lastMessage: t.lastMessage,
    lastMessageAuthor: lastAuthor && {
      kind: !lastAuthor.fromMe ? 'contact' : lastAuthor.userId === null ? 'bot' : 'user',
      userId: lastAuthor.userId,
      userName: lastAuthor.userName,
    },
    unreadMessages: t.unreadMessages,
    isBot: t.isBot,
    isGroup: t.isGroup,
    useIntegration: t.useIntegration,
    amountUsedBotQueues: t.amountUsedBotQueues,
    tags: t.tags,
    userRating: rate === null ? null : { rate: ratingOnFiveScale(rate) },
    createdAt: new Date(t.createdAt).toISOString(),
    updatedAt: new Date(t.updatedAt).toISOString(),
  };
}

/** Joined rows as the contract's Ticket. */
const toTickets = (rows: Joined[]): Ticket[] => rows.map((row) => toTicket(row.ticket));

/** Tickets with contact, queue, user, connection and tags in one query. */
export async function findTickets(db: TenantDb, where: SQL, orderBy: SQL[]): Promise<Ticket[]> {
  return toTickets(
    await selectTickets(db)
      .where(where)
      .orderBy(...orderBy),
  );
}

const visibilityColumns: Record<TicketField, Column> = {
  companyId: tickets.companyId,
  status: tickets.status,
  userId: tickets.userId,
  queueId: tickets.queueId,
  isGroup: tickets.isGroup,
};

/** The shared visibility rule as a condition on `tickets`: the server's only copy is this translation. */
function toSql(rule: VisibilityRule): SQL {
  if (typeof rule === 'boolean') return rule ? sql`true` : sql`false`;
  if ('eq' in rule) return eq(visibilityColumns[rule.eq[0]], rule.eq[1]);
  if ('isNull' in rule) return isNull(visibilityColumns[rule.isNull]);
  if ('in' in rule)
    return rule.in[1].length ? inArray(visibilityColumns[rule.in[0]], [...rule.in[1]]) : sql`false`;
  if ('and' in rule) return and(...rule.and.map(toSql)) ?? sql`true`;
  if ('or' in rule) return or(...rule.or.map(toSql)) ?? sql`false`;
  return not(toSql(rule.not));
}

/** 1-attendance §6 for lists: the tickets `viewer` may see. */
export function visibleTicketsWhere(viewer: Viewer, options: { showAll: boolean }): SQL {
  return toSql(visibilityRule(viewer, options.showAll));
}

const matched = alias(tickets, 'matched');

/** How a search in messages finds its tickets (see searchCondition). */
export type MessageSearchPlan = 'matches' | 'walk';

/**
 * searchParam: the contact's name or number (trigram indexes serve the LIKE), and with searchOnMessages
 * the message contents (the GIN index on the folded body's words); names and contents are compared with
 * accents and case folded (db/fold.ts). Written as SQL, which the tenant handle does not scope: its
 * subqueries bind the company themselves.
 *
 * A rare term ('matches') is found from the index: the tickets of its few messages. A common one ('walk')
 * matches a large part of the company's messages, and collecting them all cost seconds: the list is walked
 * in its own order instead, each ticket tested by its messages (the chat index), and the walk stops at the
 * page, which a common term fills after a few dozen tickets.
 */
function searchCondition(companyId: number, text: string, onMessages: MessageSearchPlan | undefined): SQL {
  const like = `%${escapeLike(text)}%`;
  const contactIds = sql`select ${contacts.id} from ${contacts} where ${contacts.companyId} = ${companyId} and (${fold(contacts.name)} like ${fold(like)} or ${contacts.number} ilike ${like})`;
  if (!onMessages) return sql`${tickets.contactId} in (${contactIds})`;
  const words = messageWords(text);
  if (onMessages === 'walk') {
    // A scalar probe, not EXISTS: the planner would turn EXISTS into one hash of every match again. It
    // reads the ticket's few messages from the chat index and tests each (ts_match_vq is what @@ runs,
    // called by name so the planner does not read the term's whole entry in the word index per ticket).
    const holds = sql`(select true from ${messages} where ${messages.ticketId} = ${tickets.id} and ts_match_vq(${bodyWords}, ${termWords(text)}) limit 1)`;
    return sql`(${tickets.contactId} in (${contactIds}) or ${holds} is not null)`;
  }
  // One IN over both sources: an OR of two subqueries would test every ticket of the company.
  return sql`${tickets.id} in (
    select ${messages.ticketId} from ${messages} where ${messages.companyId} = ${companyId} and ${words}
    union all
    select ${matched.id} from ${tickets} as ${matched} where ${matched.companyId} = ${companyId} and ${matched.contactId} in (${contactIds}))`;
}

/** searchParam's condition alone (see searchCondition): a walk tests it ticket by ticket (TicketPage.walk). */
export const ticketSearchWhere = (db: TenantDb, search: NonNullable<TicketFilters['search']>) =>
  searchCondition(db.companyId, search.text, search.onMessages);

/**
 * A message's words, accents and case folded: the stored column `body_words` (migration 0035), that is
 * to_tsvector('simple', atendo_fold(body)), which the GIN index is on. Not in the drizzle schema, so that
 * whole-row reads of messages do not carry it.
 */
const bodyWords = sql`${messages}."body_words"`;
const termWords = (text: string) => sql`plainto_tsquery('simple', ${fold(text)})`;

/** Messages holding every word of `text`, as the GIN index on the folded body answers it. */
const messageWords = (text: string) => sql`${bodyWords} @@ ${termWords(text)}`;

/**
 * Messages of the company a term must match before a search walks the list rather than collect them: from
 * there a ticket of about twenty messages holds the term often enough that a page fills within a few
 * hundred tickets, while collecting that many matches already costs more.
 */
const COMMON_TERM_MESSAGES = 5_000;

/**
 * The head of the list a term is first looked for in: the company's most recently updated tickets, each
 * by its newest messages (a long chat among them is not read whole). When at least a quarter of them hold
 * the term, a walk fills a page of 40 within about 160 tickets.
 */
const HEAD_TICKETS = 40;
const HEAD_MESSAGES = 20;
const HEAD_HOLDING = 10;

/**
 * How a search in messages for `text` starts: a walk when a quarter of the head of the list holds it
 * (commonAmongNewest), `bounded` then since the head says nothing of the rest of the list (TicketPage.walk);
 * otherwise as the word index's count decides (countedSearchPlan).
 */
export async function messageSearchPlan(
  db: TenantDb,
  text: string,
): Promise<{ plan: MessageSearchPlan; bounded: boolean }> {
  if (await commonAmongNewest(db, text)) return { plan: 'walk', bounded: true };
  return { plan: await countedSearchPlan(db, text), bounded: false };
}

/**
 * Whether a quarter of the head of the list (above) holds `text`: about a millisecond from the stored
 * words, where the word index's count cost 20–35 ms for a common word at 2,000,000 messages (the index's
 * entry for it lists some 140,000 messages, all read before the first is fetched).
 */
async function commonAmongNewest(db: TenantDb, text: string): Promise<boolean> {
  const query = termWords(text);
  // Scalar probes, as in the walk: the planner cannot turn them into a join over every message.
  const newest = sql`select ${tickets.id} from ${tickets} where ${tickets.companyId} = ${db.companyId} order by ${tickets.updatedAt} desc, ${tickets.id} desc limit ${HEAD_TICKETS}`;
  const latest = sql`select ${bodyWords} as words from ${messages} where ${messages.ticketId} = head.id order by ${messages.createdAt} desc, ${messages.id} desc limit ${HEAD_MESSAGES}`;
  const head = await db.unscoped.execute<{ n: number }>(
    sql`select count(*)::int as n from (${newest}) as head where (select true from (${latest}) as latest where ts_match_vq(latest.words, ${query}) limit 1) is not null`,
  );
  return Number(head.rows[0]?.n) >= HEAD_HOLDING;
}

/** Whether `text` is common in the company's messages, counted from the word index up to the threshold. */
export async function countedSearchPlan(db: TenantDb, text: string): Promise<MessageSearchPlan> {
  const { rows } = await db.unscoped.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${messages} where ${messages.companyId} = ${db.companyId} and ${messageWords(text)} limit ${COMMON_TERM_MESSAGES}) as found`,
  );
  return Number(rows[0]?.n) >= COMMON_TERM_MESSAGES ? 'walk' : 'matches';
}

/**
 * For each of the tickets, its newest message (deleted ones left out) holding every word of `text`: what a
 * search result shows. A common term ('walk') by ts_match_vq, as in the walk: each ticket's messages are
 * read from the chat index, never the term's whole entry in the word index (a common term's would cost
 * seconds). A rare one from that entry: its few messages, rather than every message of the page's tickets
 * (5,800 for 40 tickets at full scale, a long chat among them).
 */
export async function newestMatchingMessages(
  db: TenantDb,
  ticketIds: number[],
  text: string,
  plan: MessageSearchPlan,
) {
  if (ticketIds.length === 0) return [];
  const holds = plan === 'walk' ? sql`ts_match_vq(${bodyWords}, ${termWords(text)})` : messageWords(text);
  return db
    .selectDistinctOn([messages.ticketId], {
      id: messages.id,
      ticketId: messages.ticketId,
      body: messages.body,
    })
    .from(messages)
    .where(and(inArray(messages.ticketId, ticketIds), eq(messages.isDeleted, false), holds))
    .orderBy(messages.ticketId, desc(messages.createdAt), desc(messages.id));
}

/** Tickets carrying every one of the tags. */
function taggedWithAll(tagIds: number[]): SQL {
  return sql`${tickets.id} in (select ${ticketTags.ticketId} from ${ticketTags} where ${inArray(ticketTags.tagId, tagIds)} group by ${ticketTags.ticketId} having count(*) = ${tagIds.length})`;
}

/** Selected queues keep tickets without a queue: visibility decides whether those show (allTicket). */
const inQueues = (queueIds: number[]) => or(inArray(tickets.queueId, queueIds), isNull(tickets.queueId))!;

/** From the first instant to before the second. */
export type Period = [Date, Date];

/** What lists of tickets are filtered by (the inbox of 1-attendance §7, the dashboard's moments). */
export interface TicketFilters {
  /** Who looks: only the tickets they may see (1-attendance §6), all of them with showAll where allowed. */
  viewer: Viewer;
  showAll: boolean;
  status?: string | undefined;
  statuses?: readonly string[] | undefined;
  queueIds?: number[] | undefined;
  whatsappIds?: number[] | undefined;
  userIds?: number[] | undefined;
  tagIds?: number[] | undefined;
  contactId?: number | undefined;
  createdIn?: Period | undefined;
  updatedIn?: Period | undefined;
  /** With the plan of a search in messages (messageSearchPlan), or none for names and numbers only. */
  search?: { text: string; onMessages: MessageSearchPlan | undefined } | undefined;
}

/** The filters as one condition on the company's tickets; an empty list filters nothing. */
export function ticketListWhere(db: TenantDb, filters: TicketFilters): SQL {
  const { createdIn, updatedIn, search } = filters;
  const where: SQL[] = [visibleTicketsWhere(filters.viewer, { showAll: filters.showAll })];
  if (filters.status) where.push(eq(tickets.status, filters.status));
  if (filters.statuses?.length) where.push(inArray(tickets.status, [...filters.statuses]));
  if (filters.queueIds?.length) where.push(inQueues(filters.queueIds));
  if (filters.whatsappIds?.length) where.push(inArray(tickets.whatsappId, filters.whatsappIds));
  if (filters.userIds?.length) where.push(inArray(tickets.userId, filters.userIds));
  if (filters.tagIds?.length) where.push(taggedWithAll(filters.tagIds));
  if (filters.contactId) where.push(eq(tickets.contactId, filters.contactId));
  if (createdIn) where.push(gte(tickets.createdAt, createdIn[0]), lt(tickets.createdAt, createdIn[1]));
  if (updatedIn) where.push(gte(tickets.updatedAt, updatedIn[0]), lt(tickets.updatedAt, updatedIn[1]));
  if (search) where.push(searchCondition(db.companyId, search.text, search.onMessages));
  return and(...where)!;
}

/** How a list of tickets is ordered. */
export interface TicketListOrder {
  unreadFirst?: boolean | undefined;
  ascending?: boolean | undefined;
}

/**
 * Latest activity first (oldest with `ascending`), unread ones before the rest with `unreadFirst`, ties
 * by the newest id: the keys, and the order's name a cursor carries.
 */
export function ticketListKeys(order: TicketListOrder = {}): { name: string; keys: SortKey[] } {
  const keys: SortKey[] = [];
  if (order.unreadFirst)
    keys.push({ on: sql`(${tickets.unreadMessages} > 0)`, descending: true, type: 'boolean' });
  keys.push(
    { on: tickets.updatedAt, descending: !order.ascending, type: 'timestamptz' },
    { on: tickets.id, descending: true, type: 'int' },
  );
  return { name: `tickets${order.unreadFirst ? '-unread' : ''}${order.ascending ? '-asc' : ''}`, keys };
}

export const ticketListOrder = (order: TicketListOrder = {}): SQL[] => orderOf(ticketListKeys(order).keys);

export interface TicketPage {
  where: SQL;
  order?: TicketListOrder;
  limit: number;
  offset: number;
  /**
   * The cursor of the page before (its last row's keys): the page then continues from there along the
   * index instead of skipping `offset` rows. `offset` still counts the rows before it.
   */
  cursor?: string | undefined;
  /**
   * Count only up to the page (offset, the page and one more when more follow): for a walk over the list
   * (a common word), where counting further walks further than the page did.
   */
  countToPage?: boolean;
  /**
   * The filters' values never change which plan is best (the inbox's tabs: no search, no tags): the
   * page's limits are then written into its statement, whose plan PostgreSQL (and PGlite) may keep
   * after a few runs instead of planning it on every request, which cost as much as running it. Other
   * filters keep their limits as values, so their statements are planned for the values each time.
   */
  planOnce?: boolean;
  /**
   * A condition tested ticket by ticket along the list, which stops at the page (a common word's walk),
   * on at most `within` tickets from where the page starts: `walkedOut` then tells that the page stopped
   * there unfilled, where a walk on would have gone on testing, perhaps the whole list. A walk counts
   * only up to its page (countToPage).
   */
  walk?: { holds: SQL; within?: number };
}

/**
 * Lists count what they hold up to this: the inbox shows "999+" past 999, and counting every one of
 * 90,000 closed tickets (or every ticket a common word is in) cost more than the page itself.
 */
export const TICKET_COUNT_CAP = 1000;

/**
 * A page of tickets, whether more follow, the count of all that match up to TICKET_COUNT_CAP (or to just
 * past the page, deeper), and the cursor the next page continues from, in two round trips. The page is
 * chosen first from `tickets` alone (from its indexes where they cover the conditions), then only its rows
 * are read with their joins: a search matching thousands of tickets does not join them all to keep 40. One
 * row past the page tells whether more follow.
 *
 * With the cursor of the page before, the page's rows are those after that row's keys: an index range
 * from there rather than `offset` rows skipped, so page 100 costs what page 2 does. The count is then the
 * rows before (`offset`, as the client saw them) plus those after the cursor, counted up to the cap: the
 * same figure as offset paging gives while the list holds still, and past the cap no count at all.
 *
 * The statement is built and prepared once per database for each shape of the conditions (their text
 * with the values left out, see shapeOf): the next request of that shape only runs it with its values.
 * A bounded walk (TicketPage.walk) first reads where it must end, the keys of the last ticket it may test.
 */
export async function findTicketPage(db: TenantDb, page: TicketPage) {
  const { name, keys } = ticketListKeys(page.order);
  const from = page.offset > 0 ? decodeCursor(page.cursor, name, keys) : undefined;
  const listed = from ? and(page.where, after(keys, from))! : page.where;
  const skip = from ? 0 : page.offset;
  const within = page.walk?.within;
  const walkEnd = within === undefined ? undefined : await nthTicketKeys(db, listed, keys, skip + within);
  const where = page.walk ? and(listed, page.walk.holds, walkEnd && upTo(keys, walkEnd))! : listed;
  // What is counted past the rows the page starts after: up to the cap, and at least the page and one more.
  const cap = Math.max(TICKET_COUNT_CAP - page.offset, page.limit + 1) + (from ? 0 : page.offset);
  const countToPage =
    page.countToPage || page.walk !== undefined || (from !== undefined && cap <= page.limit + 1);
  // Written into the statement, the count's limit is the cap of the first page for every page after it
  // (one statement for all), and the count is cut to this page's cap below.
  const literal = page.planOnce === true && skip === 0;
  const bound = (value: number, placeholder: string) =>
    literal ? written(value) : sql.placeholder(placeholder);
  const bounds: PageBounds = {
    limit: bound(page.limit + 1, 'limit'),
    offset: skip > 0 ? sql.placeholder('offset') : undefined,
    count: countToPage ? undefined : bound(TICKET_COUNT_CAP, 'count'),
  };
  const values = { companyId: db.companyId, limit: page.limit + 1, offset: skip, count: cap };
  const shape = shapeOf(where);
  const statement = shape
    ? pageStatements(db, `${name} ${page.limit} ${literal} ${skip > 0} ${countToPage} ${shape.key}`, () =>
        prepared(pageQuery(db.unscoped, shape.condition(), keys, bounds)),
      )
    : prepared(pageQuery(db.unscoped, where, keys, bounds));
  const rows = await statement.execute({ ...values, ...shape?.values });
  const hasMore = rows.length > page.limit;
  const last = hasMore ? rows[page.limit - 1]?.key : undefined;
  const cursor = last ? encodeCursor(name, last) : undefined;
  const shown = await pageTickets(
    db,
    rows.slice(0, page.limit).map((row) => row.id),
  );
  const walkedOut = walkEnd !== undefined && !hasMore;
  if (countToPage) return { tickets: shown, count: page.offset + rows.length, hasMore, cursor, walkedOut };
  // A page past the end has no row to carry the count.
  const total = Math.min(rows[0]?.total ?? (await countTickets(db, where, cap)), cap);
  return { tickets: shown, count: total + (from ? page.offset : 0), hasMore, cursor, walkedOut };
}

/**
 * The keys of the list's n-th ticket (1 for the first) when more follow it, else undefined (a walk to the
 * end tests no more than n): an index walk of n.
 */
async function nthTicketKeys(db: TenantDb, where: SQL, keys: SortKey[], n: number) {
  const rows = await db
    .select({ key: keyValuesOf(keys) })
    .from(tickets)
    .where(where)
    .orderBy(...orderOf(keys))
    .limit(2)
    .offset(n - 1);
  return rows.length === 2 ? (JSON.parse(rows[0]!.key) as KeyValue[]) : undefined;
}

/** A page's limits: numbers written into its statement, or placeholders given with each run. */
interface PageBounds {
  limit: Placeholder;
  offset: Placeholder | undefined;
  /** How far the count goes; none when the page counts only up to itself. */
  count: SQL | Placeholder | undefined;
}

/**
 * A number written into a statement's text where drizzle takes a placeholder (its limit and offset
 * render any SQL given there): the planner then knows it whatever the plan it keeps.
 */
const written = (value: number) => sql.raw(String(value)) as unknown as Placeholder;

/**
 * A page's statement: its ids and keys from `tickets` alone (from its indexes where they cover the
 * conditions), one past the page, with the count as an init plan. Over the database: it binds the
 * company itself. The tickets themselves are read by id after it (ticketsByIds, whose one plan serves
 * every page): a statement planned for each request's values (a user's visibility, a search) is then
 * only this small one, where the whole page's planning cost more than running it.
 */
function pageQuery(db: DbOrTx, where: SQL, keys: SortKey[], bounds: PageBounds) {
  const ofCompany = and(eq(tickets.companyId, sql.placeholder('companyId')), where)!;
  const count =
    bounds.count &&
    sql<number>`(select count(*)::int from (select 1 from ${tickets} where ${ofCompany} limit ${bounds.count}) as counted)`;
  const query = db
    .select({ id: tickets.id, key: keyValuesOf(keys), total: count ?? sql<number>`0` })
    .from(tickets)
    .where(ofCompany)
    .orderBy(...orderOf(keys))
    .limit(bounds.limit);
  return bounds.offset ? query.offset(bounds.offset) : query;
}

const prepared = (query: ReturnType<typeof pageQuery>) => query.prepare(statementName(query));

/** The page statements, built and prepared once per database for each shape of the filters. */
const pageStatements = perShape<ReturnType<typeof prepared>>(200);

/** The tickets matching `where`, counted up to `cap`. */
async function countTickets(db: TenantDb, where: SQL, cap: number) {
  const counted = db.select({ one: sql`1` }).from(tickets).where(where).limit(cap).as('counted');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(counted);
  return row?.count ?? 0;
}

export async function loadTicket(db: TenantDb, id: number): Promise<Ticket | undefined> {
  const [ticket] = await findTickets(db, eq(tickets.id, id), []);
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

export async function loadTicketsByIds(db: TenantDb, ids: number[]): Promise<Ticket[]> {
  if (ids.length === 0) return [];
  return toTickets(await ticketsByIds(db).execute({ companyId: db.companyId, ids }));
}

/** A page's tickets, in the page's order; one deleted since its ids were read is left out. */
async function pageTickets(db: TenantDb, ids: number[]): Promise<Ticket[]> {
  const byId = new Map((await loadTicketsByIds(db, ids)).map((ticket) => [ticket.id, ticket]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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

export async function findTicketRow(db: TenantDb, id: number) {
  const [row] = await ticketById(db).execute({ companyId: db.companyId, key: id });
  return row;
}

export async function findTicketRowByUuid(db: TenantDb, uuid: string) {
  const [row] = await ticketByUuid(db).execute({ companyId: db.companyId, key: uuid });
  return row;
}

/** The row, locked until the transaction ends: concurrent changes of one ticket take turns. */
export async function lockTicketRow(tx: TenantDb, id: number) {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
  return row;
}

/**
 * docs/behaviour.md "Inbound message pipeline" 3: everything that finds or creates a contact's ticket
 * takes this lock first (inside its transaction), so it never runs twice at once for one contact, across
 * processes too. Released at commit.
 */
export async function lockConversation(tx: TenantDb, contactNumber: string) {
  await tx.unscoped.execute(sql`select pg_advisory_xact_lock(${tx.companyId}, hashtext(${contactNumber}))`);
}

/**
 * The locks of several conversations (an inbound batch, two identities of one person), taken in one
 * order everywhere so that two processes locking overlapping sets never deadlock.
 */
export async function lockConversations(tx: TenantDb, numbers: string[]) {
  await tx.unscoped.execute(
    sql`select pg_advisory_xact_lock(${tx.companyId}::int, k) from (select distinct hashtext(n) as k from unnest(${sql.param(numbers)}::text[]) as v(n) order by 1) as conversation_keys`,
  );
}

/** The newest ticket of each contact on a connection among `statuses` (contacts without one left out). */
export async function newestTicketsOf(
  db: TenantDb,
  contactIds: number[],
  whatsappId: number | null,
  statuses: readonly string[],
) {
  if (contactIds.length === 0) return [];
  // The inbound pipeline's read of every batch: one parameter per list (see selectMany).
  const onConnection =
    whatsappId === null ? sql`${tickets.whatsappId} is null` : sql`${tickets.whatsappId} = ${whatsappId}`;
  return selectMany(
    db.unscoped,
    tickets,
    sql`where ${tickets.companyId} = ${db.companyId} and ${tickets.contactId} = ${anyOf(contactIds)} and ${onConnection} and ${tickets.status} = ${anyOf(statuses)}
      order by ${tickets.contactId}, ${tickets.updatedAt} desc, ${tickets.id} desc`,
    sql`${tickets.contactId}`,
  );
}

/** A contact's newest ticket among `statuses` on each connection it has one on. */
export async function newestTicketsOfEachConnection(
  db: TenantDb,
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
  db: TenantDb,
  contactId: number,
  whatsappId: number | null,
  statuses: readonly string[],
) {
  const [row] = await newestTicketsOf(db, [contactId], whatsappId, statuses);
  return row;
}

export async function updateTicketRow(
  db: TenantDb,
  id: number,
  changes: Partial<typeof tickets.$inferInsert>,
) {
  const [row] = await db
    .update(tickets)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(tickets.id, id))
    .returning();
  return row!;
}

export async function findContact(db: TenantDb, id: number) {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  return row;
}

export async function findConnection(db: TenantDb, id: number) {
  const [row] = await db.select().from(whatsapps).where(eq(whatsapps.id, id));
  return row;
}

/** The company's default connection, else its oldest. */
export async function defaultConnection(db: TenantDb) {
  const [row] = await db
    .select()
    .from(whatsapps)
    .orderBy(desc(whatsapps.isDefault), asc(whatsapps.id))
    .limit(1);
  return row;
}

/** The IANA zone the company's clock reads in (service hours, message variables). */
export async function companyTimeZone(db: TenantDb) {
  const [row] = await db.select({ timezone: companies.timezone }).from(companies);
  return row?.timezone ?? DEFAULT_TIME_ZONE;
}

export async function findQueue(db: TenantDb, id: number) {
  const [row] = await db
    .select({ id: queues.id, name: queues.name, color: queues.color })
    .from(queues)
    .where(eq(queues.id, id));
  return row;
}

export async function findUserOfCompany(db: TenantDb, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, farewellMessage: users.farewellMessage })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function ticketHasTags(db: TenantDb, ticketId: number) {
  const [row] = await db
    .select({ tagId: ticketTags.tagId })
    .from(ticketTags)
    .where(eq(ticketTags.ticketId, ticketId))
    .limit(1);
  return row !== undefined;
}

export async function insertTicketRow(db: TenantDb, values: TenantInsertValue<typeof tickets>) {
  const [row] = await insertTicketRows(db, [values]);
  return row!;
}

/** Several tickets in one statement, answered in the order given (matched by their uuid). */
export async function insertTicketRows(db: TenantDb, values: TenantInsertValue<typeof tickets>[]) {
  if (values.length === 0) return [];
  const given = values.map((v) => ({ ...v, uuid: randomUUID() }));
  const byUuid = new Map((await db.insert(tickets).values(given).returning()).map((t) => [t.uuid, t]));
  return given.map((v) => byUuid.get(v.uuid)!);
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
export async function markMessagesRead(db: TenantDb, ticketId: number): Promise<ReadResult> {
  // One statement (atomic, one round trip): opening a chat runs this every time, mostly changing nothing.
  // Reading is not activity: updatedAt (the inbox order) stays. The statement binds the company itself.
  const result = await db.unscoped.execute<{ wids: string[]; reset: boolean }>(sql`
    with read as (
      update ${messages} set read = true
      where ${messages.ticketId} = ${ticketId} and ${messages.companyId} = ${db.companyId}
        and ${messages.read} = false and ${messages.fromMe} = false
      returning ${messages.wid}
    ), reset as (
      update ${tickets} set unread_messages = 0
      where ${tickets.id} = ${ticketId} and ${tickets.companyId} = ${db.companyId}
        and ${tickets.unreadMessages} <> 0
      returning ${tickets.id}
    )
    select array(select wid from read) as wids, exists(select 1 from reset) as reset`);
  const [row] = result.rows;
  return { wids: row?.wids ?? [], reset: row?.reset ?? false };
}

/** Deletes a ticket (its messages, logs and tracking go with it); answers its messages' stored files. */
export async function deleteTicketRow(db: TenantDb, id: number) {
  const files = await db
    .select({ mediaUrl: messages.mediaUrl })
    .from(messages)
    .where(and(eq(messages.ticketId, id), sql`${messages.mediaUrl} is not null`));
  await db.delete(tickets).where(eq(tickets.id, id));
  return files.map((f) => f.mediaUrl);
}

/** The ids of the company's tickets of `status` in `queueIds` (none: in any queue or none), by id. */
export async function ticketIdsOfStatus(db: TenantDb, status: string, queueIds: number[]) {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.status, status), queueIds.length ? inArray(tickets.queueId, queueIds) : undefined))
    .orderBy(asc(tickets.id));
  return rows.map((r) => r.id);
}

type CloseLog = { type: TicketLogType; userId: number | null };

/**
 * Closes the tickets matching `where` in one statement: each logged (`log`), its attendance ended.
 * Rows are locked in id order, so two such statements never wait on each other in a circle. Answers
 * each with the status it had.
 */
async function closeRows(db: DbOrTx, where: SQL, log: CloseLog) {
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

/** closeRows over the company's tickets matching `where`: the statement binds the company itself. */
export function closeTicketRows(db: TenantDb, where: SQL, log: CloseLog) {
  return closeRows(db.unscoped, and(eq(tickets.companyId, db.companyId), where)!, log);
}

/** What a close-all job was asked for, as it is now: those of `ids` still of `status`, closed by `userId`. */
export function closeTicketsStillOfStatus(db: TenantDb, ids: number[], status: string, userId: number) {
  return closeTicketRows(
    db,
    sql`${tickets.status} = ${status} and ${tickets.id} = any(${sql.param(ids)}::int[])`,
    { type: 'closed', userId },
  );
}

/**
 * closeRows across every company (the platform's auto-close sweep, which no one company's handle can
 * run): `where` chooses each company's tickets by that company's own settings.
 */
export function closeTicketRowsOfEveryCompany(db: DbOrTx, where: SQL, log: CloseLog) {
  return closeRows(db, where, log);
}

/** A job of the company (the job's row carries it, and its handler builds the company's handle from it). */
export function scheduleCompanyJob(db: TenantDb, job: Omit<Parameters<typeof scheduleJob>[1], 'companyId'>) {
  return scheduleJob(db.unscoped, { ...job, companyId: db.companyId });
}

export async function ticketLogRows(db: TenantDb, ticketId: number) {
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

/** A card of the attendance panel as the statement answers it (JSON), with its column and the column's count. */
interface MomentCard {
  waiting: boolean;
  columnUser: number | null;
  total: number;
  id: number;
  uuid: string;
  status: TicketStatus;
  userId: number | null;
  unreadMessages: number;
  lastMessage: string;
  updatedAt: string;
  startedAt: string | null;
  contactId: number;
  contactName: string;
  contactNumber: string;
  contactIsGroup: boolean;
  queueId: number | null;
  queueName: string | null;
  queueColor: string | null;
  userName: string | null;
  whatsappId: number | null;
  whatsappName: string | null;
}

/**
 * The attendance panel (2-administration §3 "Moment ticket"): its columns — the waiting tickets (pending)
 * and, for the rest, one per user (null: without one) — each with its `perColumn` most recently active
 * cards and how many it holds. A card has only what it shows: the start of the ticket's current attendance
 * (time in service) and the last message cut to what a card shows plus one character (it tells the client
 * to add an ellipsis); no tags, author or rating.
 *
 * One statement, prepared. The counts are one GROUP BY (status, user) over an index; the cards are then a
 * walk of at most `perColumn` entries per column along an index in list order (the waiting column by
 * status, each user's by status and user), so the ~10,000 tickets in service are counted, never sorted
 * (ranking them all within their columns cost most of the answer on PGlite). Only the kept cards are
 * joined, and they come back as one JSON value: on PGlite, 500 rows of 20 columns cost four times what the
 * same cards as one value do.
 */
export async function findMoments(db: TenantDb, where: SQL, perColumn: number): Promise<Moments> {
  const matching = sql`${tickets.companyId} = ${db.companyId} and ${where}`;
  const newest = sql`order by ${tickets.updatedAt} desc, ${tickets.id} desc limit ${perColumn}`;
  const walk = sql`select ${tickets.id} as id, ${tickets.updatedAt} as updated_at from ${tickets} where ${matching}`;
  const cards = sql`
    with pairs as (
      select ${tickets.status} as status, ${tickets.userId} as user_id, count(*)::int as n
      from ${tickets} where ${matching} group by 1, 2
    ), columns as (
      select status, user_id, status = 'pending' as waiting,
        sum(n) over (partition by status = 'pending', case when status = 'pending' then null else user_id end)::int as total
      from pairs
    ), kept as (
      select true as waiting, null::int as column_user, c.total, k.id, k.updated_at
      from (select total from columns where waiting limit 1) c
      cross join lateral (${walk} and ${tickets.status} = 'pending' ${newest}) k
      union all
      select false, c.user_id, c.total, k.id, k.updated_at from columns c
      cross join lateral (${walk} and ${tickets.status} = c.status and ${tickets.userId} = c.user_id ${newest}) k
      where not c.waiting and c.user_id is not null
      union all
      select false, null, c.total, k.id, k.updated_at from columns c
      cross join lateral (${walk} and ${tickets.status} = c.status and ${tickets.userId} is null ${newest}) k
      where not c.waiting and c.user_id is null
    ), ranked as (
      -- A user's column walked once per status it holds keeps the newest of them.
      select kept.*, row_number() over (partition by waiting, column_user order by updated_at desc, id desc) as rank
      from kept
    )
    select r.waiting, r.column_user as "columnUser", r.total, t.id, t.uuid, t.status, t.user_id as "userId",
      t.unread_messages as "unreadMessages", left(t.last_message, ${MOMENT_MESSAGE_CHARS + 1}) as "lastMessage",
      t.updated_at as "updatedAt",
      (select tr.started_at from ticket_tracking tr where tr.ticket_id = t.id order by tr.id desc limit 1) as "startedAt",
      c.id as "contactId", c.name as "contactName", c.number as "contactNumber", c.is_group as "contactIsGroup",
      q.id as "queueId", q.name as "queueName", q.color as "queueColor", u.name as "userName",
      w.id as "whatsappId", w.name as "whatsappName"
    from ranked r
    join ${tickets} t on t.id = r.id
    join ${contacts} c on c.id = t.contact_id
    left join ${queues} q on q.id = t.queue_id
    left join ${users} u on u.id = t.user_id
    left join ${whatsapps} w on w.id = t.whatsapp_id
    where r.rank <= ${perColumn}`;
  const [row] = await runNamed(
    db.unscoped
      .select({
        cards: sql<MomentCard[] | null>`json_agg(m order by m."updatedAt" desc, m.id desc)`,
      })
      .from(sql`(${cards}) m`),
  );
  const rows = row?.cards ?? [];
  const inService = new Map<number | null, number>();
  for (const r of rows) if (!r.waiting) inService.set(r.columnUser, r.total);
  return {
    tickets: rows.map((r) => ({
      id: r.id,
      uuid: r.uuid,
      status: r.status,
      userId: r.userId,
      unreadMessages: r.unreadMessages,
      lastMessage: r.lastMessage,
      updatedAt: new Date(r.updatedAt).toISOString(),
      startedAt: r.startedAt === null ? null : new Date(r.startedAt).toISOString(),
      contact: { id: r.contactId, name: r.contactName, number: r.contactNumber, isGroup: r.contactIsGroup },
      queue: r.queueId === null ? null : { id: r.queueId, name: r.queueName!, color: r.queueColor! },
      user: r.userId === null || r.userName === null ? null : { id: r.userId, name: r.userName },
      whatsapp: r.whatsappId === null ? null : { id: r.whatsappId, name: r.whatsappName! },
    })),
    waiting: rows.find((r) => r.waiting)?.total ?? 0,
    inService: [...inService].map(([userId, count]) => ({ userId, count })),
  };
}

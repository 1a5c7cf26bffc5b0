import {
  and,
  type Column,
  eq,
  inArray,
  isNull,
  lt,
  max,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Message } from '../../../shared/api/messages';
import { after, decodeCursor, encodeCursor, keyValuesOf, orderOf, type SortKey } from '../../db/keyset';
import { perDatabase, runNamed } from '../../db/named';
import { contacts, messages, queues, tickets, users } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/database';
import type { TenantDb, TenantInsertValue } from '../../platform/tenant';
import type { ReadableTicket } from '../tickets/queries';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

const quoted = alias(messages, 'quoted');

/** Where the answer points for a message's media: the authenticated media route. */
const mediaUrlOf = (messageId: number) => `/api/messages/media/${messageId}`;

/**
 * Messages (and `extra` fields) with what each is shown with, as one JSON value a message: through the
 * tenant handle, or the database itself for a query that binds the company on its own (the chat page).
 */
function selectMessages<Extra extends Record<string, SQL>>(db: Pick<Db, 'select'>, extra: Extra) {
  return db
    .select({ message: messageJson, ...extra })
    .from(messages)
    .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
    .leftJoin(contacts, eq(contacts.id, messages.contactId))
    .leftJoin(users, eq(users.id, messages.userId))
    .leftJoin(queues, eq(queues.id, messages.queueId));
}

/** A chat's order, newest first: the keys of its pages' cursors too. */
const chatKeys: SortKey[] = [
  { on: messages.createdAt, descending: true, type: 'timestamptz' },
  { on: messages.id, descending: true, type: 'int' },
];
const CHAT_ORDER = 'chat';
const newestFirst = orderOf(chatKeys);

/** Messages with quoted message, sender contact, user and queue in one query, newest first. */
export async function findMessages(db: TenantDb, where: SQL): Promise<Message[]> {
  const rows = await selectMessages(db, {})
    .where(where)
    .orderBy(...newestFirst);
  return rows.map((row) => fromJson(row.message));
}

/** The chat's ticket, found by uuid in the company: inside a page's query it runs once, as an init plan. */
const chatTicket = (companyId: unknown, uuid: unknown, fields: SQL) =>
  sql`(select ${fields} from ${tickets} where ${tickets.companyId} = ${companyId} and ${tickets.uuid} = ${uuid})`;

/** What the chat needs of its ticket to check who may read it and to mark it read, as one JSON value. */
const readableFields = sql`json_build_object('id', ${tickets.id}, 'companyId', ${tickets.companyId}, 'status', ${tickets.status},
  'userId', ${tickets.userId}, 'queueId', ${tickets.queueId}, 'isGroup', ${tickets.isGroup},
  'unreadMessages', ${tickets.unreadMessages}, 'whatsappId', ${tickets.whatsappId}, 'contactId', ${tickets.contactId})`;

/** What `toMessage` reads of a stored message. */
type ShownMessage = Pick<
  MessageRow,
  | 'id'
  | 'wid'
  | 'clientId'
  | 'ticketId'
  | 'body'
  | 'fromMe'
  | 'read'
  | 'mediaType'
  | 'mediaUrl'
  | 'ack'
  | 'isDeleted'
  | 'isEdited'
  | 'isForwarded'
  | 'isPrivate'
  | 'participant'
  | 'createdAt'
  | 'updatedAt'
>;

/** A chat page's message as the database sends it: its times as JSON text, its joins inside. */
type MessageJson = Omit<ShownMessage, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
} & MessageJoins;

/** A joined row as a JSON object, or null when the left join found none. */
const joinedJson = (id: SQL | Column, fields: SQL) =>
  sql`case when ${id} is null then null else json_build_object(${fields}) end`;

/**
 * A message and what it is shown with as one JSON value: a page's rows then hold three fields each
 * instead of thirty-six, and reading fields one by one cost PGlite more than running the query.
 */
const messageJson = sql<MessageJson>`json_build_object(
  'id', ${messages.id}, 'wid', ${messages.wid}, 'clientId', ${messages.clientId}, 'ticketId', ${messages.ticketId},
  'body', ${messages.body}, 'fromMe', ${messages.fromMe}, 'read', ${messages.read}, 'mediaType', ${messages.mediaType},
  'mediaUrl', ${messages.mediaUrl}, 'ack', ${messages.ack}, 'isDeleted', ${messages.isDeleted},
  'isEdited', ${messages.isEdited}, 'isForwarded', ${messages.isForwarded}, 'isPrivate', ${messages.isPrivate},
  'participant', ${messages.participant}, 'createdAt', ${messages.createdAt}, 'updatedAt', ${messages.updatedAt},
  'quoted', ${joinedJson(quoted.id, sql`'id', ${quoted.id}, 'body', ${quoted.body}, 'fromMe', ${quoted.fromMe}, 'mediaType', ${quoted.mediaType}`)},
  'contact', ${joinedJson(contacts.id, sql`'id', ${contacts.id}, 'name', ${contacts.name}`)},
  'user', ${joinedJson(users.id, sql`'id', ${users.id}, 'name', ${users.name}`)},
  'queue', ${joinedJson(queues.id, sql`'id', ${queues.id}, 'name', ${queues.name}, 'color', ${queues.color}`)})`;

const fromJson = ({ quoted, contact, user, queue, ...message }: MessageJson) =>
  toMessage(
    { ...message, createdAt: new Date(message.createdAt), updatedAt: new Date(message.updatedAt) },
    { quoted, contact, user, queue },
  );

type Bound = number | Placeholder;

/**
 * A page of a chat's messages (those `filter` keeps) with its ticket, newest first, and `limit` rows from
 * `offset`. The page's ids are chosen first from the chat's index alone, then only they are joined and
 * built into JSON: an older page of a long chat skips index entries, not joined rows.
 */
function chatPage(
  db: DbOrTx,
  companyId: unknown,
  uuid: unknown,
  filter: SQL | undefined,
  page: { limit: Bound; offset: Bound },
) {
  const ticketId = chatTicket(companyId, uuid, sql`${tickets.id}`);
  // The subquery's own `messages` (the closest in scope) is what `filter` and the ordering speak of.
  const ids = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), filter))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  return selectMessages(db, {
    ticket: sql<ReadableTicket>`${chatTicket(companyId, uuid, readableFields)}`,
    key: keyValuesOf(chatKeys),
  })
    .where(inArray(messages.id, ids))
    .orderBy(...newestFirst);
}

/** The chat's page with nothing filtered (its hot path): built and prepared once per database. */
const chatPageQuery = perDatabase((db: DbOrTx) =>
  chatPage(db, sql.placeholder('companyId'), sql.placeholder('uuid'), undefined, {
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  }).prepare('atendo_chat_page'),
);

/** An older page from the cursor of the one before (its oldest message's keys), nothing else filtered. */
const chatPageAfterQuery = perDatabase((db: DbOrTx) =>
  chatPage(
    db,
    sql.placeholder('companyId'),
    sql.placeholder('uuid'),
    after(chatKeys, [sql.placeholder('createdAt'), sql.placeholder('id')]),
    { limit: sql.placeholder('limit'), offset: 0 },
  ).prepare('atendo_chat_page_after'),
);

/**
 * GET /messages/:uuid's read, in one round trip: a page of the chat's messages (those `filter` keeps),
 * newest first, whether older ones follow (one more row is read for it, where a count of a long chat cost
 * more than its page), the cursor the next older page continues from, and the ticket with them (undefined
 * when the page is empty: the caller reads it on its own). Prepared statements, which bind the company
 * themselves: the ticket is found by uuid in the company, its messages by the ticket alone.
 *
 * With the cursor of the page before, the page is the messages older than that page's oldest: a range
 * of the chat index from there instead of `offset` entries skipped.
 */
export async function findChatPage(
  db: TenantDb,
  uuid: string,
  filter: SQL | undefined,
  page: { limit: number; offset: number; cursor?: string | undefined },
): Promise<{
  ticket: ReadableTicket | undefined;
  messages: Message[];
  hasMore: boolean;
  cursor: string | undefined;
}> {
  const { companyId, unscoped } = db;
  const from = page.offset > 0 ? decodeCursor(page.cursor, CHAT_ORDER, chatKeys) : undefined;
  const probe = { limit: page.limit + 1, offset: from ? 0 : page.offset };
  const rows = filter
    ? await runNamed(
        chatPage(unscoped, companyId, uuid, from ? and(filter, after(chatKeys, from)) : filter, probe),
      )
    : from
      ? await chatPageAfterQuery(unscoped).execute({
          companyId,
          uuid,
          createdAt: from[0],
          id: from[1],
          limit: probe.limit,
        })
      : await chatPageQuery(unscoped).execute({ companyId, uuid, ...probe });
  const hasMore = rows.length > page.limit;
  const last = hasMore ? rows[page.limit - 1]?.key : undefined;
  const shown = rows.slice(0, page.limit).map((row) => fromJson(row.message));
  return {
    ticket: rows[0]?.ticket,
    messages: shown,
    hasMore,
    cursor: last ? encodeCursor(CHAT_ORDER, last) : undefined,
  };
}

/** A chat's messages of these queues, and those without one. */
export const ofQueues = (ids: number[]) => or(inArray(messages.queueId, ids), isNull(messages.queueId));

/** What a message is shown with: the message it quotes, its sender contact, user and queue. */
export interface MessageJoins {
  quoted: Pick<MessageRow, 'id' | 'body' | 'fromMe' | 'mediaType'> | null;
  contact: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
}

/** A stored message as the contract's Message. */
export function toMessage(m: ShownMessage, { quoted, contact, user, queue }: MessageJoins): Message {
  return {
    id: m.id,
    wid: m.wid,
    clientId: m.clientId,
    ticketId: m.ticketId,
    body: m.body,
    fromMe: m.fromMe,
    read: m.read,
    mediaType: m.mediaType,
    mediaUrl: m.mediaUrl ? mediaUrlOf(m.id) : null,
    ack: m.ack,
    isDeleted: m.isDeleted,
    isEdited: m.isEdited,
    isForwarded: m.isForwarded,
    isPrivate: m.isPrivate,
    quotedMsg: quoted && {
      id: quoted.id,
      body: quoted.body,
      fromMe: quoted.fromMe,
      mediaType: quoted.mediaType,
    },
    contact,
    user,
    queue,
    participant: m.participant,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

export async function loadMessage(db: TenantDb, id: number): Promise<Message | undefined> {
  const [message] = await findMessages(db, eq(messages.id, id));
  return message;
}

export async function findMessageRow(db: TenantDb, id: number) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

export async function findMessageByClientId(db: TenantDb, clientId: string) {
  const [row] = await db.select().from(messages).where(eq(messages.clientId, clientId));
  return row;
}

/** Inserts unless the channel id (or client id) is already stored; undefined then. */
export async function insertMessageOnce(db: TenantDb, values: TenantInsertValue<typeof messages>) {
  // Stamped by the server's clock unless the channel gave the time, as the attendance records are: the
  // dashboard's first response compares the two (docs/metrics.md).
  const [row] = await db
    .insert(messages)
    .values({ createdAt: new Date(), ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Several messages in one statement (each with its own unique channel id), stamped as insertMessageOnce does. */
export function insertMessages(db: TenantDb, values: TenantInsertValue<typeof messages>[]) {
  const now = new Date();
  return db
    .insert(messages)
    .values(values.map((v) => ({ createdAt: now, ...v })))
    .returning();
}

export async function deleteMessageRow(db: TenantDb, id: number) {
  await db.delete(messages).where(eq(messages.id, id));
}

export async function updateMessageRow(db: TenantDb, id: number, changes: Partial<NewMessage>) {
  const [row] = await db
    .update(messages)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(messages.id, id))
    .returning();
  return row!;
}

/** Each message's channel id once sent (scheduled messages due together), in one statement. */
export async function setWids(db: TenantDb, list: { id: number; wid: string }[]) {
  if (list.length === 0) return;
  const at = sql`array_position(${sql.param(list.map((m) => m.id))}::int[], ${messages.id})`;
  await db
    .update(messages)
    .set({ wid: sql`(${sql.param(list.map((m) => m.wid))}::text[])[${at}]`, updatedAt: new Date() })
    .where(
      inArray(
        messages.id,
        list.map((m) => m.id),
      ),
    );
}

/** Acks only ever increase (docs/behaviour.md "Inbound message pipeline" 7): a late lower ack changes nothing. */
export async function raiseAck(db: TenantDb, wid: string, ack: number) {
  const [row] = await db
    .update(messages)
    .set({ ack, updatedAt: new Date() })
    .where(and(eq(messages.wid, wid), sql`${messages.ack} < ${ack}`))
    .returning();
  return row;
}

/** A channel's edit or delete of a message it sent us: the message with that channel id changes. */
export async function updateMessageByWid(db: TenantDb, wid: string, changes: Partial<NewMessage>) {
  const [row] = await db
    .update(messages)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(messages.wid, wid))
    .returning({ id: messages.id, mediaUrl: messages.mediaUrl });
  return row;
}

/** When the contact last wrote on a connection (its messages of every ticket there), or null. */
export async function lastReceivedAt(db: TenantDb, of: { contactId: number; whatsappId: number | null }) {
  if (of.whatsappId === null) return null;
  const [row] = await db
    .select({ at: max(messages.createdAt) })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(
      and(
        eq(tickets.contactId, of.contactId),
        eq(tickets.whatsappId, of.whatsappId),
        eq(messages.fromMe, false),
        eq(messages.isPrivate, false),
      ),
    );
  return row?.at ?? null;
}

/**
 * A watermark (Messenger's deliveries and reads): every message sent to the contact `number` on a
 * connection up to `until` reaches `ack`, those past it already keep theirs. Answers the changed ids.
 */
export function raiseAcksUpTo(
  db: TenantDb,
  to: { whatsappId: number; number: string },
  until: Date,
  ack: number,
) {
  const conversations = db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.whatsappId, to.whatsappId), eq(contacts.number, to.number)));
  return db
    .update(messages)
    .set({ ack, updatedAt: new Date() })
    .where(
      and(
        inArray(messages.ticketId, conversations),
        eq(messages.fromMe, true),
        eq(messages.isPrivate, false),
        // The watermark counts milliseconds; the database keeps microseconds: its whole millisecond counts.
        lt(messages.createdAt, new Date(until.getTime() + 1)),
        lt(messages.ack, ack),
      ),
    )
    .returning({ id: messages.id });
}

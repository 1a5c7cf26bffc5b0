import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Message } from '../../../shared/api/messages';
import type { Db, DbOrTx } from '../../db/client';
import { perDatabase, runNamed } from '../../db/named';
import { contacts, messages, queues, users } from '../../db/schema';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

const quoted = alias(messages, 'quoted');

/** Where the answer points for a message's media: the authenticated media route. */
const mediaUrlOf = (messageId: number) => `/api/messages/media/${messageId}`;

/** The number of messages matching `where`: inside a page's query it runs once, as an init plan. */
const countOf = (where: SQL) => sql<number>`(select count(*)::int from ${messages} where ${where})`;

function selectMessages(db: DbOrTx, countWhere: SQL = sql`false`) {
  return db
    .select({
      message: messages,
      quoted: { id: quoted.id, body: quoted.body, fromMe: quoted.fromMe, mediaType: quoted.mediaType },
      contact: { id: contacts.id, name: contacts.name },
      user: { id: users.id, name: users.name },
      queue: { id: queues.id, name: queues.name, color: queues.color },
      total: countOf(countWhere),
    })
    .from(messages)
    .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
    .leftJoin(contacts, eq(contacts.id, messages.contactId))
    .leftJoin(users, eq(users.id, messages.userId))
    .leftJoin(queues, eq(queues.id, messages.queueId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];
const toMessages = (rows: Joined[]) =>
  rows.map(({ message, total: _total, ...joins }) => toMessage(message, joins));
const newestFirst = [desc(messages.createdAt), desc(messages.id)];

/** Messages with quoted message, sender contact, user and queue in one query, newest first. */
export async function findMessages(db: DbOrTx, where: SQL): Promise<Message[]> {
  return toMessages(
    await selectMessages(db)
      .where(where)
      .orderBy(...newestFirst),
  );
}

async function countMessages(db: DbOrTx, where: SQL) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(messages).where(where);
  return row?.count ?? 0;
}

/** A chat's page with nothing filtered (the chat's hot path): built and prepared once per database. */
const chatPageQuery = perDatabase((db) => {
  const where = eq(messages.ticketId, sql.placeholder('ticketId'));
  return selectMessages(db, where)
    .where(where)
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('atendo_chat_page');
});

/**
 * A page of a ticket's messages (only those `filter` keeps, when given), newest first, and the count of
 * all that match, in one round trip. The caller found the ticket in its company, so its messages are the
 * company's: without a company condition the count reads the (ticket, createdAt, id) index alone
 * instead of every message row of a long chat.
 */
export async function findMessagePage(
  db: Db,
  ticketId: number,
  filter: SQL | undefined,
  page: { limit: number; offset: number },
) {
  const where = and(eq(messages.ticketId, ticketId), filter)!;
  const rows = filter
    ? await runNamed(
        selectMessages(db, where)
          .where(where)
          .orderBy(...newestFirst)
          .limit(page.limit)
          .offset(page.offset),
      )
    : await chatPageQuery(db).execute({ ticketId, ...page });
  // A page past the end has no row to carry the count.
  const count = rows[0]?.total ?? (await countMessages(db, where));
  return { messages: toMessages(rows), count };
}

/** What a message is shown with: the message it quotes, its sender contact, user and queue. */
export interface MessageJoins {
  quoted: Pick<MessageRow, 'id' | 'body' | 'fromMe' | 'mediaType'> | null;
  contact: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
}

/** A stored message as the contract's Message. */
export function toMessage(m: MessageRow, { quoted, contact, user, queue }: MessageJoins): Message {
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

export async function loadMessage(db: DbOrTx, companyId: number, id: number): Promise<Message | undefined> {
  const [message] = await findMessages(db, and(eq(messages.companyId, companyId), eq(messages.id, id))!);
  return message;
}

export async function findMessageRow(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
  return row;
}

export async function findMessageByClientId(db: DbOrTx, companyId: number, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.clientId, clientId)));
  return row;
}

/** Inserts unless the channel id (or client id) is already stored; undefined then. */
export async function insertMessageOnce(db: DbOrTx, values: NewMessage) {
  const [row] = await db.insert(messages).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateMessageRow(db: DbOrTx, id: number, changes: Partial<NewMessage>) {
  const [row] = await db
    .update(messages)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(messages.id, id))
    .returning();
  return row!;
}

/** Acks only ever increase (BEHAVIOUR "Inbound message pipeline" 7): a late lower ack changes nothing. */
export async function raiseAck(db: DbOrTx, companyId: number, wid: string, ack: number) {
  const [row] = await db
    .update(messages)
    .set({ ack, updatedAt: new Date() })
    .where(and(eq(messages.companyId, companyId), eq(messages.wid, wid), sql`${messages.ack} < ${ack}`))
    .returning();
  return row;
}

import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Message } from '../../../shared/api/messages';
import type { DbOrTx } from '../../db/client';
import { contacts, messages, queues, users } from '../../db/schema';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

const quoted = alias(messages, 'quoted');

/** Where the answer points for a message's media: the authenticated media route. */
const mediaUrlOf = (messageId: number) => `/api/messages/media/${messageId}`;

/** Messages with quoted message, sender contact, user and queue in one query. */
export async function findMessages(
  db: DbOrTx,
  where: SQL,
  page: { limit?: number; offset?: number } = {},
): Promise<Message[]> {
  let query = db
    .select({
      message: messages,
      quoted: { id: quoted.id, body: quoted.body, fromMe: quoted.fromMe, mediaType: quoted.mediaType },
      contact: { id: contacts.id, name: contacts.name },
      user: { id: users.id, name: users.name },
      queue: { id: queues.id, name: queues.name, color: queues.color },
    })
    .from(messages)
    .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
    .leftJoin(contacts, eq(contacts.id, messages.contactId))
    .leftJoin(users, eq(users.id, messages.userId))
    .leftJoin(queues, eq(queues.id, messages.queueId))
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  const rows = await query;
  return rows.map(({ message, ...joins }) => toMessage(message, joins));
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

export async function findMessageByWid(db: DbOrTx, companyId: number, wid: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.wid, wid)));
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

export async function countTicketMessages(db: DbOrTx, where: SQL) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(messages).where(where);
  return row?.count ?? 0;
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { companySettings, contacts, messages, tickets, whatsapps } from '../db/schema';
import type { ServerDeps } from '../http/router';
import { removeMedia, storeMedia } from '../modules/messages/media-store';
import {
  findMessageByWid,
  type MessageJoins,
  type MessageRow,
  raiseAck,
  toMessage,
} from '../modules/messages/queries';
import { recordCreated, startTracking, writeLog } from '../modules/tickets/history';
import { publishMessage } from '../modules/tickets/publish';
import * as tq from '../modules/tickets/queries';
import type { TicketScope } from '../modules/tickets/visibility';
import { BufferedEvents } from '../realtime/event-sink';
import { emitAppMessage, emitTicketUpdate } from '../realtime/ticket-events';
import type { ChannelEvents, ConnectionRef, ConnectionStatus, InboundMessage } from './driver';

/** BEHAVIOUR "Inbound message pipeline" 5: tickets an inbound message continues. */
const CONTINUED_STATUSES = ['pending', 'open', 'group', 'nps', 'lgpd'];

/** Thrown inside the transaction when the message is already stored, to undo what it began. */
class AlreadyStored extends Error {}

/**
 * Runs the tasks of one key one after another within this process. The advisory lock already keeps a
 * contact's messages in turn across processes; queueing here first means a burst from one contact waits
 * without holding a pooled database connection per message.
 */
class KeyedQueue {
  private tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

async function findConnectionRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(whatsapps).where(eq(whatsapps.id, id));
  return row;
}

/** The connection with its company's lgpdHideNumber in the same round trip (one inbound, few queries). */
async function findConnectionForInbound(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      connection: whatsapps,
      hideNumber: sql<
        string | null
      >`(select ${companySettings.value} from ${companySettings} where ${companySettings.companyId} = ${whatsapps.companyId} and ${companySettings.key} = 'lgpdHideNumber')`,
    })
    .from(whatsapps)
    .where(eq(whatsapps.id, id));
  return row && { connection: row.connection, hideNumbers: row.hideNumber === 'enabled' };
}

const byNumber = (companyId: number, number: string) =>
  and(eq(contacts.companyId, companyId), eq(contacts.number, number));

/**
 * Step 3, with the first lookup of step 4 in the same statement: takes the conversation's advisory lock
 * (see lockConversation) and reads the contact, if known. The read may predate the lock; a contact
 * created meanwhile is then found by the insert's conflict below, and later statements see it all.
 */
async function lockAndFindContact(tx: Tx, companyId: number, number: string) {
  const [row] = await tx
    .select({ contact: contacts })
    .from(sql`(select pg_advisory_xact_lock(${companyId}, hashtext(${number}))) as conversation_lock`)
    .leftJoin(contacts, byNumber(companyId, number));
  return row?.contact ?? undefined;
}

/** A contact by number, created on first contact (ON CONFLICT: a concurrent creator wins, never twice). */
async function findOrCreateContact(
  tx: Tx,
  connection: tq.ConnectionRow,
  person: { number: string; name: string; isGroup: boolean },
  known?: tq.ContactRow,
) {
  const where = byNumber(connection.companyId, person.number);
  const existing = known ?? (await tx.select().from(contacts).where(where))[0];
  if (existing) return existing;
  const [created] = await tx
    .insert(contacts)
    .values({
      companyId: connection.companyId,
      number: person.number,
      name: person.name,
      isGroup: person.isGroup,
      channel: connection.channel,
      whatsappId: connection.id,
    })
    .onConflictDoNothing()
    .returning();
  return created ?? (await tx.select().from(contacts).where(where))[0]!;
}

/**
 * Step 5: the newest ticket going on for the contact on this connection; else, within the connection's
 * timeCreateNewTicket minutes, the last closed one reopened as pending; else a new waiting ticket.
 */
async function findOrCreateTicket(
  tx: Tx,
  connection: tq.ConnectionRow,
  contact: tq.ContactRow,
): Promise<{ ticket: tq.TicketRow; before?: TicketScope }> {
  const going = await tq.newestTicketOf(tx, contact.id, connection.id, CONTINUED_STATUSES);
  if (going) return { ticket: going, before: going };
  if (connection.timeCreateNewTicket > 0) {
    const recent = await tq.newestTicketOf(tx, contact.id, connection.id, ['closed']);
    const windowStart = Date.now() - connection.timeCreateNewTicket * 60_000;
    if (recent && recent.updatedAt.getTime() >= windowStart) {
      const reopened = await tq.updateTicketRow(tx, recent.id, { status: 'pending', userId: null });
      await writeLog(tx, reopened, 'reopen', { queueId: reopened.queueId });
      await startTracking(tx, reopened);
      return { ticket: reopened, before: recent };
    }
  }
  const ticket = await tq.insertTicketRow(tx, {
    companyId: connection.companyId,
    contactId: contact.id,
    whatsappId: connection.id,
    status: contact.isGroup && connection.groupAsTicket !== 'enabled' ? 'group' : 'pending',
    channel: connection.channel,
    isGroup: contact.isGroup,
    isBot: !contact.isGroup,
  });
  await recordCreated(tx, ticket);
  return { ticket };
}

/**
 * BEHAVIOUR "Inbound message pipeline" 1–7. Stored once per channel id (the unique index decides),
 * one contact at a time (advisory lock on the conversation, across processes), events after commit.
 */
export async function receiveMessage(
  deps: ServerDeps,
  connectionId: number,
  message: InboundMessage,
  inTurn: KeyedQueue = new KeyedQueue(),
) {
  const { db, config } = deps;
  const found = await findConnectionForInbound(db, connectionId);
  if (!found || message.broadcast) return undefined;
  const { connection, hideNumbers } = found;
  if (message.group && !connection.allowGroup) return undefined;
  const { companyId } = connection;
  const chat = message.group
    ? { number: message.group.id, name: message.group.name || message.group.id, isGroup: true }
    : { number: message.from, name: message.pushName || message.from, isGroup: false };
  const mediaUrl = message.media ? await storeMedia(config.dataDir, companyId, message.media) : null;

  let stored: { row: MessageRow; joins: Omit<MessageJoins, 'queue'>; before?: TicketScope };
  try {
    stored = await inTurn.run(`${companyId}:${chat.number}`, () =>
      db.transaction(async (tx) => {
        const known = await lockAndFindContact(tx, companyId, chat.number);
        const contact = await findOrCreateContact(tx, connection, chat, known);
        const sender =
          message.group && !message.fromMe
            ? await findOrCreateContact(tx, connection, {
                number: message.from,
                name: message.pushName || message.from,
                isGroup: false,
              })
            : contact;
        const { ticket, before } = await findOrCreateTicket(tx, connection, contact);
        const quoted = message.quotedId ? await findMessageByWid(tx, companyId, message.quotedId) : undefined;
        const [row] = await tx
          .insert(messages)
          .values({
            companyId,
            wid: message.id,
            ticketId: ticket.id,
            contactId: sender.id,
            queueId: ticket.queueId,
            body: message.body,
            fromMe: message.fromMe,
            read: message.fromMe,
            mediaType: message.media?.type ?? null,
            mediaUrl,
            quotedMsgId: quoted?.id ?? null,
            participant: message.group ? message.from : null,
            createdAt: message.timestamp,
            updatedAt: message.timestamp,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AlreadyStored();
        await tx
          .update(tickets)
          .set({
            lastMessage: message.media ? message.media.filename : message.body,
            unreadMessages: message.fromMe ? tickets.unreadMessages : sql`${tickets.unreadMessages} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(tickets.id, ticket.id));
        const joins = { quoted: quoted ?? null, contact: { id: sender.id, name: sender.name }, user: null };
        return { row, joins, before };
      }),
    );
  } catch (err) {
    await removeMedia(config.dataDir, companyId, [mediaUrl]);
    if (err instanceof AlreadyStored) return undefined;
    throw err;
  }

  const ticket = (await tq.loadTicket(db, companyId, stored.row.ticketId))!;
  const events = new BufferedEvents();
  emitAppMessage(
    events,
    'create',
    toMessage(stored.row, { ...stored.joins, queue: ticket.queue }),
    ticket,
    hideNumbers,
  );
  emitTicketUpdate(events, ticket, { hideNumbers, before: stored.before });
  events.flush(deps.realtime);
  return { ticketId: ticket.id, messageId: stored.row.id };
}

/** Acks, edits and deletes of a stored message: the change, then its announcement. */
async function changeMessage(
  deps: ServerDeps,
  connectionId: number,
  change: (db: DbOrTx, companyId: number) => Promise<{ id: number } | undefined>,
) {
  const connection = await findConnectionRow(deps.db, connectionId);
  if (!connection) return;
  const changed = await change(deps.db, connection.companyId);
  if (!changed) return;
  const events = new BufferedEvents();
  await publishMessage(deps.db, events, connection.companyId, changed.id, 'update');
  events.flush(deps.realtime);
}

async function setMessageFields(
  db: DbOrTx,
  companyId: number,
  wid: string,
  fields: Partial<typeof messages.$inferInsert>,
) {
  const [row] = await db
    .update(messages)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(messages.companyId, companyId), eq(messages.wid, wid)))
    .returning({ id: messages.id });
  return row;
}

async function setConnectionStatus(deps: ServerDeps, connectionId: number, status: ConnectionStatus) {
  await deps.db
    .update(whatsapps)
    .set({ status, updatedAt: new Date() })
    .where(eq(whatsapps.id, connectionId));
}

/** How a connection's driver reports to this server. */
export function channelEvents(deps: ServerDeps, connectionId: number): ChannelEvents {
  const conversations = new KeyedQueue();
  return {
    status: (status) => setConnectionStatus(deps, connectionId, status),
    inbound: (message) => receiveMessage(deps, connectionId, message, conversations),
    ack: (wid, ack) =>
      changeMessage(deps, connectionId, (db, companyId) => raiseAck(db, companyId, wid, ack)),
    edit: (wid, body) =>
      changeMessage(deps, connectionId, (db, companyId) =>
        setMessageFields(db, companyId, wid, { body, isEdited: true }),
      ),
    delete: (wid) =>
      changeMessage(deps, connectionId, (db, companyId) =>
        setMessageFields(db, companyId, wid, { isDeleted: true }),
      ),
    // Answering calls (rejection message, call_log) belongs to the routing rules, not built yet.
    call: async (call) => deps.log.info({ connectionId, from: call.from }, 'call received'),
  };
}

/** Starts a connection's driver with its events wired to this server. */
export function connectChannel(deps: ServerDeps, connection: ConnectionRef) {
  return deps.channels.start(connection, channelEvents(deps, connection.id));
}

/** At start-up: every stored connection whose channel has a driver in this process. */
export async function connectStoredChannels(deps: ServerDeps, channels: string[]) {
  if (channels.length === 0) return;
  const rows = await deps.db
    .select({
      id: whatsapps.id,
      companyId: whatsapps.companyId,
      channel: whatsapps.channel,
      name: whatsapps.name,
    })
    .from(whatsapps)
    .where(inArray(whatsapps.channel, channels))
    .orderBy(asc(whatsapps.id));
  for (const row of rows) await connectChannel(deps, row);
}

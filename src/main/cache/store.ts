import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { Message } from '../../shared/api/messages';
import type { Ticket, TicketStatus } from '../../shared/api/tickets';
import type { OutboxEntry } from '../../shared/bridge';
import type { OutboxMessage } from '../../shared/ipc';
import type { LiveChange } from '../../shared/sync';
import * as schema from './schema';

export interface CacheStore {
  /** Where the cache stands in the change feed, and the visibility scope its rows were chosen by. */
  place(): { cursor: string; scope: string } | null;
  savePlace(cursor: string, scope: string): void;
  /** Forgets every ticket, message and contact and the place; the outbox (the user's own words) stays. */
  clearSynced(): void;
  /** Applies changes in order, in one transaction. */
  apply(changes: LiveChange[]): void;
  /** Tickets of a status (all without one), latest activity first. */
  tickets(status?: string): Ticket[];
  /** A page of the tickets a list keeps, and how many it keeps; only the page's rows are read whole. */
  ticketsPage(listing: TicketListing): { tickets: Ticket[]; count: number };
  ticketByUuid(uuid: string): Ticket | undefined;
  /** A ticket's messages, newest first, and how many it has. */
  messages(ticketId: number, page: { limit: number; offset: number }): { messages: Message[]; count: number };
  enqueue(message: OutboxMessage, at: number): void;
  /** The outbox, oldest first; of one ticket when given. */
  outbox(ticketId?: number): OutboxEntry[];
  setOutboxState(clientId: string, state: OutboxEntry['state'], error: OutboxEntry['error']): void;
  removeFromOutbox(clientId: string): void;
  close(): void;
}

/** What a list decides by, without reading a ticket whole. */
export interface TicketFacts {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
  whatsappId: number | null;
  contactName: string;
  contactNumber: string;
  tagIds(): number[];
}

export interface TicketListing {
  /** Only this status (any without). */
  status?: string;
  keeps(ticket: TicketFacts): boolean;
  unreadFirst: boolean;
  ascending: boolean;
  limit: number;
  offset: number;
}

const PLACE_KEYS = { cursor: 'feed.cursor', scope: 'feed.scope' } as const;

type Db = BetterSQLite3Database<typeof schema>;

const excluded = (column: { name: string }) => sql.raw(`excluded.${column.name}`);

function putTicket(db: Db, ticket: Ticket) {
  const t = schema.tickets;
  db.insert(t)
    .values({
      id: ticket.id,
      uuid: ticket.uuid,
      status: ticket.status,
      userId: ticket.userId,
      queueId: ticket.queueId,
      isGroup: ticket.isGroup,
      whatsappId: ticket.whatsappId,
      unread: ticket.unreadMessages,
      contactId: ticket.contactId,
      contactName: ticket.contact.name,
      contactNumber: ticket.contact.number,
      tagIds: JSON.stringify(ticket.tags.map((tag) => tag.id)),
      updatedAt: ticket.updatedAt,
      data: ticket,
    })
    .onConflictDoUpdate({
      target: t.id,
      set: {
        status: excluded(t.status),
        userId: excluded(t.userId),
        queueId: excluded(t.queueId),
        isGroup: excluded(t.isGroup),
        whatsappId: excluded(t.whatsappId),
        unread: excluded(t.unread),
        contactId: excluded(t.contactId),
        contactName: excluded(t.contactName),
        contactNumber: excluded(t.contactNumber),
        tagIds: excluded(t.tagIds),
        updatedAt: excluded(t.updatedAt),
        data: excluded(t.data),
      },
    })
    .run();
}

function putMessage(db: Db, message: Message) {
  const m = schema.messages;
  db.insert(m)
    .values({ id: message.id, ticketId: message.ticketId, createdAt: message.createdAt, data: message })
    .onConflictDoUpdate({ target: m.id, set: { data: excluded(m.data) } })
    .run();
}

function applyOne(db: Db, change: LiveChange) {
  const { tickets, messages, contacts } = schema;
  switch (change.kind) {
    case 'ticket':
      return putTicket(db, change.ticket);
    case 'ticketRemoved':
      db.delete(messages).where(eq(messages.ticketId, change.ticketId)).run();
      return db.delete(tickets).where(eq(tickets.id, change.ticketId)).run();
    case 'ticketRead':
      return db
        .update(tickets)
        .set({ unread: 0, data: sql`json_set(${tickets.data}, '$.unreadMessages', 0)` })
        .where(eq(tickets.id, change.ticketId))
        .run();
    case 'message':
      return putMessage(db, change.message);
    case 'messageRemoved':
      return db.delete(messages).where(eq(messages.id, change.messageId)).run();
    case 'contact': {
      const { contact } = change;
      db.insert(contacts)
        .values({ id: contact.id, data: contact })
        .onConflictDoUpdate({ target: contacts.id, set: { data: excluded(contacts.data) } })
        .run();
      // Tickets show their contact's name, number and picture.
      const shown = {
        id: contact.id,
        name: contact.name,
        number: contact.number,
        urlPicture: contact.urlPicture,
        isGroup: contact.isGroup,
        channel: contact.channel,
      };
      return db
        .update(tickets)
        .set({
          contactName: contact.name,
          contactNumber: contact.number,
          data: sql`json_set(${tickets.data}, '$.contact', json(${JSON.stringify(shown)}))`,
        })
        .where(eq(tickets.contactId, contact.id))
        .run();
    }
    case 'contactRemoved':
      return db.delete(contacts).where(eq(contacts.id, change.contactId)).run();
  }
}

function toEntry(row: typeof schema.outbox.$inferSelect): OutboxEntry {
  const file =
    row.fileName === null
      ? undefined
      : {
          name: row.fileName,
          type: row.fileType ?? 'application/octet-stream',
          data: new Uint8Array(row.file ?? []),
        };
  return { message: { ...row.message, ...(file && { file }) }, state: row.state, error: row.error ?? null };
}

/**
 * Opens (creating and migrating) the cache database in `file`. Every SQLite access of the desktop goes
 * through the store this answers; better-sqlite3 is synchronous, so each call is atomic in main.
 * `nativeBinding` is the Electron build in the main process; the Node tests leave it out.
 */
export function openCacheStore(file: string, migrationsFolder: string, nativeBinding?: string): CacheStore {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file, nativeBinding ? { nativeBinding } : {});
  // WAL: a crash never leaves a half-written page behind; normal sync is enough for a cache.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder });
  // A list's rules run in JS over a ticket's plain columns, called by SQLite row by row (set per listing:
  // better-sqlite3 is synchronous, so one listing runs at a time).
  let keeps: TicketListing['keeps'] = () => true;
  sqlite.function(
    'list_keeps',
    { deterministic: false },
    (status, userId, queueId, isGroup, whatsappId, contactName, contactNumber, tagIds) =>
      keeps({
        status: status as TicketStatus,
        userId: userId as number | null,
        queueId: queueId as number | null,
        isGroup: isGroup === 1,
        whatsappId: whatsappId as number | null,
        contactName: contactName as string,
        contactNumber: contactNumber as string,
        tagIds: () => JSON.parse(tagIds as string) as number[],
      })
        ? 1
        : 0,
  );
  const { tickets, messages, contacts, outbox, state } = schema;

  const read = (key: string) => db.select().from(state).where(eq(state.key, key)).get()?.value ?? null;
  const write = (key: string, value: string) =>
    db.insert(state).values({ key, value }).onConflictDoUpdate({ target: state.key, set: { value } }).run();

  return {
    place() {
      const cursor = read(PLACE_KEYS.cursor);
      const scope = read(PLACE_KEYS.scope);
      return cursor === null || scope === null ? null : { cursor, scope };
    },
    savePlace(cursor, scope) {
      db.transaction(() => {
        write(PLACE_KEYS.cursor, cursor);
        write(PLACE_KEYS.scope, scope);
      });
    },
    clearSynced() {
      db.transaction((tx) => {
        tx.delete(messages).run();
        tx.delete(tickets).run();
        tx.delete(contacts).run();
        tx.delete(state)
          .where(inArray(state.key, Object.values(PLACE_KEYS)))
          .run();
      });
    },
    apply(changes) {
      if (changes.length === 0) return;
      // One connection: the writes of applyOne run inside this transaction.
      db.transaction(() => {
        for (const change of changes) applyOne(db, change);
      });
    },
    tickets(status) {
      return db
        .select({ data: tickets.data })
        .from(tickets)
        .where(status === undefined ? undefined : eq(tickets.status, status))
        .orderBy(desc(tickets.updatedAt), desc(tickets.id))
        .all()
        .map((row) => row.data);
    },
    ticketsPage(listing) {
      keeps = listing.keeps;
      try {
        const where = and(
          listing.status === undefined ? undefined : eq(tickets.status, listing.status),
          sql`list_keeps(${tickets.status}, ${tickets.userId}, ${tickets.queueId}, ${tickets.isGroup}, ${tickets.whatsappId}, ${tickets.contactName}, ${tickets.contactNumber}, ${tickets.tagIds}) = 1`,
        );
        const order = listing.ascending ? asc : desc;
        const rows = db
          .select({ data: tickets.data })
          .from(tickets)
          .where(where)
          .orderBy(
            ...(listing.unreadFirst ? [desc(sql`${tickets.unread} > 0`)] : []),
            order(tickets.updatedAt),
            desc(tickets.id),
          )
          .limit(listing.limit)
          .offset(listing.offset)
          .all();
        const total = db.select({ n: count() }).from(tickets).where(where).get()?.n ?? 0;
        return { tickets: rows.map((row) => row.data), count: total };
      } finally {
        keeps = () => true;
      }
    },
    ticketByUuid(uuid) {
      return db.select({ data: tickets.data }).from(tickets).where(eq(tickets.uuid, uuid)).get()?.data;
    },
    messages(ticketId, page) {
      const where = eq(messages.ticketId, ticketId);
      const rows = db
        .select({ data: messages.data })
        .from(messages)
        .where(where)
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(page.limit)
        .offset(page.offset)
        .all();
      const total = db.select({ n: count() }).from(messages).where(where).get()?.n ?? 0;
      return { messages: rows.map((row) => row.data), count: total };
    },
    enqueue({ file, ...message }, at) {
      db.insert(outbox)
        .values({
          clientId: message.clientId,
          ticketId: message.ticketId,
          state: 'pending',
          message,
          fileName: file?.name ?? null,
          fileType: file?.type ?? null,
          file: file ? Buffer.from(file.data) : null,
          createdAt: at,
        })
        .onConflictDoUpdate({ target: outbox.clientId, set: { state: 'pending', error: null } })
        .run();
    },
    outbox(ticketId) {
      return db
        .select()
        .from(outbox)
        .where(ticketId === undefined ? undefined : eq(outbox.ticketId, ticketId))
        .orderBy(asc(outbox.createdAt), asc(outbox.clientId))
        .all()
        .map(toEntry);
    },
    setOutboxState(clientId, next, error) {
      db.update(outbox).set({ state: next, error }).where(eq(outbox.clientId, clientId)).run();
    },
    removeFromOutbox(clientId) {
      db.delete(outbox).where(eq(outbox.clientId, clientId)).run();
    },
    close() {
      sqlite.close();
    },
  };
}

import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Contact } from '../../shared/api/contacts';
import type { Message } from '../../shared/api/messages';
import type { Ticket } from '../../shared/api/tickets';
import type { OutboxMessage } from '../../shared/ipc';

/**
 * The desktop's offline cache (one SQLite database per server and user): the tickets, messages and
 * contacts the user may see as the server last said, messages waiting to be sent, and the place in the
 * change feed. Rows keep the contract's JSON; the columns beside it are what lists filter and sort by.
 */
export const tickets = sqliteTable(
  'tickets',
  {
    id: integer('id').primaryKey(),
    uuid: text('uuid').notNull(),
    status: text('status').notNull(),
    userId: integer('user_id'),
    queueId: integer('queue_id'),
    isGroup: integer('is_group', { mode: 'boolean' }).notNull(),
    whatsappId: integer('whatsapp_id'),
    unread: integer('unread').notNull(),
    contactId: integer('contact_id').notNull(),
    contactName: text('contact_name').notNull(),
    contactNumber: text('contact_number').notNull(),
    /** The tags' ids, as JSON. */
    tagIds: text('tag_ids').notNull(),
    /** ISO time: sorts as text. */
    updatedAt: text('updated_at').notNull(),
    data: text('data', { mode: 'json' }).$type<Ticket>().notNull(),
  },
  (t) => [
    index('tickets_status_updated_idx').on(t.status, t.updatedAt, t.id),
    index('tickets_uuid_idx').on(t.uuid),
    index('tickets_contact_idx').on(t.contactId),
  ],
);

export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey(),
    ticketId: integer('ticket_id').notNull(),
    createdAt: text('created_at').notNull(),
    data: text('data', { mode: 'json' }).$type<Message>().notNull(),
  },
  (t) => [index('messages_ticket_created_idx').on(t.ticketId, t.createdAt, t.id)],
);

export const contacts = sqliteTable('contacts', {
  id: integer('id').primaryKey(),
  data: text('data', { mode: 'json' }).$type<Contact>().notNull(),
});

/** Messages written on this desktop and not yet confirmed by the server, oldest first. */
export const outbox = sqliteTable('outbox', {
  clientId: text('client_id').primaryKey(),
  ticketId: integer('ticket_id').notNull(),
  /** pending: to send when the connection allows; failed: the server refused it (shown with retry). */
  state: text('state').$type<'pending' | 'failed'>().notNull(),
  /** The server's answer to a refused send. */
  error: text('error', { mode: 'json' }).$type<{ status: number; body: unknown }>(),
  message: text('message', { mode: 'json' }).$type<Omit<OutboxMessage, 'file'>>().notNull(),
  fileName: text('file_name'),
  fileType: text('file_type'),
  file: blob('file', { mode: 'buffer' }),
  /** Milliseconds: the order of sending. */
  createdAt: integer('created_at').notNull(),
});

/** Key/value: the feed cursor and the visibility scope it was read with. */
export const state = sqliteTable('state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

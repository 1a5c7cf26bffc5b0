import { z } from 'zod';
import { contactSchema } from './contacts';
import { defineRoute } from './contract';
import { messageSchema } from './messages';
import { ticketSchema } from './tickets';

/** Where a client stands in the change feed: opaque to clients, `transaction:revision` to the server. */
export const syncCursor = z.string().regex(/^\d{1,20}:\d{1,20}$/, 'Invalid cursor');

/**
 * One change the caller may see, oldest first: the current state of a ticket, message or contact, or
 * the news that one is gone for the caller (deleted, or a ticket moved out of their sight).
 */
export const syncChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ticket'), ticket: ticketSchema }),
  z.object({ kind: z.literal('ticketRemoved'), ticketId: z.number() }),
  /** The ticket's uuid names the chat it belongs to. */
  z.object({ kind: z.literal('message'), message: messageSchema, ticketUuid: z.string() }),
  z.object({ kind: z.literal('messageRemoved'), messageId: z.number(), ticketId: z.number() }),
  z.object({ kind: z.literal('contact'), contact: contactSchema }),
  z.object({ kind: z.literal('contactRemoved'), contactId: z.number() }),
]);
export type SyncChange = z.output<typeof syncChangeSchema>;

/** The most changes one page holds, and how many a page holds unless asked. */
export const SYNC_PAGE_MAX = 1000;
export const SYNC_PAGE_DEFAULT = 500;

export const syncPageSchema = z.object({
  changes: z.array(syncChangeSchema),
  /** Where the next page starts. */
  cursor: syncCursor,
  hasMore: z.boolean(),
  /**
   * Changes already written wait behind a transaction still running on the server: ask again shortly
   * (their live events may have gone out while the caller was away).
   */
  behind: z.boolean(),
  /** The caller's visibility scope (see viewScope): when it changes, what a client holds is to be reloaded. */
  scope: z.string(),
  /**
   * The feed after the cursor is no longer whole: its tombstones were pruned (after
   * SYNC_REMOVALS_KEPT_DAYS), or a queue, user, tag or connection that ticket rows show was renamed since.
   * What a client holds is to be reloaded, from the cursor this page answers.
   */
  expired: z.boolean(),
});
export type SyncPage = z.output<typeof syncPageSchema>;

export const syncRoutes = {
  /**
   * The changes after `cursor` that the caller may see, a page at a time. Without a cursor: none, and the
   * cursor of now (a client takes it before loading its lists).
   */
  changes: defineRoute({
    method: 'GET',
    path: '/sync/changes',
    access: 'user',
    query: z.object({
      cursor: syncCursor.optional(),
      limit: z.coerce.number().int().min(1).max(SYNC_PAGE_MAX).optional().default(SYNC_PAGE_DEFAULT),
    }),
    response: syncPageSchema,
  }),
};

import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { pageQuery } from '../../../shared/api/common';
import {
  QUICK_MESSAGES_PAGE_SIZE,
  type QuickMessage,
  type quickMessageBody,
  quickMessageReadOnlyFor,
} from '../../../shared/api/quick-messages';
import type { QuickMessageEvent } from '../../../shared/realtime';
import { escapeLike } from '../../db/like';
import { quickMessages } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { AppError, notFound } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/database';
import type { HandlerContext, ReceivedFile } from '../../platform/deps';
import { toCompany } from '../../platform/events';
import { findMedia, removeMedia, storeMedia } from '../messages/media-store';

export type QuickMessagesContext = Pick<HandlerContext<Actor>, 'deps' | 'actor' | 'events'>;
type Row = typeof quickMessages.$inferSelect;
type Input = z.output<typeof quickMessageBody>;

const toQuickMessage = (row: Row): QuickMessage => ({
  id: row.id,
  companyId: row.companyId,
  userId: row.userId,
  shortcode: row.shortcode,
  message: row.message,
  geral: row.geral,
  visao: row.visao,
  mediaPath: row.mediaPath,
  mediaName: row.mediaName,
  isMedia: row.mediaPath !== null,
});

/** The SQL form of quickMessageVisibleTo: the caller's company, their own, the general and the shared ones. */
const visibleTo = (actor: Actor) =>
  and(
    eq(quickMessages.companyId, actor.companyId),
    or(eq(quickMessages.userId, actor.userId), eq(quickMessages.geral, true), eq(quickMessages.visao, true)),
  );

/**
 * Create and update reach every socket of the company that may see the message; the table's rule sends
 * the others a delete, so a message made private leaves their lists (and a private one never reaches them).
 */
function announce(ctx: QuickMessagesContext, event: QuickMessageEvent) {
  ctx.events.publish(toCompany('quickMessage', ctx.actor.companyId, event));
}

/** GET /quick-messages: 20 a page by shortcode; the search looks at shortcode and message, any case. */
export async function listQuickMessages(ctx: QuickMessagesContext, query: z.output<typeof pageQuery>) {
  const { db } = ctx.deps;
  const pattern = `%${escapeLike(query.searchParam.trim())}%`;
  const where = and(
    visibleTo(ctx.actor),
    or(ilike(quickMessages.shortcode, pattern), ilike(quickMessages.message, pattern)),
  );
  const offset = (query.pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(quickMessages)
      .where(where)
      .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
      .limit(QUICK_MESSAGES_PAGE_SIZE)
      .offset(offset),
    db.select({ value: count() }).from(quickMessages).where(where),
  ]);
  const records = rows.map(toQuickMessage);
  const matching = total?.value ?? 0;
  return { records, count: matching, hasMore: offset + records.length < matching };
}

/**
 * GET /quick-messages/list: everything the caller sees, for the chat's suggestions. The spec's client
 * sends companyId and userId; visibility is always the caller's, so neither can widen it.
 */
export async function listAllQuickMessages(ctx: QuickMessagesContext) {
  const rows = await ctx.deps.db
    .select()
    .from(quickMessages)
    .where(visibleTo(ctx.actor))
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));
  return rows.map(toQuickMessage);
}

/** A quick message the caller sees; another company's, or another user's private one, does not exist here. */
async function findVisible(db: DbOrTx, actor: Actor, id: number, lock = false) {
  const select = db
    .select()
    .from(quickMessages)
    .where(and(eq(quickMessages.id, id), visibleTo(actor)));
  const [row] = await (lock ? select.for('update') : select);
  if (!row) throw notFound('ERR_NOT_FOUND');
  return row;
}

/** The row the caller may change (locked, inside a transaction): refused while it is read-only for them. */
async function findEditable(db: DbOrTx, actor: Actor, id: number, lock = false) {
  const row = await findVisible(db, actor, id, lock);
  if (quickMessageReadOnlyFor(row, actor.userId)) throw new AppError('ERR_QUICK_MESSAGE_READ_ONLY', 403);
  return row;
}

export async function showQuickMessage(ctx: QuickMessagesContext, id: number) {
  return toQuickMessage(await findVisible(ctx.deps.db, ctx.actor, id));
}

export async function createQuickMessage(ctx: QuickMessagesContext, input: Input) {
  const [row] = await ctx.deps.db
    .insert(quickMessages)
    .values({ ...input, companyId: ctx.actor.companyId, userId: ctx.actor.userId })
    .returning();
  announce(ctx, { action: 'create', quickMessage: toQuickMessage(row!) });
  return toQuickMessage(row!);
}

export async function updateQuickMessage(ctx: QuickMessagesContext, id: number, input: Partial<Input>) {
  const row = await ctx.deps.db.transaction(async (tx) => {
    await findEditable(tx, ctx.actor, id, true);
    const [updated] = await tx
      .update(quickMessages)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(quickMessages.id, id))
      .returning();
    return updated!;
  });
  announce(ctx, { action: 'update', quickMessage: toQuickMessage(row) });
  return toQuickMessage(row);
}

export async function deleteQuickMessage(ctx: QuickMessagesContext, id: number) {
  const { db, config } = ctx.deps;
  const row = await db.transaction(async (tx) => {
    const found = await findEditable(tx, ctx.actor, id, true);
    await tx.delete(quickMessages).where(eq(quickMessages.id, id));
    return found;
  });
  await removeMedia(config.dataDir, row.companyId, [row.mediaPath]);
  announce(ctx, { action: 'delete', quickMessageId: id });
  return { ok: true as const };
}

/** Sets (file) or clears (null) the attachment; the file it replaces is removed once the row says so. */
async function replaceMedia(
  ctx: QuickMessagesContext,
  id: number,
  media: { path: string; name: string } | null,
) {
  const { db, config } = ctx.deps;
  const { companyId } = ctx.actor;
  let before: Row;
  let row: Row;
  try {
    [before, row] = await db.transaction(async (tx) => {
      const found = await findEditable(tx, ctx.actor, id, true);
      const [updated] = await tx
        .update(quickMessages)
        .set({ mediaPath: media?.path ?? null, mediaName: media?.name ?? null, updatedAt: new Date() })
        .where(eq(quickMessages.id, id))
        .returning();
      return [found, updated!] as const;
    });
  } catch (err) {
    if (media) await removeMedia(config.dataDir, companyId, [media.path]);
    throw err;
  }
  await removeMedia(config.dataDir, companyId, [before.mediaPath]);
  announce(ctx, { action: 'update', quickMessage: toQuickMessage(row) });
  return toQuickMessage(row);
}

/** POST /quick-messages/:id/media-upload: the multipart `file` becomes the attachment. */
export async function uploadQuickMessageMedia(ctx: QuickMessagesContext, id: number, files: ReceivedFile[]) {
  const file = files.find((f) => f.field === 'file');
  if (!file || file.data.length === 0) throw new AppError('ERR_INVALID_FILE', 400);
  // Checked before the file is written, so a refused caller leaves nothing behind.
  await findEditable(ctx.deps.db, ctx.actor, id);
  const path = await storeMedia(ctx.deps.config.dataDir, ctx.actor.companyId, file);
  return replaceMedia(ctx, id, { path, name: file.filename });
}

export const removeQuickMessageMedia = (ctx: QuickMessagesContext, id: number) => replaceMedia(ctx, id, null);

/** GET /quick-messages/:id/media: the attachment, to users of the company who see the quick message. */
export async function quickMessageMediaOf(ctx: QuickMessagesContext, id: number) {
  const row = await findVisible(ctx.deps.db, ctx.actor, id);
  const found = row.mediaPath && (await findMedia(ctx.deps.config.dataDir, row.companyId, row.mediaPath));
  if (!found) throw notFound('ERR_NOT_FOUND');
  return found;
}

import type { z } from 'zod';
import type { pageQuery } from '../../../shared/api/common';
import {
  QUICK_MESSAGES_PAGE_SIZE,
  type QuickMessage,
  type quickMessageBody,
  quickMessageReadOnlyFor,
} from '../../../shared/api/quick-messages';
import type { QuickMessageEvent } from '../../../shared/realtime';
import type { Actor } from '../../platform/actor';
import { AppError, notFound } from '../../platform/app-error';
import type { Context, ReceivedFile } from '../../platform/deps';
import { toCompany } from '../../platform/events';
import type { TenantDb } from '../../platform/tenant';
import { findMedia, removeMedia, storeMedia } from '../messages/media-store';
import * as q from './queries';

type Row = q.QuickMessageRow;
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

/**
 * Create and update reach every socket of the company that may see the message; the table's rule sends
 * the others a delete, so a message made private leaves their lists (and a private one never reaches them).
 */
function announce(ctx: Context, event: QuickMessageEvent) {
  ctx.events.publish(toCompany('quickMessage', ctx.actor.companyId, event));
}

/** GET /quick-messages: 20 a page by shortcode; the search looks at shortcode and message, any case. */
export async function listQuickMessages(ctx: Context, query: z.output<typeof pageQuery>) {
  const offset = (query.pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE;
  const { rows, total } = await q.selectQuickMessagePage(
    ctx.db,
    q.quickMessagesMatching(ctx.actor.userId, query.searchParam.trim()),
    { limit: QUICK_MESSAGES_PAGE_SIZE, offset },
  );
  const records = rows.map(toQuickMessage);
  return { records, count: total, hasMore: offset + records.length < total };
}

/**
 * GET /quick-messages/list: everything the caller sees, for the chat's suggestions. The spec's client
 * sends companyId and userId; visibility is always the caller's, so neither can widen it.
 */
export async function listAllQuickMessages(ctx: Context) {
  const rows = await q.selectVisibleQuickMessages(ctx.db, ctx.actor.userId);
  return rows.map(toQuickMessage);
}

/** A quick message the caller sees; another company's, or another user's private one, does not exist here. */
async function findVisible(db: TenantDb, actor: Actor, id: number, lock = false) {
  const row = await q.findVisibleQuickMessage(db, actor.userId, id, lock);
  if (!row) throw notFound('ERR_NOT_FOUND');
  return row;
}

/** The row the caller may change (locked, inside a transaction): refused while it is read-only for them. */
async function findEditable(db: TenantDb, actor: Actor, id: number, lock = false) {
  const row = await findVisible(db, actor, id, lock);
  if (quickMessageReadOnlyFor(row, actor.userId)) throw new AppError('ERR_QUICK_MESSAGE_READ_ONLY', 403);
  return row;
}

export async function showQuickMessage(ctx: Context, id: number) {
  return toQuickMessage(await findVisible(ctx.db, ctx.actor, id));
}

export async function createQuickMessage(ctx: Context, input: Input) {
  const row = await q.insertQuickMessage(ctx.db, { ...input, userId: ctx.actor.userId });
  announce(ctx, { action: 'create', quickMessage: toQuickMessage(row) });
  return toQuickMessage(row);
}

export async function updateQuickMessage(ctx: Context, id: number, input: Partial<Input>) {
  const row = await ctx.db.transaction(async (tx) => {
    await findEditable(tx, ctx.actor, id, true);
    return q.updateQuickMessageRow(tx, id, input);
  });
  announce(ctx, { action: 'update', quickMessage: toQuickMessage(row) });
  return toQuickMessage(row);
}

export async function deleteQuickMessage(ctx: Context, id: number) {
  const row = await ctx.db.transaction(async (tx) => {
    const found = await findEditable(tx, ctx.actor, id, true);
    await q.deleteQuickMessageRow(tx, id);
    return found;
  });
  await removeMedia(ctx.deps.media, row.companyId, [row.mediaPath]);
  announce(ctx, { action: 'delete', quickMessageId: id });
  return { ok: true as const };
}

/** Sets (file) or clears (null) the attachment; the file it replaces is removed once the row says so. */
async function replaceMedia(ctx: Context, id: number, media: { path: string; name: string } | null) {
  const { companyId } = ctx.actor;
  let before: Row;
  let row: Row;
  try {
    [before, row] = await ctx.db.transaction(async (tx) => {
      const found = await findEditable(tx, ctx.actor, id, true);
      const updated = await q.updateQuickMessageRow(tx, id, {
        mediaPath: media?.path ?? null,
        mediaName: media?.name ?? null,
      });
      return [found, updated] as const;
    });
  } catch (err) {
    if (media) await removeMedia(ctx.deps.media, companyId, [media.path]);
    throw err;
  }
  await removeMedia(ctx.deps.media, companyId, [before.mediaPath]);
  announce(ctx, { action: 'update', quickMessage: toQuickMessage(row) });
  return toQuickMessage(row);
}

/** POST /quick-messages/:id/media-upload: the multipart `file` becomes the attachment. */
export async function uploadQuickMessageMedia(ctx: Context, id: number, files: ReceivedFile[]) {
  const file = files.find((f) => f.field === 'file');
  if (!file || file.size === 0) throw new AppError('ERR_INVALID_FILE', 400);
  // Checked before the file is written, so a refused caller leaves nothing behind.
  await findEditable(ctx.db, ctx.actor, id);
  const path = await storeMedia(ctx.deps.media, ctx.actor.companyId, file);
  return replaceMedia(ctx, id, { path, name: file.filename });
}

export const removeQuickMessageMedia = (ctx: Context, id: number) => replaceMedia(ctx, id, null);

/** GET /quick-messages/:id/media: the attachment, to users of the company who see the quick message. */
export async function quickMessageMediaOf(ctx: Context, id: number) {
  const row = await findVisible(ctx.db, ctx.actor, id);
  const found = row.mediaPath && (await findMedia(ctx.deps.media, row.companyId, row.mediaPath));
  if (!found) throw notFound('ERR_NOT_FOUND');
  return found;
}

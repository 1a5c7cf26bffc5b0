import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  ANNOUNCEMENTS_PAGE_SIZE,
  type Announcement,
  type announcementBody,
} from '../../../shared/api/announcements';
import type { pageQuery } from '../../../shared/api/common';
import { type AnnouncementEvent, rooms } from '../../../shared/realtime';
import { PLATFORM_COMPANY_ID } from '../../../shared/settings';
import { AppError, notFound } from '../../platform/app-error';
import type { Context, ReceivedFile } from '../../platform/deps';
import { IMAGE_TYPES, imageTypeOf, imageTypeOfName } from '../../platform/images';
import * as q from './queries';

type AnnouncementInput = z.output<typeof announcementBody>;

// Announcements are the platform's, the same for every company: they are read and written over the
// database itself (writes are the super administrator's, by the contract's access).

/** Images sit with the platform company's files (they count in its folder on the companies screen). */
const mediaKey = (fileName: string) => `company${PLATFORM_COMPANY_ID}/announcements/${fileName}`;

/** 3-automation §5: png, jpg and jpeg only. */
const ACCEPTED = new Set(['image/png', 'image/jpeg']);

/** Every signed-in socket of every company; the table's rule keeps inactive ones from the plain users. */
function announce(ctx: Context, data: AnnouncementEvent) {
  ctx.events.publish({ kind: 'announcement', companyId: PLATFORM_COMPANY_ID, to: rooms.platform, data });
}

async function existing(ctx: Context, id: number) {
  const row = await q.findAnnouncement(ctx.deps.db, id);
  if (!row) throw notFound('ERR_NO_ANNOUNCEMENT_FOUND');
  return row;
}

/** GET /announcements: 20 a page, newest first; the search looks at title and text, any case. */
export async function listAnnouncements(ctx: Context, query: z.output<typeof pageQuery>) {
  const offset = (query.pageNumber - 1) * ANNOUNCEMENTS_PAGE_SIZE;
  const { rows, total } = await q.selectAnnouncementPage(
    ctx.deps.db,
    query.searchParam.trim(),
    ANNOUNCEMENTS_PAGE_SIZE,
    offset,
  );
  return { records: rows, count: total, hasMore: offset + rows.length < total };
}

export function listActiveAnnouncements(ctx: Context): Promise<Announcement[]> {
  return q.selectActiveAnnouncements(ctx.deps.db);
}

export const showAnnouncement = existing;

export async function createAnnouncement(ctx: Context, input: AnnouncementInput) {
  const record = await q.insertAnnouncement(ctx.deps.db, input);
  announce(ctx, { action: 'create', record });
  return record;
}

export async function updateAnnouncement(ctx: Context, id: number, input: AnnouncementInput) {
  const record = await q.updateAnnouncementRow(ctx.deps.db, id, input);
  if (!record) throw notFound('ERR_NO_ANNOUNCEMENT_FOUND');
  announce(ctx, { action: 'update', record });
  return record;
}

export async function deleteAnnouncement(ctx: Context, id: number) {
  const removed = await q.deleteAnnouncementRow(ctx.deps.db, id);
  if (!removed) throw notFound('ERR_NO_ANNOUNCEMENT_FOUND');
  if (removed.mediaPath) await ctx.deps.avatars.remove([mediaKey(removed.mediaPath)]);
  announce(ctx, { action: 'delete', id });
  return { ok: true as const };
}

/**
 * Sets (or clears) the image. The row is locked while it changes so two uploads cannot both keep their
 * file; the replaced file leaves the store after the row no longer names it.
 */
async function replaceMedia(ctx: Context, id: number, media: { path: string; name: string } | null) {
  const result = await ctx.deps.db.transaction(async (tx) => {
    const before = await q.findAnnouncement(tx, id, true);
    if (!before) return undefined;
    const record = await q.updateAnnouncementRow(tx, id, {
      mediaPath: media?.path ?? null,
      mediaName: media?.name ?? null,
    });
    return { before, record: record! };
  });
  if (!result) {
    if (media) await ctx.deps.avatars.remove([mediaKey(media.path)]);
    throw notFound('ERR_NO_ANNOUNCEMENT_FOUND');
  }
  if (result.before.mediaPath) await ctx.deps.avatars.remove([mediaKey(result.before.mediaPath)]);
  announce(ctx, { action: 'update', record: result.record });
  return result.record;
}

/** POST /announcements/:id/media-upload: the multipart `file`, a png or jpeg (declared and by its bytes). */
export async function uploadAnnouncementMedia(ctx: Context, id: number, files: ReceivedFile[]) {
  const file = files.find((f) => f.field === 'file');
  const type = file && imageTypeOf(file);
  if (!file || !type || !ACCEPTED.has(type) || files.length !== 1)
    throw new AppError('ERR_INVALID_FILE', 400);
  await existing(ctx, id);
  const path = `${randomUUID()}.${IMAGE_TYPES[type]}`;
  await ctx.deps.avatars.put(mediaKey(path), file);
  return replaceMedia(ctx, id, { path, name: file.filename });
}

export const removeAnnouncementMedia = (ctx: Context, id: number) => replaceMedia(ctx, id, null);

/** GET /announcements/:id/media: to every user while the announcement is active, always to the super. */
export async function announcementMediaOf(ctx: Context, id: number) {
  const row = await existing(ctx, id);
  const type = row.mediaPath && imageTypeOfName(row.mediaPath);
  const found =
    row.mediaPath &&
    (row.status || ctx.actor.super) &&
    (await ctx.deps.avatars.find(mediaKey(row.mediaPath)));
  if (!type || !found) throw new AppError('ERR_NOT_FOUND', 404);
  return { ...found, type };
}

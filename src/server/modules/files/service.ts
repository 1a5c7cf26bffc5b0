import type { z } from 'zod';
import type { pageQuery } from '../../../shared/api/common';
import { FILES_PAGE_SIZE, type FileList, type fileListBody } from '../../../shared/api/files';
import type { FileListEvent } from '../../../shared/realtime';
import { AppError, notFound } from '../../platform/app-error';
import type { Context, ReceivedFile } from '../../platform/deps';
import { toCompany } from '../../platform/events';
import type { TenantDb } from '../../platform/tenant';
import { removeMedia, storeMedia } from '../messages/media-store';
import * as q from './queries';

type Input = z.output<typeof fileListBody>;

const toFileList = (row: q.FileListRow, options: q.FileListOptionRow[]): FileList => ({
  id: row.id,
  name: row.name,
  message: row.message,
  userId: row.userId,
  options: options
    .filter((option) => option.fileListId === row.id)
    .map(({ id, name, path, mediaType }) => ({ id, name, path, mediaType })),
});

/** The company's list, locked until the transaction ends when asked (saves of one list take turns). */
async function findList(db: TenantDb, id: number, lock = false) {
  const row = await q.findFileListRow(db, id, lock);
  if (!row) throw notFound('ERR_NOT_FOUND');
  return row;
}

async function loadList(db: TenantDb, id: number) {
  const row = await findList(db, id);
  return toFileList(row, await q.optionsOf(db, [id]));
}

function announce(ctx: Context, event: FileListEvent) {
  const { companyId } = ctx.actor;
  ctx.events.publish(toCompany('file', companyId, event));
}

/** GET /files: 20 a page by name; the search looks at the name, any case. */
export async function listFileLists(ctx: Context, query: z.output<typeof pageQuery>) {
  const offset = (query.pageNumber - 1) * FILES_PAGE_SIZE;
  const { rows, total } = await q.selectFileListPage(ctx.db, q.fileListsMatching(query.searchParam.trim()), {
    limit: FILES_PAGE_SIZE,
    offset,
  });
  const options = await q.optionsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    files: rows.map((row) => toFileList(row, options)),
    count: total,
    hasMore: offset + rows.length < total,
  };
}

export const showFileList = (ctx: Context, id: number) => loadList(ctx.db, id);

/**
 * Makes the list's options what `input` says: named ones renamed, new ones added, the rest removed.
 * Answers the stored files of the removed ones, to delete once committed.
 */
async function writeOptions(tx: TenantDb, listId: number, input: Input['options']) {
  const existing = await q.optionsOf(tx, [listId]);
  const left = new Map(existing.map((option) => [option.id, option]));
  for (const option of input) {
    if (option.id !== undefined && left.delete(option.id)) {
      await q.updateOptionRow(tx, option.id, { name: option.name });
    } else {
      await q.insertOption(tx, listId, option.name);
    }
  }
  await q.deleteOptionRows(tx, [...left.keys()]);
  return [...left.values()].map((option) => option.path);
}

/** POST /files: the author is the caller, whatever userId says. */
export async function createFileList(ctx: Context, input: Input) {
  const id = await ctx.db.transaction(async (tx) => {
    const created = await q.insertFileList(tx, {
      userId: ctx.actor.userId,
      name: input.name,
      message: input.message,
    });
    await writeOptions(tx, created, input.options);
    return created;
  });
  const list = await loadList(ctx.db, id);
  announce(ctx, { action: 'create', files: list });
  return list;
}

export async function updateFileList(ctx: Context, id: number, input: Input) {
  const removed = await ctx.db.transaction(async (tx) => {
    await findList(tx, id, true);
    await q.updateFileListRow(tx, id, { name: input.name, message: input.message });
    return writeOptions(tx, id, input.options);
  });
  await removeMedia(ctx.deps.media, ctx.actor.companyId, removed);
  const list = await loadList(ctx.db, id);
  announce(ctx, { action: 'update', files: list });
  return list;
}

/**
 * POST /files/uploadList/:fileId: each `files` part goes to the option whose id comes in the same place;
 * the option's earlier file is removed once the new one is recorded.
 */
export async function uploadFileListFiles(
  ctx: Context,
  listId: number,
  fields: { id: string[]; mediaType: string[] },
  files: ReceivedFile[],
) {
  const { db } = ctx;
  const { media } = ctx.deps;
  const { companyId } = ctx.actor;
  const uploads = files.filter((file) => file.field === 'files' || file.field === 'file');
  if (uploads.length === 0 || uploads.some((file) => file.size === 0)) {
    throw new AppError('ERR_INVALID_FILE', 400);
  }
  const optionIds = uploads.map((_, i) => Number(fields.id[i]));
  // Checked before anything is written, so a refused upload leaves no file behind.
  await findList(db, listId);
  const known = new Set((await q.optionsOf(db, [listId])).map((option) => option.id));
  if (optionIds.some((optionId) => !known.has(optionId))) throw notFound('ERR_NOT_FOUND');

  const stored = await Promise.all(uploads.map((file) => storeMedia(media, companyId, file)));
  let replaced: (string | null)[];
  try {
    replaced = await db.transaction(async (tx) => {
      await findList(tx, listId, true);
      const before = new Map((await q.optionsOf(tx, [listId])).map((option) => [option.id, option.path]));
      const earlier: (string | null)[] = [];
      for (const [i, optionId] of optionIds.entries()) {
        if (!before.has(optionId)) throw notFound('ERR_NOT_FOUND');
        earlier.push(before.get(optionId) ?? null);
        await q.updateOptionRow(tx, optionId, {
          path: stored[i],
          mediaType: fields.mediaType[i] || uploads[i]!.mimetype,
        });
      }
      return earlier;
    });
  } catch (err) {
    await removeMedia(media, companyId, stored);
    throw err;
  }
  await removeMedia(media, companyId, replaced);
  const list = await loadList(db, listId);
  announce(ctx, { action: 'update', files: list });
  return list;
}

/**
 * DELETE /files/:id: the list, its files, and the queues and chatbot options that sent it stop sending it
 * (the queues' column is a plain id, so it is cleared here; options' by their foreign key).
 */
export async function deleteFileList(ctx: Context, id: number) {
  const paths = await ctx.db.transaction(async (tx) => {
    await findList(tx, id, true);
    const options = await q.optionsOf(tx, [id]);
    await q.deleteFileListRow(tx, id);
    return options.map((option) => option.path);
  });
  await removeMedia(ctx.deps.media, ctx.actor.companyId, paths);
  announce(ctx, { action: 'delete', fileId: id });
  return { ok: true as const };
}

/** What a bot sends for a file list: its message and its files with their captions (never another company's). */
export async function fileListToSend(db: TenantDb, id: number) {
  const row = await q.findFileListRow(db, id);
  if (!row) return undefined;
  return toFileList(row, await q.optionsOf(db, [id]));
}

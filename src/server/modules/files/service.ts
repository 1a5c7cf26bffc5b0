import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { pageQuery } from '../../../shared/api/common';
import { FILES_PAGE_SIZE, type FileList, type fileListBody } from '../../../shared/api/files';
import type { FileListEvent } from '../../../shared/realtime';
import { escapeLike } from '../../db/like';
import { fileListOptions, fileLists, queues } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { AppError, notFound } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/database';
import type { HandlerContext, ReceivedFile } from '../../platform/deps';
import { toCompany } from '../../platform/events';
import { removeMedia, storeMedia } from '../messages/media-store';

export type FilesContext = Pick<HandlerContext<Actor>, 'deps' | 'actor' | 'events'>;
type Input = z.output<typeof fileListBody>;
type ListRow = typeof fileLists.$inferSelect;
type OptionRow = typeof fileListOptions.$inferSelect;

const toFileList = (row: ListRow, options: OptionRow[]): FileList => ({
  id: row.id,
  name: row.name,
  message: row.message,
  userId: row.userId,
  options: options
    .filter((option) => option.fileListId === row.id)
    .map(({ id, name, path, mediaType }) => ({ id, name, path, mediaType })),
});

const optionsOf = (db: DbOrTx, listIds: number[]) =>
  listIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(fileListOptions)
        .where(inArray(fileListOptions.fileListId, listIds))
        .orderBy(asc(fileListOptions.id));

const ofCompany = (actor: Actor, id: number) =>
  and(eq(fileLists.companyId, actor.companyId), eq(fileLists.id, id));

/** The company's list, locked until the transaction ends when asked (saves of one list take turns). */
async function findList(db: DbOrTx, actor: Actor, id: number, lock = false) {
  const select = db.select().from(fileLists).where(ofCompany(actor, id));
  const [row] = await (lock ? select.for('update') : select);
  if (!row) throw notFound('ERR_NOT_FOUND');
  return row;
}

async function loadList(db: DbOrTx, actor: Actor, id: number) {
  const row = await findList(db, actor, id);
  return toFileList(row, await optionsOf(db, [id]));
}

function announce(ctx: FilesContext, event: FileListEvent) {
  const { companyId } = ctx.actor;
  ctx.events.publish(toCompany('file', companyId, event));
}

/** GET /files: 20 a page by name; the search looks at the name, any case. */
export async function listFileLists(ctx: FilesContext, query: z.output<typeof pageQuery>) {
  const { db } = ctx.deps;
  const where = and(
    eq(fileLists.companyId, ctx.actor.companyId),
    ilike(fileLists.name, `%${escapeLike(query.searchParam.trim())}%`),
  );
  const offset = (query.pageNumber - 1) * FILES_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(fileLists)
      .where(where)
      .orderBy(asc(fileLists.name), asc(fileLists.id))
      .limit(FILES_PAGE_SIZE)
      .offset(offset),
    db.select({ value: count() }).from(fileLists).where(where),
  ]);
  const options = await optionsOf(
    db,
    rows.map((row) => row.id),
  );
  const matching = total?.value ?? 0;
  return {
    files: rows.map((row) => toFileList(row, options)),
    count: matching,
    hasMore: offset + rows.length < matching,
  };
}

export const showFileList = (ctx: FilesContext, id: number) => loadList(ctx.deps.db, ctx.actor, id);

/**
 * Makes the list's options what `input` says: named ones renamed, new ones added, the rest removed.
 * Answers the stored files of the removed ones, to delete once committed.
 */
async function writeOptions(tx: DbOrTx, listId: number, input: Input['options']) {
  const existing = await optionsOf(tx, [listId]);
  const left = new Map(existing.map((option) => [option.id, option]));
  for (const option of input) {
    if (option.id !== undefined && left.delete(option.id)) {
      await tx
        .update(fileListOptions)
        .set({ name: option.name, updatedAt: new Date() })
        .where(eq(fileListOptions.id, option.id));
    } else {
      await tx.insert(fileListOptions).values({ fileListId: listId, name: option.name });
    }
  }
  if (left.size > 0) await tx.delete(fileListOptions).where(inArray(fileListOptions.id, [...left.keys()]));
  return [...left.values()].map((option) => option.path);
}

/** POST /files: the author is the caller, whatever userId says. */
export async function createFileList(ctx: FilesContext, input: Input) {
  const { db } = ctx.deps;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(fileLists)
      .values({
        companyId: ctx.actor.companyId,
        userId: ctx.actor.userId,
        name: input.name,
        message: input.message,
      })
      .returning({ id: fileLists.id });
    await writeOptions(tx, row!.id, input.options);
    return row!.id;
  });
  const list = await loadList(db, ctx.actor, id);
  announce(ctx, { action: 'create', files: list });
  return list;
}

export async function updateFileList(ctx: FilesContext, id: number, input: Input) {
  const { db, config } = ctx.deps;
  const removed = await db.transaction(async (tx) => {
    await findList(tx, ctx.actor, id, true);
    await tx
      .update(fileLists)
      .set({ name: input.name, message: input.message, updatedAt: new Date() })
      .where(eq(fileLists.id, id));
    return writeOptions(tx, id, input.options);
  });
  await removeMedia(config.dataDir, ctx.actor.companyId, removed);
  const list = await loadList(db, ctx.actor, id);
  announce(ctx, { action: 'update', files: list });
  return list;
}

/**
 * POST /files/uploadList/:fileId: each `files` part goes to the option whose id comes in the same place;
 * the option's earlier file is removed once the new one is recorded.
 */
export async function uploadFileListFiles(
  ctx: FilesContext,
  listId: number,
  fields: { id: string[]; mediaType: string[] },
  files: ReceivedFile[],
) {
  const { db, config } = ctx.deps;
  const { companyId } = ctx.actor;
  const uploads = files.filter((file) => file.field === 'files' || file.field === 'file');
  if (uploads.length === 0 || uploads.some((file) => file.data.length === 0)) {
    throw new AppError('ERR_INVALID_FILE', 400);
  }
  const optionIds = uploads.map((_, i) => Number(fields.id[i]));
  // Checked before anything is written, so a refused upload leaves no file behind.
  await findList(db, ctx.actor, listId);
  const known = new Set((await optionsOf(db, [listId])).map((option) => option.id));
  if (optionIds.some((optionId) => !known.has(optionId))) throw notFound('ERR_NOT_FOUND');

  const stored = await Promise.all(uploads.map((file) => storeMedia(config.dataDir, companyId, file)));
  let replaced: (string | null)[];
  try {
    replaced = await db.transaction(async (tx) => {
      await findList(tx, ctx.actor, listId, true);
      const before = new Map((await optionsOf(tx, [listId])).map((option) => [option.id, option.path]));
      const earlier: (string | null)[] = [];
      for (const [i, optionId] of optionIds.entries()) {
        if (!before.has(optionId)) throw notFound('ERR_NOT_FOUND');
        earlier.push(before.get(optionId) ?? null);
        await tx
          .update(fileListOptions)
          .set({
            path: stored[i],
            mediaType: fields.mediaType[i] || uploads[i]!.mimetype,
            updatedAt: new Date(),
          })
          .where(eq(fileListOptions.id, optionId));
      }
      return earlier;
    });
  } catch (err) {
    await removeMedia(config.dataDir, companyId, stored);
    throw err;
  }
  await removeMedia(config.dataDir, companyId, replaced);
  const list = await loadList(db, ctx.actor, listId);
  announce(ctx, { action: 'update', files: list });
  return list;
}

/**
 * DELETE /files/:id: the list, its files, and the queues and chatbot options that sent it stop sending it
 * (the queues' column is a plain id, so it is cleared here; options' by their foreign key).
 */
export async function deleteFileList(ctx: FilesContext, id: number) {
  const { db, config } = ctx.deps;
  const { companyId } = ctx.actor;
  const paths = await db.transaction(async (tx) => {
    await findList(tx, ctx.actor, id, true);
    const options = await optionsOf(tx, [id]);
    await tx
      .update(queues)
      .set({ fileListId: null, updatedAt: new Date() })
      .where(and(eq(queues.companyId, companyId), eq(queues.fileListId, id)));
    await tx.delete(fileLists).where(eq(fileLists.id, id));
    return options.map((option) => option.path);
  });
  await removeMedia(config.dataDir, companyId, paths);
  announce(ctx, { action: 'delete', fileId: id });
  return { ok: true as const };
}

/** What a bot sends for a file list: its message and its files with their captions (never another company's). */
export async function fileListToSend(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(fileLists)
    .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)));
  if (!row) return undefined;
  return toFileList(row, await optionsOf(db, [id]));
}

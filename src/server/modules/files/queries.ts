import { asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../db/like';
import { type PageWindow, selectPage } from '../../db/page';
import { fileListOptions, fileLists, queues } from '../../db/schema';
import type { TenantDb, TenantInsertValue } from '../../platform/tenant';

export type FileListRow = typeof fileLists.$inferSelect;
export type FileListOptionRow = typeof fileListOptions.$inferSelect;

/** The options of the lists (reached through lists of the company), in the order they were made. */
export function optionsOf(db: TenantDb, listIds: number[]): Promise<FileListOptionRow[]> {
  return listIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(fileListOptions)
        .where(inArray(fileListOptions.fileListId, listIds))
        .orderBy(asc(fileListOptions.id));
}

/** The company's list, locked until the transaction ends when asked (saves of one list take turns). */
export async function findFileListRow(db: TenantDb, id: number, lock = false) {
  const select = db.select().from(fileLists).where(eq(fileLists.id, id));
  const [row] = await (lock ? select.for('update') : select);
  return row;
}

/** Lists whose name holds `search` (any case). */
export const fileListsMatching = (search: string): SQL => ilike(fileLists.name, `%${escapeLike(search)}%`);

/** A page of lists by name among those `where` keeps, and how many there are in all. */
export function selectFileListPage(db: TenantDb, where: SQL | undefined, page: PageWindow) {
  const ordered = db.select().from(fileLists).where(where).orderBy(asc(fileLists.name), asc(fileLists.id));
  return selectPage(db, fileLists, where, ordered, page);
}

export async function insertFileList(db: TenantDb, values: TenantInsertValue<typeof fileLists>) {
  const [row] = await db.insert(fileLists).values(values).returning({ id: fileLists.id });
  return row!.id;
}

export async function updateFileListRow(
  db: TenantDb,
  id: number,
  changes: Pick<typeof fileLists.$inferInsert, 'name' | 'message'>,
) {
  await db
    .update(fileLists)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(fileLists.id, id));
}

/** The queues that sent the list stop sending it (their column is a plain id, no foreign key), then it goes. */
export async function deleteFileListRow(db: TenantDb, id: number) {
  await db.update(queues).set({ fileListId: null, updatedAt: new Date() }).where(eq(queues.fileListId, id));
  await db.delete(fileLists).where(eq(fileLists.id, id));
}

/** An option of a list the caller checked is the company's (options have no company column of their own). */
export async function insertOption(db: TenantDb, fileListId: number, name: string) {
  await db.insert(fileListOptions).values({ fileListId, name });
}

export async function updateOptionRow(
  db: TenantDb,
  id: number,
  changes: Partial<Pick<FileListOptionRow, 'name' | 'path' | 'mediaType'>>,
) {
  await db
    .update(fileListOptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(fileListOptions.id, id));
}

export async function deleteOptionRows(db: TenantDb, ids: number[]) {
  if (ids.length > 0) await db.delete(fileListOptions).where(inArray(fileListOptions.id, ids));
}

import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../db/like';
import { type PageWindow, selectPage } from '../../db/page';
import { quickMessages } from '../../db/schema';
import type { TenantDb, TenantInsertValue } from '../../platform/tenant';

export type QuickMessageRow = typeof quickMessages.$inferSelect;

/** The SQL form of quickMessageVisibleTo in the company: the user's own, the general and the shared ones. */
const visibleTo = (userId: number) =>
  or(eq(quickMessages.userId, userId), eq(quickMessages.geral, true), eq(quickMessages.visao, true));

/** Those `userId` sees whose shortcode or message holds `search` (any case). */
export function quickMessagesMatching(userId: number, search: string): SQL | undefined {
  const pattern = `%${escapeLike(search)}%`;
  return and(
    visibleTo(userId),
    or(ilike(quickMessages.shortcode, pattern), ilike(quickMessages.message, pattern)),
  );
}

/** A page by shortcode of those `where` keeps, and how many there are in all. */
export function selectQuickMessagePage(db: TenantDb, where: SQL | undefined, page: PageWindow) {
  const ordered = db
    .select()
    .from(quickMessages)
    .where(where)
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));
  return selectPage(db, quickMessages, where, ordered, page);
}

/** Everything `userId` sees, by shortcode. */
export function selectVisibleQuickMessages(db: TenantDb, userId: number) {
  return db
    .select()
    .from(quickMessages)
    .where(visibleTo(userId))
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));
}

/** A quick message `userId` sees, locked until the transaction ends when asked. */
export async function findVisibleQuickMessage(db: TenantDb, userId: number, id: number, lock = false) {
  const select = db
    .select()
    .from(quickMessages)
    .where(and(eq(quickMessages.id, id), visibleTo(userId)));
  const [row] = await (lock ? select.for('update') : select);
  return row;
}

export async function insertQuickMessage(db: TenantDb, values: TenantInsertValue<typeof quickMessages>) {
  const [row] = await db.insert(quickMessages).values(values).returning();
  return row!;
}

export async function updateQuickMessageRow(
  db: TenantDb,
  id: number,
  changes: Partial<Omit<typeof quickMessages.$inferInsert, 'id' | 'companyId'>>,
) {
  const [row] = await db
    .update(quickMessages)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(quickMessages.id, id))
    .returning();
  return row!;
}

export async function deleteQuickMessageRow(db: TenantDb, id: number) {
  await db.delete(quickMessages).where(eq(quickMessages.id, id));
}

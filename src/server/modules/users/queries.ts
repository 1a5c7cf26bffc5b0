import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import { escapeLike } from '../../db/like';
import { companies, plans, queues, userQueues, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<Omit<NewUser, 'id' | 'companyId' | 'createdAt'>>;

export async function findCompanyUser(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row;
}

/** One page of a company's users whose name or email contains `search` (any case), by name. */
export async function searchCompanyUsers(
  db: DbOrTx,
  companyId: number,
  search: string,
  page: { limit: number; offset: number },
) {
  const pattern = `%${escapeLike(search.trim())}%`;
  const where = and(
    eq(users.companyId, companyId),
    or(ilike(users.name, pattern), ilike(users.email, pattern)),
  );
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ value: count() }).from(users).where(where);
  return { rows, count: total?.value ?? 0 };
}

export function listCompanyUsers(db: DbOrTx, companyId: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * The company's user limit, with the company row locked until the transaction ends so that two
 * concurrent creations cannot both pass the limit.
 */
export async function lockCompanyUserLimit(tx: DbOrTx, companyId: number) {
  const [row] = await tx
    .select({ users: plans.users })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId))
    .for('update', { of: companies });
  return row?.users;
}

export async function countCompanyUsers(db: DbOrTx, companyId: number) {
  const [row] = await db.select({ value: count() }).from(users).where(eq(users.companyId, companyId));
  return row?.value ?? 0;
}

/** Which of `ids` are queues of the company. */
export async function companyQueueIds(db: DbOrTx, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, ids)));
  return rows.map((r) => r.id);
}

export async function userQueueIds(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ id: userQueues.queueId })
    .from(userQueues)
    .where(eq(userQueues.userId, userId));
  return rows.map((r) => r.id);
}

export async function insertUser(tx: DbOrTx, values: NewUser) {
  const [row] = await tx.insert(users).values(values).returning();
  return row!;
}

export async function updateUserRow(tx: DbOrTx, id: number, changes: UserChanges) {
  const [row] = await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function replaceUserQueues(tx: DbOrTx, userId: number, queueIds: number[]) {
  await tx.delete(userQueues).where(eq(userQueues.userId, userId));
  if (queueIds.length > 0) {
    await tx.insert(userQueues).values(queueIds.map((queueId) => ({ userId, queueId })));
  }
}

export async function deleteUserRow(db: DbOrTx, id: number) {
  await db.delete(users).where(eq(users.id, id));
}

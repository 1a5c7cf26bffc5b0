import { asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like';
import { companies, plans, queues, userQueues, users } from '../../db/schema';
import type { TenantDb, TenantInsertValue } from '../../platform/tenant';
import { endUserSessions } from '../auth/queries';

export type UserRow = typeof users.$inferSelect;
export type NewUser = TenantInsertValue<typeof users>;
export type UserChanges = Partial<Omit<typeof users.$inferInsert, 'id' | 'companyId' | 'createdAt'>>;

export async function findUserRow(db: TenantDb, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** One page of the company's users whose name or email contains `search` (any case), by name. */
export async function searchUsers(db: TenantDb, search: string, page: { limit: number; offset: number }) {
  const pattern = `%${escapeLike(search.trim())}%`;
  const where = or(ilike(users.name, pattern), ilike(users.email, pattern));
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

export function selectUsers(db: TenantDb) {
  return db.select().from(users).orderBy(asc(users.name), asc(users.id));
}

/** The company's user limit (its own, else its plan's), with the company row locked until the transaction ends. */
async function lockCompanyUserLimit(tx: TenantDb) {
  const [row] = await tx
    .select({ users: sql<number>`coalesce(${companies.numberAttendants}, ${plans.users})` })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .for('update', { of: companies });
  return row?.users;
}

async function countUsers(db: TenantDb) {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

/** Which of `ids` are queues of the company. */
export async function ownQueueIds(db: TenantDb, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: queues.id }).from(queues).where(inArray(queues.id, ids));
  return rows.map((r) => r.id);
}

/** The user's queues (the user is the company's: the caller found it). */
export async function userQueueIds(db: TenantDb, userId: number) {
  const rows = await db
    .select({ id: userQueues.queueId })
    .from(userQueues)
    .where(eq(userQueues.userId, userId));
  return rows.map((r) => r.id);
}

/** The queues of each of the users, by bot order then name. */
export function queuesOfUsers(db: TenantDb, userIds: number[]) {
  return db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(inArray(userQueues.userId, userIds))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
}

/**
 * A new user with their queues, unless the company's plan is at its user limit (undefined then): the
 * company row stays locked until the end, so two creations at once cannot both pass the limit.
 */
export function insertUserWithinLimit(
  db: TenantDb,
  values: NewUser,
  queueIds: number[],
  alsoInTransaction?: (tx: TenantDb, row: UserRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const limit = await lockCompanyUserLimit(tx);
    if (limit === undefined || (await countUsers(tx)) >= limit) return undefined;
    const [created] = await tx.insert(users).values(values).returning();
    await replaceUserQueues(tx, created!.id, queueIds);
    await alsoInTransaction?.(tx, created!);
    return created!;
  });
}

export async function updateUserRow(db: TenantDb, id: number, changes: UserChanges) {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** The user's columns and, when given, their queues, together. */
/** With `endSessions`, the user's sessions but `keep` end in the same transaction (new credentials). */
export function updateUserWithQueues(
  db: TenantDb,
  id: number,
  changes: UserChanges,
  queueIds?: number[],
  endSessions?: { keep: string | undefined },
  alsoInTransaction?: (tx: TenantDb, row: UserRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const updated = await updateUserRow(tx, id, changes);
    if (queueIds) await replaceUserQueues(tx, id, queueIds);
    if (endSessions) await endUserSessions(tx, id, endSessions.keep);
    await alsoInTransaction?.(tx, updated);
    return updated;
  });
}

async function replaceUserQueues(tx: TenantDb, userId: number, queueIds: number[]) {
  await tx.delete(userQueues).where(eq(userQueues.userId, userId));
  if (queueIds.length > 0) {
    await tx.insert(userQueues).values(queueIds.map((queueId) => ({ userId, queueId })));
  }
}

export async function deleteUserRow(db: TenantDb, id: number) {
  await db.delete(users).where(eq(users.id, id));
}

import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { companies, plans, refreshTokens, systemValues, users } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/database';
import type { TenantDb } from '../../platform/tenant';

export type EndedBy = NonNullable<typeof refreshTokens.$inferSelect.endedBy>;

/*
 * Sign-in, tokens and signup come before any company is known (an e-mail, a refresh token): these
 * statements run over the database itself and name the user, the session or the company they touch.
 */

/** The user of an e-mail, whatever its company: e-mails are unique across the platform. */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

/**
 * Single session: a new login revokes the user's other sessions (tokens and refresh tokens) and marks the
 * company's last login. Answers the user's new token version.
 */
export function startSingleSession(
  db: Db,
  user: { id: number; companyId: number },
  now: Date,
  alsoInTransaction: (tx: DbOrTx) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    await alsoInTransaction(tx);
    const [updated] = await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id))
      .returning({ tokenVersion: users.tokenVersion });
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now, endedBy: 'replaced' })
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    await tx.update(companies).set({ lastLogin: now }).where(eq(companies.id, user.companyId));
    return updated!.tokenVersion;
  });
}

/** Whether a company is active (an inactive one's users do not sign in, its API tokens are refused). */
export async function companyActive(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.status === true;
}

export async function insertRefreshToken(db: DbOrTx, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: DbOrTx, id: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id));
  return row;
}

/** Revokes a refresh token once: false when it was revoked already (another refresh took it). */
export async function claimRefreshToken(db: DbOrTx, id: string) {
  const claimed = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), endedBy: 'rotated' })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return claimed.length > 0;
}

/** Revokes a refresh token whatever its state; answers whose session it was. */
export async function revokeRefreshToken(db: DbOrTx, id: string) {
  const [row] = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), endedBy: 'ended' })
    .where(eq(refreshTokens.id, id))
    .returning({ userId: refreshTokens.userId, sessionId: refreshTokens.sessionId });
  return row;
}

/** Every refresh token of the session still valid is revoked. */
export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), endedBy: 'ended' })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
}

/** Why a session ended ('replaced' wins: the user is told they signed in elsewhere); undefined while alive. */
export async function sessionEnd(db: DbOrTx, sessionId: string): Promise<EndedBy | undefined> {
  const rows = await db
    .selectDistinct({ endedBy: refreshTokens.endedBy })
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.sessionId, sessionId), inArray(refreshTokens.endedBy, ['replaced', 'ended'])),
    );
  const reasons = rows.map((r) => r.endedBy);
  return reasons.includes('replaced') ? 'replaced' : reasons.includes('ended') ? 'ended' : undefined;
}

/**
 * Ends a user's sessions but `keep` (the caller's own, when they change their own password): their refresh
 * tokens are revoked and, when none is kept, every access token too (a new token version).
 */
export function endUserSessions(db: TenantDb, userId: number, keep: string | undefined) {
  return db.transaction(async (tx) => {
    const alive = and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date(), endedBy: 'ended' })
      .where(keep === undefined ? alive : and(alive, ne(refreshTokens.sessionId, keep)));
    if (keep === undefined)
      await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, userId));
  });
}

export async function findTokenOwner(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({ tokenVersion: users.tokenVersion, companyId: users.companyId })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** Tokens carrying the user's current version are refused from now on. */
export async function bumpTokenVersion(db: DbOrTx, userId: number) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export async function findPlan(db: DbOrTx, id: number) {
  const [plan] = await db.select().from(plans).where(eq(plans.id, id));
  return plan;
}

/** A new company with its first admin. */
export function insertCompanyWithAdmin(
  db: Db,
  company: Omit<typeof companies.$inferInsert, 'id'>,
  admin: Omit<typeof users.$inferInsert, 'companyId'>,
  alsoInTransaction?: (tx: DbOrTx, created: typeof companies.$inferSelect) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(companies).values(company).returning();
    const [user] = await tx
      .insert(users)
      .values({ ...admin, companyId: created!.id })
      .returning();
    await alsoInTransaction?.(tx, created!);
    return { company: created!, user: user! };
  });
}

/** The signing secret shared through the database: made by the first server that needs it. */
export async function sharedJwtSecret(db: Db, made: string) {
  await db.insert(systemValues).values({ key: 'jwtSecret', value: made }).onConflictDoNothing();
  const [row] = await db.select().from(systemValues).where(eq(systemValues.key, 'jwtSecret'));
  return row!.value;
}

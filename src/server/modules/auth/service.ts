import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { loginBody, Session, signupBody } from '../../../shared/api/auth';
import { VALIDATION } from '../../../shared/errors';
import { rooms } from '../../../shared/realtime';
import { companies, plans, refreshTokens, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { ServerDeps } from '../../platform/deps';
import type { EventSink } from '../../platform/events';
import { tenantDb } from '../../platform/tenant';
import { PLATFORM_COMPANY_ID, readPlatformSetting } from '../settings/queries';
import { hashPassword, verifyPassword } from './password';
import { loadSessionUser } from './session';
import { newOpaqueToken } from './tokens';
import { withinWorkHours } from './work-hours';

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface IssuedSession {
  session: Session;
  refreshToken: string;
}

// Verifying against a fixed hash when the email is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

async function issue(
  deps: ServerDeps,
  userId: number,
  sessionId: string,
  tokenVersion: number,
  companyId: number,
) {
  const refreshToken = newOpaqueToken();
  await deps.db.insert(refreshTokens).values({
    id: hashRefreshToken(refreshToken),
    userId,
    companyId,
    sessionId,
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlSeconds * 1000),
  });
  const token = await deps.tokens.sign({ userId, companyId, tokenVersion, sessionId });
  const user = await loadSessionUser(deps.db, userId, deps.presence);
  return { session: { token, user, dueDate: user.company.dueDate, sessionId }, refreshToken };
}

export async function login(
  deps: ServerDeps,
  input: z.output<typeof loginBody>,
  sink: EventSink,
  now = new Date(),
): Promise<IssuedSession> {
  const [row] = await deps.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
  dummyHash ??= hashPassword('not-a-password');
  const valid = await verifyPassword(input.password, row?.passwordHash ?? (await dummyHash));
  if (!row || !valid) throw new AppError('ERR_INVALID_CREDENTIALS', 401);
  if (!withinWorkHours(row.startWork, row.endWork, now)) throw new AppError('ERR_OUT_OF_HOURS', 403);

  const sessionId = randomUUID();
  // Single session: a new login revokes the user's other sessions (tokens and refresh tokens).
  const tokenVersion = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, row.id))
      .returning({ tokenVersion: users.tokenVersion });
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, row.id), isNull(refreshTokens.revokedAt)));
    await tx.update(companies).set({ lastLogin: now }).where(eq(companies.id, row.companyId));
    return updated!.tokenVersion;
  });
  sink.publish({
    kind: 'auth',
    companyId: row.companyId,
    to: rooms.user(row.id),
    data: { action: 'update', user: { id: row.id }, sessionId },
  });
  return issue(deps, row.id, sessionId, tokenVersion, row.companyId);
}

/** Rotation: each refresh token works once; presenting a used one revokes that whole session. */
export async function refresh(deps: ServerDeps, presented: string | undefined): Promise<IssuedSession> {
  if (!presented) throw new AppError('ERR_SESSION_EXPIRED', 401);
  const id = hashRefreshToken(presented);
  const [row] = await deps.db.select().from(refreshTokens).where(eq(refreshTokens.id, id));
  if (!row || row.expiresAt.getTime() < Date.now()) throw new AppError('ERR_SESSION_EXPIRED', 401);
  if (row.revokedAt) {
    await deps.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.sessionId, row.sessionId), isNull(refreshTokens.revokedAt)));
    throw new AppError('ERR_SESSION_EXPIRED', 401);
  }
  const claimed = await deps.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) throw new AppError('ERR_SESSION_EXPIRED', 401);
  const [user] = await deps.db
    .select({ tokenVersion: users.tokenVersion, companyId: users.companyId })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!user) throw new AppError('ERR_SESSION_EXPIRED', 401);
  return issue(deps, row.userId, row.sessionId, user.tokenVersion, user.companyId);
}

/** Ends the session of the presented refresh token (and the access tokens issued with it). */
export async function logout(deps: ServerDeps, presented: string | undefined, userId: number | undefined) {
  let owner = userId;
  if (presented) {
    const [row] = await deps.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.id, hashRefreshToken(presented)))
      .returning({ userId: refreshTokens.userId, sessionId: refreshTokens.sessionId });
    if (row) {
      owner ??= row.userId;
      await deps.db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.sessionId, row.sessionId), isNull(refreshTokens.revokedAt)));
    }
  }
  if (owner !== undefined) {
    await deps.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, owner));
  }
}

const TRIAL_DAYS = 7;

export async function signup(deps: ServerDeps, input: z.output<typeof signupBody>) {
  if ((await readPlatformSetting(tenantDb(deps.db, PLATFORM_COMPANY_ID), 'allowSignup')) !== 'enabled')
    throw new AppError('ERR_SIGNUP_DISABLED', 403);
  if (!input.password) throw new AppError(VALIDATION.required, 400);
  const [plan] = await deps.db.select().from(plans).where(eq(plans.id, input.planId));
  if (!plan?.isPublic) throw new AppError('ERR_NO_PLAN_FOUND', 404);
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
  if (taken) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
  const passwordHash = await hashPassword(input.password);
  const dueDate = new Date(Date.now() + TRIAL_DAYS * 86_400_000).toISOString().slice(0, 10);
  return deps.db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({ name: input.companyName, email: input.email, phone: input.phone, planId: plan.id, dueDate })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        companyId: company!.id,
        name: input.name,
        email: input.email,
        passwordHash,
        profile: 'admin',
      })
      .returning();
    return { companyId: company!.id, userId: user!.id, createdAt: company!.createdAt.toISOString() };
  });
}

import { createHash, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { loginBody, Session, signupBody } from '../../../shared/api/auth';
import { VALIDATION } from '../../../shared/errors';
import { rooms } from '../../../shared/realtime';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../platform/app-error';
import type { ServerDeps } from '../../platform/deps';
import type { EventSink } from '../../platform/events';
import { tenantDb } from '../../platform/tenant';
import { PLATFORM_COMPANY_ID, readPlatformSetting } from '../settings/queries';
import { hashPassword, verifyPassword } from './password';
import * as q from './queries';
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
  await q.insertRefreshToken(deps.db, {
    id: hashRefreshToken(refreshToken),
    userId,
    companyId,
    sessionId,
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlSeconds * 1000),
  });
  const token = await deps.tokens.sign({ userId, companyId, tokenVersion, sessionId });
  // Signed in now: the user's company is known.
  const user = await loadSessionUser({ db: tenantDb(deps.db, companyId), deps }, userId);
  return { session: { token, user, dueDate: user.company.dueDate, sessionId }, refreshToken };
}

export async function login(
  deps: ServerDeps,
  input: z.output<typeof loginBody>,
  sink: EventSink,
  now = new Date(),
): Promise<IssuedSession> {
  const row = await q.findUserByEmail(deps.db, input.email);
  dummyHash ??= hashPassword('not-a-password');
  const valid = await verifyPassword(input.password, row?.passwordHash ?? (await dummyHash));
  if (!row || !valid) throw new AppError('ERR_INVALID_CREDENTIALS', 401);
  if (!withinWorkHours(row.startWork, row.endWork, now)) throw new AppError('ERR_OUT_OF_HOURS', 403);

  const sessionId = randomUUID();
  // Single session: a new login revokes the user's other sessions (tokens and refresh tokens).
  const tokenVersion = await q.startSingleSession(deps.db, row, now);
  sink.publish({
    kind: 'auth',
    companyId: row.companyId,
    to: rooms.user(row.id),
    data: { action: 'update', user: { id: row.id }, sessionId },
  });
  // After the event above: the other session's sockets hear why before they are disconnected.
  sink.sessionsEnded(row.id, sessionId);
  return issue(deps, row.id, sessionId, tokenVersion, row.companyId);
}

/** Two tabs refreshing at once: a token exchanged this recently may be exchanged again. */
export const REFRESH_GRACE_MS = 10_000;

const sessionEndedError = (end: q.EndedBy | undefined) =>
  new AppError(end === 'replaced' ? 'ERR_SESSION_REPLACED' : 'ERR_SESSION_EXPIRED', 401);

/**
 * Rotation: each refresh token is exchanged once, or again within REFRESH_GRACE_MS (another tab); presenting
 * it later revokes that whole session.
 */
export async function refresh(deps: ServerDeps, presented: string | undefined): Promise<IssuedSession> {
  if (!presented) throw new AppError('ERR_SESSION_EXPIRED', 401);
  const id = hashRefreshToken(presented);
  const row = await q.findRefreshToken(deps.db, id);
  if (!row || row.expiresAt.getTime() < Date.now()) throw new AppError('ERR_SESSION_EXPIRED', 401);
  const end = await q.sessionEnd(deps.db, row.sessionId);
  if (end) throw sessionEndedError(end);
  const claimed = !row.revokedAt && (await q.claimRefreshToken(deps.db, id));
  if (!claimed) {
    // Exchanged already: by another tab just now (both go on), or earlier by a copy (the session ends).
    const exchangedAt = row.revokedAt ?? new Date();
    if (Date.now() - exchangedAt.getTime() > REFRESH_GRACE_MS) {
      await q.revokeSession(deps.db, row.sessionId);
      throw new AppError('ERR_SESSION_EXPIRED', 401);
    }
  }
  const user = await q.findTokenOwner(deps.db, row.userId);
  if (!user) throw new AppError('ERR_SESSION_EXPIRED', 401);
  return issue(deps, row.userId, row.sessionId, user.tokenVersion, user.companyId);
}

/** Ends the session of the presented refresh token (and the access tokens issued with it, and its sockets). */
export async function logout(
  deps: ServerDeps,
  presented: string | undefined,
  userId: number | undefined,
  sink: EventSink,
) {
  let owner = userId;
  if (presented) {
    const row = await q.revokeRefreshToken(deps.db, hashRefreshToken(presented));
    if (row) {
      owner ??= row.userId;
      await q.revokeSession(deps.db, row.sessionId);
    }
  }
  if (owner !== undefined) {
    await q.bumpTokenVersion(deps.db, owner);
    sink.sessionsEnded(owner);
  }
}

const TRIAL_DAYS = 7;

export async function signup(deps: ServerDeps, input: z.output<typeof signupBody>) {
  if ((await readPlatformSetting(tenantDb(deps.db, PLATFORM_COMPANY_ID), 'allowSignup')) !== 'enabled')
    throw new AppError('ERR_SIGNUP_DISABLED', 403);
  if (!input.password) throw new AppError(VALIDATION.required, 400);
  const plan = await q.findPlan(deps.db, input.planId);
  if (!plan?.isPublic) throw new AppError('ERR_NO_PLAN_FOUND', 404);
  const passwordHash = await hashPassword(input.password);
  // A taken e-mail answers as a new one (after the same hashing work): nothing is created.
  if (await q.findUserByEmail(deps.db, input.email)) return { ok: true as const };
  const dueDate = new Date(Date.now() + TRIAL_DAYS * 86_400_000).toISOString().slice(0, 10);
  await q
    .insertCompanyWithAdmin(
      deps.db,
      { name: input.companyName, email: input.email, phone: input.phone, planId: plan.id, dueDate },
      { name: input.name, email: input.email, passwordHash, profile: 'admin' },
    )
    .catch((err: unknown) => {
      // Taken meanwhile by a signup at the same moment: the same answer as any taken e-mail.
      if (!isUniqueViolation(err, 'users_email_unique')) throw err;
    });
  return { ok: true as const };
}

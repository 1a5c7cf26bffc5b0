import { createHash, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { loginBody, Session, signupBody, TwoFactorSetup } from '../../../shared/api/auth';
import { VALIDATION } from '../../../shared/errors';
import { rooms } from '../../../shared/realtime';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../platform/app-error';
import type { ServerDeps } from '../../platform/deps';
import type { EventSink } from '../../platform/events';
import { tenantDb } from '../../platform/tenant';
import { recordAudit } from '../audit/recorder';
import { ensureOpenInvoice } from '../invoices/service';
import { PLATFORM_COMPANY_ID, readPlatformSetting } from '../settings/queries';
import { hashPassword, verifyPassword } from './password';
import * as q from './queries';
import { loadSessionUser } from './session';
import { newOpaqueToken } from './tokens';
import { beginEnrolment, confirmEnrolment, passSecondFactor, twoFactorRequired } from './two-factor';
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
): Promise<IssuedSession> {
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

/** The password step of a sign-in: the user of the e-mail when it matches, else the one refusal. */
async function checkPassword(
  deps: ServerDeps,
  input: { email: string; password: string },
  ip: string | null,
) {
  const row = await q.findUserByEmail(deps.db, input.email);
  dummyHash ??= hashPassword('not-a-password');
  const valid = await verifyPassword(input.password, row?.passwordHash ?? (await dummyHash));
  if (row && !valid) await auditFailedLogin(deps, row, ip, 'password');
  if (!row || !valid) throw new AppError('ERR_INVALID_CREDENTIALS', 401);
  // An inactive company's users stay out; the platform's own company is never blocked.
  if (row.companyId !== PLATFORM_COMPANY_ID && !(await q.companyActive(deps.db, row.companyId)))
    throw new AppError('ERR_COMPANY_INACTIVE', 403);
  return row;
}

// A refused sign-in of a known user is their company's to see (who was tried, from where, which step).
const auditFailedLogin = (deps: ServerDeps, row: UserRow, ip: string | null, step: string) =>
  recordAudit(
    tenantDb(deps.db, row.companyId),
    { userId: row.id, ip },
    {
      action: 'login.failed',
      entity: 'user',
      entityId: row.id,
      after: { step },
    },
  );

type UserRow = NonNullable<Awaited<ReturnType<typeof q.findUserByEmail>>>;

/**
 * The second step of a sign-in (docs/behaviour.md "Two-factor sign-in"): an enrolled user's code or
 * recovery code; a user whose company requires it and who has not enrolled completes the enrolment
 * started by startLoginEnrolment with a first code. Answers the recovery codes of such an enrolment.
 */
async function secondFactor(
  deps: ServerDeps,
  row: UserRow,
  code: string | undefined,
  ip: string | null,
  now: Date,
): Promise<string[] | undefined> {
  const db = tenantDb(deps.db, row.companyId);
  if (row.totpEnabledAt) {
    if (!code) throw new AppError('ERR_2FA_REQUIRED', 401);
    if (await passSecondFactor(db, row.id, code, now)) return undefined;
    await auditFailedLogin(deps, row, ip, 'code');
    throw new AppError('ERR_2FA_INVALID_CODE', 401);
  }
  if (!(await twoFactorRequired(db))) return undefined;
  if (!code || !row.totpSecret) throw new AppError('ERR_2FA_ENROLMENT_REQUIRED', 401);
  return confirmEnrolment(db, row.id, code, { userId: row.id, ip }, now).catch(async (err: unknown) => {
    if (err instanceof AppError && err.code === 'ERR_2FA_INVALID_CODE')
      await auditFailedLogin(deps, row, ip, 'code');
    throw err;
  });
}

export async function login(
  deps: ServerDeps,
  input: z.output<typeof loginBody>,
  sink: EventSink,
  ip: string | null = null,
  now = new Date(),
): Promise<IssuedSession> {
  const row = await checkPassword(deps, input, ip);
  if (!withinWorkHours(row.startWork, row.endWork, now)) throw new AppError('ERR_OUT_OF_HOURS', 403);
  const recoveryCodes = await secondFactor(deps, row, input.code || undefined, ip, now);

  const sessionId = randomUUID();
  // Single session: a new login revokes the user's other sessions (tokens and refresh tokens).
  const tokenVersion = await q.startSingleSession(deps.db, row, now, (tx) =>
    recordAudit(
      tenantDb(tx, row.companyId),
      { userId: row.id, ip },
      {
        action: 'login',
        entity: 'user',
        entityId: row.id,
      },
    ),
  );
  sink.publish({
    kind: 'auth',
    companyId: row.companyId,
    to: rooms.user(row.id),
    data: { action: 'update', user: { id: row.id }, sessionId },
  });
  // After the event above: the other session's sockets hear why before they are disconnected.
  sink.sessionsEnded(row.id, sessionId);
  const issued = await issue(deps, row.id, sessionId, tokenVersion, row.companyId);
  if (recoveryCodes) issued.session.recoveryCodes = recoveryCodes;
  return issued;
}

/**
 * A required enrolment at sign-in: the password (checked as a sign-in checks it) starts it, for a user
 * whose company requires two-factor and who is not enrolled yet.
 */
export async function startLoginEnrolment(
  deps: ServerDeps,
  input: z.output<typeof loginBody>,
  ip: string | null,
): Promise<TwoFactorSetup> {
  const row = await checkPassword(deps, input, ip);
  const db = tenantDb(deps.db, row.companyId);
  if (row.totpEnabledAt) throw new AppError('ERR_2FA_ALREADY_ENABLED', 409);
  if (!(await twoFactorRequired(db))) throw new AppError('ERR_NO_PERMISSION', 403);
  return beginEnrolment(db, row, await twoFactorIssuer(deps));
}

/** The name an authenticator app lists the account under: the platform's app name. */
export async function twoFactorIssuer(deps: ServerDeps) {
  const name = await readPlatformSetting(tenantDb(deps.db, PLATFORM_COMPANY_ID), 'appName');
  return name || 'Atendo';
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
  // A company made inactive ends its users' sessions at their next refresh.
  if (user.companyId !== PLATFORM_COMPANY_ID && !(await q.companyActive(deps.db, user.companyId)))
    throw new AppError('ERR_COMPANY_INACTIVE', 401);
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
      // A trial ends within the invoice lead: its invoice opens with the company.
      (tx, created) => ensureOpenInvoice(tenantDb(tx, created.id)),
    )
    .catch((err: unknown) => {
      // Taken meanwhile by a signup at the same moment: the same answer as any taken e-mail.
      if (!isUniqueViolation(err, 'users_email_unique')) throw err;
    });
  return { ok: true as const };
}

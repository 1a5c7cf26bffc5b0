import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { TwoFactorSetup } from '../../../shared/api/auth';
import { recoveryCodes, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { TenantDb } from '../../platform/tenant';
import { type AuditWho, recordAudit } from '../audit/recorder';
import { readCompanySettings } from '../settings/queries';

/** How many recovery codes an enrolment hands out (each good once). */
export const RECOVERY_CODE_COUNT = 10;

/** One step either side of now: an authenticator's clock a little off still signs in. */
const TOLERANCE_SECONDS = 30;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** A recovery code as typed: case, spaces and the dash do not matter. */
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Ten letters and digits in two groups (xxxxx-xxxxx): 50 bits, readable from paper. */
function newRecoveryCode() {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

type UserRow = typeof users.$inferSelect;

/** Whether the company of this handle requires its users to sign in with a second factor. */
export async function twoFactorRequired(db: TenantDb) {
  return (await readCompanySettings(db)).require2fa === 'enabled';
}

/** The time step a six-digit code matches (after the last one used), or null. */
async function matchingStep(secret: string, code: string, lastStep: number | null, now: Date) {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep !== null && { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Starts (or restarts) an enrolment: a new secret kept on the user's row, not active until a first code
 * confirms it. The secret is shown this once, as a QR code and as text.
 */
export async function beginEnrolment(db: TenantDb, user: UserRow, issuer: string): Promise<TwoFactorSetup> {
  if (user.totpEnabledAt) throw new AppError('ERR_2FA_ALREADY_ENABLED', 409);
  const secret = generateSecret();
  await db.update(users).set({ totpSecret: secret, totpLastStep: null }).where(eq(users.id, user.id));
  const otpauthUrl = generateURI({ issuer, label: user.email, secret });
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl) };
}

/**
 * Confirms an enrolment with a first valid code: the secret becomes active and ten recovery codes are made
 * (stored hashed, answered this once), with the audit entry, in one transaction.
 */
export async function confirmEnrolment(
  db: TenantDb,
  userId: number,
  code: string,
  who: AuditWho,
  now = new Date(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
    if (user.totpEnabledAt) throw new AppError('ERR_2FA_ALREADY_ENABLED', 409);
    if (!user.totpSecret) throw new AppError('ERR_2FA_NOT_STARTED', 400);
    const step = await matchingStep(user.totpSecret, code.trim(), null, now);
    if (step === null) throw new AppError('ERR_2FA_INVALID_CODE', 401);
    await tx.update(users).set({ totpEnabledAt: now, totpLastStep: step }).where(eq(users.id, userId));
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId, codeHash: hashCode(normaliseRecovery(c)) })));
    await recordAudit(tx, who, {
      action: 'twoFactor.enable',
      entity: 'user',
      entityId: userId,
      before: { twoFactor: false },
      after: { twoFactor: true },
    });
    return codes;
  });
}

/**
 * The second factor of a sign-in: a current code not used before, or an unused recovery code (spent by
 * this call). Concurrent attempts with one code: the row lock lets one through.
 */
export async function passSecondFactor(db: TenantDb, userId: number, code: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user?.totpSecret || !user.totpEnabledAt) return false;
    const step = await matchingStep(user.totpSecret, code.trim(), user.totpLastStep, now);
    if (step !== null) {
      await tx.update(users).set({ totpLastStep: step }).where(eq(users.id, userId));
      return true;
    }
    const spent = await tx
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hashCode(normaliseRecovery(code))),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return spent.length > 0;
  });
}

/**
 * A user switching their own second factor off: a current code proves the phone is in hand (a session left
 * open cannot do it), and a company that requires the factor keeps it on (an admin's reset still can).
 */
export async function switchOffOwn(db: TenantDb, userId: number, code: string, who: AuditWho) {
  if (!(await passSecondFactor(db, userId, code))) throw new AppError('ERR_2FA_INVALID_CODE', 401);
  if (await twoFactorRequired(db)) throw new AppError('ERR_2FA_REQUIRED_BY_COMPANY', 403);
  await clearEnrolment(db, userId, who, 'twoFactor.disable');
}

/** Ends a user's enrolment (their own, or an admin's reset): the secret and codes go, with the audit entry. */
export async function clearEnrolment(
  db: TenantDb,
  userId: number,
  who: AuditWho,
  action: 'twoFactor.disable' | 'twoFactor.reset',
) {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await recordAudit(tx, who, {
      action,
      entity: 'user',
      entityId: userId,
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
  });
}

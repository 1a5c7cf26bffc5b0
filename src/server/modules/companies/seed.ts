import { randomBytes } from 'node:crypto';
import { isUniqueViolation } from '../../db/errors';
import type { Db } from '../../platform/database';
import { hashPassword } from '../auth/password';
import { insertPlatform, platformSeeded } from './queries';

export interface SeedResult {
  /** Present only on the first start: the super administrator's credentials, to print once. */
  created?: { email: string; password: string; generated: boolean };
}

/**
 * First start: a default plan, company 1 (never due) and a super administrator. Idempotent: an
 * existing company 1 means the platform was seeded before — also by another server starting at the
 * same moment on the same database, whose insert wins (ours then rolls back whole).
 */
export async function seed(db: Db, admin: { email: string; password?: string }): Promise<SeedResult> {
  if (await platformSeeded(db)) return {};
  const password = admin.password ?? randomBytes(9).toString('base64url');
  try {
    await insertPlatform(db, { email: admin.email, passwordHash: await hashPassword(password) });
  } catch (err) {
    if (isUniqueViolation(err, 'companies_pkey')) return {};
    throw err;
  }
  return { created: { email: admin.email, password, generated: !admin.password } };
}

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { companies, plans, users } from '../../db/schema';
import type { Db } from '../../platform/database';
import { hashPassword } from '../auth/password';
import { NEVER_DUE } from './queries';

export interface SeedResult {
  /** Present only on the first start: the super administrator's credentials, to print once. */
  created?: { email: string; password: string; generated: boolean };
}

/**
 * First start: a default plan, company 1 (never due) and a super administrator. Idempotent: an
 * existing company 1 means the platform was seeded before.
 */
export async function seed(db: Db, admin: { email: string; password?: string }): Promise<SeedResult> {
  const [existing] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, 1));
  if (existing) return {};
  const password = admin.password ?? randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(plans)
      .values({ name: 'Plano 1', users: 10, connections: 10, queues: 10, amount: '0', isPublic: true })
      .onConflictDoNothing()
      .returning();
    const planId = plan?.id ?? (await tx.select({ id: plans.id }).from(plans).limit(1))[0]!.id;
    await tx
      .insert(companies)
      .values({ id: 1, name: 'Empresa 1', planId, dueDate: NEVER_DUE, recurrence: 'MENSAL' });
    // The serial must move past the explicit id 1.
    await tx.execute(
      `SELECT setval(pg_get_serial_sequence('companies', 'id'), (SELECT max(id) FROM companies))`,
    );
    await tx.insert(users).values({
      companyId: 1,
      name: 'Admin',
      email: admin.email,
      passwordHash,
      profile: 'admin',
      super: true,
    });
  });
  return { created: { email: admin.email, password, generated: !admin.password } };
}

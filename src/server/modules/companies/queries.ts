import { eq } from 'drizzle-orm';
import type { Plan } from '../../../shared/api/plans';
import type { Schedule } from '../../../shared/schedules';
import { companies, plans, users } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/database';

type PlanRow = typeof plans.$inferSelect;

export function serializePlan(row: PlanRow): Plan {
  const { createdAt: _c, updatedAt: _u, ...plan } = row;
  return plan;
}

/** A company with its plan: over a company's handle (its own), or the database (the super user, any). */
export async function findCompanyWithPlan(db: Pick<Db, 'select'>, companyId: number) {
  const [row] = await db
    .select({ company: companies, plan: plans })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return row ? { company: row.company, plan: serializePlan(row.plan) } : undefined;
}

/** 1-attendance §1: company 1 never expires. */
export const NEVER_DUE = '2999-12-31';

const schedulesColumns = { schedules: companies.schedules, timezone: companies.timezone };

export async function findCompanySchedules(db: DbOrTx, companyId: number) {
  const [row] = await db.select(schedulesColumns).from(companies).where(eq(companies.id, companyId));
  return row;
}

export async function updateCompanySchedules(db: DbOrTx, companyId: number, schedules: Schedule[]) {
  const [row] = await db
    .update(companies)
    .set({ schedules, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning(schedulesColumns);
  return row;
}

/** An existing company 1 means the platform was seeded before. */
export async function platformSeeded(db: DbOrTx) {
  const [existing] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, 1));
  return existing !== undefined;
}

/** A default plan (or the first one there is), company 1 (never due) and its super administrator. */
export async function insertPlatform(db: Db, admin: { email: string; passwordHash: string }) {
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
      passwordHash: admin.passwordHash,
      profile: 'admin',
      super: true,
    });
  });
}

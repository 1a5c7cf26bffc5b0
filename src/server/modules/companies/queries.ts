import { asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Plan } from '../../../shared/api/plans';
import type { Schedule } from '../../../shared/schedules';
import { escapeLike } from '../../db/like';
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

/** The columns the companies screen lists: the company, its plan's name and price. */
const listed = {
  company: companies,
  plan: { id: plans.id, name: plans.name, amount: plans.amount },
};

export type ListedCompany = {
  company: typeof companies.$inferSelect;
  plan: { id: number; name: string; amount: string };
};

const byNameOrEmail = (search: string) =>
  search
    ? or(ilike(companies.name, `%${escapeLike(search)}%`), ilike(companies.email, `%${escapeLike(search)}%`))
    : undefined;

/** Companies by id (the super administrator's, over the database itself); `page` cuts a page. */
export function selectCompanies(
  db: DbOrTx,
  search = '',
  page?: { limit: number; offset: number },
): Promise<ListedCompany[]> {
  const query = db
    .select(listed)
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(byNameOrEmail(search))
    .orderBy(asc(companies.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countCompanies(db: DbOrTx, search: string) {
  const [row] = await db.select({ value: count() }).from(companies).where(byNameOrEmail(search));
  return row?.value ?? 0;
}

export async function findListedCompany(db: DbOrTx, id: number): Promise<ListedCompany | undefined> {
  const [row] = await db
    .select(listed)
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, id));
  return row;
}

type CompanyValues = Omit<typeof companies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export function updateCompanyRow(db: DbOrTx, id: number, values: CompanyValues) {
  return db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning();
}

/** A company's row, locked for the change that reads it (its audit entry's before). */
export async function lockCompanyRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('update');
  return row;
}

export async function findCompanyDue(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ dueDate: companies.dueDate, recurrence: companies.recurrence })
    .from(companies)
    .where(eq(companies.id, id))
    .for('update');
  return row;
}

export function setCompanyDueDate(db: DbOrTx, id: number, dueDate: string) {
  return db.update(companies).set({ dueDate, updatedAt: new Date() }).where(eq(companies.id, id));
}

/**
 * The company and, through the foreign keys' cascades, everything it owns (users, connections, contacts,
 * tickets, messages, settings…), in the caller's transaction. Answers its users' ids (their sessions end).
 */
export async function deleteCompanyRow(db: DbOrTx, id: number) {
  const members = await db.select({ id: users.id }).from(users).where(eq(users.companyId, id));
  const deleted = await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  return deleted.length > 0 ? members.map((m) => m.id) : undefined;
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

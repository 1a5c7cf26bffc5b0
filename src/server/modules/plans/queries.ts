import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { planBody } from '../../../shared/api/plans';
import type { PlanFlag } from '../../../shared/plan-flags';
import { companies, plans } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';

type PlanValues = z.output<typeof planBody>;

/** The plans offered at signup, private ones never. */
export function selectPublicPlans(db: DbOrTx) {
  return db.select().from(plans).where(eq(plans.isPublic, true)).orderBy(asc(plans.id));
}

/** Every plan, for the super administrator's plans tab and company dialog. */
export function selectAllPlans(db: DbOrTx) {
  return db.select().from(plans).orderBy(asc(plans.name), asc(plans.id));
}

export async function insertPlan(db: DbOrTx, values: PlanValues) {
  const [plan] = await db.insert(plans).values(values).returning();
  return plan!;
}

/** A plan locked for a change: what it was is the audit entry's "before". */
export async function findPlanForUpdate(db: DbOrTx, id: number) {
  const [plan] = await db.select().from(plans).where(eq(plans.id, id)).for('update');
  return plan;
}

export async function updatePlanRow(db: DbOrTx, id: number, values: PlanValues) {
  const [plan] = await db
    .update(plans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(plans.id, id))
    .returning();
  return plan;
}

export async function deletePlanRow(db: DbOrTx, id: number) {
  const deleted = await db.delete(plans).where(eq(plans.id, id)).returning({ id: plans.id });
  return deleted.length > 0;
}

/** Whether a company's plan includes a module: the router's check of a route's `plan` flag. */
export async function companyPlanAllows(db: DbOrTx, companyId: number, flag: PlanFlag): Promise<boolean> {
  const [row] = await db
    .select({ allowed: plans[flag] })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return row?.allowed === true;
}

import { eq } from 'drizzle-orm';
import type { Plan } from '../../../shared/api/plans';
import { companies, plans } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';

type PlanRow = typeof plans.$inferSelect;

export function serializePlan(row: PlanRow): Plan {
  const { createdAt: _c, updatedAt: _u, ...plan } = row;
  return plan;
}

export async function findCompanyWithPlan(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ company: companies, plan: plans })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return row ? { company: row.company, plan: serializePlan(row.plan) } : undefined;
}

/** 1-attendance §1: company 1 never expires. */
export const NEVER_DUE = '2999-12-31';

import { asc, eq } from 'drizzle-orm';
import type { Plan } from '../../../shared/api/plans';
import { plans } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { forbidden, notFound } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/database';
import { findCompanyWithPlan, serializePlan } from '../companies/queries';

/** The plans offered at signup; read without a token, so private plans never appear. */
export async function listPublicPlans(db: DbOrTx): Promise<Plan[]> {
  const rows = await db.select().from(plans).where(eq(plans.isPublic, true)).orderBy(asc(plans.id));
  return rows.map(serializePlan);
}

/** A company's plan and feature flags: its own members read it; the super user reads any company's. */
export async function showCompanyPlan(db: DbOrTx, actor: Actor, companyId: number) {
  if (companyId !== actor.companyId && !actor.super) throw forbidden();
  const found = await findCompanyWithPlan(db, companyId);
  if (!found) throw notFound('ERR_NO_COMPANY_FOUND');
  const { company, plan } = found;
  return { id: company.id, name: company.name, planId: company.planId, plan };
}

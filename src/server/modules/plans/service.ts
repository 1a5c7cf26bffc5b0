import type { Plan } from '../../../shared/api/plans';
import { forbidden, notFound } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/database';
import type { Context } from '../../platform/deps';
import { findCompanyWithPlan, serializePlan } from '../companies/queries';
import { selectPublicPlans } from './queries';

/** The plans offered at signup; read without a token, so private plans never appear. */
export async function listPublicPlans(db: DbOrTx): Promise<Plan[]> {
  return (await selectPublicPlans(db)).map(serializePlan);
}

/**
 * A company's plan and feature flags: its own members read it; the super user reads any company's (over
 * the database itself, past this check).
 */
export async function showCompanyPlan(ctx: Context, companyId: number) {
  if (companyId !== ctx.actor.companyId && !ctx.actor.super) throw forbidden();
  const found = await findCompanyWithPlan(ctx.deps.db, companyId);
  if (!found) throw notFound('ERR_NO_COMPANY_FOUND');
  const { company, plan } = found;
  return { id: company.id, name: company.name, planId: company.planId, plan };
}

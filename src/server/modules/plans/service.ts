import type { z } from 'zod';
import type { Plan, planBody } from '../../../shared/api/plans';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { AppError, forbidden, notFound } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/database';
import type { Context } from '../../platform/deps';
import { tenantDb } from '../../platform/tenant';
import { type AuditedContext, auditWho, recordAudit } from '../audit/recorder';
import { findCompanyWithPlan, serializePlan } from '../companies/queries';
import * as q from './queries';

type PlanInput = z.output<typeof planBody>;

/** The plans offered at signup; read without a token, so private plans never appear. */
export async function listPublicPlans(db: DbOrTx): Promise<Plan[]> {
  return (await q.selectPublicPlans(db)).map(serializePlan);
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

/** GET /plans/all (super): every plan, public or not. */
export async function listAllPlans(ctx: Context): Promise<Plan[]> {
  return (await q.selectAllPlans(ctx.deps.db)).map(serializePlan);
}

/** The unique index on the name decides, so two saves of one name at once cannot both succeed. */
function nameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'plans_name_unique')) throw new AppError('ERR_PLAN_NAME_ALREADY_EXISTS', 409);
  throw err;
}

/** Plans are the platform's: their audit entries are the acting super user's company's. */
const auditDb = (ctx: Context, tx: DbOrTx) => tenantDb(tx, ctx.actor.companyId);

export async function createPlan(ctx: AuditedContext, input: PlanInput): Promise<Plan> {
  const plan = await ctx.deps.db
    .transaction(async (tx) => {
      const row = await q.insertPlan(tx, input);
      await recordAudit(auditDb(ctx, tx), auditWho(ctx), {
        action: 'plan.create',
        entity: 'plan',
        entityId: row.id,
        after: row,
      });
      return row;
    })
    .catch(nameTaken);
  return serializePlan(plan);
}

/** A change of flags or limits applies to every company on the plan at its next request. */
export async function updatePlan(ctx: AuditedContext, id: number, input: PlanInput): Promise<Plan> {
  const plan = await ctx.deps.db
    .transaction(async (tx) => {
      const before = await q.findPlanForUpdate(tx, id);
      if (!before) return undefined;
      const row = await q.updatePlanRow(tx, id, input);
      await recordAudit(auditDb(ctx, tx), auditWho(ctx), {
        action: 'plan.update',
        entity: 'plan',
        entityId: id,
        before,
        after: row,
      });
      return row;
    })
    .catch(nameTaken);
  if (!plan) throw notFound('ERR_NO_PLAN_FOUND');
  return serializePlan(plan);
}

/**
 * Refused while a company is on the plan: the companies' foreign key decides, so a company moved onto
 * the plan while it is being deleted cannot be left without one.
 */
export async function deletePlan(ctx: AuditedContext, id: number) {
  const deleted = await ctx.deps.db
    .transaction(async (tx) => {
      const before = await q.findPlanForUpdate(tx, id);
      if (!before || !(await q.deletePlanRow(tx, id))) return false;
      await recordAudit(auditDb(ctx, tx), auditWho(ctx), {
        action: 'plan.delete',
        entity: 'plan',
        entityId: id,
        before,
      });
      return true;
    })
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw new AppError('ERR_PLAN_IN_USE', 409);
      throw err;
    });
  if (!deleted) throw notFound('ERR_NO_PLAN_FOUND');
  return { ok: true as const };
}

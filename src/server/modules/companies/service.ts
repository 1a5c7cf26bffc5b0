import type { CompanySchedules } from '../../../shared/api/companies';
import { type Schedule, schedulesOrDefaults } from '../../../shared/schedules';
import type { Actor } from '../../platform/actor';
import { forbidden, notFound } from '../../platform/app-error';
import type { Context } from '../../platform/deps';
import * as q from './queries';

/**
 * Its own admins reach a company; the super user reaches any (2-administration §6): past this check the
 * queries run over the database itself.
 */
function mayManage(actor: Actor, companyId: number) {
  if (companyId !== actor.companyId && !actor.super) throw forbidden();
}

function answer(row: { schedules: unknown; timezone: string } | undefined): CompanySchedules {
  if (!row) throw notFound('ERR_NO_COMPANY_FOUND');
  return { schedules: schedulesOrDefaults(row.schedules), timezone: row.timezone };
}

export async function showCompanySchedules(ctx: Context, companyId: number) {
  mayManage(ctx.actor, companyId);
  return answer(await q.findCompanySchedules(ctx.deps.db, companyId));
}

/** 2-administration §7: PUT /companies/{id}/schedules replaces the whole week. */
export async function updateCompanySchedules(ctx: Context, companyId: number, schedules: Schedule[]) {
  mayManage(ctx.actor, companyId);
  return answer(await q.updateCompanySchedules(ctx.deps.db, companyId, schedules));
}

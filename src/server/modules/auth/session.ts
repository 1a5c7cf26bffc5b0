import type { SessionUser } from '../../../shared/api/auth';
import { AppError } from '../../platform/app-error';
import type { Context } from '../../platform/deps';
import { findCompanyWithPlan, NEVER_DUE } from '../companies/queries';
import { readCompanySettings } from '../settings/queries';
import { findUserRow } from '../users/queries';
import { serializeUser } from '../users/serialize';

/** The user as the shell needs it: with company, plan flags and company settings (through the user's company's handle). */
export async function loadSessionUser(
  ctx: Pick<Context, 'db' | 'deps'>,
  userId: number,
): Promise<SessionUser> {
  const { db } = ctx;
  const row = await findUserRow(db, userId);
  if (!row) throw new AppError('ERR_NO_USER_FOUND', 404);
  const found = await findCompanyWithPlan(db, row.companyId);
  if (!found) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
  const user = await serializeUser(db, row, ctx.deps.presence);
  return {
    ...user,
    company: {
      id: found.company.id,
      name: found.company.name,
      dueDate: found.company.id === 1 ? NEVER_DUE : found.company.dueDate,
      planId: found.company.planId,
      plan: found.plan,
      companieSettings: await readCompanySettings(db),
    },
  };
}

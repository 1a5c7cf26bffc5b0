import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/api/auth';
import { users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/database';
import { tenantDb } from '../../platform/tenant';
import type { Presence } from '../../realtime/presence';
import { findCompanyWithPlan, NEVER_DUE } from '../companies/queries';
import { readCompanySettings } from '../settings/queries';
import { serializeUser } from '../users/serialize';

/** The user as the shell needs it: with company, plan flags and company settings. */
export async function loadSessionUser(db: DbOrTx, userId: number, presence: Presence): Promise<SessionUser> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('ERR_NO_USER_FOUND', 404);
  const found = await findCompanyWithPlan(db, row.companyId);
  if (!found) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
  const user = await serializeUser(tenantDb(db, row.companyId), row, presence);
  return {
    ...user,
    company: {
      id: found.company.id,
      name: found.company.name,
      dueDate: found.company.id === 1 ? NEVER_DUE : found.company.dueDate,
      planId: found.company.planId,
      plan: found.plan,
      companieSettings: await readCompanySettings(tenantDb(db, row.companyId)),
    },
  };
}

import { eq } from 'drizzle-orm';
import type { CompanySchedules } from '../../../shared/api/companies';
import { type Schedule, schedulesOrDefaults } from '../../../shared/schedules';
import { companies } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { forbidden, notFound } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/database';

/** Its own admins reach a company; the super user reaches any (2-administration §6). */
function mayManage(actor: Actor, companyId: number) {
  if (companyId !== actor.companyId && !actor.super) throw forbidden();
}

const schedulesColumns = { schedules: companies.schedules, timezone: companies.timezone };

function answer(row: { schedules: unknown; timezone: string } | undefined): CompanySchedules {
  if (!row) throw notFound('ERR_NO_COMPANY_FOUND');
  return { schedules: schedulesOrDefaults(row.schedules), timezone: row.timezone };
}

export async function showCompanySchedules(db: DbOrTx, actor: Actor, companyId: number) {
  mayManage(actor, companyId);
  const [row] = await db.select(schedulesColumns).from(companies).where(eq(companies.id, companyId));
  return answer(row);
}

/** 2-administration §7: PUT /companies/{id}/schedules replaces the whole week. */
export async function updateCompanySchedules(
  db: DbOrTx,
  actor: Actor,
  companyId: number,
  schedules: Schedule[],
) {
  mayManage(actor, companyId);
  const [row] = await db
    .update(companies)
    .set({ schedules, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning(schedulesColumns);
  return answer(row);
}

import { eq, sql } from 'drizzle-orm';
import { companies, plans, whatsapps } from '../../db/schema';
import type { Db } from '../../platform/database';
import { companySettingsOf } from '../settings/queries';

/**
 * A connection by its token, with its company's settings and whether its plan has the external API.
 * Over the database itself for the endpoint, whose caller is the token (it names the company); over a
 * company's handle, another company's token is as unknown as a wrong one.
 */
export async function connectionOfToken(db: Pick<Db, 'select'>, token: string) {
  const [row] = await db
    .select({
      connection: whatsapps,
      useExternalApi: plans.useExternalApi,
      settings: companySettingsOf(companies.id),
      dueDate: sql<string | null>`${companies.dueDate}::text`,
      timezone: companies.timezone,
      active: companies.status,
    })
    .from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(whatsapps.token, token));
  return row;
}

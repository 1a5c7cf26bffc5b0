import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { CompanyConnections, Connection } from '../../../shared/api/whatsapps';
import { companies, queues, whatsappQueues, whatsapps } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';

/** The company's connections by name (or the ones asked for), each with its queues by name; never the token. */
export async function connectionRows(db: DbOrTx, companyId: number, ids?: number[]): Promise<Connection[]> {
  const ofCompany = eq(whatsapps.companyId, companyId);
  const rows = await connectionRowsWhere(db, ids ? and(ofCompany, inArray(whatsapps.id, ids)) : ofCompany, {
    queues: ids
      ? and(eq(queues.companyId, companyId), inArray(whatsappQueues.whatsappId, ids))
      : eq(queues.companyId, companyId),
  });
  return rows.map(withoutCompany);
}

const withoutCompany = ({ companyId: _, ...connection }: Connection & { companyId: number }): Connection =>
  connection;

/** Every company by name with its connections (2-administration §2.4: the super administrator's overview). */
export async function companiesWithConnections(db: DbOrTx): Promise<CompanyConnections[]> {
  const [list, connections] = await Promise.all([
    db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .orderBy(asc(companies.name), asc(companies.id)),
    connectionRowsWhere(db, undefined, {}),
  ]);
  return list.map((company) => ({
    ...company,
    connections: connections.filter((c) => c.companyId === company.id).map(withoutCompany),
  }));
}

/** The connections matching `condition` with their queues (the links `only.queues` picks; all when absent). */
async function connectionRowsWhere(
  db: DbOrTx,
  condition: SQL | undefined,
  only: { queues?: SQL | undefined },
): Promise<(Connection & { companyId: number })[]> {
  const [connections, links] = await Promise.all([
    db
      .select({
        id: whatsapps.id,
        companyId: whatsapps.companyId,
        name: whatsapps.name,
        channel: whatsapps.channel,
        status: whatsapps.status,
        number: whatsapps.number,
        isDefault: whatsapps.isDefault,
        updatedAt: whatsapps.updatedAt,
        statusImportMessages: whatsapps.statusImportMessages,
      })
      .from(whatsapps)
      .where(condition)
      .orderBy(asc(whatsapps.name), asc(whatsapps.id)),
    db
      .select({
        whatsappId: whatsappQueues.whatsappId,
        id: queues.id,
        name: queues.name,
        color: queues.color,
      })
      .from(whatsappQueues)
      .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
      .where(only.queues)
      .orderBy(asc(queues.name)),
  ]);
  return connections.map((connection) => ({
    ...connection,
    updatedAt: connection.updatedAt.toISOString(),
    queues: links
      .filter((link) => link.whatsappId === connection.id)
      .map(({ id, name, color }) => ({ id, name, color })),
  }));
}

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Connection } from '../../../shared/api/whatsapps';
import type { DbOrTx } from '../../db/client';
import { queues, whatsappQueues, whatsapps } from '../../db/schema';

/** The company's connections by name (or the ones asked for), each with its queues by name; never the token. */
export async function connectionRows(db: DbOrTx, companyId: number, ids?: number[]): Promise<Connection[]> {
  const ofCompany = eq(whatsapps.companyId, companyId);
  const [connections, links] = await Promise.all([
    db
      .select({
        id: whatsapps.id,
        name: whatsapps.name,
        channel: whatsapps.channel,
        status: whatsapps.status,
        number: whatsapps.number,
        isDefault: whatsapps.isDefault,
        updatedAt: whatsapps.updatedAt,
      })
      .from(whatsapps)
      .where(ids ? and(ofCompany, inArray(whatsapps.id, ids)) : ofCompany)
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
      .where(
        ids
          ? and(eq(queues.companyId, companyId), inArray(whatsappQueues.whatsappId, ids))
          : eq(queues.companyId, companyId),
      )
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

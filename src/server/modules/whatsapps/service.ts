import { asc, eq } from 'drizzle-orm';
import type { Connection } from '../../../shared/api/whatsapps';
import type { DbOrTx } from '../../db/client';
import { queues, whatsappQueues, whatsapps } from '../../db/schema';
import type { Actor } from '../../http/actor';

/** The company's connections by name, each with its queues by name; never the token. */
export async function listConnections(db: DbOrTx, actor: Actor): Promise<Connection[]> {
  const [connections, links] = await Promise.all([
    db
      .select({
        id: whatsapps.id,
        name: whatsapps.name,
        channel: whatsapps.channel,
        status: whatsapps.status,
        isDefault: whatsapps.isDefault,
      })
      .from(whatsapps)
      .where(eq(whatsapps.companyId, actor.companyId))
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
      .where(eq(queues.companyId, actor.companyId))
      .orderBy(asc(queues.name)),
  ]);
  return connections.map((connection) => ({
    ...connection,
    queues: links
      .filter((link) => link.whatsappId === connection.id)
      .map(({ id, name, color }) => ({ id, name, color })),
  }));
}

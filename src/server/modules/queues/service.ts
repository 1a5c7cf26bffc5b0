import { asc, eq } from 'drizzle-orm';
import type { QueueSummary } from '../../../shared/api/queues';
import type { DbOrTx } from '../../db/client';
import { queues } from '../../db/schema';
import type { Actor } from '../../http/actor';

/** The company's queues in bot order (orderQueue), then by name; unordered queues come last. */
export function listQueues(db: DbOrTx, actor: Actor): Promise<QueueSummary[]> {
  return db
    .select({
      id: queues.id,
      name: queues.name,
      color: queues.color,
      greetingMessage: queues.greetingMessage,
      orderQueue: queues.orderQueue,
    })
    .from(queues)
    .where(eq(queues.companyId, actor.companyId))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
}

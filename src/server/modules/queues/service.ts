import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { QueueSummary, queueBody } from '../../../shared/api/queues';
import { events, type QueueEvent, rooms } from '../../../shared/realtime';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { queues } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { AppError, notFound } from '../../http/app-error';
import type { EventSink } from '../../realtime/event-sink';

const summary = {
  id: queues.id,
  name: queues.name,
  color: queues.color,
  greetingMessage: queues.greetingMessage,
  orderQueue: queues.orderQueue,
};

type QueueInput = z.output<typeof queueBody>;

/** The company's queues in bot order (orderQueue), then by name; unordered queues come last. */
export function listQueues(db: DbOrTx, actor: Actor): Promise<QueueSummary[]> {
  return db
    .select(summary)
    .from(queues)
    .where(eq(queues.companyId, actor.companyId))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
}

const ofCompany = (actor: Actor, id: number) => and(eq(queues.id, id), eq(queues.companyId, actor.companyId));

export async function showQueue(db: DbOrTx, actor: Actor, id: number): Promise<QueueSummary> {
  const [queue] = await db.select(summary).from(queues).where(ofCompany(actor, id));
  if (!queue) throw notFound('ERR_NO_QUEUE_FOUND');
  return queue;
}

/** 2-administration §5: the unique indexes decide, so two saves at once cannot both take a colour. */
function refusal(err: unknown): never {
  if (isUniqueViolation(err, 'queues_company_color_unique'))
    throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 409);
  if (isUniqueViolation(err, 'queues_company_name_unique'))
    throw new AppError('ERR_QUEUE_NAME_ALREADY_EXISTS', 409);
  throw err;
}

const announce = (sink: EventSink, actor: Actor, payload: QueueEvent) =>
  sink.emit(rooms.company(actor.companyId), events.queue(actor.companyId), payload);

export async function createQueue(db: DbOrTx, actor: Actor, input: QueueInput, sink: EventSink) {
  const [queue] = await db
    .insert(queues)
    .values({ ...input, companyId: actor.companyId })
    .returning(summary)
    .catch(refusal);
  announce(sink, actor, { action: 'create', queue: queue! });
  return queue!;
}

export async function updateQueue(
  db: DbOrTx,
  actor: Actor,
  id: number,
  input: Partial<QueueInput>,
  sink: EventSink,
) {
  const [queue] = await db
    .update(queues)
    .set({ ...input, updatedAt: new Date() })
    .where(ofCompany(actor, id))
    .returning(summary)
    .catch(refusal);
  if (!queue) throw notFound('ERR_NO_QUEUE_FOUND');
  announce(sink, actor, { action: 'update', queue });
  return queue;
}

/** Tickets of a deleted queue stay, without a queue (the foreign key sets it to null). */
export async function deleteQueue(db: DbOrTx, actor: Actor, id: number, sink: EventSink) {
  const removed = await db.delete(queues).where(ofCompany(actor, id)).returning({ id: queues.id });
  if (removed.length === 0) throw notFound('ERR_NO_QUEUE_FOUND');
  announce(sink, actor, { action: 'delete', queueId: id });
  return { ok: true as const };
}

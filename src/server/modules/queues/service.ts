import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type QueueSummary, type queueBody, ROUTER_TIMES } from '../../../shared/api/queues';
import { VALIDATION } from '../../../shared/errors';
import { events, type QueueEvent, rooms } from '../../../shared/realtime';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { companies, plans, queues } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { AppError, notFound } from '../../http/app-error';
import type { EventSink } from '../../realtime/event-sink';

const summary = {
  id: queues.id,
  name: queues.name,
  color: queues.color,
  greetingMessage: queues.greetingMessage,
  orderQueue: queues.orderQueue,
  outOfHoursMessage: queues.outOfHoursMessage,
  closeTicket: queues.closeTicket,
  ativarRoteador: queues.ativarRoteador,
  tempoRoteador: queues.tempoRoteador,
  integrationId: queues.integrationId,
  fileListId: queues.fileListId,
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

/**
 * The company's queue limit (2-administration §3 Plan.queues) and its queue count, with the company row
 * locked until the transaction ends: two saves at once cannot both pass the limit or the greeting rule.
 */
async function lockCompanyQueues(tx: DbOrTx, actor: Actor) {
  const [plan] = await tx
    .select({ limit: plans.queues })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, actor.companyId))
    .for('update', { of: companies });
  const [queueCount] = await tx
    .select({ value: count() })
    .from(queues)
    .where(eq(queues.companyId, actor.companyId));
  return { limit: plan?.limit, count: queueCount?.value ?? 0 };
}

interface QueueRules {
  greetingMessage?: string | null;
  ativarRoteador?: boolean;
  tempoRoteador?: number;
}

/**
 * 2-administration §5: a greeting is required when the company has more than one queue; rotation
 * (ativarRoteador) needs one of the §9 router times.
 */
function assertQueueRules(queue: QueueRules, companyQueues: number) {
  if (companyQueues > 1 && !queue.greetingMessage?.trim()) {
    throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400);
  }
  if (queue.ativarRoteador && !(ROUTER_TIMES as readonly number[]).includes(queue.tempoRoteador ?? 0)) {
    throw new AppError(VALIDATION.required, 400);
  }
}

export async function createQueue(db: DbOrTx, actor: Actor, input: QueueInput, sink: EventSink) {
  const queue = await db
    .transaction(async (tx) => {
      const { limit, count: existing } = await lockCompanyQueues(tx, actor);
      if (limit === undefined || existing >= limit) throw new AppError('ERR_QUEUE_LIMIT_REACHED', 403);
      assertQueueRules(input, existing + 1);
      const [created] = await tx
        .insert(queues)
        .values({ ...input, companyId: actor.companyId })
        .returning(summary);
      return created!;
    })
    .catch(refusal);
  announce(sink, actor, { action: 'create', queue });
  return queue;
}

export async function updateQueue(
  db: DbOrTx,
  actor: Actor,
  id: number,
  input: Partial<QueueInput>,
  sink: EventSink,
) {
  const queue = await db
    .transaction(async (tx) => {
      const { count: existing } = await lockCompanyQueues(tx, actor);
      const [current] = await tx.select(summary).from(queues).where(ofCompany(actor, id));
      if (!current) throw notFound('ERR_NO_QUEUE_FOUND');
      assertQueueRules({ ...current, ...definedOnly(input) }, existing);
      const [updated] = await tx
        .update(queues)
        .set({ ...input, updatedAt: new Date() })
        .where(ofCompany(actor, id))
        .returning(summary);
      return updated!;
    })
    .catch(refusal);
  announce(sink, actor, { action: 'update', queue });
  return queue;
}

/** The fields an update sends (undefined means "unchanged"; null clears). */
const definedOnly = <T extends object>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Tickets of a deleted queue stay, without a queue (the foreign key sets it to null). */
export async function deleteQueue(db: DbOrTx, actor: Actor, id: number, sink: EventSink) {
  const removed = await db.delete(queues).where(ofCompany(actor, id)).returning({ id: queues.id });
  if (removed.length === 0) throw notFound('ERR_NO_QUEUE_FOUND');
  announce(sink, actor, { action: 'delete', queueId: id });
  return { ok: true as const };
}

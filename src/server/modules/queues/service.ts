import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type QueueDetail,
  type QueueSummary,
  type queueBody,
  ROUTER_TIMES,
} from '../../../shared/api/queues';
import { VALIDATION } from '../../../shared/errors';
import type { QueueEvent } from '../../../shared/realtime';
import { schedulesOrDefaults } from '../../../shared/schedules';
import { isUniqueViolation } from '../../db/errors';
import { companies, fileLists, plans, queues } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { AppError, notFound } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/database';
import { type EventSink, toCompany } from '../../platform/events';
import { queueOptionTree, replaceQueueOptions } from '../chatbots/service';

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

/** The queue with its service hours and option tree (2-administration §2.5: what its dialog edits). */
export async function showQueue(db: DbOrTx, actor: Actor, id: number): Promise<QueueDetail> {
  const [queue] = await db
    .select({ ...summary, schedules: queues.schedules })
    .from(queues)
    .where(ofCompany(actor, id));
  if (!queue) throw notFound('ERR_NO_QUEUE_FOUND');
  return {
    ...queue,
    schedules: schedulesOrDefaults(queue.schedules),
    chatbots: await queueOptionTree(db, actor.companyId, id),
  };
}

/** A queue's file list is one of the company's (until the list is removed, which clears it). */
async function assertFileList(db: DbOrTx, actor: Actor, fileListId: number | null | undefined) {
  if (!fileListId) return;
  const [found] = await db
    .select({ id: fileLists.id })
    .from(fileLists)
    .where(and(eq(fileLists.companyId, actor.companyId), eq(fileLists.id, fileListId)));
  if (!found) throw notFound('ERR_NOT_FOUND');
}

/** The queue's own columns of a save; its option tree is written apart. */
function columnsOf<I extends Partial<QueueInput>>(input: I): Omit<I, 'chatbots'> {
  const { chatbots: _tree, ...columns } = input;
  return columns;
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
  sink.publish(toCompany('queue', actor.companyId, payload));

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
      await assertFileList(tx, actor, input.fileListId);
      const [created] = await tx
        .insert(queues)
        .values({ ...columnsOf(input), companyId: actor.companyId })
        .returning(summary);
      if (input.chatbots) await replaceQueueOptions(tx, actor.companyId, created!.id, input.chatbots);
      return created!;
    })
    .catch(refusal);
  announce(sink, actor, { action: 'create', queue });
  return showQueue(db, actor, queue.id);
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
      await assertFileList(tx, actor, input.fileListId);
      const [updated] = await tx
        .update(queues)
        .set({ ...columnsOf(input), updatedAt: new Date() })
        .where(ofCompany(actor, id))
        .returning(summary);
      if (input.chatbots) await replaceQueueOptions(tx, actor.companyId, id, input.chatbots);
      return updated!;
    })
    .catch(refusal);
  announce(sink, actor, { action: 'update', queue });
  return showQueue(db, actor, id);
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

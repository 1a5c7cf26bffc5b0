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
import { AppError, notFound } from '../../platform/app-error';
import type { Context } from '../../platform/deps';
import { toCompany } from '../../platform/events';
import type { TenantDb } from '../../platform/tenant';
import { type AuditedContext, auditIn } from '../audit/recorder';
import { queueOptionTree, replaceQueueOptions } from '../chatbots/service';
import * as q from './queries';

type QueueInput = z.output<typeof queueBody>;

/** The company's queues in bot order (orderQueue), then by name; unordered queues come last. */
export function listQueues(ctx: Pick<Context, 'db'>): Promise<QueueSummary[]> {
  return q.selectQueues(ctx.db);
}

/** The queue with its service hours and option tree (2-administration §2.5: what its dialog edits). */
export async function showQueue(ctx: Pick<Context, 'db'>, id: number): Promise<QueueDetail> {
  const queue = await q.findQueueWithSchedules(ctx.db, id);
  if (!queue) throw notFound('ERR_NO_QUEUE_FOUND');
  return {
    ...queue,
    schedules: schedulesOrDefaults(queue.schedules),
    chatbots: await queueOptionTree(ctx.db, id),
  };
}

/** A queue's file list is one of the company's (until the list is removed, which clears it). */
async function assertFileList(db: TenantDb, fileListId: number | null | undefined) {
  if (fileListId && !(await q.fileListExists(db, fileListId))) throw notFound('ERR_NOT_FOUND');
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

const announce = (ctx: Context, payload: QueueEvent) =>
  ctx.events.publish(toCompany('queue', ctx.actor.companyId, payload));

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

export async function createQueue(ctx: AuditedContext, input: QueueInput) {
  const queue = await ctx.db
    .transaction(async (tx) => {
      const { limit, count: existing } = await q.lockCompanyQueues(tx);
      if (limit === undefined || existing >= limit) throw new AppError('ERR_QUEUE_LIMIT_REACHED', 403);
      assertQueueRules(input, existing + 1);
      await assertFileList(tx, input.fileListId);
      const created = await q.insertQueue(tx, columnsOf(input));
      if (input.chatbots) await replaceQueueOptions(tx, created.id, input.chatbots);
      await auditIn(ctx, tx, {
        action: 'queue.create',
        entity: 'queue',
        entityId: created.id,
        after: created,
      });
      return created;
    })
    .catch(refusal);
  announce(ctx, { action: 'create', queue });
  return showQueue(ctx, queue.id);
}

export async function updateQueue(ctx: AuditedContext, id: number, input: Partial<QueueInput>) {
  const queue = await ctx.db
    .transaction(async (tx) => {
      const { count: existing } = await q.lockCompanyQueues(tx);
      const current = await q.findQueueRow(tx, id);
      if (!current) throw notFound('ERR_NO_QUEUE_FOUND');
      assertQueueRules({ ...current, ...definedOnly(input) }, existing);
      await assertFileList(tx, input.fileListId);
      const updated = await q.updateQueueRow(tx, id, columnsOf(input));
      if (input.chatbots) await replaceQueueOptions(tx, id, input.chatbots);
      await auditIn(ctx, tx, {
        action: 'queue.update',
        entity: 'queue',
        entityId: id,
        before: current,
        after: updated,
      });
      return updated;
    })
    .catch(refusal);
  announce(ctx, { action: 'update', queue });
  return showQueue(ctx, id);
}

/** The fields an update sends (undefined means "unchanged"; null clears). */
const definedOnly = <T extends object>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Tickets of a deleted queue stay, without a queue (the foreign key sets it to null). */
export async function deleteQueue(ctx: AuditedContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const current = await q.findQueueRow(tx, id);
    if (!current || !(await q.deleteQueueRow(tx, id))) throw notFound('ERR_NO_QUEUE_FOUND');
    await auditIn(ctx, tx, { action: 'queue.delete', entity: 'queue', entityId: id, before: current });
  });
  announce(ctx, { action: 'delete', queueId: id });
  return { ok: true as const };
}

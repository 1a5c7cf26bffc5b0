import { asc, count, eq } from 'drizzle-orm';
import type { QueueSummary } from '../../../shared/api/queues';
import { companies, fileLists, plans, queues } from '../../db/schema';
import type { TenantDb, TenantInsertValue } from '../../platform/tenant';

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

type QueueChange = Partial<Omit<typeof queues.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>>;

/** The company's queues in bot order (orderQueue), then by name; unordered queues come last. */
export function selectQueues(db: TenantDb): Promise<QueueSummary[]> {
  return db.select(summary).from(queues).orderBy(asc(queues.orderQueue), asc(queues.name));
}

export async function findQueueRow(db: TenantDb, id: number) {
  const [queue] = await db.select(summary).from(queues).where(eq(queues.id, id));
  return queue;
}

/** The queue with its service hours. */
export async function findQueueWithSchedules(db: TenantDb, id: number) {
  const [queue] = await db
    .select({ ...summary, schedules: queues.schedules })
    .from(queues)
    .where(eq(queues.id, id));
  return queue;
}

export async function fileListExists(db: TenantDb, id: number) {
  const [found] = await db.select({ id: fileLists.id }).from(fileLists).where(eq(fileLists.id, id));
  return found !== undefined;
}

/**
 * The company's queue limit (2-administration §3 Plan.queues) and its queue count, with the company row
 * locked until the transaction ends: two saves at once cannot both pass the limit or the greeting rule.
 */
export async function lockCompanyQueues(tx: TenantDb) {
  const [plan] = await tx
    .select({ limit: plans.queues })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .for('update', { of: companies });
  const [queueCount] = await tx.select({ value: count() }).from(queues);
  return { limit: plan?.limit, count: queueCount?.value ?? 0 };
}

export async function insertQueue(tx: TenantDb, values: TenantInsertValue<typeof queues>) {
  const [created] = await tx.insert(queues).values(values).returning(summary);
  return created!;
}

export async function updateQueueRow(tx: TenantDb, id: number, change: QueueChange) {
  const [updated] = await tx
    .update(queues)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(queues.id, id))
    .returning(summary);
  return updated!;
}

export async function deleteQueueRow(db: TenantDb, id: number) {
  const removed = await db.delete(queues).where(eq(queues.id, id)).returning({ id: queues.id });
  return removed.length > 0;
}

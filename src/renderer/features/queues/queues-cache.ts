import type { QueueSummary } from '../../../shared/api/queues';
import type { QueueEvent } from '../../../shared/realtime';

/** GET /queue's order: bot order (orderQueue; queues without one last), then name. */
export function sortQueues(queues: QueueSummary[]): QueueSummary[] {
  return [...queues].sort(
    (a, b) =>
      (a.orderQueue ?? Number.POSITIVE_INFINITY) - (b.orderQueue ?? Number.POSITIVE_INFINITY) ||
      a.name.localeCompare(b.name),
  );
}

/** Applies a `company-{id}-queue` event (or our own write) to the cached list: upsert in order, or remove. */
export function applyQueueEvent(queues: QueueSummary[], event: QueueEvent): QueueSummary[] {
  if (event.action === 'delete') return queues.filter((q) => q.id !== event.queueId);
  return sortQueues([...queues.filter((q) => q.id !== event.queue.id), event.queue]);
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import type { QueueSummary, queueBody } from '../../../shared/api/queues';
import type { Bridge } from '../../../shared/bridge';
import { events, type QueueEvent } from '../../../shared/realtime';
import { useRealtimeEvent, useReloadAfterReconnect } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { applyQueueEvent } from './queues-cache';

export const queuesKeys = {
  list: ['queues', 'list'] as const,
  one: (id: number) => ['queues', 'one', id] as const,
};

type QueueBody = z.input<typeof queueBody>;

/** GET /queue: the company's queues (the queues screen and every queue picker). */
/** The queue list's query: the hook's, and the inbox's prefetch at sign-in (prefetch-inbox.ts). */
export const queuesQuery = (bridge: Bridge) => ({
  queryKey: queuesKeys.list,
  queryFn: () => bridge.request(api.queues.list, {}),
  // The inbox mounting a moment after the sign-in's prefetch uses its answer instead of asking again.
  staleTime: 5_000,
});

export function useQueues() {
  return useQuery(queuesQuery(useBridge()));
}

/** GET /queue/{id}: one queue with its hours and option tree, read fresh when its dialog opens. */
export function useQueue(id: number | null) {
  const bridge = useBridge();
  return useQuery({
    queryKey: queuesKeys.one(id ?? 0),
    queryFn: () => bridge.request(api.queues.show, { params: { id: id! } }),
    enabled: id !== null,
    gcTime: 0,
  });
}

/** Puts a queue change into the cached list, the same way for our writes and for events. */
function useApplyQueueEvent() {
  const queryClient = useQueryClient();
  return (event: QueueEvent) =>
    queryClient.setQueryData<QueueSummary[]>(queuesKeys.list, (list) => list && applyQueueEvent(list, event));
}

/** 2-administration §4.4: the one subscription to `company-{id}-queue`, keeping the cached queues current. */
export function useQueuesRealtime() {
  const { companyId } = useCurrentUser();
  const apply = useApplyQueueEvent();
  useRealtimeEvent(events.queue(companyId), apply);
  useReloadAfterReconnect(queuesKeys.list);
}

export function useSaveQueue() {
  const bridge = useBridge();
  const apply = useApplyQueueEvent();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: QueueBody }) =>
      id === null
        ? bridge.request(api.queues.create, { body })
        : bridge.request(api.queues.update, { params: { id }, body }),
    onSuccess: ({ schedules: _hours, chatbots: _tree, ...queue }, { id }) =>
      apply({ action: id === null ? 'create' : 'update', queue }),
  });
}

export function useDeleteQueue() {
  const bridge = useBridge();
  const apply = useApplyQueueEvent();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.queues.remove, { params: { id } }),
    onSuccess: (_ok, id) => apply({ action: 'delete', queueId: id }),
  });
}

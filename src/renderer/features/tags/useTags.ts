import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import type { Tag, tagBody, tagsRoutes } from '../../../shared/api/tags';
import type { Ticket } from '../../../shared/api/tickets';
import { events, type TagEvent } from '../../../shared/realtime';
import { useRealtimeEvent, useReloadAfterReconnect } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { pagedByNumber } from '../../ui/paged-query';
import { useTicketsCache } from '../tickets/useTicketsList';
import { applyTagEvent, applyTagEventToOptions, type TagsList } from './tags-cache';

export const tagsKeys = {
  all: ['tags'] as const,
  lists: ['tags', 'list'] as const,
  list: (searchParam: string) => ['tags', 'list', searchParam] as const,
  /** GET /tags/list: pickers and filters (useTagOptions). */
  options: ['tags', 'options'] as const,
};

/** GET /tags, page after page (pages start at 1) while the server says hasMore. */
export function useTagsList(searchParam: string) {
  const bridge = useBridge();
  return useInfiniteQuery({
    queryKey: tagsKeys.list(searchParam),
    queryFn: ({ pageParam }) =>
      bridge.request(api.tags.page, { query: { searchParam, pageNumber: pageParam } }),
    ...pagedByNumber,
  });
}

/** Puts a tag change into every cached list and the picker options, the same way for our writes and events. */
function useApplyTagEvent() {
  const queryClient = useQueryClient();
  return (event: TagEvent) => {
    for (const [key, list] of queryClient.getQueriesData<TagsList>({ queryKey: tagsKeys.lists })) {
      if (!list) continue;
      const searchParam = typeof key[2] === 'string' ? key[2] : '';
      queryClient.setQueryData<TagsList>(key, applyTagEvent(list, event, searchParam));
    }
    queryClient.setQueryData<Tag[]>(
      tagsKeys.options,
      (options) => options && applyTagEventToOptions(options, event),
    );
  };
}

/** 3-automation §7: the subscription to `company{id}-tag` for the screens that show tags. */
export function useTagsRealtime() {
  const { companyId } = useCurrentUser();
  const apply = useApplyTagEvent();
  useRealtimeEvent(events.tag(companyId), apply);
  useReloadAfterReconnect(tagsKeys.all);
}

export function useCreateTag() {
  const bridge = useBridge();
  const apply = useApplyTagEvent();
  return useMutation({
    mutationFn: (body: z.input<typeof tagBody>) => bridge.request(api.tags.create, { body }),
    onSuccess: (tag) => apply({ action: 'create', tag }),
  });
}

export function useUpdateTag() {
  const bridge = useBridge();
  const apply = useApplyTagEvent();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<(typeof tagsRoutes)['update']['body']> }) =>
      bridge.request(api.tags.update, { params: { id }, body }),
    onSuccess: (tag) => apply({ action: 'update', tag }),
  });
}

export function useDeleteTag() {
  const bridge = useBridge();
  const apply = useApplyTagEvent();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.tags.remove, { params: { id } }),
    onSuccess: (_ok, id) => apply({ action: 'delete', tagId: id }),
  });
}

export type TicketTagChange =
  | { kind: 'add'; tagId: number }
  | { kind: 'remove'; tagId: number }
  | { kind: 'clear' };

/** A ticket's tags: each change answers the ticket, which goes into every cached ticket query at once. */
export function useTicketTagChange(ticketId: number) {
  const bridge = useBridge();
  const tickets = useTicketsCache();
  return useMutation({
    mutationFn: (change: TicketTagChange): Promise<Ticket> => {
      if (change.kind === 'clear') return bridge.request(api.ticketTags.clear, { params: { ticketId } });
      const params = { ticketId, tagId: change.tagId };
      return change.kind === 'add'
        ? bridge.request(api.ticketTags.add, { params })
        : bridge.request(api.ticketTags.remove, { params });
    },
    onSuccess: (ticket) => tickets.applyTicketEvent({ action: 'update', ticket }),
  });
}

/** GET /tags/list: the company's tags for pickers and filters, kept current by the tag events. */
export function useTagOptions(enabled = true) {
  const bridge = useBridge();
  return useQuery({
    queryKey: tagsKeys.options,
    queryFn: () => bridge.request(api.tags.list, { query: {} }),
    staleTime: 60_000,
    enabled,
  });
}

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import type { QuickMessage, quickMessageBody } from '../../../shared/api/quick-messages';
import { events, type QuickMessageEvent } from '../../../shared/realtime';
import { useRealtimeEvent, useReloadAfterReconnect } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { pagedByNumber } from '../../ui/paged-query';
import { applyToAll, applyToPages, type QuickMessagesList } from './quick-messages-cache';

export const quickMessagesKeys = {
  all: ['quickMessages'] as const,
  lists: ['quickMessages', 'list'] as const,
  list: (searchParam: string) => ['quickMessages', 'list', searchParam] as const,
  /** GET /quick-messages/list: everything the user sees, for the chat's suggestions. */
  everything: ['quickMessages', 'everything'] as const,
};

type QuickMessageBody = z.input<typeof quickMessageBody>;

/** GET /quick-messages, page after page (pages start at 1) while the server says hasMore. */
export function useQuickMessagesList(searchParam: string) {
  const bridge = useBridge();
  return useInfiniteQuery({
    queryKey: quickMessagesKeys.list(searchParam),
    queryFn: ({ pageParam }) =>
      bridge.request(api.quickMessages.list, { query: { searchParam, pageNumber: pageParam } }),
    ...pagedByNumber,
  });
}

/** GET /quick-messages/list (1-attendance §7): the chat's '/' suggestions. */
export function useAllQuickMessages() {
  const bridge = useBridge();
  const { companyId, id: userId } = useCurrentUser();
  return useQuery({
    queryKey: quickMessagesKeys.everything,
    queryFn: () => bridge.request(api.quickMessages.listAll, { query: { companyId, userId } }),
  });
}

/** Puts a quick-message change into every cached list, the same way for our writes and for events. */
function useApplyQuickMessageEvent() {
  const queryClient = useQueryClient();
  return (event: QuickMessageEvent) => {
    for (const [key, list] of queryClient.getQueriesData<QuickMessagesList>({
      queryKey: quickMessagesKeys.lists,
    })) {
      if (!list) continue;
      const searchParam = typeof key[2] === 'string' ? key[2] : '';
      queryClient.setQueryData<QuickMessagesList>(key, applyToPages(list, event, searchParam));
    }
    queryClient.setQueryData<QuickMessage[]>(
      quickMessagesKeys.everything,
      (all) => all && applyToAll(all, event),
    );
  };
}

/** 3-automation §7: the subscription to `company-{id}-quickmessage`, keeping the cached lists current. */
export function useQuickMessagesRealtime() {
  const { companyId } = useCurrentUser();
  const apply = useApplyQuickMessageEvent();
  useRealtimeEvent(events.quickMessage(companyId), apply);
  useReloadAfterReconnect(quickMessagesKeys.all);
}

export function useSaveQuickMessage() {
  const bridge = useBridge();
  const apply = useApplyQuickMessageEvent();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: QuickMessageBody }) =>
      id === null
        ? bridge.request(api.quickMessages.create, { body })
        : bridge.request(api.quickMessages.update, { params: { id }, body }),
    onSuccess: (quickMessage, { id }) => apply({ action: id === null ? 'create' : 'update', quickMessage }),
  });
}

export function useDeleteQuickMessage() {
  const bridge = useBridge();
  const apply = useApplyQuickMessageEvent();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.quickMessages.remove, { params: { id } }),
    onSuccess: (_ok, id) => apply({ action: 'delete', quickMessageId: id }),
  });
}

/** POST /quick-messages/:id/media-upload (typeArch quickMessage, file), or DELETE it when `file` is null. */
export function useSetQuickMessageMedia() {
  const bridge = useBridge();
  const apply = useApplyQuickMessageEvent();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) =>
      file
        ? bridge.request(api.quickMessages.uploadMedia, {
            params: { id },
            body: { typeArch: 'quickMessage' },
            files: [{ field: 'file', name: file.name, type: file.type, data: file }],
          })
        : bridge.request(api.quickMessages.removeMedia, { params: { id } }),
    onSuccess: (quickMessage) => apply({ action: 'update', quickMessage }),
  });
}

/** The attachment's bytes (GET /quick-messages/:id/media), to send it from the chat. */
export function useDownloadQuickMessageMedia() {
  const bridge = useBridge();
  return (id: number) => bridge.download(api.quickMessages.media, { params: { id } });
}

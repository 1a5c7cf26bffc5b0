import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import type { Announcement, announcementBody } from '../../../shared/api/announcements';
import { type AnnouncementEvent, events } from '../../../shared/realtime';
import { useRealtimeEvent, useReloadAfterReconnect } from '../../app/realtime';
import { useBridge } from '../../bridge/context';
import { pagedByNumber } from '../../ui/paged-query';
import { type AnnouncementsList, applyToActive, applyToPages } from './announcements-cache';

export const announcementsKeys = {
  all: ['announcements'] as const,
  lists: ['announcements', 'list'] as const,
  list: (searchParam: string) => ['announcements', 'list', searchParam] as const,
  /** GET /announcements/active: the bell's. */
  active: ['announcements', 'active'] as const,
  media: (id: number, mediaPath: string) => ['announcements', 'media', id, mediaPath] as const,
};

type AnnouncementBody = z.input<typeof announcementBody>;

/** GET /announcements (super administrator), page after page while the server says hasMore. */
export function useAnnouncementsList(searchParam: string) {
  const bridge = useBridge();
  return useInfiniteQuery({
    queryKey: announcementsKeys.list(searchParam),
    queryFn: ({ pageParam }) =>
      bridge.request(api.announcements.list, { query: { searchParam, pageNumber: pageParam } }),
    ...pagedByNumber,
  });
}

/** GET /announcements/active: what the top bar's bell lists, for every signed-in user. */
export function useActiveAnnouncements() {
  const bridge = useBridge();
  return useQuery({
    queryKey: announcementsKeys.active,
    queryFn: () => bridge.request(api.announcements.active, {}),
  });
}

/** The image of an announcement, as an authenticated download (null: it has none). */
export function useAnnouncementImage(announcement: Announcement) {
  const bridge = useBridge();
  const { id, mediaPath } = announcement;
  return useQuery({
    queryKey: announcementsKeys.media(id, mediaPath ?? ''),
    queryFn: () => bridge.download(api.announcements.media, { params: { id } }),
    enabled: mediaPath !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Puts an announcement change into every cached list, the same way for our writes and for events. */
function useApplyAnnouncementEvent() {
  const queryClient = useQueryClient();
  return (event: AnnouncementEvent) => {
    for (const [key, list] of queryClient.getQueriesData<AnnouncementsList>({
      queryKey: announcementsKeys.lists,
    })) {
      if (!list) continue;
      const searchParam = typeof key[2] === 'string' ? key[2] : '';
      queryClient.setQueryData<AnnouncementsList>(key, applyToPages(list, event, searchParam));
    }
    queryClient.setQueryData<Announcement[]>(
      announcementsKeys.active,
      (active) => active && applyToActive(active, event),
    );
  };
}

/**
 * 1-attendance §7: the subscription to `company-announcement`, keeping the page's lists and the bell
 * current. The top bar hosts it, so it runs for the whole session.
 */
export function useAnnouncementsRealtime() {
  const apply = useApplyAnnouncementEvent();
  // One name for every company: the row ignores the company id.
  useRealtimeEvent(events.announcement(0), apply);
  useReloadAfterReconnect(announcementsKeys.all);
}

export function useSaveAnnouncement() {
  const bridge = useBridge();
  const apply = useApplyAnnouncementEvent();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AnnouncementBody }) =>
      id === null
        ? bridge.request(api.announcements.create, { body })
        : bridge.request(api.announcements.update, { params: { id }, body }),
    onSuccess: (record, { id }) => apply({ action: id === null ? 'create' : 'update', record }),
  });
}

export function useDeleteAnnouncement() {
  const bridge = useBridge();
  const apply = useApplyAnnouncementEvent();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.announcements.remove, { params: { id } }),
    onSuccess: (_ok, id) => apply({ action: 'delete', id }),
  });
}

/** POST /announcements/:id/media-upload (typeArch announcements, file), or DELETE it when `file` is null. */
export function useSetAnnouncementMedia() {
  const bridge = useBridge();
  const apply = useApplyAnnouncementEvent();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) =>
      file
        ? bridge.request(api.announcements.uploadMedia, {
            params: { id },
            body: { typeArch: 'announcements' },
            files: [{ field: 'file', name: file.name, type: file.type, data: file }],
          })
        : bridge.request(api.announcements.removeMedia, { params: { id } }),
    onSuccess: (record) => apply({ action: 'update', record }),
  });
}

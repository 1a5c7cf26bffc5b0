import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import type { ContactList, ContactListItem, contactListItemBody } from '../../../shared/api/contact-lists';
import { events } from '../../../shared/realtime';
import { useRealtimeEvent, useReloadAfterReconnect } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { pagedByNumber } from '../../ui/paged-query';
import {
  applyRecordEvent,
  listMatches,
  memberMatches,
  type Paged,
  type RecordEvent,
} from './contact-lists-cache';

export const contactListsKeys = {
  all: ['contactLists'] as const,
  lists: ['contactLists', 'list'] as const,
  list: (searchParam: string) => ['contactLists', 'list', searchParam] as const,
  one: (id: number) => ['contactLists', 'one', id] as const,
  items: ['contactLists', 'items'] as const,
  itemsOf: (contactListId: number, searchParam: string) =>
    ['contactLists', 'items', contactListId, searchParam] as const,
};

type Lists = Paged<'records', ContactList>;
type Items = Paged<'contacts', ContactListItem>;

/** GET /contact-lists, page after page while the server says hasMore. */
export function useContactListsPage(searchParam: string) {
  const bridge = useBridge();
  return useInfiniteQuery({
    queryKey: contactListsKeys.list(searchParam),
    queryFn: ({ pageParam }) =>
      bridge.request(api.contactLists.list, { query: { searchParam, pageNumber: pageParam } }),
    ...pagedByNumber,
  });
}

/** GET /contact-lists/:id: the title and counts of the members' page. */
export function useContactList(id: number) {
  const bridge = useBridge();
  return useQuery({
    queryKey: contactListsKeys.one(id),
    queryFn: () => bridge.request(api.contactLists.show, { params: { id } }),
  });
}

/** GET /contact-list-items of one list, page after page. */
export function useContactListItems(contactListId: number, searchParam: string) {
  const bridge = useBridge();
  return useInfiniteQuery({
    queryKey: contactListsKeys.itemsOf(contactListId, searchParam),
    queryFn: ({ pageParam }) =>
      bridge.request(api.contactLists.items, {
        query: { contactListId, searchParam, pageNumber: pageParam },
      }),
    ...pagedByNumber,
  });
}

/** A list's change into every cached page of lists and its own query. */
function useApplyListEvent() {
  const queryClient = useQueryClient();
  return (event: RecordEvent<ContactList>) => {
    for (const [key, data] of queryClient.getQueriesData<Lists>({ queryKey: contactListsKeys.lists })) {
      const searchParam = typeof key[2] === 'string' ? key[2] : '';
      if (data)
        queryClient.setQueryData<Lists>(
          key,
          applyRecordEvent(data, 'records', event, listMatches(searchParam)),
        );
    }
    if (event.action !== 'delete') {
      queryClient.setQueryData(contactListsKeys.one(event.record.id), event.record);
    }
  };
}

/** A member's change into every cached page of members. */
function useApplyItemEvent() {
  const queryClient = useQueryClient();
  return (event: RecordEvent<ContactListItem>) => {
    for (const [key, data] of queryClient.getQueriesData<Items>({ queryKey: contactListsKeys.items })) {
      const [, , listId, searchParam] = key;
      if (!data || typeof listId !== 'number') continue;
      const belongs = memberMatches(listId, typeof searchParam === 'string' ? searchParam : '');
      queryClient.setQueryData<Items>(key, applyRecordEvent(data, 'contacts', event, belongs));
    }
  };
}

/**
 * 3-automation §7: `company-{id}-ContactList` and `company-{id}-ContactListItem` keep the cached pages
 * current. An import announces only its list (its members would flood every screen): a members' page whose
 * list grew by more than a member reloads.
 */
export function useContactListsRealtime() {
  const { companyId } = useCurrentUser();
  const queryClient = useQueryClient();
  const applyList = useApplyListEvent();
  const applyItem = useApplyItemEvent();
  useRealtimeEvent(events.contactList(companyId), (event) => {
    const before =
      event.action === 'delete'
        ? undefined
        : queryClient.getQueryData<ContactList>(contactListsKeys.one(event.record.id));
    applyList(event);
    if (before && event.action !== 'delete' && event.record.contactsCount > before.contactsCount + 1) {
      void queryClient.invalidateQueries({ queryKey: [...contactListsKeys.items, event.record.id] });
    }
  });
  useRealtimeEvent(events.contactListItem(companyId), (event) =>
    applyItem(event.action === 'delete' ? { action: 'delete', id: event.id } : event),
  );
  useReloadAfterReconnect(contactListsKeys.all);
}

export function useSaveContactList() {
  const bridge = useBridge();
  const apply = useApplyListEvent();
  return useMutation({
    mutationFn: ({ id, name }: { id: number | null; name: string }) =>
      id === null
        ? bridge.request(api.contactLists.create, { body: { name } })
        : bridge.request(api.contactLists.update, { params: { id }, body: { name } }),
    onSuccess: (record, { id }) => apply({ action: id === null ? 'create' : 'update', record }),
  });
}

export function useDeleteContactList() {
  const bridge = useBridge();
  const apply = useApplyListEvent();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.contactLists.remove, { params: { id } }),
    onSuccess: (_ok, id) => apply({ action: 'delete', id }),
  });
}

export function useSaveContactListItem() {
  const bridge = useBridge();
  const apply = useApplyItemEvent();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: z.input<typeof contactListItemBody> }) =>
      id === null
        ? bridge.request(api.contactLists.createItem, { body })
        : bridge.request(api.contactLists.updateItem, { params: { id }, body }),
    onSuccess: (record, { id }) => apply({ action: id === null ? 'create' : 'update', record }),
  });
}

export function useDeleteContactListItem() {
  const bridge = useBridge();
  const apply = useApplyItemEvent();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.contactLists.removeItem, { params: { id } }),
    onSuccess: (_ok, id) => apply({ action: 'delete', id }),
  });
}

/** POST /contact-lists/:id/upload: the file as the multipart field `file`; answers the summary. */
export function useImportContactList(contactListId: number) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      bridge.request(api.contactLists.upload, {
        params: { id: contactListId },
        body: {},
        files: [{ field: 'file', name: file.name, type: file.type, data: file }],
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...contactListsKeys.items, contactListId] }),
        queryClient.invalidateQueries({ queryKey: contactListsKeys.one(contactListId) }),
      ]),
  });
}

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import type { ContactDetail, createContactBody, updateContactBody } from '../../../shared/api/contacts';
import { events } from '../../../shared/realtime';
import { useRealtimeEvent } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { pagedByNumber } from '../../ui/paged-query';
import {
  applyContactEvent,
  type ContactChange,
  type ContactFilters,
  type ContactsList,
} from './contacts-cache';

export const contactsKeys = {
  all: ['contacts'] as const,
  lists: ['contacts', 'list'] as const,
  list: (filters: ContactFilters) => ['contacts', 'list', filters] as const,
  detail: (id: number) => ['contacts', 'detail', id] as const,
};

/** GET /contacts with the list's filters as the server takes them. */
export const contactsQuery = (filters: ContactFilters, pageNumber: number) => ({
  searchParam: filters.searchParam,
  pageNumber,
  contactTag: filters.tagIds.length ? JSON.stringify(filters.tagIds) : undefined,
});

/** GET /contacts, page after page (pages of 20 from 1) while the server says hasMore. */
export function useContactsList(filters: ContactFilters) {
  const bridge = useBridge();
  return useInfiniteQuery({
    queryKey: contactsKeys.list(filters),
    queryFn: ({ pageParam }) =>
      bridge.request(api.contacts.list, { query: contactsQuery(filters, pageParam) }),
    ...pagedByNumber,
  });
}

export function useContact(id: number | null) {
  const bridge = useBridge();
  return useQuery({
    queryKey: contactsKeys.detail(id ?? 0),
    queryFn: () => bridge.request(api.contacts.show, { params: { id: id! } }),
    enabled: id !== null,
  });
}

/**
 * Puts a contact change into every cached list and its detail, the same way for our writes, events and
 * catch-ups (a catch-up's contact has no extra information: its detail loads again).
 */
export function useApplyContactEvent() {
  const queryClient = useQueryClient();
  return (event: ContactChange) => {
    for (const [key, list] of queryClient.getQueriesData<ContactsList>({ queryKey: contactsKeys.lists })) {
      if (list)
        queryClient.setQueryData<ContactsList>(key, applyContactEvent(list, event, key[2] as ContactFilters));
    }
    if (event.action === 'delete')
      queryClient.removeQueries({ queryKey: contactsKeys.detail(event.contactId) });
    else if ('extraInfo' in event.contact)
      queryClient.setQueryData(contactsKeys.detail(event.contact.id), event.contact);
    else void queryClient.invalidateQueries({ queryKey: contactsKeys.detail(event.contact.id) });
  };
}

/** 1-attendance §7: the one subscription to `company-{id}-contact`, keeping the cached contacts current. */
export function useContactsRealtime() {
  const { companyId } = useCurrentUser();
  const apply = useApplyContactEvent();
  useRealtimeEvent(events.contact(companyId), apply);
}

/** Create or update: our own answer goes into the caches at once (the event follows). */
export function useSaveContact() {
  const bridge = useBridge();
  const apply = useApplyContactEvent();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }:
      | { id: null; body: z.input<typeof createContactBody> }
      | { id: number; body: z.input<typeof updateContactBody> }): Promise<ContactDetail> =>
      id === null
        ? bridge.request(api.contacts.create, { body })
        : bridge.request(api.contacts.update, { params: { id }, body }),
    onSuccess: (contact, { id }) => apply({ action: id === null ? 'create' : 'update', contact }),
  });
}

/** PUT /contacts/block/:id: active false blocks, true unblocks. */
export function useBlockContact() {
  const bridge = useBridge();
  const apply = useApplyContactEvent();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      bridge.request(api.contacts.block, { params: { id }, body: { active } }),
    onSuccess: (contact) => apply({ action: 'update', contact }),
  });
}

export function useDeleteContact() {
  const bridge = useBridge();
  const apply = useApplyContactEvent();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.contacts.remove, { params: { id } }),
    onSuccess: (_ok, id) => apply({ action: 'delete', contactId: id }),
  });
}

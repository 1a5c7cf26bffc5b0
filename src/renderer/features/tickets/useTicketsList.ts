import { type QueryKey, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import type { Ticket } from '../../../shared/api/tickets';
import type { User } from '../../../shared/api/users';
import type { Bridge } from '../../../shared/bridge';
import { isAdmin } from '../../../shared/permissions';
import type { TicketEvent } from '../../../shared/realtime';
import type { TicketStatus } from '../../../shared/ticket-statuses';
import { mayShowAll } from '../../../shared/ticket-visibility';
import { useCurrentUser, useViewer } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { FIRST_PAGE, type PageParam, pagedByCursor } from '../../ui/paged-query';
import { useQueues } from '../queues/useQueues';
import {
  applyContactToList,
  applyNewMessage,
  applyNewMessageToBell,
  applyTicketEvent,
  applyTicketEventToBell,
  listQuery,
  qualifiesForBell,
  type TicketListFilters,
  type TicketsList,
  ticketsKeys,
} from './tickets-cache';
import type { TicketsUiState } from './tickets-ui';

/** What the desktop's offline cache holds for a query: shown at once while the server answers. */
export function useCachedPage<T>(queryKey: QueryKey, read: (bridge: Bridge) => Promise<T | null>) {
  const bridge = useBridge();
  return useQuery({
    queryKey: ['cache', ...queryKey],
    queryFn: () => read(bridge),
    enabled: bridge.kind === 'desktop',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  }).data;
}

/**
 * GET /tickets for one tab or filter set, page after page (from 1, each with the cursor of the one before)
 * while the server says hasMore. On the
 * desktop the first page shows from the offline cache until the server's answer replaces it.
 */
export function useTicketsList(filters: TicketListFilters, options: { enabled?: boolean } = {}) {
  const bridge = useBridge();
  const cached = useCachedPage(ticketsKeys.list(filters), (b) =>
    b.cache.tickets(listQuery(filters, FIRST_PAGE)),
  );
  return useInfiniteQuery({
    ...ticketsListQuery(bridge, filters),
    placeholderData: cached ? { pages: [cached], pageParams: [FIRST_PAGE] } : undefined,
    enabled: options.enabled ?? true,
  });
}

/** A ticket list's query: the hook's, and the inbox's prefetch at sign-in (prefetch-inbox.ts). */
export const ticketsListQuery = (bridge: Bridge, filters: TicketListFilters) => ({
  queryKey: ticketsKeys.list(filters),
  queryFn: ({ pageParam }: { pageParam: PageParam }) =>
    bridge.request(api.tickets.list, { query: listQuery(filters, pageParam) }),
  ...pagedByCursor,
  // Realtime events and catch-ups keep a loaded list current: no refetch per tab switch.
  staleTime: 60_000,
});

/** GET /tickets/u/:uuid, the ticket on the right pane. */
export function useTicket(uuid: string | undefined) {
  const bridge = useBridge();
  return useQuery({
    queryKey: ticketsKeys.detail(uuid ?? ''),
    queryFn: () => bridge.request(api.tickets.showByUuid, { params: { uuid: uuid! } }),
    enabled: Boolean(uuid),
    retry: false,
  });
}

/** Whether the company wants waiting tickets in the bell (company setting showNotificationPending). */
export function useShowsPendingNotifications() {
  return useCurrentUser().company.companieSettings.showNotificationPending === 'enabled';
}

/**
 * The bell's tickets: the user's conversations with unread messages (GET /tickets?withUnreadMessages,
 * which puts them first) and, with showNotificationPending, the waiting ones.
 */
export function useNotificationTickets() {
  const bridge = useBridge();
  const viewer = useViewer();
  const showPending = useShowsPendingNotifications();
  return useQuery({
    queryKey: ticketsKeys.notifications,
    queryFn: async () => {
      const [unread, pending] = await Promise.all([
        bridge.request(api.tickets.list, { query: { withUnreadMessages: true, showAll: false } }),
        showPending
          ? bridge.request(api.tickets.list, { query: { status: 'pending', showAll: false } })
          : undefined,
      ]);
      const seen = new Set<number>();
      return [...unread.tickets, ...(pending?.tickets ?? [])].filter((ticket) => {
        if (seen.has(ticket.id) || !qualifiesForBell(ticket, viewer, showPending)) return false;
        seen.add(ticket.id);
        return true;
      });
    },
  });
}

/**
 * The queues the user may pick in the manager: their own, or every queue for admins (GET /queue).
 * `ready` is false while an admin's list is loading, so lists are not asked for twice.
 */
export function useSelectableQueues() {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const all = useQueues();
  return admin ? { queues: all.data ?? [], ready: !all.isPending } : { queues: user.queues, ready: true };
}

/**
 * The manager's live lists (the open pane's tabs and the closed pane): the chosen queues (every
 * selectable one until the user picks), "show all" where allowed, the sort on the open pane's tabs.
 */
export function liveListFilters(
  user: User,
  ui: Pick<TicketsUiState, 'selectedQueueIds' | 'showAll' | 'sort'>,
  queues: readonly { id: number }[],
) {
  const queueIds = ui.selectedQueueIds ?? queues.map((q) => q.id);
  const showAll = ui.showAll && mayShowAll(user);
  const live = (status: TicketStatus, sorted: boolean): TicketListFilters => ({
    status,
    showAll,
    queueIds,
    ...(sorted && { sortTickets: ui.sort }),
  });
  return { queueIds, live };
}

/** GET /users/list: every user of the company with their queues (transfer dialog, user filter). */
export function useUserOptions(enabled = true) {
  const bridge = useBridge();
  return useQuery({
    queryKey: ['users', 'options'],
    queryFn: () => bridge.request(api.users.listAll, { query: {} }),
    staleTime: 60_000,
    enabled,
  });
}

/** GET /contacts by name or number, first page only (the new ticket dialog's lookup). */
export function useContactSearch(searchParam: string, enabled: boolean) {
  const bridge = useBridge();
  return useQuery({
    queryKey: ['contacts', 'search', searchParam],
    queryFn: async () => (await bridge.request(api.contacts.list, { query: { searchParam } })).contacts,
    enabled,
  });
}

const filtersOf = (key: QueryKey) => key[2] as TicketListFilters;

/**
 * Writes ticket changes into every cached ticket query (lists, bell, the open ticket), the same way for
 * realtime events and for the answers of our own writes.
 */
export function useTicketsCache() {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const showPending = useShowsPendingNotifications();

  const eachList = (change: (list: TicketsList, filters: TicketListFilters) => TicketsList) => {
    for (const [key, list] of queryClient.getQueriesData<TicketsList>({ queryKey: ticketsKeys.lists })) {
      if (list) queryClient.setQueryData<TicketsList>(key, change(list, filtersOf(key)));
    }
  };
  const eachDetail = (ticketId: number, change: (ticket: Ticket, key: QueryKey) => void) => {
    for (const [key, ticket] of queryClient.getQueriesData<Ticket>({ queryKey: ['tickets', 'detail'] })) {
      if (ticket?.id === ticketId) change(ticket, key);
    }
  };

  return {
    applyTicketEvent(event: TicketEvent) {
      eachList((list, filters) => applyTicketEvent(list, event, filters, viewer));
      queryClient.setQueryData<Ticket[]>(
        ticketsKeys.notifications,
        (list) => list && applyTicketEventToBell(list, event, viewer, showPending),
      );
      if (event.action === 'update') {
        eachDetail(event.ticket.id, (_, key) => queryClient.setQueryData(key, event.ticket));
      } else if (event.action === 'updateUnread') {
        eachDetail(event.ticketId, (ticket, key) =>
          queryClient.setQueryData(key, { ...ticket, unreadMessages: 0 }),
        );
      } else {
        // Loading it again fails, which takes the user back to /tickets.
        eachDetail(event.ticketId, (_, key) => void queryClient.invalidateQueries({ queryKey: key }));
      }
    },
    /** appMessage create: the ticket, with its new lastMessage and unread count, goes to the top. */
    applyNewMessage(ticket: Ticket, inbound: boolean) {
      eachList((list, filters) => applyNewMessage(list, ticket, filters, viewer));
      if (inbound) {
        queryClient.setQueryData<Ticket[]>(
          ticketsKeys.notifications,
          (list) => list && applyNewMessageToBell(list, ticket, viewer, showPending),
        );
      }
      eachDetail(ticket.id, (_, key) => queryClient.setQueryData(key, ticket));
    },
    /** A contact changed: the tickets that show it show it anew. */
    applyContact(contact: Ticket['contact']) {
      eachList((list) => applyContactToList(list, contact));
      for (const [key, ticket] of queryClient.getQueriesData<Ticket>({ queryKey: ['tickets', 'detail'] })) {
        if (ticket?.contactId === contact.id) queryClient.setQueryData(key, { ...ticket, contact });
      }
    },
  };
}

import type { InfiniteData } from '@tanstack/react-query';
import type { RouteInput, RouteOutput } from '../../../shared/api/contract';
import type { Ticket, TicketStatus, ticketsRoutes } from '../../../shared/api/tickets';
import type { AppMessageEvent, TicketEvent } from '../../../shared/realtime';
import { belongsInList, concernsViewer, type Viewer } from '../../../shared/ticket-visibility';

import type { PageParam } from '../../ui/paged-query';
export type TicketsPage = RouteOutput<typeof ticketsRoutes.list>;
export type TicketsList = InfiniteData<TicketsPage>;
export type SortDirection = 'ASC' | 'DESC';
type MessageEvent = Extract<AppMessageEvent, { action: 'create' | 'update' }>;

/** One list of the ticket manager: a live status list (tabs, resolved pane) or a search. */
export interface TicketListFilters {
  /** The status of a live list; a search has none. */
  status?: TicketStatus;
  showAll: boolean;
  /** The selected queues. */
  queueIds: number[];
  sortTickets?: SortDirection;
  searchParam?: string;
  searchOnMessages?: boolean;
  users?: number[];
  statusFilter?: TicketStatus[];
  tags?: number[];
  whatsapps?: number[];
}

export const ticketsKeys = {
  all: ['tickets'] as const,
  lists: ['tickets', 'list'] as const,
  list: (filters: TicketListFilters) => ['tickets', 'list', normalizeFilters(filters)] as const,
  detail: (uuid: string) => ['tickets', 'detail', uuid] as const,
  notifications: ['tickets', 'notifications'] as const,
};

const sortedIds = (ids: readonly number[] | undefined) => [...new Set(ids ?? [])].sort((a, b) => a - b);

/**
 * One shape per filter set, whatever order the queues were picked in: equal filters share one cached
 * list and any change is a new list loaded from page 1 (1-attendance §4 "resets on filter change").
 */
export function normalizeFilters(filters: TicketListFilters): TicketListFilters {
  const searchParam = filters.searchParam?.trim() ?? '';
  const users = sortedIds(filters.users);
  const tags = sortedIds(filters.tags);
  const whatsapps = sortedIds(filters.whatsapps);
  const statusFilter = [...new Set(filters.statusFilter ?? [])].sort();
  return {
    ...(filters.status && { status: filters.status }),
    showAll: filters.showAll,
    queueIds: sortedIds(filters.queueIds),
    ...(filters.sortTickets && { sortTickets: filters.sortTickets }),
    ...(searchParam && { searchParam }),
    ...(searchParam && filters.searchOnMessages && { searchOnMessages: true }),
    ...(users.length > 0 && { users }),
    ...(statusFilter.length > 0 && { statusFilter }),
    ...(tags.length > 0 && { tags }),
    ...(whatsapps.length > 0 && { whatsapps }),
  };
}

const idList = (ids: readonly number[] | undefined) => (ids?.length ? JSON.stringify(ids) : undefined);

/** GET /tickets query of one page (1-attendance §7; pages start at 1, lists travel as JSON text). */
export function listQuery(
  filters: TicketListFilters,
  { pageNumber, cursor }: PageParam,
): RouteInput<typeof ticketsRoutes.list>['query'] {
  const f = normalizeFilters(filters);
  return {
    pageNumber,
    cursor,
    searchParam: f.searchParam ?? '',
    status: f.status,
    showAll: f.showAll,
    queueIds: idList(f.queueIds),
    users: idList(f.users),
    tags: idList(f.tags),
    whatsapps: idList(f.whatsapps),
    statusFilter: f.statusFilter && JSON.stringify(f.statusFilter),
    sortTickets: f.sortTickets,
    searchOnMessages: f.searchOnMessages,
  };
}

/** A live list takes in tickets by the rules; a search only keeps the ones it found up to date. */
const isLive = (filters: TicketListFilters): filters is TicketListFilters & { status: TicketStatus } =>
  filters.status !== undefined && !filters.searchParam;

/** The list's tickets in order, each once (pages may overlap after live changes). */
export function flattenTickets(list: TicketsList | undefined): Ticket[] {
  const seen = new Set<number>();
  const out: Ticket[] = [];
  for (const page of list?.pages ?? []) {
    for (const ticket of page.tickets) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      out.push(ticket);
    }
  }
  return out;
}

const allOf = (list: TicketsList) => list.pages.flatMap((page) => page.tickets);

/** Puts tickets back into the pages: each page keeps its size, the first absorbs growth or shrinkage. */
function withTickets(list: TicketsList, tickets: Ticket[], countDelta: number): TicketsList {
  const sizes = list.pages.map((page) => page.tickets.length);
  const growth = tickets.length - sizes.reduce((sum, size) => sum + size, 0);
  const last = list.pages.length - 1;
  let offset = 0;
  const pages = list.pages.map((page, i) => {
    const size = i === last ? tickets.length - offset : Math.max(0, sizes[i] + (i === 0 ? growth : 0));
    const slice = tickets.slice(offset, offset + size);
    offset += slice.length;
    return { ...page, tickets: slice, count: Math.max(0, page.count + countDelta) };
  });
  return { ...list, pages };
}

const byUpdatedAt = (direction: SortDirection) => (a: Ticket, b: Ticket) => {
  const diff = Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
  return direction === 'ASC' ? diff : -diff;
};

function removeTicket(list: TicketsList, ticketId: number): TicketsList {
  const all = allOf(list);
  const rest = all.filter((t) => t.id !== ticketId);
  return rest.length === all.length ? list : withTickets(list, rest, rest.length - all.length);
}

/**
 * A ticket's new state for one list. A live list adds it when it belongs (on top), replaces it where it
 * is, removes it when it no longer belongs (status changed, queue not selected, now someone else's),
 * and sorts by updatedAt when a direction is given. `toTop`: a new message moves it to the top instead.
 */
function placeTicket(
  list: TicketsList,
  ticket: Ticket,
  filters: TicketListFilters,
  viewer: Viewer,
  toTop: boolean,
): TicketsList {
  const all = allOf(list);
  const present = all.some((t) => t.id === ticket.id);
  const others = all.filter((t) => t.id !== ticket.id);
  const belongs = isLive(filters)
    ? belongsInList(ticket, filters, viewer)
    : present && (!filters.statusFilter?.length || filters.statusFilter.includes(ticket.status));
  if (!belongs) return present ? removeTicket(list, ticket.id) : list;
  if (list.pages.length === 0) return list;
  const countDelta = present ? 0 : 1;
  if (toTop || !present) {
    const next = [ticket, ...others];
    return withTickets(
      list,
      !toTop && filters.sortTickets ? next.sort(byUpdatedAt(filters.sortTickets)) : next,
      countDelta,
    );
  }
  const replaced = all.map((t) => (t.id === ticket.id ? ticket : t));
  return withTickets(
    list,
    filters.sortTickets ? replaced.sort(byUpdatedAt(filters.sortTickets)) : replaced,
    0,
  );
}

/** Applies a `company-{id}-ticket` event (or our own write's answer, as an update) to one cached list. */
export function applyTicketEvent(
  list: TicketsList,
  event: TicketEvent,
  filters: TicketListFilters,
  viewer: Viewer,
): TicketsList {
  switch (event.action) {
    case 'delete':
      return removeTicket(list, event.ticketId);
    case 'updateUnread': {
      const all = allOf(list);
      if (!all.some((t) => t.id === event.ticketId && t.unreadMessages > 0)) return list;
      return withTickets(
        list,
        all.map((t) => (t.id === event.ticketId ? { ...t, unreadMessages: 0 } : t)),
        0,
      );
    }
    case 'update':
      return placeTicket(list, event.ticket, filters, viewer, false);
  }
}

/** A new message (appMessage create) moves its ticket, with its new lastMessage and unread count, to the top. */
export function applyNewMessage(
  list: TicketsList,
  ticket: Ticket,
  filters: TicketListFilters,
  viewer: Viewer,
): TicketsList {
  return placeTicket(list, ticket, filters, viewer, true);
}

/** A contact's new name, number or picture, on every ticket of that contact in a list. */
export function applyContactToList(list: TicketsList, contact: Ticket['contact']): TicketsList {
  if (!allOf(list).some((t) => t.contactId === contact.id)) return list;
  return {
    ...list,
    pages: list.pages.map((page) => ({
      ...page,
      tickets: page.tickets.map((t) => (t.contactId === contact.id ? { ...t, contact } : t)),
    })),
  };
}

/** The bell's rule: open conversations of the user with unread messages, and waiting ones when asked. */
export function qualifiesForBell(ticket: Ticket, viewer: Viewer, showPending: boolean): boolean {
  if (ticket.status === 'closed' || !concernsViewer(ticket, viewer)) return false;
  return ticket.unreadMessages > 0 || (showPending && ticket.status === 'pending');
}

/** The bell's list after a ticket event: unread reset and delete drop the ticket (1-attendance §4). */
export function applyTicketEventToBell(
  list: Ticket[],
  event: TicketEvent,
  viewer: Viewer,
  showPending: boolean,
): Ticket[] {
  if (event.action !== 'update') return list.filter((t) => t.id !== event.ticketId);
  const { ticket } = event;
  const present = list.some((t) => t.id === ticket.id);
  if (!qualifiesForBell(ticket, viewer, showPending))
    return present ? list.filter((t) => t.id !== ticket.id) : list;
  return present ? list.map((t) => (t.id === ticket.id ? ticket : t)) : [ticket, ...list];
}

/** Which part of an appMessage event the bell and the sound care about: a new message from a contact. */
export function isInboundCreate(event: AppMessageEvent): event is MessageEvent {
  return event.action === 'create' && !event.message.fromMe;
}

/** The bell's list after a new inbound message: its ticket on top. */
export function applyNewMessageToBell(
  list: Ticket[],
  ticket: Ticket,
  viewer: Viewer,
  showPending: boolean,
): Ticket[] {
  if (!qualifiesForBell(ticket, viewer, showPending)) return list;
  return [ticket, ...list.filter((t) => t.id !== ticket.id)];
}

/**
 * Whether a new message rings: inbound (never the user's own), on a ticket the user attends or that
 * waits for them, and not the conversation the user is looking at right now.
 */
export function ringsFor(
  event: AppMessageEvent,
  viewer: Viewer,
  looking: { ticketUuid: string | null; pageVisible: boolean },
): boolean {
  if (!isInboundCreate(event)) return false;
  if (event.message.user?.id === viewer.id) return false;
  if (!concernsViewer(event.ticket, viewer)) return false;
  return !(looking.pageVisible && looking.ticketUuid === event.ticket.uuid);
}

import { MESSAGES_PAGE_SIZE } from '../../shared/api/messages';
import { listTicketsQuery, TICKETS_PAGE_SIZE } from '../../shared/api/tickets';
import type { MessagesPage, TicketsPage } from '../../shared/bridge';
import { belongsInList, type Viewer } from '../../shared/ticket-visibility';
import type { CacheStore, TicketFacts } from './store';

/**
 * GET /tickets answered from the cache: the tickets held are those the user may see, chosen for one list
 * by the live lists' own rules (1-attendance §4: status, owner or waiting or show-all, selected queues)
 * and the list's filters, 40 a page like the server's.
 */
export function cachedTicketsPage(store: CacheStore, rawQuery: unknown, viewer: Viewer): TicketsPage {
  const query = listTicketsQuery.parse(rawQuery ?? {});
  const text = query.searchParam.trim().toLowerCase();
  // As on the server: searching, or filtering by users, looks across all users for whoever may show all.
  const showAll = Boolean(query.showAll || text || query.users?.length);
  const keeps = (ticket: TicketFacts) => {
    // Without selected queues the list is not narrowed by queue: the ticket's own stands for them.
    const queueIds = query.queueIds ?? (ticket.queueId === null ? [] : [ticket.queueId]);
    return (
      belongsInList(
        { ...ticket, companyId: viewer.companyId },
        { status: ticket.status, showAll, queueIds },
        viewer,
      ) &&
      (!query.statusFilter?.length || query.statusFilter.includes(ticket.status)) &&
      (!query.users?.length || (ticket.userId !== null && query.users.includes(ticket.userId))) &&
      (!query.whatsapps?.length ||
        (ticket.whatsappId !== null && query.whatsapps.includes(ticket.whatsappId))) &&
      (!query.tags?.length || query.tags.every((id) => ticket.tagIds().includes(id))) &&
      (!text || ticket.contactName.toLowerCase().includes(text) || ticket.contactNumber.includes(text))
    );
  };
  const offset = (query.pageNumber - 1) * TICKETS_PAGE_SIZE;
  const { tickets, count } = store.ticketsPage({
    status: query.status,
    keeps,
    unreadFirst: query.withUnreadMessages ?? false,
    ascending: query.sortTickets === 'ASC',
    limit: TICKETS_PAGE_SIZE,
    offset,
  });
  return { tickets, count, hasMore: offset + tickets.length < count };
}

/** GET /messages/:ticketUuid answered from the cache (pages of 20 from the newest); null for a ticket not held. */
export function cachedMessagesPage(
  store: CacheStore,
  ticketUuid: string,
  pageNumber = 1,
): MessagesPage | null {
  const ticket = store.ticketByUuid(ticketUuid);
  if (!ticket) return null;
  const offset = (pageNumber - 1) * MESSAGES_PAGE_SIZE;
  const { messages, count } = store.messages(ticket.id, { limit: MESSAGES_PAGE_SIZE, offset });
  return { messages: messages.reverse(), hasMore: offset + messages.length < count };
}

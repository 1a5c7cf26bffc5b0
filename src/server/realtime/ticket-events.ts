import type { Message } from '../../shared/api/messages';
import type { Ticket } from '../../shared/api/tickets';
import { type AppMessageEvent, events, rooms, type TicketEvent } from '../../shared/realtime';
import { mayViewTicket, presentTicket, type TicketScope } from '../modules/tickets/visibility';
import type { EventSink } from '../platform/events';

type ScopedTicket = TicketScope & { id: number };

/**
 * A ticket's new state to every socket of its company whose user may see it (ARCHITECTURE "The
 * contract": never to users who may not). A socket that could see the ticket `before` the change but
 * not after gets a delete, so the ticket leaves its lists.
 */
export function emitTicketUpdate(
  sink: EventSink,
  ticket: Ticket,
  options: { hideNumbers: boolean; before?: TicketScope },
) {
  sink.emitEach(
    rooms.company(ticket.companyId),
    events.ticket(ticket.companyId),
    (viewer): TicketEvent | undefined => {
      if (mayViewTicket(viewer, ticket)) {
        return { action: 'update', ticket: presentTicket(ticket, viewer.actor, options.hideNumbers) };
      }
      if (options.before && mayViewTicket(viewer, options.before))
        return { action: 'delete', ticketId: ticket.id };
      return undefined;
    },
  );
}

function emitToViewers(sink: EventSink, ticket: ScopedTicket, event: TicketEvent) {
  sink.emitEach(rooms.company(ticket.companyId), events.ticket(ticket.companyId), (viewer) =>
    mayViewTicket(viewer, ticket) ? event : undefined,
  );
}

export function emitTicketDelete(sink: EventSink, ticket: ScopedTicket) {
  emitToViewers(sink, ticket, { action: 'delete', ticketId: ticket.id });
}

/** The ticket's messages were read: lists clear its unread badge. */
export function emitTicketUnread(sink: EventSink, ticket: ScopedTicket) {
  emitToViewers(sink, ticket, { action: 'updateUnread', ticketId: ticket.id });
}

/**
 * A message to the sockets showing its ticket's chat box and those asking for notifications, among them
 * only those whose user may see the ticket.
 */
export function emitAppMessage(
  sink: EventSink,
  action: 'create' | 'update',
  message: Message,
  ticket: Ticket,
  hideNumbers: boolean,
) {
  sink.emitEach(
    [rooms.ticket(ticket.id), rooms.notification(ticket.companyId)],
    events.appMessage(ticket.companyId),
    (viewer): AppMessageEvent | undefined => {
      if (!mayViewTicket(viewer, ticket)) return undefined;
      const shown = presentTicket(ticket, viewer.actor, hideNumbers);
      return { action, message, ticket: shown, contact: shown.contact };
    },
  );
}

import { inArray } from 'drizzle-orm';
import type { Message } from '../../../shared/api/messages';
import { hidesDeletedContent, shownMessage } from '../../../shared/api/messages';
import type { Ticket } from '../../../shared/api/tickets';
import { rooms } from '../../../shared/realtime';
import type { TicketScope } from '../../../shared/ticket-visibility';
import { messages } from '../../db/schema';
import { type EventSink, toCompany } from '../../platform/events';
import type { TenantDb } from '../../platform/tenant';
import { findMessages, loadMessage } from '../messages/queries';
import { readCompanySettings } from '../settings/queries';
import { loadTicket, loadTicketsByIds } from './queries';

type ScopedTicket = TicketScope & { id: number };

/**
 * A ticket's new state to every socket of its company whose user may see it (the realtime table's ticket
 * rule); those that could see it `before` the change but not after are told to drop it.
 */
export function emitTicketUpdate(
  sink: EventSink,
  ticket: Ticket,
  options: { hideNumbers: boolean; before?: TicketScope },
) {
  const { hideNumbers, before } = options;
  sink.publish(
    toCompany('ticket', ticket.companyId, {
      action: 'update',
      ticket,
      hideNumbers,
      ...(before && { before }),
    }),
  );
}

export function emitTicketDelete(sink: EventSink, ticket: ScopedTicket) {
  sink.publish(
    toCompany('ticket', ticket.companyId, { action: 'delete', ticketId: ticket.id, scope: ticket }),
  );
}

/** The ticket's messages were read: lists clear its unread badge. */
export function emitTicketUnread(sink: EventSink, ticket: ScopedTicket) {
  sink.publish(
    toCompany('ticket', ticket.companyId, { action: 'updateUnread', ticketId: ticket.id, scope: ticket }),
  );
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
  sink.publish({
    kind: 'appMessage',
    companyId: ticket.companyId,
    to: [rooms.ticket(ticket.id), rooms.notification(ticket.companyId)],
    data: { action, message, ticket, hideNumbers },
  });
}

// The settings' and messages' reads below still take the database and the company: the handle's own.

/** 1-attendance §6 lgpdHideNumber, read per company. */
export async function hidesNumbers(db: TenantDb) {
  return (await readCompanySettings(db)).lgpdHideNumber === 'enabled';
}

/** Announces a ticket's committed state (with the state before, when it changed who may see it). */
export async function publishTicket(db: TenantDb, sink: EventSink, ticketId: number, before?: TicketScope) {
  const ticket = await loadTicket(db, ticketId);
  if (ticket) emitTicketUpdate(sink, ticket, { hideNumbers: await hidesNumbers(db), before });
  return ticket;
}

/**
 * Announces a committed message with its ticket, to those who may see that ticket; a deleted one without
 * its content where the company hides it (the sockets never get what the chat would not show).
 */
export async function publishMessage(
  db: TenantDb,
  sink: EventSink,
  messageId: number,
  action: 'create' | 'update',
) {
  const message = await loadMessage(db, messageId);
  const ticket = message && (await loadTicket(db, message.ticketId));
  if (message && ticket) {
    const settings = await readCompanySettings(db);
    const shown = shownMessage(message, hidesDeletedContent(settings));
    emitAppMessage(sink, action, shown, ticket, settings.lgpdHideNumber === 'enabled');
  }
  return message;
}

/**
 * publishTicket and publishMessage for many at once (scheduled messages due together): each ticket,
 * message and the company's settings read once.
 */
export async function publishMany(
  db: TenantDb,
  sink: EventSink,
  changed: { ticketId: number; before?: TicketScope }[],
  messageIds: number[],
  action: 'create' | 'update',
) {
  if (messageIds.length === 0 && changed.length === 0) return;
  const settings = await readCompanySettings(db);
  const hideNumbers = settings.lgpdHideNumber === 'enabled';
  const found = await findMessages(db, inArray(messages.id, messageIds));
  const ids = [...new Set([...changed.map((c) => c.ticketId), ...found.map((m) => m.ticketId)])];
  const tickets = new Map((await loadTicketsByIds(db, ids)).map((t) => [t.id, t]));
  const told = new Set<number>();
  for (const { ticketId, before } of changed) {
    const ticket = tickets.get(ticketId);
    if (!ticket || told.has(ticketId)) continue;
    told.add(ticketId);
    emitTicketUpdate(sink, ticket, { hideNumbers, before });
  }
  for (const message of found.reverse()) {
    const ticket = tickets.get(message.ticketId);
    if (ticket)
      emitAppMessage(sink, action, shownMessage(message, hidesDeletedContent(settings)), ticket, hideNumbers);
  }
}

/** Announces tickets a job closed (close all, inactivity): lists drop them as their status left `statusBefore`. */
export async function publishClosedTickets(
  db: TenantDb,
  sink: EventSink,
  ids: number[],
  statusBefore: string,
) {
  if (ids.length === 0) return;
  const hideNumbers = await hidesNumbers(db);
  for (const ticket of await loadTicketsByIds(db, ids)) {
    emitTicketUpdate(sink, ticket, { hideNumbers, before: { ...ticket, status: statusBefore } });
  }
}

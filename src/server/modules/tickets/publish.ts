import { hidesDeletedContent, shownMessage } from '../../../shared/api/messages';
import type { DbOrTx } from '../../platform/database';
import type { EventSink } from '../../platform/events';
import { emitAppMessage, emitTicketUpdate } from '../../realtime/ticket-events';
import { loadMessage } from '../messages/queries';
import { readCompanySettings } from '../settings/company-settings';
import { loadTicket, loadTicketsByIds } from './queries';
import type { TicketScope } from './visibility';

/** 1-attendance §6 lgpdHideNumber, read per company. */
export async function hidesNumbers(db: DbOrTx, companyId: number) {
  return (await readCompanySettings(db, companyId)).lgpdHideNumber === 'enabled';
}

/** Announces a ticket's committed state (with the state before, when it changed who may see it). */
export async function publishTicket(
  db: DbOrTx,
  sink: EventSink,
  companyId: number,
  ticketId: number,
  before?: TicketScope,
) {
  const ticket = await loadTicket(db, companyId, ticketId);
  if (ticket) emitTicketUpdate(sink, ticket, { hideNumbers: await hidesNumbers(db, companyId), before });
  return ticket;
}

/**
 * Announces a committed message with its ticket, to those who may see that ticket; a deleted one without
 * its content where the company hides it (the sockets never get what the chat would not show).
 */
export async function publishMessage(
  db: DbOrTx,
  sink: EventSink,
  companyId: number,
  messageId: number,
  action: 'create' | 'update',
) {
  const message = await loadMessage(db, companyId, messageId);
  const ticket = message && (await loadTicket(db, companyId, message.ticketId));
  if (message && ticket) {
    const settings = await readCompanySettings(db, companyId);
    const shown = shownMessage(message, hidesDeletedContent(settings));
    emitAppMessage(sink, action, shown, ticket, settings.lgpdHideNumber === 'enabled');
  }
  return message;
}

/** Announces tickets a job closed (close all, inactivity): lists drop them as their status left `statusBefore`. */
export async function publishClosedTickets(
  db: DbOrTx,
  sink: EventSink,
  companyId: number,
  ids: number[],
  statusBefore: string,
) {
  if (ids.length === 0) return;
  const hideNumbers = await hidesNumbers(db, companyId);
  for (const ticket of await loadTicketsByIds(db, companyId, ids)) {
    emitTicketUpdate(sink, ticket, { hideNumbers, before: { ...ticket, status: statusBefore } });
  }
}

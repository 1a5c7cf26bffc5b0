import type { Ticket } from '../../../shared/api/tickets';

export type HeaderAction = 'accept' | 'ignore' | 'returnToQueue' | 'resolve' | 'transfer' | 'reopen';

/**
 * The header's buttons for a ticket status (1-attendance §4 transitions); ignore only for those who may
 * close waiting tickets.
 */
export function headerActions(ticket: Pick<Ticket, 'status'>, mayIgnore: boolean): HeaderAction[] {
  switch (ticket.status) {
    case 'pending':
      return mayIgnore ? ['accept', 'ignore'] : ['accept'];
    case 'open':
    case 'group':
      return ['returnToQueue', 'resolve', 'transfer'];
    case 'closed':
      return ['reopen'];
    default:
      // lgpd and nps: the automation is talking to the contact; it closes the ticket itself.
      return [];
  }
}

/**
 * Why the composer is closed, or null when the attendant may write. Reading is always allowed; writing
 * needs the ticket accepted (open, or group for WhatsApp groups).
 */
export type ComposerLock = 'pending' | 'closed' | 'automation';

export function composerLock(ticket: Pick<Ticket, 'status'>): ComposerLock | null {
  switch (ticket.status) {
    case 'open':
    case 'group':
      return null;
    case 'pending':
      return 'pending';
    case 'closed':
      return 'closed';
    default:
      return 'automation';
  }
}

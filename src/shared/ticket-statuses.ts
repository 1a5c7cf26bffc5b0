// Apart from src/shared/api/tickets.ts (which re-exports it) so the inbox's first paint reads it without zod.
export const TICKET_STATUSES = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

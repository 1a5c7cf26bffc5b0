import type { Ticket } from '../../../shared/api/tickets';
import { ApiError } from '../../../shared/bridge';

/** The conversation already going on for a contact: who serves it, in which queue (1-attendance §4). */
export interface OtherOpenTicket {
  uuid: string;
  userId: number | null;
  userName: string | null;
  queueName: string | null;
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;

const nameOf = (value: unknown) => {
  const name = asRecord(value)?.name;
  return typeof name === 'string' ? name : null;
};

/**
 * POST /tickets answers 409 with `{ error: "<JSON of the existing ticket>" }` (1-attendance §7): the
 * existing ticket, or null when the failure is anything else.
 */
export function otherOpenTicketOf(error: unknown): OtherOpenTicket | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const text = asRecord(error.body)?.error;
  if (typeof text !== 'string') return null;
  let parsed: Record<string, unknown> | null;
  try {
    parsed = asRecord(JSON.parse(text));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed.uuid !== 'string') return null;
  return {
    uuid: parsed.uuid,
    userId: typeof parsed.userId === 'number' ? parsed.userId : null,
    userName: nameOf(parsed.user),
    queueName: nameOf(parsed.queue),
  };
}

/** The same facts from a ticket PUT /tickets/:id answered instead of the one asked for. */
export const otherOpenTicketFrom = (ticket: Ticket): OtherOpenTicket => ({
  uuid: ticket.uuid,
  userId: ticket.userId,
  userName: ticket.user?.name ?? null,
  queueName: ticket.queue?.name ?? null,
});

/**
 * Another user's conversation is shown as information (owner and queue); the user's own or a waiting
 * one is simply opened.
 */
export const belongsToSomeoneElse = (other: OtherOpenTicket, userId: number) =>
  other.userId !== null && other.userId !== userId;

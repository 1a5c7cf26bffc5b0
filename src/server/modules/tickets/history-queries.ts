import { desc, eq } from 'drizzle-orm';
import { ticketLogs, type tickets, ticketTracking } from '../../db/schema';
import type { TenantDb } from '../../platform/tenant';

// The row's own type from the schema: queries.ts imports this module's log types.
type TicketRow = typeof tickets.$inferSelect;

/** docs/behaviour.md "Ticket updates": the log entry types (1-attendance §4 plus the bots' own). */
export type TicketLogType =
  | 'create'
  | 'chatBot'
  | 'queue'
  | 'open'
  | 'access'
  | 'transfered'
  | 'receivedTransfer'
  | 'pending'
  | 'closed'
  | 'reopen'
  | 'redirect'
  | 'nps'
  | 'lgpd'
  | 'clientClosed'
  | 'autoClose';

export async function writeLog(
  db: TenantDb,
  ticket: Pick<TicketRow, 'id'>,
  type: TicketLogType,
  by: { userId?: number | null; queueId?: number | null } = {},
) {
  // The server's clock, as the attendance records: the dashboard reads both against one another.
  await db.insert(ticketLogs).values({
    ticketId: ticket.id,
    type,
    createdAt: new Date(),
    userId: by.userId ?? null,
    queueId: by.queueId ?? null,
  });
}

type TrackingChanges = Partial<
  Pick<
    typeof ticketTracking.$inferInsert,
    'userId' | 'queueId' | 'queuedAt' | 'startedAt' | 'closedAt' | 'ratingAt' | 'rated'
  >
>;

type TrackedTicket = Pick<TicketRow, 'id' | 'whatsappId' | 'userId' | 'queueId'>;

/** A new attendance: wait time runs from queuedAt to startedAt, support time to closedAt. */
export async function startTracking(db: TenantDb, ticket: TrackedTicket, changes: TrackingChanges = {}) {
  await db.insert(ticketTracking).values({
    ticketId: ticket.id,
    whatsappId: ticket.whatsappId,
    userId: ticket.userId,
    queueId: ticket.queueId,
    queuedAt: new Date(),
    ...changes,
  });
}

/** Changes the ticket's current attendance (its newest record), starting one when there is none. */
export async function track(db: TenantDb, ticket: TrackedTicket, changes: TrackingChanges) {
  const current = await currentTracking(db, ticket.id);
  if (!current) return startTracking(db, ticket, changes);
  await db
    .update(ticketTracking)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(ticketTracking.id, current.id));
}

export async function currentTracking(db: TenantDb, ticketId: number) {
  const [row] = await db
    .select()
    .from(ticketTracking)
    .where(eq(ticketTracking.ticketId, ticketId))
    .orderBy(desc(ticketTracking.id))
    .limit(1);
  return row;
}

/** New tickets: a `create` log and a first attendance each, in two statements whatever their number. */
export async function recordCreated(db: TenantDb, created: TicketRow[], by: { userId?: number | null } = {}) {
  if (created.length === 0) return;
  const now = new Date();
  await db.insert(ticketLogs).values(
    created.map((ticket) => ({
      ticketId: ticket.id,
      type: 'create' as const,
      createdAt: now,
      userId: by.userId ?? null,
      queueId: ticket.queueId,
    })),
  );
  await db.insert(ticketTracking).values(
    created.map((ticket) => ({
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      userId: ticket.userId,
      queueId: ticket.queueId,
      queuedAt: now,
      startedAt: ticket.userId ? now : null,
    })),
  );
}

/** A user starts attending the ticket: an `open` log, and the attendance's start. */
export async function recordAttended(
  db: TenantDb,
  ticket: TrackedTicket,
  by: { userId: number | null; queueId: number | null },
) {
  await writeLog(db, ticket, 'open', by);
  await track(db, ticket, { ...by, startedAt: new Date() });
}

/** The ticket closed: a `closed` log by whoever closed it, and the attendance's end. */
export async function recordClosed(
  db: TenantDb,
  ticket: TrackedTicket,
  by: { userId: number | null; queueId: number | null },
) {
  await writeLog(db, ticket, 'closed', by);
  await track(db, ticket, { closedAt: new Date() });
}

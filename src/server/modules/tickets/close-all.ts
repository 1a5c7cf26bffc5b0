import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { tickets } from '../../db/schema';
import { scheduleJob } from '../../jobs/queries';
import type { JobHandler } from '../../jobs/runner';
import type { ServerDeps } from '../../platform/deps';
import { BufferedEvents } from '../../platform/events';
import { publishClosedTickets } from './publish';
import * as q from './queries';
import type { TicketsContext } from './service';

const CLOSE_ALL = 'closeAll';

const closeAllPayload = z.object({
  status: z.enum(['open', 'pending', 'group']),
  ticketIds: z.array(z.number().int()),
  userId: z.number().int(),
});

/**
 * POST /tickets/closeAll (admins): every ticket of a status in the selected queues (none selected: every
 * queue), as they are now. docs/behaviour.md "Ticket updates": closed by one durable job, so the answer (how
 * many are closing) comes at once and a restart does not lose the rest.
 */
export async function closeAllTickets(
  ctx: TicketsContext,
  body: { status: 'open' | 'pending' | 'group'; selectedQueueIds: number[] },
) {
  const { db, jobs } = ctx.deps;
  const { companyId, userId } = ctx.actor;
  const ticketIds = await q.ticketIdsWhere(
    db,
    and(
      eq(tickets.companyId, companyId),
      eq(tickets.status, body.status),
      body.selectedQueueIds.length ? inArray(tickets.queueId, body.selectedQueueIds) : undefined,
    )!,
  );
  if (ticketIds.length > 0) {
    await scheduleJob(db, {
      kind: CLOSE_ALL,
      key: randomUUID(),
      companyId,
      payload: { status: body.status, ticketIds, userId } satisfies z.input<typeof closeAllPayload>,
    });
    jobs.nudge();
  }
  return { closing: ticketIds.length };
}

/** The close-all job: the tickets asked for that still have the status asked for, closed and logged at once. */
function closeAllJob(deps: ServerDeps): JobHandler {
  return {
    async run(tx, job) {
      const { status, ticketIds, userId } = closeAllPayload.parse(job.payload);
      const companyId = job.companyId!;
      const closed = await q.closeTicketRows(
        tx,
        sql`${tickets.companyId} = ${companyId} and ${tickets.status} = ${status} and ${tickets.id} = any(${sql.param(ticketIds)}::int[])`,
        { type: 'closed', userId },
      );
      return async () => {
        const events = new BufferedEvents();
        const ids = closed.map((ticket) => ticket.id);
        await publishClosedTickets(deps.db, events, companyId, ids, status);
        events.flush(deps.realtime);
      };
    },
  };
}

export function registerCloseAllJob(deps: ServerDeps) {
  deps.jobs.register(CLOSE_ALL, closeAllJob(deps));
}

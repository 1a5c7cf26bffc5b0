import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { JobHandler } from '../../jobs/runner';
import type { Context, ServerDeps } from '../../platform/deps';
import { BufferedEvents } from '../../platform/events';
import { tenantDb } from '../../platform/tenant';
import { publishClosedTickets } from './publish';
import * as q from './queries';

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
  ctx: Context,
  body: { status: 'open' | 'pending' | 'group'; selectedQueueIds: number[] },
) {
  const { userId } = ctx.actor;
  const ticketIds = await q.ticketIdsOfStatus(ctx.db, body.status, body.selectedQueueIds);
  if (ticketIds.length > 0) {
    await q.scheduleCompanyJob(ctx.db, {
      kind: CLOSE_ALL,
      key: randomUUID(),
      payload: { status: body.status, ticketIds, userId } satisfies z.input<typeof closeAllPayload>,
    });
    ctx.deps.jobs.nudge();
  }
  return { closing: ticketIds.length };
}

/** The close-all job: the tickets asked for that still have the status asked for, closed and logged at once. */
function closeAllJob(deps: ServerDeps): JobHandler {
  return {
    async run(tx, job) {
      const { status, ticketIds, userId } = closeAllPayload.parse(job.payload);
      const companyId = job.companyId!;
      const closed = await q.closeTicketsStillOfStatus(tenantDb(tx, companyId), ticketIds, status, userId);
      return async () => {
        const events = new BufferedEvents();
        const ids = closed.map((ticket) => ticket.id);
        await publishClosedTickets(tenantDb(deps.db, companyId), events, ids, status);
        events.flush(deps.realtime);
      };
    },
  };
}

export function registerCloseAllJob(deps: ServerDeps) {
  deps.jobs.register(CLOSE_ALL, closeAllJob(deps));
}

import { z } from 'zod';
import { occurrenceAt } from '../../shared/scheduled-messages';
import { signBody } from '../../shared/signature';
import { attendedStatus } from '../../shared/ticket-visibility';
import { type JobHandler, retryDelayMs } from '../jobs/runner';
import { copyMedia, findMedia } from '../modules/messages/media-store';
import { queueFile, queueText, sendOut } from '../modules/messages/outbound';
import { findMessageRow, updateMessageRow } from '../modules/messages/queries';
import * as sq from '../modules/scheduled-messages/queries';
import { announceSchedule, armNext } from '../modules/scheduled-messages/service';
import { recordCreated } from '../modules/tickets/history-queries';
import { publishMessage, publishTicket } from '../modules/tickets/publish';
import * as tq from '../modules/tickets/queries';
import { AppError } from '../platform/app-error';
import type { ServerDeps } from '../platform/deps';
import { BufferedEvents } from '../platform/events';
import { type TenantDb, tenantDb } from '../platform/tenant';

/**
 * The sender of scheduled messages (docs/behaviour.md "Scheduled messages"). Each occurrence goes out
 * exactly once, in two durable steps:
 *
 * 1. The occurrence job (`schedule:<id>`, due at the planned time) locks the schedule, and in one
 *    transaction claims the occurrence (a schedule_sends row unique per schedule and number), stores the
 *    message in the contact's ticket, counts it, arms the next occurrence from the planned time and arms
 *    the delivery's watchdog. A second runner, a stale job or a restart finds the occurrence claimed and
 *    does nothing.
 * 2. After the commit the message goes to the channel with the send row's key as idempotency key; the
 *    delivery is recorded and the watchdog disarmed. A server that dies before that leaves the watchdog,
 *    which sends again (with the same key) once its lease is over; a failing channel is tried again with
 *    the jobs' backoff until MAX_DELIVERY_ATTEMPTS, then the schedule is ERRO with the error.
 */

/** How long a delivery may take before another try (the watchdog's delay). */
export const DELIVERY_LEASE_MS = 2 * 60_000;
/** Tries of one occurrence's send before the schedule goes ERRO. */
export const MAX_DELIVERY_ATTEMPTS = 3;

const occurrencePayload = z.object({ scheduleId: z.number().int(), occurrence: z.number().int() });
const deliveryPayload = z.object({ sendId: z.number().int() });

const keyOf = (sendId: number) => `schedule-send-${sendId}`;

/** The contact's ticket on the connection for the message, under the conversation's lock. */
async function ticketFor(
  db: TenantDb,
  schedule: sq.ScheduleRow,
  contact: tq.ContactRow,
  connection: tq.ConnectionRow,
) {
  await tq.lockConversation(db, contact.number);
  const existing = await tq.newestTicketOf(db, contact.id, connection.id, tq.ACTIVE_STATUSES);
  const opening = schedule.openTicket && schedule.statusTicket === 'open';
  const assigned = {
    userId: schedule.ticketUserId,
    queueId: schedule.queueId,
    status: schedule.ticketUserId === null ? ('pending' as const) : attendedStatus(contact),
  };
  if (existing) {
    // openTicket with status open hands the going conversation to the chosen user and queue.
    if (!opening) return { ticket: existing, before: undefined };
    const ticket = await tq.updateTicketRow(db, existing.id, {
      userId: assigned.userId ?? existing.userId,
      queueId: assigned.queueId ?? existing.queueId,
      status: assigned.userId === null && existing.userId !== null ? existing.status : assigned.status,
    });
    return { ticket, before: existing };
  }
  // Without openTicket (or with status closed) the message is kept in a closed ticket: no bot, no queue.
  const ticket = await tq.insertTicketRow(db, {
    contactId: contact.id,
    whatsappId: connection.id,
    channel: connection.channel,
    isGroup: contact.isGroup,
    ...(opening ? assigned : { status: 'closed' as const, userId: null, queueId: schedule.queueId }),
  });
  await recordCreated(db, [ticket], { userId: schedule.userId });
  return { ticket, before: undefined };
}

/** What the occurrence says: the body, signed with the author's name when assinar. */
async function bodyOf(db: TenantDb, schedule: sq.ScheduleRow) {
  if (!schedule.assinar || schedule.userId === null) return schedule.body;
  const author = await tq.findUserOfCompany(db, schedule.userId);
  return author ? signBody(author.name, schedule.body) : schedule.body;
}

/** Stores the occurrence's message (the image copied, so deleting the schedule keeps the message's). */
async function storeMessage(deps: ServerDeps, db: TenantDb, schedule: sq.ScheduleRow, ticket: tq.TicketRow) {
  const body = await bodyOf(db, schedule);
  const stored = schedule.mediaPath && (await findMedia(deps.media, db.companyId, schedule.mediaPath));
  const copy =
    stored && schedule.mediaPath && (await copyMedia(deps.media, db.companyId, schedule.mediaPath));
  if (stored && copy) {
    return queueFile(db, ticket, body, {
      mediaUrl: copy,
      filename: schedule.mediaName ?? copy,
      mimetype: stored.type,
    });
  }
  return queueText(db, ticket, body, schedule.userId);
}

/** The schedule went ERRO: no occurrence after this one. */
async function failSchedule(db: TenantDb, scheduleId: number, error: string) {
  await sq.disarmOccurrence(db, scheduleId);
  return sq.updateSchedule(db, scheduleId, { status: 'ERRO', error, nextSendAt: null });
}

function occurrenceJob(deps: ServerDeps): JobHandler<sq.ScheduleRow | undefined> {
  return {
    // The schedule before the job's row, as the routes take them (lock, then arm or cancel its job).
    lock: (tx, job) => {
      const { scheduleId } = occurrencePayload.parse(job.payload);
      return sq.findSchedule(tenantDb(tx, job.companyId!), scheduleId, true);
    },
    async run(tx, job, schedule) {
      const { occurrence: n } = occurrencePayload.parse(job.payload);
      const db = tenantDb(tx, job.companyId!);
      // A stale job (the schedule saved again, deleted, failed, or this occurrence taken) does nothing.
      if (schedule?.status !== 'PENDENTE' || schedule.sentCount + 1 !== n) return undefined;
      const calendar = await sq.workingCalendar(db);
      const planned = occurrenceAt(schedule, n, calendar);
      if (!planned) {
        await sq.updateSchedule(db, schedule.id, { nextSendAt: null });
        return undefined;
      }
      // The calendar changed since it was armed (a holiday): it waits for its new time.
      if (planned.getTime() > (await sq.jobsClock(db)).getTime() + 1000) {
        await armNext(db, schedule, calendar);
        return undefined;
      }
      const send = await sq.claimSend(db, schedule.id, n, planned);
      if (!send) return undefined;
      const contact = await tq.findContact(db, schedule.contactId);
      const connection =
        schedule.whatsappId !== null
          ? await tq.findConnection(db, schedule.whatsappId)
          : await tq.defaultConnection(db);
      if (!contact || !connection) {
        const error = contact ? 'ERR_NO_DEF_WAPP_FOUND' : 'ERR_NO_CONTACT_FOUND';
        await sq.updateSend(db, send.id, { failedAt: new Date(), lastError: error });
        const failed = await failSchedule(db, schedule.id, error);
        return () => announce(deps, db.companyId, failed);
      }
      const { ticket, before } = await ticketFor(db, schedule, contact, connection);
      const message = await storeMessage(deps, db, schedule, ticket);
      await sq.updateSend(db, send.id, { ticketId: ticket.id, messageId: message.id });
      const counted = await sq.updateSchedule(db, schedule.id, { sentCount: n });
      await armNext(db, counted, calendar);
      await sq.armDelivery(db, send.id, DELIVERY_LEASE_MS);
      const companyId = db.companyId;
      return async () => {
        const scoped = tenantDb(deps.db, companyId);
        const events = new BufferedEvents();
        await publishTicket(scoped, events, ticket.id, before);
        await publishMessage(scoped, events, message.id, 'create');
        events.flush(deps.realtime);
        await deliver(deps, companyId, send.id);
      };
    },
  };
}

async function announce(deps: ServerDeps, companyId: number, row: sq.ScheduleRow) {
  const events = new BufferedEvents();
  const [schedule] = await sq.present(tenantDb(deps.db, companyId), [row]);
  announceSchedule(events, companyId, { action: 'update', schedule: schedule! });
  events.flush(deps.realtime);
}

/**
 * Sends a claimed occurrence and records it; a failure is tried again later (the watchdog at the jobs'
 * backoff) until MAX_DELIVERY_ATTEMPTS, then the schedule is ERRO. Safe to run twice: the channel gets
 * the same idempotency key, and a delivered or given-up send is left alone.
 */
export async function deliver(deps: ServerDeps, companyId: number, sendId: number) {
  const db = tenantDb(deps.db, companyId);
  const send = await sq.findSend(db, sendId);
  if (!send || send.deliveredAt || send.failedAt || send.messageId === null || send.ticketId === null) {
    await sq.disarmDelivery(db, sendId);
    return;
  }
  const [message, ticket] = await Promise.all([
    findMessageRow(db, send.messageId),
    tq.findTicketRow(db, send.ticketId),
  ]);
  const contact = ticket && (await tq.findContact(db, ticket.contactId));
  let wid: string;
  try {
    if (!message || !ticket || !contact) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    wid = await sendOut(deps, ticket.whatsappId, contact.number, {
      body: message.body,
      media: message.mediaUrl ? await mediaOf(deps, companyId, message.mediaUrl, send.scheduleId) : undefined,
      idempotencyKey: keyOf(send.id),
    });
  } catch (err) {
    await failedTry(deps, db, send, err instanceof AppError ? err.code : String(err));
    return;
  }
  const row = await db.transaction(async (tx) => {
    const schedule = await sq.findSchedule(tx, send.scheduleId, true);
    const current = await sq.findSend(tx, send.id, true);
    await sq.disarmDelivery(tx, send.id);
    if (!current || current.deliveredAt) return undefined;
    const now = new Date();
    await sq.updateSend(tx, send.id, { deliveredAt: now, attempts: current.attempts + 1, lastError: null });
    await updateMessageRow(tx, send.messageId!, { wid });
    if (!schedule) return undefined;
    const last = schedule.nextSendAt === null && schedule.status === 'PENDENTE';
    return sq.updateSchedule(tx, schedule.id, { sentAt: now, ...(last ? { status: 'ENVIADA' } : {}) });
  });
  const events = new BufferedEvents();
  await publishMessage(db, events, send.messageId, 'update');
  events.flush(deps.realtime);
  if (row) await announce(deps, companyId, row);
}

async function mediaOf(deps: ServerDeps, companyId: number, mediaUrl: string, scheduleId: number) {
  const stored = await findMedia(deps.media, companyId, mediaUrl);
  if (!stored) throw new Error(`the image of schedule ${scheduleId} is gone`);
  return { filename: mediaUrl, mimetype: stored.type, data: await stored.read() };
}

async function failedTry(deps: ServerDeps, db: TenantDb, send: sq.ScheduleSendRow, error: string) {
  deps.log.warn({ sendId: send.id, scheduleId: send.scheduleId, error }, 'a scheduled message was not sent');
  const failed = await db.transaction(async (tx) => {
    // The schedule, then the send: the order the delivery and the occurrence job take them in.
    await sq.findSchedule(tx, send.scheduleId, true);
    const current = await sq.findSend(tx, send.id, true);
    if (!current || current.deliveredAt || current.failedAt) return undefined;
    const attempts = current.attempts + 1;
    if (attempts < MAX_DELIVERY_ATTEMPTS) {
      await sq.updateSend(tx, send.id, { attempts, lastError: error });
      await sq.armDelivery(tx, send.id, retryDelayMs(attempts));
      return undefined;
    }
    await sq.updateSend(tx, send.id, { attempts, lastError: error, failedAt: new Date() });
    await sq.disarmDelivery(tx, send.id);
    return failSchedule(tx, send.scheduleId, error);
  });
  if (failed) await announce(deps, db.companyId, failed);
}

/** The watchdog: armed again before it sends, so a server dying mid-send leaves it for another try. */
function deliveryJob(deps: ServerDeps): JobHandler {
  return {
    async run(tx, job) {
      const { sendId } = deliveryPayload.parse(job.payload);
      const companyId = job.companyId!;
      await sq.armDelivery(tenantDb(tx, companyId), sendId, DELIVERY_LEASE_MS);
      return () => deliver(deps, companyId, sendId);
    },
  };
}

export function registerScheduledMessages(deps: ServerDeps) {
  deps.jobs.register(sq.OCCURRENCE_JOB, occurrenceJob(deps));
  deps.jobs.register(sq.DELIVERY_JOB, deliveryJob(deps));
}

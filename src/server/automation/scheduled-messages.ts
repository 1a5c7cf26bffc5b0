import { z } from 'zod';
import { occurrenceAt } from '../../shared/scheduled-messages';
import { signBody } from '../../shared/signature';
import { attendedStatus } from '../../shared/ticket-visibility';
import { takeJobs } from '../jobs/queries';
import {
  type AfterCommit,
  type BatchJobHandler,
  type Job,
  type JobHandler,
  retryDelayMs,
} from '../jobs/runner';
import { copyMedia, findMedia } from '../modules/messages/media-store';
import { queueMessages, sendOut, type ToQueue } from '../modules/messages/outbound';
import { findMessageRow, type MessageRow, setWids } from '../modules/messages/queries';
import * as sq from '../modules/scheduled-messages/queries';
import { announceSchedule, armNext } from '../modules/scheduled-messages/service';
import { recordCreated } from '../modules/tickets/history-queries';
import { publishMany } from '../modules/tickets/publish';
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
 *    does nothing. Occurrence jobs due together run as a batch (up to OCCURRENCE_BATCH in one
 *    transaction, each step one statement for all of them: docs/performance.md).
 * 2. After the commit the messages go to the channel with each send row's key as idempotency key; the
 *    deliveries are recorded and the watchdogs disarmed. A server that dies before that leaves the
 *    watchdog, which sends again (with the same key) once its lease is over; a failing channel is tried
 *    again with the jobs' backoff until MAX_DELIVERY_ATTEMPTS, then the schedule is ERRO with the error.
 */

/** How long a delivery may take before another try (the watchdog's delay). */
export const DELIVERY_LEASE_MS = 2 * 60_000;
/** Tries of one occurrence's send before the schedule goes ERRO. */
export const MAX_DELIVERY_ATTEMPTS = 3;
/** Occurrence jobs due together claimed and stored in one transaction. */
const OCCURRENCE_BATCH = 100;

const occurrencePayload = z.object({ scheduleId: z.number().int(), occurrence: z.number().int() });
const deliveryPayload = z.object({ sendId: z.number().int() });

const keyOf = (sendId: number) => `schedule-send-${sendId}`;
const unique = <T>(values: T[]) => [...new Set(values)];
const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

/** A claimed occurrence on its way: its schedule, contact and connection. */
interface Claimed {
  schedule: sq.ScheduleRow;
  n: number;
  send: sq.ScheduleSendRow;
  contact: tq.ContactRow;
  connection: tq.ConnectionRow;
}

/** A stored occurrence to send: what its send, its record and its events need, read once. */
interface Outgoing {
  send: sq.ScheduleSendRow;
  message: Pick<MessageRow, 'id' | 'body' | 'mediaUrl'>;
  ticket: Pick<tq.TicketRow, 'id' | 'whatsappId'>;
  before?: tq.TicketRow;
  to: string;
}

/** The ticket an occurrence goes to when its contact has none going on that connection. */
function newTicket(c: Claimed) {
  const opening = c.schedule.openTicket && c.schedule.statusTicket === 'open';
  return {
    contactId: c.contact.id,
    whatsappId: c.connection.id,
    channel: c.connection.channel,
    isGroup: c.contact.isGroup,
    // Without openTicket (or with status closed) the message is kept in a closed ticket: no bot, no queue.
    ...(opening ? assignedBy(c) : { status: 'closed' as const, userId: null, queueId: c.schedule.queueId }),
  };
}

function assignedBy({ schedule, contact }: Claimed) {
  return {
    userId: schedule.ticketUserId,
    queueId: schedule.queueId,
    status: schedule.ticketUserId === null ? ('pending' as const) : attendedStatus(contact),
  };
}

/**
 * Each occurrence's ticket: the contact's going one on the connection, or a new one, under the
 * conversations' locks. Occurrences of one contact and connection take turns (a round each), so a later
 * one finds the ticket an earlier one opened; within a round the new tickets are one statement.
 */
async function ticketsFor(db: TenantDb, claimed: Claimed[]) {
  if (claimed.length === 0) return [];
  await tq.lockConversations(
    db,
    claimed.map((c) => c.contact.number),
  );
  const keyOfClaim = (c: Claimed) => `${c.contact.id}:${c.connection.id}`;
  const going = new Map<string, tq.TicketRow>();
  for (const whatsappId of unique(claimed.map((c) => c.connection.id))) {
    const contactIds = unique(claimed.filter((c) => c.connection.id === whatsappId).map((c) => c.contact.id));
    for (const t of await tq.newestTicketsOf(db, contactIds, whatsappId, tq.ACTIVE_STATUSES))
      going.set(`${t.contactId}:${whatsappId}`, t);
  }
  const result: { ticket: tq.TicketRow; before?: tq.TicketRow }[] = [];
  let waiting = claimed.map((c, index) => ({ c, index }));
  while (waiting.length > 0) {
    const inRound = new Set<string>();
    const round: typeof waiting = [];
    const later: typeof waiting = [];
    for (const w of waiting) {
      if (inRound.has(keyOfClaim(w.c))) later.push(w);
      else {
        inRound.add(keyOfClaim(w.c));
        round.push(w);
      }
    }
    waiting = later;
    const fresh: typeof round = [];
    for (const w of round) {
      const existing = going.get(keyOfClaim(w.c));
      if (!existing) fresh.push(w);
      // openTicket with status open hands the going conversation to the chosen user and queue.
      else if (!(w.c.schedule.openTicket && w.c.schedule.statusTicket === 'open'))
        result[w.index] = { ticket: existing };
      else {
        const assigned = assignedBy(w.c);
        const ticket = await tq.updateTicketRow(db, existing.id, {
          userId: assigned.userId ?? existing.userId,
          queueId: assigned.queueId ?? existing.queueId,
          status: assigned.userId === null && existing.userId !== null ? existing.status : assigned.status,
        });
        going.set(keyOfClaim(w.c), ticket);
        result[w.index] = { ticket, before: existing };
      }
    }
    const created = await tq.insertTicketRows(
      db,
      fresh.map((w) => newTicket(w.c)),
    );
    for (const userId of unique(fresh.map((w) => w.c.schedule.userId)))
      await recordCreated(
        db,
        created.filter((_, i) => fresh[i]!.c.schedule.userId === userId),
        { userId },
      );
    fresh.forEach((w, i) => {
      const ticket = created[i]!;
      result[w.index] = { ticket };
      if ((tq.ACTIVE_STATUSES as readonly string[]).includes(ticket.status))
        going.set(keyOfClaim(w.c), ticket);
    });
  }
  return result;
}

/** What each occurrence says (the body, signed with the author's name when assinar) and its image, copied. */
async function messagesOf(
  deps: ServerDeps,
  db: TenantDb,
  claimed: Claimed[],
  tickets: { ticket: tq.TicketRow }[],
): Promise<ToQueue[]> {
  const authors = new Map<number, string | undefined>();
  const items: ToQueue[] = [];
  for (const [i, { schedule }] of claimed.entries()) {
    let body = schedule.body;
    if (schedule.assinar && schedule.userId !== null) {
      if (!authors.has(schedule.userId))
        authors.set(schedule.userId, (await tq.findUserOfCompany(db, schedule.userId))?.name);
      const author = authors.get(schedule.userId);
      if (author) body = signBody(author, schedule.body);
    }
    const ticket = tickets[i]!.ticket;
    // The image copied, so deleting the schedule keeps the message's.
    const stored = schedule.mediaPath && (await findMedia(deps.media, db.companyId, schedule.mediaPath));
    const copy =
      stored && schedule.mediaPath && (await copyMedia(deps.media, db.companyId, schedule.mediaPath));
    items.push(
      stored && copy
        ? {
            ticket,
            body,
            userId: null,
            file: { mediaUrl: copy, filename: schedule.mediaName ?? copy, mimetype: stored.type },
          }
        : { ticket, body, userId: schedule.userId },
    );
  }
  return items;
}

/** The schedule went ERRO: no occurrence after this one. */
async function failSchedule(db: TenantDb, scheduleId: number, error: string) {
  await sq.disarmOccurrence(db, scheduleId);
  return sq.updateSchedule(db, scheduleId, { status: 'ERRO', error, nextSendAt: null });
}

/** One company's occurrence jobs of a batch: claimed, stored and counted; their sends follow the commit. */
async function runOccurrences(deps: ServerDeps, db: TenantDb, jobs: Job[]) {
  const wanted = jobs.map((job) => ({ job, ...occurrencePayload.parse(job.payload) }));
  // The schedules before their jobs' rows, as the routes take them (lock, then arm or cancel its job).
  const schedules = byId(
    await sq.lockSchedules(
      db,
      wanted.map((w) => w.scheduleId),
    ),
  );
  const taken = await takeJobs(db.unscoped, jobs);
  // A stale job (the schedule saved again, deleted, failed, or this occurrence taken) does nothing.
  const current = wanted.flatMap(({ job, scheduleId, occurrence: n }) => {
    const schedule = schedules.get(scheduleId);
    return taken.has(job.id) && schedule?.status === 'PENDENTE' && schedule.sentCount + 1 === n
      ? [{ schedule, n }]
      : [];
  });
  if (current.length === 0) return undefined;
  const calendar = await sq.workingCalendar(db);
  const now = await sq.jobsClock(db);
  const due: { schedule: sq.ScheduleRow; n: number; planned: Date }[] = [];
  for (const { schedule, n } of current) {
    const planned = occurrenceAt(schedule, n, calendar);
    if (!planned) await sq.updateSchedule(db, schedule.id, { nextSendAt: null });
    // The calendar changed since it was armed (a holiday): it waits for its new time.
    else if (planned.getTime() > now.getTime() + 1000) await armNext(db, schedule, calendar);
    else due.push({ schedule, n, planned });
  }
  const sends = new Map(
    (
      await sq.claimSends(
        db,
        due.map((d) => ({ scheduleId: d.schedule.id, occurrence: d.n, plannedAt: d.planned })),
      )
    ).map((send) => [send.scheduleId, send]),
  );
  const ours = due.filter((d) => sends.has(d.schedule.id));
  if (ours.length === 0) return undefined;
  const contacts = byId(await sq.contactsByIds(db, unique(ours.map((d) => d.schedule.contactId))));
  const connections = byId(
    await sq.connectionsByIds(
      db,
      unique(ours.flatMap((d) => (d.schedule.whatsappId === null ? [] : [d.schedule.whatsappId]))),
    ),
  );
  const fallback = ours.some((d) => d.schedule.whatsappId === null)
    ? await tq.defaultConnection(db)
    : undefined;
  const failed: sq.ScheduleRow[] = [];
  const claimed: Claimed[] = [];
  for (const { schedule, n } of ours) {
    const send = sends.get(schedule.id)!;
    const contact = contacts.get(schedule.contactId);
    const connection = schedule.whatsappId === null ? fallback : connections.get(schedule.whatsappId);
    if (contact && connection) {
      claimed.push({ schedule, n, send, contact, connection });
      continue;
    }
    const error = contact ? 'ERR_NO_DEF_WAPP_FOUND' : 'ERR_NO_CONTACT_FOUND';
    await sq.updateSend(db, send.id, { failedAt: new Date(), lastError: error });
    failed.push(await failSchedule(db, schedule.id, error));
  }
  const tickets = await ticketsFor(db, claimed);
  const messages = await queueMessages(db, await messagesOf(deps, db, claimed, tickets));
  await sq.linkSends(
    db,
    claimed.map((c, i) => ({ id: c.send.id, ticketId: tickets[i]!.ticket.id, messageId: messages[i]!.id })),
  );
  // Each next occurrence from its planned time; none left: nothing armed.
  const next = claimed.map((c) => ({ c, at: occurrenceAt(c.schedule, c.n + 1, calendar) }));
  await sq.countOccurrences(
    db,
    next.map(({ c, at }) => ({ id: c.schedule.id, sentCount: c.n, nextSendAt: at ?? null })),
  );
  await sq.armOccurrences(
    db,
    next.flatMap(({ c, at }) => (at ? [{ scheduleId: c.schedule.id, n: c.n + 1, at }] : [])),
  );
  await sq.disarmOccurrences(
    db,
    next.flatMap(({ c, at }) => (at ? [] : [c.schedule.id])),
  );
  await sq.armDeliveries(
    db,
    claimed.map((c) => c.send.id),
    DELIVERY_LEASE_MS,
  );
  const outgoing: Outgoing[] = claimed.map((c, i) => ({
    send: c.send,
    message: messages[i]!,
    ticket: tickets[i]!.ticket,
    before: tickets[i]!.before,
    to: c.contact.number,
  }));
  const companyId = db.companyId;
  return async () => {
    if (failed.length) await announce(deps, companyId, failed);
    await deliverAll(deps, companyId, outgoing, 'create');
  };
}

function occurrenceJobs(deps: ServerDeps): BatchJobHandler {
  return {
    size: OCCURRENCE_BATCH,
    async run(tx, jobs) {
      const afters: AfterCommit[] = [];
      // Company by company in one order, so two batches take their locks in the same order.
      for (const companyId of unique(jobs.map((j) => j.companyId!)).sort((a, b) => a - b)) {
        const after = await runOccurrences(
          deps,
          tenantDb(tx, companyId),
          jobs.filter((j) => j.companyId === companyId),
        );
        if (after) afters.push(after);
      }
      return async () => {
        for (const after of afters) await after();
      };
    },
  };
}

async function announce(deps: ServerDeps, companyId: number, rows: sq.ScheduleRow[]) {
  const events = new BufferedEvents();
  for (const schedule of await sq.present(tenantDb(deps.db, companyId), rows))
    announceSchedule(events, companyId, { action: 'update', schedule });
  events.flush(deps.realtime);
}

/**
 * Sends stored occurrences and records them (one transaction for all); a failure is tried again later
 * (the watchdog at the jobs' backoff) until MAX_DELIVERY_ATTEMPTS, then the schedule is ERRO. Safe to
 * run twice: the channel gets the same idempotency key, and a delivered or given-up send is left alone.
 */
async function deliverAll(
  deps: ServerDeps,
  companyId: number,
  outgoing: Outgoing[],
  action: 'create' | 'update',
) {
  const db = tenantDb(deps.db, companyId);
  const sent: { send: sq.ScheduleSendRow; messageId: number; wid: string }[] = [];
  for (const { send, message, ticket, to } of outgoing) {
    try {
      const wid = await sendOut(deps, ticket.whatsappId, to, {
        body: message.body,
        media: message.mediaUrl
          ? await mediaOf(deps, companyId, message.mediaUrl, send.scheduleId)
          : undefined,
        idempotencyKey: keyOf(send.id),
      });
      sent.push({ send, messageId: message.id, wid });
    } catch (err) {
      await failedTry(deps, db, send, err instanceof AppError ? err.code : String(err));
    }
  }
  const rows = sent.length > 0 ? await db.transaction((tx) => recordDelivered(tx, sent)) : [];
  const events = new BufferedEvents();
  await publishMany(
    db,
    events,
    action === 'create' ? outgoing.map((o) => ({ ticketId: o.ticket.id, before: o.before })) : [],
    outgoing.map((o) => o.message.id),
    action,
  );
  events.flush(deps.realtime);
  if (rows.length > 0) await announce(deps, companyId, rows);
}

/** The channel took them: each send delivered (once), its message given the channel's id, its schedule sent. */
async function recordDelivered(
  tx: TenantDb,
  sent: { send: sq.ScheduleSendRow; messageId: number; wid: string }[],
) {
  // The schedules, then their sends: the order the occurrence job and a failed try take them in.
  await sq.lockSchedules(tx, unique(sent.map((s) => s.send.scheduleId)));
  const ids = sent.map((s) => s.send.id);
  await sq.disarmDeliveries(tx, ids);
  const now = new Date();
  const recorded = new Set((await sq.markSendsDelivered(tx, ids, now)).map((r) => r.id));
  const fresh = sent.filter((s) => recorded.has(s.send.id));
  await setWids(
    tx,
    fresh.map((s) => ({ id: s.messageId, wid: s.wid })),
  );
  return sq.markSchedulesSent(tx, unique(fresh.map((s) => s.send.scheduleId)), now);
}

/** The watchdog's send: the occurrence read again, then sent as after its commit. */
async function deliver(deps: ServerDeps, companyId: number, sendId: number) {
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
  if (!message || !ticket || !contact) {
    await failedTry(deps, db, send, 'ERR_NO_TICKET_FOUND');
    return;
  }
  await deliverAll(deps, companyId, [{ send, message, ticket, to: contact.number }], 'update');
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
  if (failed) await announce(deps, db.companyId, [failed]);
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
  deps.jobs.registerBatch(sq.OCCURRENCE_JOB, occurrenceJobs(deps));
  deps.jobs.register(sq.DELIVERY_JOB, deliveryJob(deps));
}

import { z } from 'zod';
import { ensureJob, quietTimers, scheduleJob } from '../jobs/queries';
import type { Job, JobHandler } from '../jobs/runner';
import { formatBody } from '../modules/messages/variables';
import { readCompanySettings } from '../modules/settings/queries';
import { track, writeLog } from '../modules/tickets/history-queries';
import { publishClosedTickets } from '../modules/tickets/publish';
import * as q from '../modules/tickets/queries';
import type { Tx } from '../platform/database';
import type { ServerDeps } from '../platform/deps';
import { BufferedEvents } from '../platform/events';
import { type TenantDb, tenantDb } from '../platform/tenant';
import { offeree } from './assignment';
import { answerAsBot, type BotAnswer, publishBotAnswer } from './bot-send';
import { closeUnrated } from './rating';
import {
  contactWroteAfter,
  findContactOfTicket,
  findQueueRotation,
  inactiveOpenTickets,
  queueMemberIds,
} from './timer-queries';

/** The kinds of ticket timer; the triggers below spell these names. */
const TICKET_TIMERS = ['redirect', 'inactivity', 'expiry', 'npsExpiry', 'offer'] as const;
export type TicketTimer = (typeof TICKET_TIMERS)[number];

/**
 * The timer rules, as outcomes of a ticket's changes and of our messages to the contact. The mechanism is
 * the database, so that every writer (transitions, bots, the inbound pipeline, imports, modules to come)
 * keeps a ticket's timers in step inside its own transaction:
 * - `tickets_follow_timers()`, on insert and on a change of status, queue, user or is_bot (migration
 *   0010_timers, replaced whole by 0015_timers_follow_the_bot), applies `onTicketChange`;
 * - `messages_arm_timers()`, on every insert of messages (migration 0010_timers, replaced by 0015),
 *   applies `onOwnMessage`; a transaction that set `atendo.quiet_timers` (jobs/queries.ts quietTimers:
 *   what a timer itself sends, an imported history) arms nothing;
 * - `arm_ticket_timer()` (migration 0010_timers) keeps one live job per kind and ticket: arming again
 *   moves it to a new time.
 * timer-rules.test.ts runs these functions against the triggers, so the two cannot drift apart. What
 * each timer does when it fires is below (`fires`), and it checks again that its reason still holds.
 */
export type TimerOutcome = 'arm' | 'cancel' | 'keep';

/** A ticket's fields the rules read. */
export interface TimedTicket {
  status: string;
  queueId: number | null;
  userId: number | null;
  isBot: boolean;
  isGroup: boolean;
}

/** The settings the rules read: the ticket's connection, the company's userRandom, its queue's rotation. */
export interface TimerSettings {
  timeSendQueue: number;
  sendIdQueue: number | null;
  expiresTicketNPS: number;
  timeInactiveMessage: number;
  inactiveMessage: string | null;
  expiresTicket: number;
  userRandom: boolean;
  /** The ticket's queue rotates (ativarRoteador with tempoRoteador > 0). */
  queueRotates: boolean;
}

/** Whether we wait for the contact: attended, its bot asking (for a queue, or in a queue's options), or consent asked. */
const awaitsContact = (ticket: Pick<TimedTicket, 'status' | 'isBot'>) =>
  ticket.status === 'open' || ticket.status === 'lgpd' || (ticket.status === 'pending' && ticket.isBot);

/** Waiting with no queue and nobody. */
const unqueued = (t: TimedTicket) => t.status === 'pending' && t.queueId === null && t.userId === null;

/** Waiting in a queue, handed over by its bot. */
const inQueue = (t: TimedTicket) => t.status === 'pending' && t.queueId !== null && !t.isBot;

/**
 * What a ticket's change (`before` undefined: created) does to each of its timers.
 * - Closing it, grouping it or leaving the live statuses cancels them all.
 * - redirect: armed when it starts waiting with no queue and nobody (timeSendQueue, to sendIdQueue);
 *   cancelled once it has a queue or a user or leaves pending.
 * - npsExpiry: armed when the rating is asked (status nps, expiresTicketNPS); cancelled when it leaves nps.
 * - inactivity and expiry: armed only by our messages (onOwnMessage); cancelled once we no longer wait for
 *   the contact (a queue's attendants now wait for them, or the ticket closed).
 * - offer (userRandom, rotation): armed when a ticket its bot handed to a queue starts waiting there with
 *   nobody, when the company assigns at random or the queue rotates; cancelled when it leaves waiting in a
 *   queue or moves to another queue that offers nothing.
 */
export function onTicketChange(
  before: TimedTicket | undefined,
  after: TimedTicket,
  settings: TimerSettings,
): Record<TicketTimer, TimerOutcome> {
  if (!['pending', 'open', 'nps', 'lgpd'].includes(after.status) || after.isGroup) {
    return {
      redirect: 'cancel',
      inactivity: 'cancel',
      expiry: 'cancel',
      npsExpiry: 'cancel',
      offer: 'cancel',
    };
  }
  const cameUnqueued = !before || !unqueued(before);
  const redirect: TimerOutcome = !unqueued(after)
    ? 'cancel'
    : cameUnqueued && settings.timeSendQueue > 0 && settings.sendIdQueue !== null
      ? 'arm'
      : 'keep';
  const npsExpiry: TimerOutcome =
    after.status !== 'nps'
      ? 'cancel'
      : before?.status !== 'nps' && settings.expiresTicketNPS > 0
        ? 'arm'
        : 'keep';
  const silence: TimerOutcome = awaitsContact(after) ? 'keep' : 'cancel';
  let offer: TimerOutcome = 'cancel';
  if (inQueue(after)) {
    const cameToWait =
      after.userId === null &&
      (before?.status !== 'pending' ||
        before.queueId !== after.queueId ||
        before.userId !== null ||
        before.isBot);
    const offers = settings.userRandom || settings.queueRotates;
    offer = cameToWait && offers ? 'arm' : before && before.queueId !== after.queueId ? 'cancel' : 'keep';
  }
  return { redirect, inactivity: silence, expiry: silence, npsExpiry, offer };
}

/**
 * Our message to the contact (not a private note) while we wait for them starts (again) the count of
 * their silence: inactivity (timeInactiveMessage, with an inactiveMessage to send) and expiry
 * (expiresTicket). Groups are never timed.
 */
export function onOwnMessage(
  ticket: TimedTicket,
  settings: TimerSettings,
): Record<'inactivity' | 'expiry', TimerOutcome> {
  const waiting = awaitsContact(ticket) && !ticket.isGroup;
  const reminds = settings.timeInactiveMessage > 0 && Boolean(settings.inactiveMessage?.trim());
  return {
    inactivity: waiting && reminds ? 'arm' : 'keep',
    expiry: waiting && settings.expiresTicket > 0 ? 'arm' : 'keep',
  };
}

/** The company auto-close sweep (hoursCloseTicketsAuto): one job for every company, every minute. */
export const AUTO_CLOSE = { kind: 'autoClose', key: 'platform', companyId: null } as const;
const AUTO_CLOSE_EVERY_MS = 60_000;

interface Locked {
  /** The ticket's company's handle over the job's transaction. */
  db: TenantDb;
  ticket: q.TicketRow;
  contact: q.ContactRow;
  connection: q.ConnectionRow;
}

/**
 * A timer's locks, in the order every writer of a ticket takes them: the contact's conversation, then
 * the ticket's row. A ticket gone, or without a connection, has nothing left to time.
 */
async function lockTimerTicket(tx: Tx, job: Job): Promise<Locked | undefined> {
  if (job.companyId === null || job.ticketId === null) return undefined;
  const contact = await findContactOfTicket(tx, job.companyId, job.ticketId);
  if (!contact) return undefined;
  const db = tenantDb(tx, job.companyId);
  await q.lockConversation(db, contact.number);
  const ticket = await q.lockTicketRow(db, job.ticketId);
  const connection = ticket?.whatsappId == null ? undefined : await q.findConnection(db, ticket.whatsappId);
  return ticket && connection && { db, ticket, contact, connection };
}

type Fire = (tx: Tx, job: Job, locked: Locked) => Promise<BotAnswer | undefined>;

/** A ticket timer: what fires changes the ticket in the job's transaction; sending and events follow. */
function ticketTimer(deps: ServerDeps, fire: Fire): JobHandler<Locked | undefined> {
  return {
    lock: lockTimerTicket,
    async run(tx, job, locked) {
      const answer = locked && (await fire(tx, job, locked));
      return answer && (() => publishBotAnswer(deps, locked.contact.number, answer));
    },
  };
}

const fill = (text: string | null, { ticket, contact, connection }: Locked) =>
  text?.trim()
    ? formatBody(text, { contactName: contact.name, ticketId: ticket.id, connectionName: connection.name })
    : '';

/** What messages_arm_timers() stores on an inactivity or expiry job: our message that armed it. */
const silencePayload = z.object({ messageId: z.coerce.number().int().catch(0) }).catch({ messageId: 0 });

/** The message that armed an inactivity or expiry timer: the contact's silence counts from it. */
const armedBy = (job: Job) => silencePayload.parse(job.payload).messageId;

/** Whether we still wait for the contact, silent since our message that armed the timer. */
async function contactStillSilent(tx: Tx, job: Job, { ticket }: Locked) {
  return awaitsContact(ticket) && !(await contactWroteAfter(tx, ticket.id, armedBy(job)));
}

/** timeSendQueue: a ticket still waiting with no queue and nobody moves to sendIdQueue (log redirect). */
const redirect: Fire = async (tx, _job, { db, ticket, connection }) => {
  if (ticket.status !== 'pending' || ticket.queueId !== null || ticket.userId !== null) return undefined;
  if (connection.timeSendQueue <= 0 || connection.sendIdQueue === null) return undefined;
  // Only a queue of the ticket's own company, whatever the connection row says.
  const queue = await q.findQueue(db, connection.sendIdQueue);
  if (!queue) return undefined;
  const answer = await answerAsBot(tx, ticket, { queueId: queue.id }, [], new Date(), false);
  await writeLog(db, ticket, 'redirect', { queueId: queue.id });
  await track(db, answer!.ticket, { queueId: queue.id });
  return answer;
};

/** timeInactiveMessage: the contact has not answered our last message: inactiveMessage, once. */
const remind: Fire = async (tx, job, locked) => {
  if (locked.connection.timeInactiveMessage <= 0 || !(await contactStillSilent(tx, job, locked))) {
    return undefined;
  }
  await quietTimers(tx);
  return answerAsBot(
    tx,
    locked.ticket,
    {},
    [fill(locked.connection.inactiveMessage, locked)],
    new Date(),
    false,
  );
};

/**
 * expiresTicket: the contact has not answered our last message: the ticket closes (log autoClose), with
 * expiresInactiveMessage when whenExpiresTicket is '1'.
 */
const expire: Fire = async (tx, job, locked) => {
  const { db, connection, ticket } = locked;
  if (connection.expiresTicket <= 0 || !(await contactStillSilent(tx, job, locked))) return undefined;
  const farewell =
    connection.whenExpiresTicket === '1' ? fill(connection.expiresInactiveMessage, locked) : '';
  await quietTimers(tx);
  const closed = { status: 'closed', amountUsedBotQueues: 0, botAnsweredAt: null };
  const answer = await answerAsBot(tx, ticket, closed, [farewell], new Date(), false);
  await writeLog(db, ticket, 'autoClose', { queueId: ticket.queueId });
  await track(db, answer!.ticket, { closedAt: new Date() });
  return answer;
};

/** expiresTicketNPS: a rating never given ends the attendance as an invalid answer would. */
const expireRating: Fire = async (tx, _job, { ticket, contact, connection }) => {
  if (ticket.status !== 'nps' || connection.expiresTicketNPS <= 0) return undefined;
  return closeUnrated(tx, { ticket, contact, connection, now: new Date() });
};

/**
 * userRandom and queue rotation: the waiting ticket goes to an online user of its queue; a rotating
 * queue passes it on every tempoRoteador minutes until someone accepts it. A wallet's ticket stays with
 * its owner.
 */
function offer(deps: ServerDeps): Fire {
  return async (tx, _job, { ticket, contact }) => {
    // A ticket a history import made is history, and one whose bot still asks is not the queue's yet.
    if (ticket.status !== 'pending' || ticket.queueId === null || ticket.isBot || ticket.imported !== null) {
      return undefined;
    }
    if (ticket.userId !== null && ticket.userId === contact.walletUserId) return undefined;
    const rotation = await findQueueRotation(tx, ticket.companyId, ticket.queueId);
    const every = rotation?.ativarRoteador ? rotation.tempoRoteador : 0;
    if (every <= 0) {
      const { userRandom } = await readCompanySettings(tenantDb(tx, ticket.companyId));
      if (ticket.userId !== null || userRandom !== 'enabled') return undefined;
    } else {
      await scheduleJob(tx, {
        kind: 'offer' satisfies TicketTimer,
        key: String(ticket.id),
        companyId: ticket.companyId,
        ticketId: ticket.id,
        delayMs: every * 60_000,
      });
    }
    const members = await queueMemberIds(tx, ticket.companyId, ticket.queueId);
    const online = await deps.presence.online(members);
    const userId = offeree(
      members.filter((id) => online.has(id)),
      ticket.userId,
    );
    if (userId === undefined) return undefined;
    return answerAsBot(tx, ticket, { userId }, [], new Date(), false);
  };
}

/** hoursCloseTicketsAuto: every company's open tickets untouched that long close (log autoClose). */
function autoClose(deps: ServerDeps): JobHandler {
  return {
    async run(tx) {
      const closed = await q.closeTicketRowsOfEveryCompany(tx, inactiveOpenTickets(), {
        type: 'autoClose',
        userId: null,
      });
      await scheduleJob(tx, { ...AUTO_CLOSE, delayMs: AUTO_CLOSE_EVERY_MS });
      return async () => {
        const events = new BufferedEvents();
        for (const companyId of new Set(closed.map((row) => row.companyId))) {
          const ids = closed.filter((row) => row.companyId === companyId).map((row) => row.id);
          await publishClosedTickets(tenantDb(deps.db, companyId), events, ids, 'open');
        }
        events.flush(deps.realtime);
      };
    },
  };
}

/** The timers' handlers on this server's runner, and the company auto-close sweep kept scheduled. */
export async function registerTimers(deps: ServerDeps) {
  const fires: Record<TicketTimer, Fire> = {
    redirect,
    inactivity: remind,
    expiry: expire,
    npsExpiry: expireRating,
    offer: offer(deps),
  };
  for (const kind of TICKET_TIMERS) deps.jobs.register(kind, ticketTimer(deps, fires[kind]));
  deps.jobs.register(AUTO_CLOSE.kind, autoClose(deps));
  await ensureJob(deps.db, AUTO_CLOSE);
}

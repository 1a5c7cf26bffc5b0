import { ensureJob, quietTimers, scheduleJob } from '../jobs/queries';
import type { Job, JobHandler } from '../jobs/runner';
import { formatBody } from '../modules/messages/variables';
import { readCompanySettings } from '../modules/settings/queries';
import { track, writeLog } from '../modules/tickets/history';
import { publishClosedTickets } from '../modules/tickets/publish';
import * as q from '../modules/tickets/queries';
import type { Tx } from '../platform/database';
import type { ServerDeps } from '../platform/deps';
import { BufferedEvents } from '../platform/events';
import { tenantDb } from '../platform/tenant';
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

/**
 * The kinds of ticket timer. The database arms and cancels them as tickets and messages change (the
 * triggers of migrations 0010 and 0015, which spell these names); here is what each does when it fires.
 */
const TICKET_TIMERS = ['redirect', 'inactivity', 'expiry', 'npsExpiry', 'offer'] as const;
type TicketTimer = (typeof TICKET_TIMERS)[number];

/** The company auto-close sweep (hoursCloseTicketsAuto): one job for every company, every minute. */
export const AUTO_CLOSE = { kind: 'autoClose', key: 'platform', companyId: null } as const;
const AUTO_CLOSE_EVERY_MS = 60_000;

/**
 * Whether we wait for the contact: the ticket is attended, its bot asks (for a queue, or in a queue's
 * options), or its LGPD consent is asked. One its bot handed to a queue is the contact waiting for us.
 * The triggers of migration 0015 arm and cancel by the same rule.
 */
const awaitsContact = (ticket: q.TicketRow) =>
  ticket.status === 'open' || ticket.status === 'lgpd' || (ticket.status === 'pending' && ticket.isBot);

interface Locked {
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
  await q.lockConversation(tx, job.companyId, contact.number);
  const ticket = await q.lockTicketRow(tx, job.companyId, job.ticketId);
  const connection =
    ticket?.whatsappId == null ? undefined : await q.findConnection(tx, ticket.companyId, ticket.whatsappId);
  return ticket && connection && { ticket, contact, connection };
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

/** The message that armed an inactivity or expiry timer: the contact's silence counts from it. */
const armedBy = (job: Job) => Number((job.payload as { messageId?: unknown }).messageId ?? 0);

/** Whether we still wait for the contact, silent since our message that armed the timer. */
async function contactStillSilent(tx: Tx, job: Job, { ticket }: Locked) {
  return awaitsContact(ticket) && !(await contactWroteAfter(tx, ticket.id, armedBy(job)));
}

/** timeSendQueue: a ticket still waiting with no queue and nobody moves to sendIdQueue (log redirect). */
const redirect: Fire = async (tx, _job, { ticket, connection }) => {
  if (ticket.status !== 'pending' || ticket.queueId !== null || ticket.userId !== null) return undefined;
  if (connection.timeSendQueue <= 0 || connection.sendIdQueue === null) return undefined;
  // Only a queue of the ticket's own company, whatever the connection row says.
  const queue = await q.findQueue(tx, ticket.companyId, connection.sendIdQueue);
  if (!queue) return undefined;
  const answer = await answerAsBot(tx, ticket, { queueId: queue.id }, [], new Date(), false);
  await writeLog(tx, ticket, 'redirect', { queueId: queue.id });
  await track(tx, answer!.ticket, { queueId: queue.id });
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
  const { connection, ticket } = locked;
  if (connection.expiresTicket <= 0 || !(await contactStillSilent(tx, job, locked))) return undefined;
  const farewell =
    connection.whenExpiresTicket === '1' ? fill(connection.expiresInactiveMessage, locked) : '';
  await quietTimers(tx);
  const closed = { status: 'closed', amountUsedBotQueues: 0, botAnsweredAt: null };
  const answer = await answerAsBot(tx, ticket, closed, [farewell], new Date(), false);
  await writeLog(tx, ticket, 'autoClose', { queueId: ticket.queueId });
  await track(tx, answer!.ticket, { closedAt: new Date() });
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
    const userId = offeree(
      members.filter((id) => deps.presence.isOnline(id)),
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
      const closed = await q.closeTicketRows(tx, inactiveOpenTickets(), { type: 'autoClose', userId: null });
      await scheduleJob(tx, { ...AUTO_CLOSE, delayMs: AUTO_CLOSE_EVERY_MS });
      return async () => {
        const events = new BufferedEvents();
        for (const companyId of new Set(closed.map((row) => row.companyId))) {
          const ids = closed.filter((row) => row.companyId === companyId).map((row) => row.id);
          await publishClosedTickets(deps.db, events, companyId, ids, 'open');
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

import { and, asc, eq } from 'drizzle-orm';
import type { CompanySettings } from '../../shared/settings';
import type { DbOrTx, Tx } from '../db/client';
import { companies, contacts, queues, tickets, userRatings, whatsappQueues, whatsapps } from '../db/schema';
import type { ServerDeps } from '../http/router';
import type { MessageRow } from '../modules/messages/queries';
import { formatBody } from '../modules/messages/variables';
import { companySettingsOf } from '../modules/settings/company-settings';
import { track, writeLog } from '../modules/tickets/history';
import * as q from '../modules/tickets/queries';
import { answerAsBot, type BotAnswer, botMayAnswer, publishBotAnswer } from './bot-send';
import { KeyedQueue } from './keyed-queue';
import { type HasSchedules, isWithinServiceHours, serviceHoursFor } from './service-hours';

/**
 * BEHAVIOUR "Routing and bots" leaves the wording of these to us: the menu's leave line and the reply
 * to an audio the company does not take.
 */
export const LEAVE_LINE = '*[ Sair ]* - Encerrar atendimento';
export const AUDIO_REFUSAL =
  'Desculpe, não conseguimos ouvir mensagens de áudio neste atendimento. Por favor, escreva sua mensagem em texto.';

/** A queue as the bots offer and greet with it. */
type OfferedQueue = HasSchedules & {
  id: number;
  name: string;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
};

const offeredQueueFields = {
  id: queues.id,
  name: queues.name,
  greetingMessage: queues.greetingMessage,
  outOfHoursMessage: queues.outOfHoursMessage,
  schedules: queues.schedules,
};

/** The connection's queues of its own company, in the bot's order (orderQueue, then name). */
function queuesOffered(db: DbOrTx, companyId: number, whatsappId: number): Promise<OfferedQueue[]> {
  return db
    .select(offeredQueueFields)
    .from(queues)
    .innerJoin(whatsappQueues, eq(whatsappQueues.queueId, queues.id))
    .where(and(eq(whatsappQueues.whatsappId, whatsappId), eq(queues.companyId, companyId)))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
}

/** Everything a routing decision reads: read once outside any transaction. */
interface Step {
  ticket: q.TicketRow;
  message: MessageRow;
  contact: q.ContactRow;
  connection: q.ConnectionRow;
  company: HasSchedules & { timezone: string };
  settings: CompanySettings;
  offered: OfferedQueue[];
  /** The queue the ticket waits in, if any. */
  queue: OfferedQueue | undefined;
  now: Date;
}

/** What the bots do about one message; decided from what was read, applied in a transaction. */
type Action =
  | { kind: 'answer'; text: string }
  | { kind: 'assign'; queue: OfferedQueue; greeting: string | null | undefined }
  | { kind: 'close' }
  /** The rating flow ends: with the contact's 0–10 rating, or without one once re-asking is used up. */
  | { kind: 'finish'; rate: number | null };

/**
 * Whether the bots could act on a message at all, from what the pipeline already read: without a rating
 * asked, service hours, queues on the connection or an audio, none of their rules applies, and nothing
 * is read.
 */
export function botsMayAct(
  settings: CompanySettings,
  connectionHasQueues: boolean,
  message: MessageRow,
  ticketStatus: string,
) {
  return (
    ticketStatus === 'nps' ||
    settings.scheduleType !== 'disabled' ||
    connectionHasQueues ||
    message.mediaType === 'audio'
  );
}

/**
 * The bots answer tickets nobody serves (waiting, without a user, not a group) and those waiting for the
 * contact's rating (nps).
 */
const routable = (ticket: q.TicketRow) =>
  !ticket.isGroup &&
  ticket.whatsappId !== null &&
  ((ticket.status === 'pending' && ticket.userId === null) || ticket.status === 'nps');

/** What the end of a rating reads: the ticket, its contact and connection, and the time. */
type RatingEnd = Pick<Step, 'ticket' | 'contact' | 'connection' | 'now'>;

const variablesOf = (step: RatingEnd, queueName?: string) => ({
  contactName: step.contact.name,
  ticketId: step.ticket.id,
  queueName,
  connectionName: step.connection.name,
  now: step.now,
});

function fill(step: Step, text: string | null | undefined, queueName?: string) {
  if (!text?.trim()) return '';
  return formatBody(text, variablesOf(step, queueName));
}

function isOpen(step: Step, owner: 'company' | 'connection' | 'queue', queue?: OfferedQueue) {
  const { settings, company, connection } = step;
  if (settings.scheduleType !== owner) return true;
  const hours = serviceHoursFor(settings.scheduleType, company, queue, connection);
  return !hours || isWithinServiceHours(hours.schedules, step.now, hours.timeZone);
}

/** A bot answer limited by maxUseBotQueues / timeUseBotQueues: beyond them the bot stays silent. */
function limitedAnswer(step: Step, text: string): Action | undefined {
  return botMayAnswer(step.ticket, step.connection, step.now) ? { kind: 'answer', text } : undefined;
}

function menu(step: Step) {
  const lines = step.offered.map((queue, i) => `*[ ${i + 1} ]* - ${queue.name}`);
  return [fill(step, step.connection.greetingMessage), [...lines, LEAVE_LINE].join('\n')]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * BEHAVIOUR "Routing and bots", queue choice: one queue is taken at once; several are offered as a
 * numbered menu, and once the bot has spoken a number picks one and "sair" leaves.
 */
function chooseQueue(step: Step): Action | undefined {
  const { offered, ticket, settings, connection } = step;
  if (offered.length === 0) return undefined;
  if (offered.length === 1) {
    const greets = settings.sendGreetingMessageOneQueues === 'enabled';
    return { kind: 'assign', queue: offered[0]!, greeting: greets ? connection.greetingMessage : null };
  }
  if (ticket.botAnsweredAt !== null) {
    const reply = step.message.body.trim();
    if (reply.toLowerCase() === 'sair') return { kind: 'close' };
    const chosen = /^\d{1,3}$/.test(reply) ? offered[Number(reply) - 1] : undefined;
    if (chosen) return { kind: 'assign', queue: chosen, greeting: chosen.greetingMessage };
  }
  return limitedAnswer(step, menu(step));
}

/**
 * BEHAVIOUR "Routing and bots", NPS: a number 0–10 is the rating and ends the attendance; anything else
 * asks again, up to maxUseBotQueuesNPS times, after which the attendance ends unrated.
 */
function rating(step: Step): Action {
  const reply = step.message.body.trim();
  if (/^(10|\d)$/.test(reply)) return { kind: 'finish', rate: Number(reply) };
  if (step.ticket.amountUsedBotQueues < step.connection.maxUseBotQueuesNPS) {
    return { kind: 'answer', text: fill(step, step.connection.ratingMessage) };
  }
  return { kind: 'finish', rate: null };
}

/** BEHAVIOUR "Routing and bots" in its order, for the parts built so far. Reads only, writes nothing. */
function decide(step: Step): Action | undefined {
  const { settings, connection, contact, message, ticket, queue } = step;
  if (ticket.status === 'nps') return rating(step);
  if (!isOpen(step, 'company') || !isOpen(step, 'connection')) {
    return limitedAnswer(step, fill(step, connection.outOfHoursMessage));
  }
  const refusesAudio = !contact.acceptAudioMessage || settings.acceptAudioMessageContact === 'disabled';
  if (message.mediaType === 'audio' && refusesAudio) return { kind: 'answer', text: AUDIO_REFUSAL };
  if (ticket.queueId === null) return chooseQueue(step);
  // Waiting in a queue: only that queue's hours (scheduleType queue) may still have the bot speak.
  if (!queue || isOpen(step, 'queue', queue)) return undefined;
  return limitedAnswer(step, fill(step, queue.outOfHoursMessage, queue.name));
}

/** The action's changes in the caller's transaction: the ticket, its log and tracking, the bot's texts. */
async function apply(tx: Tx, step: Step, action: Action): Promise<BotAnswer | undefined> {
  const { ticket, now } = step;
  if (action.kind === 'answer') return answerAsBot(tx, ticket, {}, [action.text], now);
  if (action.kind === 'finish') return finishRating(tx, step, action.rate);
  if (action.kind === 'close') {
    // "Sair": the contact leaves; the ticket closes (log clientClosed) with the completion message.
    const changes = { status: 'closed', amountUsedBotQueues: 0, botAnsweredAt: null };
    const answer = await answerAsBot(
      tx,
      ticket,
      changes,
      [fill(step, step.connection.complationMessage)],
      now,
    );
    await writeLog(tx, answer!.ticket, 'clientClosed', { queueId: answer!.ticket.queueId });
    await track(tx, answer!.ticket, { closedAt: now });
    return answer;
  }
  // The ticket waits in the queue from now on (log `queue`); the contact gets the greeting, or with
  // scheduleType queue out of the queue's hours, its out-of-hours message instead.
  const { queue } = action;
  const text = isOpen(step, 'queue', queue) ? action.greeting : queue.outOfHoursMessage;
  const answer = await answerAsBot(tx, ticket, { queueId: queue.id }, [fill(step, text, queue.name)], now);
  await writeLog(tx, answer!.ticket, 'queue', { queueId: queue.id });
  await track(tx, answer!.ticket, { queueId: queue.id });
  return answer;
}

/**
 * The end of the rating flow: the rating (if any) stored for the ticket's attendant, the ticket closed
 * with the farewell that waited for it (the attendant's farewell message, then the connection's
 * completion message), the attendance marked rated.
 */
async function finishRating(tx: Tx, step: RatingEnd, rate: number | null) {
  const { ticket, now } = step;
  if (rate !== null) {
    await tx
      .insert(userRatings)
      .values({ companyId: ticket.companyId, ticketId: ticket.id, userId: ticket.userId, rate });
  }
  const attendant =
    ticket.userId === null ? undefined : await q.findUserOfCompany(tx, ticket.companyId, ticket.userId);
  const farewell = [attendant?.farewellMessage, step.connection.complationMessage].map((text) =>
    text?.trim() ? formatBody(text, { ...variablesOf(step), userName: attendant?.name }) : '',
  );
  const changes = { status: 'closed', amountUsedBotQueues: 0, botAnsweredAt: null };
  const answer = await answerAsBot(tx, ticket, changes, farewell, now);
  await writeLog(tx, answer!.ticket, 'closed', { queueId: answer!.ticket.queueId });
  await track(tx, answer!.ticket, { closedAt: now, rated: rate !== null });
  return answer;
}

/** NPS expiry (the timers): the attendance ends unrated, with the farewell that waited for the rating. */
export const closeUnrated = (tx: Tx, end: RatingEnd) => finishRating(tx, end, null);

/** What a decision about the message's ticket reads, in two queries at most. */
async function readStep(db: DbOrTx, message: MessageRow): Promise<Step | undefined> {
  const { companyId } = message;
  const [row] = await db
    .select({
      ticket: tickets,
      contact: contacts,
      connection: whatsapps,
      company: { schedules: companies.schedules, timezone: companies.timezone },
      queue: offeredQueueFields,
      settings: companySettingsOf(tickets.companyId),
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .innerJoin(companies, eq(companies.id, tickets.companyId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, message.ticketId)));
  if (!row || !routable(row.ticket) || row.contact.disableBot) return undefined;
  const offered = row.ticket.queueId === null ? await queuesOffered(db, companyId, row.connection.id) : [];
  return {
    ticket: row.ticket,
    message,
    contact: row.contact,
    connection: row.connection,
    company: row.company,
    settings: row.settings,
    offered,
    queue: row.queue ?? undefined,
    now: new Date(),
  };
}

/**
 * Routes one stored inbound message. Most messages need nothing (the bot has spoken its limit, the
 * ticket is in a queue): decided from one read, without a transaction. Otherwise the decision is taken
 * again on the ticket's locked row (an attendant may have taken it meanwhile) and applied in that
 * transaction; sending follows the commit.
 */
async function routeMessage(deps: ServerDeps, message: MessageRow) {
  const { db } = deps;
  const seen = await readStep(db, message);
  if (!seen || !decide(seen)) return;
  const answer = await db.transaction(async (tx) => {
    await q.lockConversation(tx, message.companyId, seen.contact.number);
    const ticket = await q.lockTicketRow(tx, message.companyId, seen.ticket.id);
    if (!ticket || !routable(ticket)) return undefined;
    const step = { ...seen, ticket };
    const action = decide(step);
    return action && apply(tx, step, action);
  });
  if (answer) await publishBotAnswer(deps, seen.contact.number, answer);
}

const routings = new WeakMap<ServerDeps, KeyedQueue<number>>();

function routingOf(deps: ServerDeps) {
  let queue = routings.get(deps);
  if (!queue) {
    queue = new KeyedQueue<number>();
    routings.set(deps, queue);
  }
  return queue;
}

/**
 * Hands stored inbound messages (received, of person tickets) to the bots. Returns at once: routing
 * never holds up storing. Each ticket's messages are routed in order; a failure is logged, not thrown.
 */
export function routeInbound(deps: ServerDeps, received: MessageRow[]) {
  const queue = routingOf(deps);
  for (const message of received) {
    void queue.run(message.ticketId, () =>
      routeMessage(deps, message).catch((err) =>
        deps.log.error({ err, ticketId: message.ticketId, messageId: message.id }, 'routing failed'),
      ),
    );
  }
}

/** Resolves when every message handed to the bots so far has been routed (tests wait on it). */
export function routingSettled(deps: ServerDeps): Promise<void> {
  return routingOf(deps).idle();
}

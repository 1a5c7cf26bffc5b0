import { and, asc, eq } from 'drizzle-orm';
import type { CompanySettings } from '../../shared/settings';
import type { DbOrTx, Tx } from '../db/client';
import { companies, queues, whatsappQueues } from '../db/schema';
import type { ServerDeps } from '../http/router';
import type { MessageRow } from '../modules/messages/queries';
import { formatBody } from '../modules/messages/variables';
import { readCompanySettings } from '../modules/settings/company-settings';
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

async function findOfferedQueue(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select(offeredQueueFields)
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id)));
  return row;
}

async function findCompanyHours(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ schedules: companies.schedules, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

/** Everything a routing decision reads; it runs in one transaction holding the ticket's row. */
interface Step {
  tx: Tx;
  ticket: q.TicketRow;
  message: MessageRow;
  contact: q.ContactRow;
  connection: q.ConnectionRow;
  company: HasSchedules & { timezone: string };
  settings: CompanySettings;
  offered: OfferedQueue[];
  now: Date;
}

/** The bots answer only tickets nobody serves: waiting, without a user, not a group. */
const unattended = (ticket: q.TicketRow) =>
  ticket.status === 'pending' && ticket.userId === null && !ticket.isGroup && ticket.whatsappId !== null;

function fill(step: Step, text: string | null | undefined, queueName?: string) {
  if (!text?.trim()) return '';
  return formatBody(text, {
    contactName: step.contact.name,
    ticketId: step.ticket.id,
    queueName,
    connectionName: step.connection.name,
    now: step.now,
  });
}

function isOpen(step: Step, owner: 'company' | 'connection' | 'queue', queue?: OfferedQueue) {
  const { settings, company, connection } = step;
  if (settings.scheduleType !== owner) return true;
  const hours = serviceHoursFor(settings.scheduleType, company, queue, connection);
  return !hours || isWithinServiceHours(hours.schedules, step.now, hours.timeZone);
}

/** A bot answer limited by maxUseBotQueues / timeUseBotQueues: beyond them the bot stays silent. */
function limitedAnswer(step: Step, text: string) {
  if (!botMayAnswer(step.ticket, step.connection, step.now)) return undefined;
  return answerAsBot(step.tx, step.ticket, {}, [text], step.now);
}

function menu(step: Step) {
  const lines = step.offered.map((queue, i) => `*[ ${i + 1} ]* - ${queue.name}`);
  return [fill(step, step.connection.greetingMessage), [...lines, LEAVE_LINE].join('\n')]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The ticket waits in `queue` from now on (log `queue`); the contact gets the greeting, or with
 * scheduleType queue out of the queue's hours, its out-of-hours message instead.
 */
async function assignQueue(step: Step, queue: OfferedQueue, greeting: string | null | undefined) {
  const text = isOpen(step, 'queue', queue) ? greeting : queue.outOfHoursMessage;
  const answer = await answerAsBot(
    step.tx,
    step.ticket,
    { queueId: queue.id },
    [fill(step, text, queue.name)],
    step.now,
  );
  await writeLog(step.tx, answer!.ticket, 'queue', { queueId: queue.id });
  await track(step.tx, answer!.ticket, { queueId: queue.id });
  return answer;
}

/** "Sair": the contact leaves; the ticket closes (log clientClosed) with the completion message. */
async function closeByContact(step: Step) {
  const answer = await answerAsBot(
    step.tx,
    step.ticket,
    { status: 'closed', amountUsedBotQueues: 0, botAnsweredAt: null },
    [fill(step, step.connection.complationMessage)],
    step.now,
  );
  await writeLog(step.tx, answer!.ticket, 'clientClosed', { queueId: answer!.ticket.queueId });
  await track(step.tx, answer!.ticket, { closedAt: step.now });
  return answer;
}

/**
 * BEHAVIOUR "Routing and bots", queue choice: one queue is taken at once; several are offered as a
 * numbered menu, and once the bot has spoken a number picks one and "sair" leaves.
 */
async function chooseQueue(step: Step): Promise<BotAnswer | undefined> {
  const { offered, ticket, settings, connection } = step;
  if (offered.length === 0) return undefined;
  if (offered.length === 1) {
    const greets = settings.sendGreetingMessageOneQueues === 'enabled';
    return assignQueue(step, offered[0]!, greets ? connection.greetingMessage : null);
  }
  if (ticket.botAnsweredAt !== null) {
    const reply = step.message.body.trim();
    if (reply.toLowerCase() === 'sair') return closeByContact(step);
    const chosen = /^\d{1,3}$/.test(reply) ? offered[Number(reply) - 1] : undefined;
    if (chosen) return assignQueue(step, chosen, chosen.greetingMessage);
  }
  return limitedAnswer(step, menu(step));
}

/** BEHAVIOUR "Routing and bots" in its order, for the parts built so far. */
async function decide(step: Step): Promise<BotAnswer | undefined> {
  const { settings, connection, contact, message, ticket } = step;
  if (!isOpen(step, 'company') || !isOpen(step, 'connection')) {
    return limitedAnswer(step, fill(step, connection.outOfHoursMessage));
  }
  const refusesAudio = !contact.acceptAudioMessage || settings.acceptAudioMessageContact === 'disabled';
  if (message.mediaType === 'audio' && refusesAudio) {
    return answerAsBot(step.tx, ticket, {}, [AUDIO_REFUSAL], step.now);
  }
  if (ticket.queueId === null) return chooseQueue(step);
  // Waiting in a queue: only that queue's hours (scheduleType queue) may still have the bot speak.
  const queue = await findOfferedQueue(step.tx, ticket.companyId, ticket.queueId);
  if (!queue || isOpen(step, 'queue', queue)) return undefined;
  return limitedAnswer(step, fill(step, queue.outOfHoursMessage, queue.name));
}

/** Routes one stored inbound message: its decision in one transaction, sending after the commit. */
async function routeMessage(deps: ServerDeps, message: MessageRow) {
  const { db } = deps;
  const { companyId } = message;
  const seen = await q.findTicketRow(db, companyId, message.ticketId);
  if (!seen || !unattended(seen)) return;
  const contact = await q.findContact(db, companyId, seen.contactId);
  const connection = await q.findConnection(db, companyId, seen.whatsappId!);
  const company = await findCompanyHours(db, companyId);
  if (!contact || contact.disableBot || !connection || !company) return;
  const settings = await readCompanySettings(db, companyId);
  const offered = await queuesOffered(db, companyId, connection.id);
  const answer = await db.transaction(async (tx) => {
    await q.lockConversation(tx, companyId, contact.number);
    const ticket = await q.lockTicketRow(tx, companyId, seen.id);
    // An attendant may have taken the ticket meanwhile: the row as locked decides.
    if (!ticket || !unattended(ticket)) return undefined;
    const now = new Date();
    return decide({ tx, ticket, message, contact, connection, company, settings, offered, now });
  });
  if (answer) await publishBotAnswer(deps, contact.number, answer);
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

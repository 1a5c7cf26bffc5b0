import { and, eq } from 'drizzle-orm';
import { BOT_TEXTS } from '../../shared/bot-texts';
import type { CompanySettings } from '../../shared/settings';
import { companies, contacts, queues, tickets, whatsapps } from '../db/schema';
import { optionRowsOf } from '../modules/chatbots/queries';
import type { StoredBatch } from '../modules/messages/inbound';
import type { MessageRow } from '../modules/messages/queries';
import { companySettingsOf } from '../modules/settings/queries';
import * as q from '../modules/tickets/queries';
import type { DbOrTx } from '../platform/database';
import type { ServerDeps } from '../platform/deps';
import { tenantDb } from '../platform/tenant';
import { BotTurn, publishBotAnswer } from './bot-send';
import { KeyedQueue } from './keyed-queue';
import { consent, recordConsent } from './lgpd';
import { enterQueue, greet, optionMenu, stepBack, takeOption } from './option-menu';
import { botQueueFields, chooseQueue, queuesOffered } from './queue-menu';
import { finishRating, rating } from './rating';
import { type Action, fill, isOpen, limitedAnswer, type Step } from './step';
import { mayBeOnVacation, onVacation } from './vacation';

/** What the pipeline knows of a connection when it decides whether the bots may act. */
export type ConnectionForBots = Parameters<typeof mayBeOnVacation>[0] & { hasQueues: boolean };

/**
 * Whether the bots could act on a message at all, from what the pipeline already read: without a
 * vacation, a rating or consent asked, service hours, queues on the connection or an audio, none of their
 * rules applies, and nothing is read.
 */
export function botsMayAct(
  settings: CompanySettings,
  connection: ConnectionForBots,
  message: MessageRow,
  ticketStatus: string,
  now = new Date(),
) {
  return (
    ticketStatus === 'nps' ||
    ticketStatus === 'lgpd' ||
    settings.scheduleType !== 'disabled' ||
    connection.hasQueues ||
    mayBeOnVacation(connection, now) ||
    message.mediaType === 'audio'
  );
}

/**
 * The bots answer tickets nobody serves (waiting without a user, no integration running), those waiting
 * for the contact's rating (nps) and those waiting for consent (lgpd). Groups only where the connection
 * treats them as tickets (groupAsTicket).
 */
const routable = (ticket: q.TicketRow, connection: Pick<q.ConnectionRow, 'groupAsTicket'>) =>
  (!ticket.isGroup || connection.groupAsTicket === 'enabled') &&
  ticket.whatsappId !== null &&
  ((ticket.status === 'pending' && ticket.userId === null && !ticket.useIntegration) ||
    ticket.status === 'nps' ||
    ticket.status === 'lgpd');

/** docs/behaviour.md "Routing and bots" in its order. Reads only, writes nothing. */
function decide(step: Step): Action | undefined {
  const { settings, connection, contact, message, ticket, queue } = step;
  // Within the vacation the bots say nothing else, even once its message has been sent its limit.
  if (onVacation(connection, step.now, step.company.timezone)) {
    return limitedAnswer(step, fill(step, connection.collectiveVacationMessage));
  }
  if (ticket.status === 'nps') return rating(step);
  if (ticket.status === 'lgpd') return consent(step);
  if (!isOpen(step, 'company') || !isOpen(step, 'connection')) {
    return limitedAnswer(step, fill(step, connection.outOfHoursMessage));
  }
  const refusesAudio = !contact.acceptAudioMessage || settings.acceptAudioMessageContact === 'disabled';
  if (message.mediaType === 'audio' && refusesAudio)
    return { kind: 'answer', text: BOT_TEXTS[settings.language].audioRefusal };
  if (ticket.queueId === null) return chooseQueue(step);
  if (!queue) return undefined;
  // In a queue: its hours (scheduleType queue) first, then its options while the contact is in them.
  if (!isOpen(step, 'queue', queue)) return limitedAnswer(step, fill(step, queue.outOfHoursMessage));
  return ticket.isBot ? optionMenu(step) : undefined;
}

/** The action's changes in the turn's transaction: the ticket, its log and tracking, what the bots send. */
async function apply(turn: BotTurn, step: Step, action: Action): Promise<void> {
  switch (action.kind) {
    case 'answer':
      if (action.log) await turn.log(action.log);
      return action.withMedia ? greet(turn, step, action.text, true) : turn.say(action.text);
    case 'rate':
      return finishRating(turn, step, action.rate);
    case 'leave':
      // "Sair" (or consent refused): the contact leaves; the completion message ends the attendance.
      await turn.close('clientClosed');
      return turn.say(fill(step, step.connection.complationMessage));
    case 'consent': {
      if (!action.accepted) return apply(turn, step, { kind: 'leave' });
      await recordConsent(turn, step);
      // Consent given, the ticket is routed as a new one, from the same message.
      const next: Step = { ...step, ticket: turn.ticket };
      const then = decide(next);
      return then && apply(turn, next, then);
    }
    case 'enterQueue':
      return enterQueue(turn, step, action.queue, action.greeting, action.withMedia);
    case 'choose':
      return takeOption(turn, step, action.option);
    case 'back':
      return stepBack(turn, step);
  }
}

/** What a decision about the message's ticket reads, in two queries at most. */
async function readStep(db: DbOrTx, message: MessageRow): Promise<Step | undefined> {
  const { companyId } = message;
  const [row] = await db
    .select({
      ticket: tickets,
      contact: contacts,
      connection: whatsapps,
      company: { schedules: companies.schedules, timezone: companies.timezone },
      queue: botQueueFields,
      settings: companySettingsOf(tickets.companyId),
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .innerJoin(companies, eq(companies.id, tickets.companyId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, message.ticketId)));
  if (!row || !routable(row.ticket, row.connection) || row.contact.disableBot) return undefined;
  const { ticket } = row;
  const offered = ticket.queueId === null ? await queuesOffered(db, companyId, row.connection.id) : [];
  const options =
    ticket.queueId !== null && ticket.isBot
      ? await optionRowsOf(tenantDb(db, companyId), [ticket.queueId])
      : [];
  return {
    ticket,
    message,
    contact: row.contact,
    connection: row.connection,
    company: row.company,
    settings: row.settings,
    offered,
    queue: row.queue ?? undefined,
    options,
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
  let turn: BotTurn | undefined;
  const answer = await db
    .transaction(async (tx) => {
      const company = tenantDb(tx, message.companyId);
      await q.lockConversation(company, seen.contact.number);
      const ticket = await q.lockTicketRow(company, seen.ticket.id);
      if (!ticket || !routable(ticket, seen.connection)) return undefined;
      const step = { ...seen, ticket };
      const action = decide(step);
      if (!action) return undefined;
      turn = new BotTurn(tx, ticket, seen.now, { media: deps.media });
      await apply(turn, step, action);
      return turn.finish();
    })
    .catch(async (err) => {
      await turn?.discard();
      throw err;
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

/**
 * A stored inbound batch to the bots: the messages a contact wrote on person tickets (groups only where
 * the connection treats them as tickets) whose rules could apply, decided from what the pipeline read.
 */
export function routeStoredBatch(deps: ServerDeps, batch: StoredBatch) {
  const { connection, settings, hasQueues } = batch;
  routeInbound(
    deps,
    batch.stored
      .filter(
        ({ message, ticket }) =>
          !message.fromMe &&
          // A missed call is no message to answer: its reply is the call's own (automation/calls).
          message.mediaType !== 'call_log' &&
          (!ticket.isGroup || connection.groupAsTicket === 'enabled') &&
          botsMayAct(settings, { ...connection, hasQueues }, message, ticket.status),
      )
      .map(({ message }) => message),
  );
}

/** Resolves when every message handed to the bots so far has been routed (tests wait on it). */
export function routingSettled(deps: ServerDeps): Promise<void> {
  return routingOf(deps).idle();
}

import type { ChatbotOption } from '../../shared/api/chatbots';
import { BOT_TEXTS } from '../../shared/bot-texts';
import type { Language } from '../../shared/i18n/types';
import type { CompanySettings } from '../../shared/settings';
import type { ChatbotRow } from '../modules/chatbots/queries';
import type { MessageRow } from '../modules/messages/queries';
import { formatBody } from '../modules/messages/variables';
import type * as q from '../modules/tickets/queries';
import { botMayAnswer } from './bot-send';
import { type HasSchedules, isWithinServiceHours, serviceHoursFor } from './service-hours';

/** A queue as the bots offer, greet with and hand tickets to it. */
export type BotQueue = HasSchedules & {
  id: number;
  name: string;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  closeTicket: boolean;
  fileListId: number | null;
};

/** Everything a routing decision reads: read once outside any transaction. */
export interface Step {
  ticket: q.TicketRow;
  message: MessageRow;
  contact: q.ContactRow;
  connection: q.ConnectionRow;
  company: HasSchedules & { timezone: string };
  settings: CompanySettings;
  /** The connection's queues, while the ticket has none. */
  offered: BotQueue[];
  /** The queue the ticket is in, if any. */
  queue: BotQueue | undefined;
  /** That queue's option tree (all levels), while the contact is in it. */
  options: ChatbotRow[];
  now: Date;
}

/** What the bots do about one message; decided from what was read, applied in a transaction. */
export type Action =
  /**
   * A text; `log` marks the step it opens (the consent question), `withMedia` sends it as the caption of
   * the connection's greeting attachment (the first queue menu).
   */
  | { kind: 'answer'; text: string; log?: 'lgpd'; withMedia?: boolean }
  /** The contact leaves ("sair", or consent refused). */
  | { kind: 'leave' }
  /** The rating flow ends: with the contact's 0–10 rating, or without one once re-asking is used up. */
  | { kind: 'rate'; rate: number | null }
  | { kind: 'consent'; accepted: boolean }
  /** A queue chosen from the menu (or the only one), greeted with `greeting`. */
  | { kind: 'enterQueue'; queue: BotQueue; greeting: string | null; withMedia: boolean }
  | { kind: 'choose'; option: ChatbotOption }
  /** "#": one level up. */
  | { kind: 'back' };

/** What a text's variables are filled from. */
export type TextContext = Pick<Step, 'ticket' | 'contact' | 'connection' | 'now' | 'queue'> & {
  company: { timezone: string };
};

/** A bot or template text with the message variables filled; empty when there is no text. */
export function fill(
  step: TextContext,
  text: string | null | undefined,
  extra: { queue?: string | undefined; userName?: string | undefined } = {},
) {
  if (!text?.trim()) return '';
  return formatBody(text, {
    contactName: step.contact.name,
    ticketId: step.ticket.id,
    queueName: extra.queue ?? step.queue?.name,
    userName: extra.userName,
    connectionName: step.connection.name,
    now: step.now,
    timeZone: step.company.timezone,
  });
}

/** Whether the service hours `owner` keeps are open now; true when scheduleType names another owner. */
export function isOpen(step: Step, owner: 'company' | 'connection' | 'queue', queue?: BotQueue) {
  const { settings, company, connection } = step;
  if (settings.scheduleType !== owner) return true;
  const hours = serviceHoursFor(settings.scheduleType, company, queue, connection);
  return !hours || isWithinServiceHours(hours.schedules, step.now, hours.timeZone);
}

/** A bot answer limited by maxUseBotQueues / timeUseBotQueues: beyond them the bot stays silent. */
export function limitedAnswer(step: Step, text: string): Extract<Action, { kind: 'answer' }> | undefined {
  return botMayAnswer(step.ticket, step.connection, step.now) ? { kind: 'answer', text } : undefined;
}

/** The contact's answer as the menus read it. */
export const replyOf = (step: Step) => step.message.body.trim();

/** The leave keyword (any case) in the company's language, or the Portuguese "sair", leaves the bots' menus. */
export const isLeaving = (reply: string, language: Language) =>
  [BOT_TEXTS[language].leaveWord, BOT_TEXTS.pt.leaveWord].some(
    (word) => reply.toLocaleLowerCase(language) === word.toLocaleLowerCase(language),
  );

/** A menu line's number, 1-based, as typed ("2", " 2 "). */
export function chosenIndex(reply: string, count: number): number | undefined {
  if (!/^\d{1,3}$/.test(reply)) return undefined;
  const index = Number(reply) - 1;
  return index >= 0 && index < count ? index : undefined;
}

/**
 * docs/behaviour.md "Routing and bots" leaves the wording of these to us: the menus' leave line. The back line
 * is the spec's "[ # ] Voltar" in the menus' own style. Both in the company's language.
 */
export const leaveLine = (language: Language) =>
  `*[ ${BOT_TEXTS[language].leaveWord} ]* - ${BOT_TEXTS[language].leave}`;
const backLine = (language: Language) => `*[ # ]* - ${BOT_TEXTS[language].back}`;

/** Numbered lines "*[ n ]* - name", then the back line (where there is a way back) and the leave line. */
export function menuLines(names: readonly string[], withBack: boolean, language: Language) {
  return [
    ...names.map((name, i) => `*[ ${i + 1} ]* - ${name}`),
    ...(withBack ? [backLine(language)] : []),
    leaveLine(language),
  ].join('\n');
}

/** A message and the menu under it, as one text. */
export const withMenu = (message: string, menu: string) => [message, menu].filter(Boolean).join('\n\n');

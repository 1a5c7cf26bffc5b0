import type { Tx } from '../db/client';
import type { tickets } from '../db/schema';
import type { ServerDeps } from '../http/router';
import { deliverQueued, queueText } from '../modules/messages/outbound';
import type { MessageRow } from '../modules/messages/queries';
import { publishMessage, publishTicket } from '../modules/tickets/publish';
import * as q from '../modules/tickets/queries';
import { BufferedEvents } from '../realtime/event-sink';

/** What one routing decision changed, to send and announce once its transaction has committed. */
export interface BotAnswer {
  ticket: q.TicketRow;
  before: q.TicketRow;
  outgoing: MessageRow[];
}

/** The limits of a connection's bots (2-administration §3 maxUseBotQueues, timeUseBotQueues). */
type BotLimits = Pick<q.ConnectionRow, 'maxUseBotQueues' | 'timeUseBotQueues'>;

/**
 * Whether the bots may answer the ticket again: fewer than maxUseBotQueues answers so far (0: no
 * limit) and none within the last timeUseBotQueues minutes.
 */
export function botMayAnswer(ticket: q.TicketRow, limits: BotLimits, now: Date): boolean {
  if (limits.maxUseBotQueues > 0 && ticket.amountUsedBotQueues >= limits.maxUseBotQueues) return false;
  if (!ticket.botAnsweredAt || limits.timeUseBotQueues <= 0) return true;
  return now.getTime() - ticket.botAnsweredAt.getTime() >= limits.timeUseBotQueues * 60_000;
}

/**
 * Changes the ticket and stores the bot's texts (fromMe, no user) in the caller's transaction. Texts
 * make one bot answer: counted once in amountUsedBotQueues, dated in botAnsweredAt (unless `counted` is
 * false: the timers' texts are no answer and leave the bots' limits alone). Empty texts are left out;
 * nothing at all to do gives undefined.
 */
export async function answerAsBot(
  tx: Tx,
  before: q.TicketRow,
  changes: Partial<typeof tickets.$inferInsert>,
  texts: string[],
  now: Date,
  counted = true,
): Promise<BotAnswer | undefined> {
  const bodies = texts.filter((text) => text.trim());
  if (bodies.length === 0 && Object.keys(changes).length === 0) return undefined;
  const answered = bodies.length
    ? {
        lastMessage: bodies.at(-1),
        ...(counted && { amountUsedBotQueues: before.amountUsedBotQueues + 1, botAnsweredAt: now }),
      }
    : {};
  const ticket = await q.updateTicketRow(tx, before.id, { ...answered, ...changes });
  const outgoing: MessageRow[] = [];
  for (const body of bodies) outgoing.push(await queueText(tx, ticket, body, null));
  return { ticket, before, outgoing };
}

/** After the commit: the texts go out through the connection, then the ticket and messages are announced. */
export async function publishBotAnswer(deps: ServerDeps, to: string, answer: BotAnswer) {
  const { ticket, before, outgoing } = answer;
  await deliverQueued(deps, ticket.whatsappId, to, outgoing);
  const events = new BufferedEvents();
  await publishTicket(deps.db, events, ticket.companyId, ticket.id, before);
  for (const message of outgoing)
    await publishMessage(deps.db, events, ticket.companyId, message.id, 'create');
  events.flush(deps.realtime);
}

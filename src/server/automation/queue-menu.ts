import { and, asc, eq } from 'drizzle-orm';
import { queues, whatsappQueues } from '../db/schema';
import type { DbOrTx } from '../platform/database';
import {
  type Action,
  type BotQueue,
  chosenIndex,
  fill,
  isLeaving,
  limitedAnswer,
  menuLines,
  replyOf,
  type Step,
  withMenu,
} from './step';

export const botQueueFields = {
  id: queues.id,
  name: queues.name,
  greetingMessage: queues.greetingMessage,
  outOfHoursMessage: queues.outOfHoursMessage,
  schedules: queues.schedules,
  closeTicket: queues.closeTicket,
  fileListId: queues.fileListId,
};

/** The connection's queues of its own company, in the bot's order (orderQueue, then name). */
export function queuesOffered(db: DbOrTx, companyId: number, whatsappId: number): Promise<BotQueue[]> {
  return db
    .select(botQueueFields)
    .from(queues)
    .innerJoin(whatsappQueues, eq(whatsappQueues.queueId, queues.id))
    .where(and(eq(whatsappQueues.whatsappId, whatsappId), eq(queues.companyId, companyId)))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
}

/**
 * The connection's greeting and one line per queue, as one text. chatBotType button and list are sent as
 * this numbered text too: every channel shows it, and the answer is read the same way.
 */
export function queueMenu(step: Step, offered: readonly BotQueue[]) {
  return withMenu(
    fill(step, step.connection.greetingMessage),
    menuLines(
      offered.map((queue) => queue.name),
      false,
      step.settings.language,
    ),
  );
}

/**
 * docs/behaviour.md "Routing and bots", queue choice: one queue is taken at once; several are offered as a
 * numbered menu, and once the bot has spoken a number picks one and "sair" leaves.
 */
export function chooseQueue(step: Step): Action | undefined {
  const { offered, ticket, settings, connection } = step;
  if (offered.length === 0) return undefined;
  if (offered.length === 1) {
    const greets = settings.sendGreetingMessageOneQueues === 'enabled';
    return {
      kind: 'enterQueue',
      queue: offered[0]!,
      greeting: greets ? connection.greetingMessage : null,
      withMedia: greets,
    };
  }
  // A ticket's first message is never read as a choice: the menu has not been offered yet.
  if (ticket.botAnsweredAt !== null) {
    const reply = replyOf(step);
    if (isLeaving(reply, settings.language)) return { kind: 'leave' };
    const chosen = chosenIndex(reply, offered.length);
    if (chosen !== undefined) {
      const queue = offered[chosen]!;
      return { kind: 'enterQueue', queue, greeting: queue.greetingMessage, withMedia: false };
    }
  }
  const answer = limitedAnswer(step, queueMenu(step, offered));
  // The greeting's attachment goes with the menu's first showing, not with every repeat.
  return answer && ticket.botAnsweredAt === null ? { ...answer, withMedia: true } : answer;
}

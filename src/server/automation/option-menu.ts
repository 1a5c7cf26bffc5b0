import { and, count, eq, isNull, lte, sql } from 'drizzle-orm';
import type { ChatbotOption } from '../../shared/api/chatbots';
import { queues, tickets } from '../db/schema';
import { type ChatbotRow, optionRowsOf, treeOf } from '../modules/chatbots/queries';
import { fileListToSend } from '../modules/files/service';
import { tenantDb } from '../platform/tenant';
import type { BotTurn } from './bot-send';
import { botQueueFields, queueMenu, queuesOffered } from './queue-menu';
import {
  type Action,
  type BotQueue,
  chosenIndex,
  fill,
  isLeaving,
  isOpen,
  limitedAnswer,
  menuLines,
  replyOf,
  type Step,
  withMenu,
} from './step';

/** Where the contact stands in the tree: the option whose sub-options are offered (none: the queue's own). */
function levelOf(step: Step): { parent: ChatbotRow | undefined; options: ChatbotOption[] } {
  const parent = step.options.find((row) => row.id === step.ticket.chatbotId);
  return { parent, options: treeOf(step.options, parent?.id ?? null) };
}

/** A level's message (the option's, or the queue's greeting at the top) with its numbered options. */
function levelText(step: Step, message: string | null | undefined, options: readonly ChatbotOption[]) {
  return withMenu(
    fill(step, message),
    menuLines(
      options.map((option) => option.name),
      true,
      step.settings.language,
    ),
  );
}

/**
 * docs/behaviour.md "Routing and bots", option tree: a number takes that option, "#" goes a level up, "sair"
 * leaves; anything else shows the level again within maxUseBotQueues / timeUseBotQueues.
 */
export function optionMenu(step: Step): Action | undefined {
  const { parent, options } = levelOf(step);
  if (options.length === 0) return undefined;
  const reply = replyOf(step);
  if (isLeaving(reply, step.settings.language)) return { kind: 'leave' };
  if (reply === '#') return { kind: 'back' };
  const chosen = chosenIndex(reply, options.length);
  if (chosen !== undefined) return { kind: 'choose', option: options[chosen]! };
  const message = parent ? parent.greetingMessage : step.queue?.greetingMessage;
  return limitedAnswer(step, levelText(step, message, options));
}

/** The connection's greeting, with its media attachment (image or video) where it has one. */
export async function greet(turn: BotTurn, step: Step, text: string, withMedia: boolean) {
  const media = withMedia ? step.connection.greetingMediaAttachment : null;
  if (media) return turn.sendFile({ path: media, caption: text });
  return turn.say(text);
}

/** A file list's message, then each of its files with its name as the caption. */
async function sendFileList(turn: BotTurn, step: Step, fileListId: number | null) {
  if (fileListId === null) return;
  const list = await fileListToSend(tenantDb(turn.tx, step.ticket.companyId), fileListId);
  if (!list) return;
  await turn.say(fill(step, list.message));
  for (const file of list.options) {
    if (file.path) await turn.sendFile({ path: file.path, caption: file.name, mimetype: file.mediaType });
  }
}

/** Where the ticket stands among those waiting in its queue, counting itself. */
async function queuePosition(turn: BotTurn) {
  const { ticket } = turn;
  const [row] = await turn.tx
    .select({ value: count() })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, ticket.companyId),
        eq(tickets.queueId, ticket.queueId!),
        eq(tickets.status, 'pending'),
        isNull(tickets.userId),
        eq(tickets.isGroup, false),
        // Its own stored time, not the row read back: JavaScript dates drop PostgreSQL's microseconds.
        lte(
          tickets.createdAt,
          sql`(select ${tickets.createdAt} from ${tickets} where ${tickets.id} = ${ticket.id})`,
        ),
      ),
    );
  return row?.value ?? 1;
}

/**
 * The bots are done: the ticket waits in its queue for an attendant. The queue's closeTicket ends it here
 * instead; sendQueuePosition tells the contact their place in the queue.
 */
async function handOver(turn: BotTurn, step: Step) {
  await turn.change({ isBot: false, chatbotId: null });
  if (step.queue?.closeTicket) return turn.close('closed');
  const { settings } = step;
  if (settings.sendQueuePosition === 'enabled' && settings.sendQueuePositionMessage.trim()) {
    await turn.say(`${fill(step, settings.sendQueuePositionMessage)} ${await queuePosition(turn)}`);
  }
}

/**
 * A ticket arrives in a queue (chosen, the only one, or an option's): logged (queue), greeted, sent the
 * queue's file list, then offered the queue's options, or handed to the queue's attendants when it has
 * none. Out of the queue's hours (scheduleType queue) it gets the queue's out-of-hours message and waits.
 */
export async function enterQueue(
  turn: BotTurn,
  from: Step,
  queue: BotQueue,
  greeting: string | null,
  withMedia: boolean,
) {
  await turn.change({ queueId: queue.id, chatbotId: null, isBot: true });
  await turn.log('queue');
  await turn.track({ queueId: queue.id });
  turn.movedOnward();
  const rows = await optionRowsOf(tenantDb(turn.tx, turn.ticket.companyId), [queue.id]);
  const step: Step = { ...from, ticket: turn.ticket, queue, options: rows };
  if (!isOpen(step, 'queue', queue)) {
    await turn.say(fill(step, queue.outOfHoursMessage));
    return turn.change({ isBot: false });
  }
  const tree = treeOf(rows, null);
  if (tree.length > 1) {
    // The queue's greeting opens its menu; another greeting (the connection's) comes before it.
    const menu = levelText(step, queue.greetingMessage, tree);
    if (greeting === queue.greetingMessage) await greet(turn, step, menu, withMedia);
    else {
      await greet(turn, step, fill(step, greeting), withMedia);
      await turn.say(menu);
    }
    await sendFileList(turn, step, queue.fileListId);
    return turn.log('chatBot');
  }
  await greet(turn, step, fill(step, greeting), withMedia);
  await sendFileList(turn, step, queue.fileListId);
  if (tree.length === 0) return handOver(turn, step);
  // 2-administration §5: a single option is chosen automatically.
  await turn.log('chatBot');
  return takeOption(turn, step, tree[0]!);
}

/** An option's attendant (in the option's queue, or the ticket's): the ticket waits for them to accept it. */
async function toAttendant(turn: BotTurn, option: ChatbotOption) {
  const queueId = option.optQueueId ?? turn.ticket.queueId;
  const movesQueue = queueId !== turn.ticket.queueId;
  await turn.change({ queueId, userId: option.optUserId, status: 'pending', isBot: false, chatbotId: null });
  if (movesQueue) await turn.log('queue');
  await turn.track({ queueId, userId: option.optUserId });
}

async function findQueue(turn: BotTurn, id: number) {
  const [queue] = await turn.tx
    .select(botQueueFields)
    .from(queues)
    .where(and(eq(queues.companyId, turn.ticket.companyId), eq(queues.id, id)));
  return queue;
}

/**
 * An option taken (docs/behaviour.md "Routing and bots", option tree): its message, then what its type does —
 * text opens its sub-options (a lone one is taken at once) or, with none, hands the ticket to the queue;
 * attendent gives it to that attendant; queue moves it there; integration hands it to the integration
 * (its engines come with their own issue); file sends the file list. closeTicket ends the attendance
 * after the message (and a file option's files) instead.
 */
export async function takeOption(turn: BotTurn, step: Step, option: ChatbotOption): Promise<void> {
  turn.movedOnward();
  const text = fill(step, option.greetingMessage);
  const subOptions = option.queueType === 'text' ? option.options : [];
  if (subOptions.length > 1 && !option.closeTicket) {
    await turn.say(levelText(step, option.greetingMessage, subOptions));
    return turn.change({ chatbotId: option.id, isBot: true });
  }
  await turn.say(text);
  if (option.queueType === 'file') await sendFileList(turn, step, option.optFileId);
  if (option.closeTicket) return turn.close('closed');
  switch (option.queueType) {
    case 'attendent':
      return toAttendant(turn, option);
    case 'integration':
      return turn.change({
        integrationId: option.optIntegrationId,
        useIntegration: true,
        isBot: false,
        chatbotId: null,
      });
    case 'queue': {
      const target = option.optQueueId === null ? undefined : await findQueue(turn, option.optQueueId);
      if (target) return enterQueue(turn, step, target, target.greetingMessage, false);
      return handOver(turn, step);
    }
    default:
      if (subOptions.length === 1) return takeOption(turn, step, subOptions[0]!);
      return handOver(turn, step);
  }
}

/**
 * "#": the level above. From a queue's own options that is the choice of queue again (a connection with
 * one queue shows that queue's options again).
 */
export async function stepBack(turn: BotTurn, step: Step) {
  turn.movedOnward();
  const { parent } = levelOf(step);
  if (parent) {
    const above = step.options.find((row) => row.id === parent.parentId);
    await turn.change({ chatbotId: parent.parentId });
    const message = above ? above.greetingMessage : step.queue?.greetingMessage;
    return turn.say(levelText(step, message, treeOf(step.options, parent.parentId)));
  }
  const offered = await queuesOffered(turn.tx, step.ticket.companyId, step.connection.id);
  if (offered.length > 1) {
    await turn.change({ queueId: null, chatbotId: null });
    return turn.say(queueMenu(step, offered));
  }
  return turn.say(levelText(step, step.queue?.greetingMessage, treeOf(step.options, null)));
}

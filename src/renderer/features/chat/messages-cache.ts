import type { InfiniteData } from '@tanstack/react-query';
import type { RouteOutput } from '../../../shared/api/contract';
import type { Message, messagesRoutes } from '../../../shared/api/messages';
import type { AppMessageEvent } from '../../../shared/realtime';
import type { PageParam } from '../../ui/paged-query';

/** What a send needs, kept on our own bubble so a failed send can be retried as it was. */
export interface OutgoingMessage {
  ticketId: number;
  clientId: string;
  body: string;
  isPrivate: boolean;
  quotedMsg: Message['quotedMsg'];
  file?: { name: string; type: string; data: Blob };
  vCard?: { name: string; number: string };
}

/**
 * A message as the chat holds it: the server's, or one of ours not confirmed yet (`local`): sending
 * shows the clock icon, failed shows retry.
 */
export type ChatMessage = Message & {
  local?: { state: 'sending' | 'failed'; outgoing: OutgoingMessage };
};

export type MessagesPage = Omit<RouteOutput<typeof messagesRoutes.list>, 'messages'> & {
  messages: ChatMessage[];
};
/** Page 1 holds the newest messages; each page is in chronological order. */
export type MessagesList = InfiniteData<MessagesPage, PageParam>;

const sameMessage = (a: ChatMessage, b: Pick<Message, 'id' | 'clientId'>) =>
  (a.id > 0 && a.id === b.id) || (a.clientId !== null && a.clientId === b.clientId);

function mapMessages(list: MessagesList, change: (messages: ChatMessage[]) => ChatMessage[]): MessagesList {
  return { ...list, pages: list.pages.map((page) => ({ ...page, messages: change(page.messages) })) };
}

const isPresent = (list: MessagesList, message: Pick<Message, 'id' | 'clientId'>) =>
  list.pages.some((page) => page.messages.some((m) => sameMessage(m, message)));

/**
 * The newer of two copies of one message. Our own pending copy always gives way to the server's; acks
 * only ever increase (docs/behaviour.md "Inbound message pipeline" 7), whatever order the answers arrive in.
 */
function merge(current: ChatMessage, incoming: Message): ChatMessage {
  if (current.local) return incoming;
  const newer = Date.parse(incoming.updatedAt) >= Date.parse(current.updatedAt) ? incoming : current;
  return { ...newer, ack: Math.max(current.ack, incoming.ack) };
}

/** Appends to the newest page: where new messages (ours and the contact's) belong. */
function appendNewest(list: MessagesList, message: ChatMessage): MessagesList {
  if (list.pages.length === 0) return list;
  const [newest, ...older] = list.pages;
  return { ...list, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
}

/** A message the server confirmed (our write's answer or a create event): replaces its copy or is added. */
export function upsertMessage(list: MessagesList, message: Message): MessagesList {
  if (!isPresent(list, message)) return appendNewest(list, message);
  return mapMessages(list, (messages) =>
    messages.map((m) => (sameMessage(m, message) ? merge(m, message) : m)),
  );
}

/** A changed message (ack, edit, delete) replaces the copy we hold; one we never loaded stays unloaded. */
export function updateMessage(list: MessagesList, message: Message): MessagesList {
  if (!isPresent(list, message)) return list;
  return upsertMessage(list, message);
}

export function removeMessage(list: MessagesList, messageId: number): MessagesList {
  return mapMessages(list, (messages) => messages.filter((m) => m.id !== messageId));
}

/** Applies a `company-{id}-appMessage` event to the cached messages of that event's ticket. */
export function applyMessageEvent(list: MessagesList, event: AppMessageEvent): MessagesList {
  if (event.action === 'delete') return removeMessage(list, event.messageId);
  return event.action === 'create' ? upsertMessage(list, event.message) : updateMessage(list, event.message);
}

/**
 * A message a catch-up brought: replaces its copy, or joins the newest page when it is new (not older than
 * that page); an older message never loaded stays unloaded, like an update event's.
 */
export function applyCaughtUpMessage(list: MessagesList, message: Message): MessagesList {
  if (isPresent(list, message)) return upsertMessage(list, message);
  const oldestShown = list.pages[0]?.messages.find((m) => !m.local);
  if (oldestShown && Date.parse(message.createdAt) < Date.parse(oldestShown.createdAt)) return list;
  return appendNewest(list, message);
}

/** Our bubble before the server answers. */
export function addPending(list: MessagesList, message: ChatMessage): MessagesList {
  return isPresent(list, message) ? list : appendNewest(list, message);
}

/** Our bubble for `clientId` changes state (failed, or sending again on retry). */
export function setPendingState(
  list: MessagesList,
  clientId: string,
  state: 'sending' | 'failed',
): MessagesList {
  return mapMessages(list, (messages) =>
    messages.map((m) => (m.local && m.clientId === clientId ? { ...m, local: { ...m.local, state } } : m)),
  );
}

/** A failed bubble the user gave up on. */
export function discardPending(list: MessagesList, clientId: string): MessagesList {
  return mapMessages(list, (messages) => messages.filter((m) => !(m.local && m.clientId === clientId)));
}

const byTime = (a: ChatMessage, b: ChatMessage) =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id;

/**
 * Every loaded message, oldest first, each once: pages are counted from the newest, so messages that
 * arrived after page 1 was read reappear at the top of page 2. Our unconfirmed bubbles come last.
 */
export function flattenMessages(list: MessagesList | undefined): ChatMessage[] {
  if (!list) return [];
  const confirmed = new Map<number, ChatMessage>();
  const pending: ChatMessage[] = [];
  for (const page of [...list.pages].reverse()) {
    for (const message of page.messages) {
      const seen = confirmed.get(message.id);
      if (message.local) pending.push(message);
      else confirmed.set(message.id, seen ? merge(seen, message) : message);
    }
  }
  return [...[...confirmed.values()].sort(byTime), ...pending];
}

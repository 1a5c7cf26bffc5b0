import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { api } from '../../../shared/api';
import type { Ticket } from '../../../shared/api/tickets';
import { ApiError, type Bridge } from '../../../shared/bridge';
import type { OutboxMessage } from '../../../shared/ipc';
import { events } from '../../../shared/realtime';
import { useRealtimeEvent, useRoom } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { FIRST_PAGE, type PageParam, pagedByCursor } from '../../ui/paged-query';
import { toastError } from '../../ui/toast';
import { useCachedPage } from '../tickets/useTicketsList';
import {
  addPending,
  applyMessageEvent,
  type ChatMessage,
  discardPending,
  flattenMessages,
  type MessagesList,
  type MessagesPage,
  type OutgoingMessage,
  setPendingState,
  upsertMessage,
} from './messages-cache';
import { messageMediaType } from './uploads';

export const messagesKeys = {
  ticket: (uuid: string) => ['messages', uuid] as const,
  media: (messageId: number) => ['messages', 'media', messageId] as const,
};

/**
 * GET /messages/:uuid, newest page first; older pages load as the reader scrolls up. On the desktop the
 * newest page shows from the offline cache until the server's answer replaces it.
 */
export function useMessages(ticketUuid: string) {
  const bridge = useBridge();
  const cached = useCachedPage(messagesKeys.ticket(ticketUuid), (b) => b.cache.messages(ticketUuid));
  return useInfiniteQuery<MessagesPage, Error, MessagesList, readonly string[], PageParam>({
    queryKey: messagesKeys.ticket(ticketUuid),
    queryFn: ({ pageParam }) =>
      bridge.request(api.messages.list, { params: { ticketUuid }, query: pageParam }),
    ...pagedByCursor,
    placeholderData: cached ? { pages: [cached], pageParams: [FIRST_PAGE] } : undefined,
  });
}

/** Changes the cached messages of one ticket (if they are loaded). */
function useMessagesCache() {
  const queryClient = useQueryClient();
  return (ticketUuid: string, change: (list: MessagesList) => MessagesList) =>
    queryClient.setQueryData<MessagesList>(messagesKeys.ticket(ticketUuid), (list) => list && change(list));
}

/**
 * The open chat's live part (1-attendance §7): joins the ticket's chat box room (again after every
 * reconnect; the catch-up brings what was missed) and applies `company-{id}-appMessage` to the cached
 * messages.
 */
export function useChatRealtime(ticket: Pick<Ticket, 'id' | 'uuid'>) {
  const bridge = useBridge();
  const { companyId } = useCurrentUser();
  const change = useMessagesCache();

  useRoom(
    () => bridge.realtime.emit('joinChatBox', String(ticket.id)),
    () => bridge.realtime.emit('joinChatBoxLeave', String(ticket.id)),
  );

  const markRead = useMarkReadSoon(ticket.id);

  useRealtimeEvent(events.appMessage(companyId), (event) => {
    if (event.action !== 'delete') change(event.ticket.uuid, (list) => applyMessageEvent(list, event));
    else if (event.ticketId === ticket.id) change(ticket.uuid, (list) => applyMessageEvent(list, event));
    if (event.action === 'create' && event.ticket.id === ticket.id && !event.message.fromMe) markRead();
  });
}

const MARK_READ_DELAY_MS = 1000;

/**
 * A message that arrives while its chat is on screen is read: the server is told (PUT with no change
 * marks the ticket read and clears the lists' badge), at most once a second for a burst.
 */
function useMarkReadSoon(ticketId: number) {
  const bridge = useBridge();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    if (timer.current !== undefined || document.visibilityState !== 'visible') return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      bridge.request(api.tickets.update, { params: { id: ticketId }, body: {} }).catch(toastError);
    }, MARK_READ_DELAY_MS);
  }, [bridge, ticketId]);
}

/** What the composer hands over: a text, a file with its caption, or a contact card. */
export type Draft = Pick<OutgoingMessage, 'body' | 'isPrivate' | 'quotedMsg' | 'file' | 'vCard'>;

/** Our bubble for a message not confirmed yet: the clock icon while it waits, retry once refused. */
function pendingBubble(
  outgoing: OutgoingMessage,
  user: { id: number; name: string },
  state: 'sending' | 'failed' = 'sending',
): ChatMessage {
  const now = new Date().toISOString();
  return {
    id: 0,
    wid: '',
    clientId: outgoing.clientId,
    ticketId: outgoing.ticketId,
    body: outgoing.body || outgoing.file?.name || outgoing.vCard?.name || '',
    fromMe: true,
    read: true,
    mediaType: outgoing.file
      ? messageMediaType(outgoing.file.type)
      : outgoing.vCard
        ? 'contactMessage'
        : null,
    mediaUrl: null,
    ack: 0,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    isPrivate: outgoing.isPrivate,
    quotedMsg: outgoing.quotedMsg,
    contact: null,
    user,
    queue: null,
    participant: null,
    createdAt: now,
    updatedAt: now,
    local: { state, outgoing },
  };
}

/** A bubble's message as the outbox takes it: files travel as bytes. */
async function toOutboxMessage(outgoing: OutgoingMessage, ticketUuid: string): Promise<OutboxMessage> {
  const { file, ...rest } = outgoing;
  return {
    ...rest,
    ticketUuid,
    ...(file && { file: { ...file, data: new Uint8Array(await file.data.arrayBuffer()) } }),
  };
}

/** An outbox message as a bubble shows it. */
function toOutgoing({ ticketUuid: _chat, file, ...rest }: OutboxMessage): OutgoingMessage {
  return {
    ...rest,
    ...(file && { file: { ...file, data: new Blob([new Uint8Array(file.data)], { type: file.type }) } }),
  };
}

/**
 * Sends messages of the open chat through the outbox. Every message carries a clientId (1-attendance §7
 * POST /messages/:ticketId), so a retry after a lost answer never stores it twice; the bubble shows at
 * once with the clock icon, keeps it while the desktop waits for the connection, and is replaced by the
 * server's message.
 */
export function useSendMessage(ticket: Pick<Ticket, 'id' | 'uuid'>) {
  const bridge = useBridge();
  const user = useCurrentUser();
  const change = useMessagesCache();

  const post = async (outgoing: OutgoingMessage) => {
    change(ticket.uuid, (list) => setPendingState(list, outgoing.clientId, 'sending'));
    try {
      const outcome = await bridge.outbox.send(await toOutboxMessage(outgoing, ticket.uuid));
      if (outcome.state === 'sent') change(ticket.uuid, (list) => upsertMessage(list, outcome.message));
      return true;
    } catch (error) {
      change(ticket.uuid, (list) => setPendingState(list, outgoing.clientId, 'failed'));
      toastError(error);
      return false;
    }
  };

  return {
    /** Sends drafts one after another, in order; a failure leaves its bubble to retry. */
    async send(drafts: Draft[]) {
      const outgoing = drafts.map((draft) => ({
        ...draft,
        ticketId: ticket.id,
        clientId: crypto.randomUUID(),
      }));
      for (const item of outgoing) {
        change(ticket.uuid, (list) => addPending(list, pendingBubble(item, user)));
      }
      for (const item of outgoing) await post(item);
    },
    retry: (message: ChatMessage) => (message.local ? post(message.local.outgoing) : Promise.resolve(false)),
    discard: (message: ChatMessage) => {
      if (!message.clientId) return;
      const { clientId } = message;
      change(ticket.uuid, (list) => discardPending(list, clientId));
      bridge.outbox.discard(clientId).catch(toastError);
    },
  };
}

/**
 * The open chat's messages still in the outbox (written offline, also before a restart) as bubbles once
 * its messages are loaded, and what becomes of them when the connection comes back.
 */
export function useOutbox(ticket: Pick<Ticket, 'id' | 'uuid'>, loaded: boolean) {
  const bridge = useBridge();
  const user = useCurrentUser();
  const change = useMessagesCache();
  const latest = useRef({ change, user });
  latest.current = { change, user };

  useEffect(() => {
    if (!loaded) return;
    let live = true;
    bridge.outbox.pending(ticket.id).then((entries) => {
      if (!live) return;
      for (const entry of entries) {
        const bubble = pendingBubble(
          toOutgoing(entry.message),
          latest.current.user,
          entry.state === 'failed' ? 'failed' : 'sending',
        );
        latest.current.change(ticket.uuid, (list) => addPending(list, bubble));
      }
    }, toastError);
    return () => {
      live = false;
    };
  }, [bridge, ticket.id, ticket.uuid, loaded]);

  useEffect(
    () =>
      bridge.outbox.onChange((outcome) => {
        if (outcome.ticketUuid !== ticket.uuid) return;
        if (outcome.state === 'sent') {
          latest.current.change(ticket.uuid, (list) => upsertMessage(list, outcome.message));
          return;
        }
        latest.current.change(ticket.uuid, (list) => setPendingState(list, outcome.clientId, 'failed'));
        toastError(new ApiError(outcome.error.status, outcome.error.body));
      }),
    [bridge, ticket.uuid],
  );
}

/** POST /messages/edit/:id (own messages, within 15 minutes). */
export function useEditMessage(ticketUuid: string) {
  const bridge = useBridge();
  const change = useMessagesCache();
  return useMutation({
    mutationFn: ({ messageId, body }: { messageId: number; body: string }) =>
      bridge.request(api.messages.edit, { params: { messageId }, body: { body } }),
    onSuccess: (message) => change(ticketUuid, (list) => upsertMessage(list, message)),
    onError: toastError,
  });
}

/** GET /whatsapp/:id/templates: the approved templates of a Cloud API connection (read from Meta). */
export function useTemplates(connectionId: number | null) {
  const bridge = useBridge();
  return useQuery({
    queryKey: ['whatsapps', 'templates', connectionId ?? 0],
    queryFn: () => bridge.request(api.graph.templates, { params: { id: connectionId ?? 0 } }),
    enabled: connectionId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** POST /messages/:ticketId/template: the sent template joins the chat at once. */
export function useSendTemplate(ticket: Pick<Ticket, 'id' | 'uuid'>) {
  const bridge = useBridge();
  const change = useMessagesCache();
  return useMutation({
    mutationFn: (body: { name: string; language: string; header: string[]; body: string[] }) =>
      bridge.request(api.messages.sendTemplate, { params: { ticketId: ticket.id }, body }),
    onSuccess: (message) => change(ticket.uuid, (list) => upsertMessage(list, message)),
    onError: toastError,
  });
}

/** DELETE /messages/:id (own messages). */
export function useDeleteMessage(ticketUuid: string) {
  const bridge = useBridge();
  const change = useMessagesCache();
  return useMutation({
    mutationFn: (messageId: number) => bridge.request(api.messages.remove, { params: { messageId } }),
    onSuccess: (message) => change(ticketUuid, (list) => upsertMessage(list, message)),
    onError: toastError,
  });
}

/** Every message of a ticket, oldest first, page after page (for the PDF export). */
export async function fetchAllMessages(bridge: Bridge, ticketUuid: string): Promise<ChatMessage[]> {
  const list: MessagesList = { pages: [], pageParams: [] };
  for (let param: PageParam | undefined = FIRST_PAGE; param; ) {
    const page = await bridge.request(api.messages.list, { params: { ticketUuid }, query: param });
    list.pages.push(page);
    list.pageParams.push(param);
    param = pagedByCursor.getNextPageParam(page, list.pages);
  }
  return flattenMessages(list);
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SyncChange } from '../../../shared/api/sync';
import type { SyncEvent } from '../../../shared/sync';
import { useBridge } from '../../bridge/context';
import { applyCaughtUpMessage, type MessagesList, removeMessage } from '../chat/messages-cache';
import { messagesKeys } from '../chat/useMessages';
import { contactsKeys, useApplyContactEvent } from '../contacts/useContacts';
import { ticketsKeys } from './tickets-cache';
import { useTicketsCache } from './useTicketsList';

/**
 * What happened while the connection was down, into the caches (1-attendance §7 lists, chats, contacts):
 * the transport catches up from its cursor after every reconnect and hands the changes over here, where
 * they are applied as the live events would have been. Mounted once, with the inbox's subscription.
 */
export function useCatchUp() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const tickets = useTicketsCache();
  const applyContact = useApplyContactEvent();
  const latest = useRef({ tickets, applyContact });
  latest.current = { tickets, applyContact };

  useEffect(() => {
    const eachChat = (change: (list: MessagesList) => MessagesList) => {
      for (const [key, list] of queryClient.getQueriesData<MessagesList>({ queryKey: ['messages'] })) {
        // ['messages', uuid] are chats; ['messages', 'media', id] are files.
        if (list && key.length === 2) queryClient.setQueryData(key, change(list));
      }
    };
    const apply = (change: SyncChange) => {
      const { tickets: cache, applyContact: contact } = latest.current;
      switch (change.kind) {
        case 'ticket':
          return cache.applyTicketEvent({ action: 'update', ticket: change.ticket });
        case 'ticketRemoved':
          return cache.applyTicketEvent({ action: 'delete', ticketId: change.ticketId });
        case 'message':
          return queryClient.setQueryData<MessagesList>(
            messagesKeys.ticket(change.ticketUuid),
            (list) => list && applyCaughtUpMessage(list, change.message),
          );
        case 'messageRemoved':
          return eachChat((list) => removeMessage(list, change.messageId));
        case 'contact': {
          const { id, name, number, urlPicture, isGroup, channel } = change.contact;
          cache.applyContact({ id, name, number, urlPicture, isGroup, channel });
          return contact({ action: 'update', contact: change.contact });
        }
        case 'contactRemoved':
          return contact({ action: 'delete', contactId: change.contactId });
      }
    };
    return bridge.sync.onChanges((event: SyncEvent) => {
      if (event.kind === 'changes') {
        for (const change of event.changes) apply(change);
        return;
      }
      for (const queryKey of [ticketsKeys.all, ['messages'], contactsKeys.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    });
  }, [bridge, queryClient]);
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { hidesDeletedContent } from '../../../shared/api/messages';
import type { Ticket } from '../../../shared/api/tickets';
import { useCurrentUser } from '../../app/session';
import { TicketTagsBar } from '../tags/TicketTagsBar';
import { useTicket } from '../tickets/useTicketsList';
import { ChatHeader } from './ChatHeader';
import { CHAT_MIN_BESIDE_DRAWER_PX, CONTACT_DRAWER_WIDTH, ContactDrawer } from './ContactDrawer';
import { useChatState } from './chat-state';
import { ForwardMessageModal } from './ForwardMessageModal';
import { MessageInput } from './MessageInput';
import { MessagesList } from './MessagesList';
import { flattenMessages } from './messages-cache';
import { useReplyWindowClosed } from './reply-window';
import { SelectionBar } from './SelectionBar';
import { composerLock } from './ticket-rules';
import { useChatRealtime, useMessages, useOutbox } from './useMessages';

/** 1-attendance §6: with enableLGPD and lgpdDeleteMessage a deleted message shows nothing of itself. */
function useHidesDeleted() {
  return hidesDeletedContent(useCurrentUser().company.companieSettings);
}

/** Whether the chat pane is too narrow to keep the contact drawer beside it (its width, not the window's). */
function useDrawerOverlays() {
  const ref = useRef<HTMLDivElement>(null);
  const [overlays, setOverlays] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) =>
      setOverlays(entry.contentRect.width < CONTACT_DRAWER_WIDTH + CHAT_MIN_BESIDE_DRAWER_PX),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, overlays };
}

function ChatView({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('chat');
  const query = useMessages(ticket.uuid);
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const hidesDeleted = useHidesDeleted();
  const [contactOpen, setContactOpen] = useState(false);
  const drawer = useDrawerOverlays();
  // A search result opens the chat on the message it found (?message=id).
  const focusMessageId = Number(useSearchParams()[0].get('message')) || undefined;
  const forwarding = useChatState((state) => state.forwarding);
  const setChat = useChatState((state) => state.set);
  const reset = useChatState((state) => state.reset);
  useChatRealtime(ticket);
  useOutbox(ticket, query.isSuccess && !query.isPlaceholderData);

  // Replies, selections and edits belong to one ticket: another ticket starts clean.
  useEffect(() => {
    reset();
    return reset;
  }, [reset]);

  const windowClosed = useReplyWindowClosed(ticket.channel, messages) && !query.isLoading;
  return (
    <Box ref={drawer.ref} sx={{ display: 'flex', flex: 1, height: '100%', minHeight: 0, overflow: 'hidden' }}>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <ChatHeader ticket={ticket} onOpenContact={() => setContactOpen(true)} />
        <TicketTagsBar ticket={ticket} />
        {windowClosed && (
          <Alert severity="warning" square sx={{ borderRadius: 0 }}>
            {t('replyWindow')}
          </Alert>
        )}
        <MessagesList
          ticket={ticket}
          query={query}
          messages={messages}
          hidesDeleted={hidesDeleted}
          canWrite={composerLock(ticket) === null}
          focusMessageId={focusMessageId}
        />
        <SelectionBar messages={messages} />
        <MessageInput ticket={ticket} windowClosed={windowClosed} />
      </Box>
      <ContactDrawer
        ticket={ticket}
        open={contactOpen}
        overlay={drawer.overlays}
        onClose={() => setContactOpen(false)}
      />
      {forwarding && (
        <ForwardMessageModal
          messages={forwarding}
          onClose={() => setChat({ forwarding: null })}
          onForwarded={() => setChat({ forwarding: null, selectedIds: null })}
        />
      )}
    </Box>
  );
}

/**
 * The right pane of /tickets (1-attendance §2): the ticket by uuid with its header, messages and
 * composer. The tickets page, which shares this query, handles a ticket that fails to load.
 */
export default function TicketChat({ ticketUuid }: { ticketUuid: string }) {
  const { t } = useTranslation('chat');
  const ticket = useTicket(ticketUuid);

  if (!ticket.data) {
    return (
      <Box sx={{ flex: 1, height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  }
  return <ChatView key={ticket.data.id} ticket={ticket.data} />;
}

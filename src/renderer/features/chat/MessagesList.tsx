import KeyboardDoubleArrowDown from '@mui/icons-material/KeyboardDoubleArrowDown';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../../../shared/api/tickets';
import { VirtualRows } from '../../ui/VirtualRows';
import { MessageBubble } from './MessageBubble';
import type { ChatMessage } from './messages-cache';
import { buildTimeline, type DayLabel, messageKey } from './timeline';
import type { useMessages } from './useMessages';

/** 1-attendance §7: older messages load when the reader scrolls within 50 px of the top. */
const LOAD_OLDER_WITHIN_PX = 50;
/** Frames a search result's message is scrolled to while the rows around it are measured. */
const SETTLE_FRAMES = 30;
/** Closer than this to the bottom counts as reading the latest messages. */
const AT_END_PX = 48;

interface MessagesListProps {
  ticket: Ticket;
  query: ReturnType<typeof useMessages>;
  messages: ChatMessage[];
  hidesDeleted: boolean;
  canWrite: boolean;
  /** A search result opened on this message: the chat shows it, loading older pages as needed. */
  focusMessageId?: number | undefined;
}

function DaySeparator({ label }: { label: DayLabel }) {
  const { t } = useTranslation('chat');
  const text = label.kind === 'date' ? label.date : t(`days.${label.kind}`);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
      <Chip size="small" label={text} sx={{ bgcolor: 'background.paper', boxShadow: 1 }} />
    </Box>
  );
}

/**
 * The conversation, virtualised: only the rows on screen are in the page. The view stays on the same
 * message when older pages load above it, follows new messages while the reader is at the bottom, and
 * otherwise offers a button down to them.
 */
export function MessagesList({
  ticket,
  query,
  messages,
  hidesDeleted,
  canWrite,
  focusMessageId,
}: MessagesListProps) {
  const { t } = useTranslation('chat');
  const scrollRef = useRef<HTMLDivElement>(null);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const items = useMemo(
    () => buildTimeline(messages, { now: new Date(), isGroup: ticket.isGroup }),
    [messages, ticket.isGroup],
  );

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (items[index].day ? 104 : 64),
    getItemKey: (index) => items[index].key,
    overscan: 6,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_END_PX,
  });

  const [atEnd, setAtEnd] = useState(true);
  const [unseen, setUnseen] = useState(0);
  const atEndRef = useRef(true);
  const lastKey = useRef<string | null>(null);

  // A new last message: ours brings the view down; the contact's is counted when the reader is away.
  const last = messages.at(-1);
  useEffect(() => {
    if (!last) return;
    const key = messageKey(last);
    if (lastKey.current === key) return;
    const first = lastKey.current === null;
    lastKey.current = key;
    if (first) return;
    if (last.local) virtualizer.scrollToEnd();
    else if (!atEndRef.current) setUnseen((n) => n + 1);
  }, [last, virtualizer]);

  // The first messages open at the bottom, where the conversation is.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || items.length === 0) return;
    opened.current = true;
    virtualizer.scrollToEnd();
  }, [items.length, virtualizer]);

  // A search result: older pages load until its message is there, then it is brought to the middle and marked.
  const [found, setFound] = useState<number | null>(null);
  const focused = useRef<number | null>(null);
  useEffect(() => {
    if (focusMessageId === undefined || focused.current === focusMessageId || isFetchingNextPage) return;
    const index = items.findIndex((item) => item.message.id === focusMessageId);
    if (index < 0) {
      if (hasNextPage) void fetchNextPage();
      return;
    }
    focused.current = focusMessageId;
    setFound(focusMessageId);
    // Rows are measured as they render and the pages just loaded are still being placed: scroll again
    // each frame for a moment, to the row itself once it is rendered, until the view has settled on it.
    let frames = 0;
    let frame = 0;
    const settle = () => {
      const row = scrollRef.current?.querySelector(`[data-message-id="${focusMessageId}"]`);
      if (row) row.scrollIntoView({ block: 'center' });
      else virtualizer.scrollToIndex(index, { align: 'center' });
      if (++frames < SETTLE_FRAMES) frame = requestAnimationFrame(settle);
    };
    settle();
    return () => cancelAnimationFrame(frame);
  }, [focusMessageId, items, hasNextPage, isFetchingNextPage, fetchNextPage, virtualizer]);

  const loadOlderIfNear = () => {
    const element = scrollRef.current;
    if (element && element.scrollTop < LOAD_OLDER_WITHIN_PX && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  };

  // A first page too short to scroll would never be scrolled up: load older ones until it fills.
  useEffect(() => {
    const element = scrollRef.current;
    if (element && element.scrollHeight <= element.clientHeight && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  });

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    const end = element.scrollHeight - element.scrollTop - element.clientHeight < AT_END_PX;
    atEndRef.current = end;
    setAtEnd(end);
    if (end) setUnseen(0);
    loadOlderIfNear();
  };

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      {isFetchingNextPage && (
        <Box
          sx={{
            position: 'absolute',
            top: 8,
            left: 0,
            right: 0,
            display: 'flex',
            justifyContent: 'center',
            zIndex: 1,
          }}
        >
          <CircularProgress size={24} aria-label={t('list.loadingOlder')} />
        </Box>
      )}
      <Box
        ref={scrollRef}
        onScroll={onScroll}
        role="log"
        aria-label={t('list.label')}
        tabIndex={0}
        sx={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          overflowAnchor: 'none',
          py: 1,
          bgcolor: 'action.hover',
        }}
      >
        {items.length === 0 ? (
          <Box sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}>
            {query.isLoading ? (
              <CircularProgress aria-label={t('list.loading')} />
            ) : query.isError ? (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                    {t('list.retry')}
                  </Button>
                }
              >
                {t('list.error')}
              </Alert>
            ) : (
              <Typography color="text.secondary">{t('list.empty')}</Typography>
            )}
          </Box>
        ) : (
          <VirtualRows
            virtualizer={virtualizer}
            renderRow={(index) => {
              const item = items[index];
              return (
                <>
                  {item.day && <DaySeparator label={item.day} />}
                  <MessageBubble
                    message={item.message}
                    ticket={ticket}
                    startsGroup={item.startsGroup}
                    showSender={item.showSender}
                    reactions={item.reactions}
                    hidesDeleted={hidesDeleted}
                    canWrite={canWrite}
                    found={item.message.id === found}
                  />
                </>
              );
            }}
          />
        )}
      </Box>
      {!atEnd && (
        <Fab
          size="small"
          color={unseen > 0 ? 'primary' : 'default'}
          variant={unseen > 0 ? 'extended' : 'circular'}
          onClick={() => {
            virtualizer.scrollToEnd({ behavior: 'smooth' });
            setUnseen(0);
          }}
          aria-label={unseen > 0 ? t('list.newMessages', { count: unseen }) : t('list.toEnd')}
          sx={{ position: 'absolute', right: 16, bottom: 16 }}
        >
          <KeyboardDoubleArrowDown />
          {unseen > 0 && t('list.newMessages', { count: unseen })}
        </Fab>
      )}
    </Box>
  );
}

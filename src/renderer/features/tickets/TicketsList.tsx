import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Ticket } from '../../../shared/api/tickets';
import { seesAssignedUser } from '../../../shared/ticket-visibility';
import { useCurrentUser } from '../../app/session';
import { errorMessage } from '../../ui/error-message';
import { ListSkeleton } from '../../ui/ListSkeleton';
import { useLoadMoreNearBottom } from '../../ui/useLoadMoreNearBottom';
import { VirtualRows } from '../../ui/VirtualRows';
import { TicketListItem } from './TicketListItem';
import { flattenTickets, type TicketListFilters } from './tickets-cache';
import { useTicketActions } from './useTicketActions';
import { useTicketsList } from './useTicketsList';

const ESTIMATED_ROW_PX = 96;

export interface TicketsListProps {
  filters: TicketListFilters;
  selectedUuid?: string;
  /** false while the filters are not known yet (an admin's queues loading). */
  enabled?: boolean;
}

/**
 * One list of the ticket manager, virtualised (a tab can hold thousands of tickets) and paged: the
 * next page loads when the user scrolls within 100 px of the bottom.
 */
export function TicketsList({ filters, selectedUuid, enabled = true }: TicketsListProps) {
  const { t } = useTranslation('tickets');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const actions = useTicketActions();
  const list = useTicketsList(filters, { enabled });
  const tickets = useMemo(() => flattenTickets(list.data), [list.data]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tickets.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => tickets[index].id,
    overscan: 6,
  });
  const loadMoreIfNearBottom = useLoadMoreNearBottom(scroller, list, tickets.length);

  // A search result opens the chat on the message it found.
  const open = useCallback(
    (ticket: Ticket) =>
      navigate(
        ticket.searchMatch
          ? `/tickets/${ticket.uuid}?message=${ticket.searchMatch.messageId}`
          : `/tickets/${ticket.uuid}`,
      ),
    [navigate],
  );
  const searchTerm = filters.searchOnMessages ? filters.searchParam : undefined;
  const latestActions = useRef(actions);
  latestActions.current = actions;
  const accept = useCallback((ticket: Ticket) => void latestActions.current.accept(ticket), []);
  const showUser = seesAssignedUser(user);

  if (!enabled || list.isPending) return <ListSkeleton label={t('list.loading')} />;
  if (list.isError && tickets.length === 0) {
    return (
      <Box role="alert" sx={{ p: 3, textAlign: 'center' }}>
        <Typography gutterBottom>{t('list.error')}</Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {errorMessage(list.error, t)}
        </Typography>
        <Button onClick={() => void list.refetch()}>{t('list.retry')}</Button>
      </Box>
    );
  }
  if (tickets.length === 0) {
    return (
      <Box sx={{ p: 3, textAlign: 'center' }}>
        <Typography variant="subtitle1" component="p" gutterBottom>
          {t('list.empty.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('list.empty.message')}
        </Typography>
      </Box>
    );
  }

  return (
    <Box
      ref={scroller}
      onScroll={loadMoreIfNearBottom}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', position: 'relative' }}
    >
      <VirtualRows
        virtualizer={virtualizer}
        role="list"
        aria-label={t('list.label')}
        renderRow={(index) => {
          const ticket = tickets[index];
          return (
            <TicketListItem
              ticket={ticket}
              selected={ticket.uuid === selectedUuid}
              showUser={showUser}
              searchTerm={searchTerm}
              onOpen={open}
              onAccept={ticket.status === 'pending' ? accept : undefined}
              accepting={actions.busyTicketId === ticket.id}
            />
          );
        }}
      />
      {list.isFetchingNextPage && <LinearProgress aria-label={t('list.loadingMore')} />}
    </Box>
  );
}

import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import { useBridge } from '../../bridge/context';
import { InfoDialog } from '../../ui/InfoDialog';
import { QueryList } from '../../ui/QueryList';
import { formatDate, formatTime } from './timeline';

/** Log types of 1-attendance §4 and docs/behaviour.md "Ticket updates"; others show as stored. */
const KNOWN_TYPES = new Set([
  'create',
  'chatBot',
  'queue',
  'open',
  'access',
  'transfered',
  'receivedTransfer',
  'pending',
  'closed',
  'reopen',
  'redirect',
  'nps',
  'lgpd',
  'clientClosed',
  'autoClose',
]);

/** 1-attendance §2 ticket log: what happened to the ticket, by whom, in which queue, when. */
export function TicketLogDialog({ ticketId, onClose }: { ticketId: number; onClose(): void }) {
  const { t } = useTranslation('chat');
  const bridge = useBridge();
  const logs = useQuery({
    queryKey: ['tickets', 'logs', ticketId],
    queryFn: () => bridge.request(api.tickets.logs, { params: { ticketId } }),
  });

  return (
    <InfoDialog title={t('log.title', { id: ticketId })} onClose={onClose}>
      <QueryList
        query={logs}
        loadingLabel={t('log.loading')}
        errorText={t('log.error')}
        emptyText={t('log.empty')}
      >
        {(entry) => (
          <ListItem key={entry.id} divider>
            <ListItemText
              primary={KNOWN_TYPES.has(entry.type) ? t(`log.types.${entry.type}`) : entry.type}
              secondary={[
                entry.user ? t('log.by', { name: entry.user.name }) : t('log.bySystem'),
                entry.queue && t('log.queue', { name: entry.queue.name }),
                `${formatDate(entry.createdAt)} ${formatTime(entry.createdAt)}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        )}
      </QueryList>
    </InfoDialog>
  );
}

import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../../../shared/api';
import { MOMENT_MESSAGE_CHARS, type MomentTicket } from '../../../shared/api/tickets';
import { isAdmin } from '../../../shared/permissions';
import { events } from '../../../shared/realtime';
import { formatShortDateTime } from '../../app/dates';
import { useRealtimeEvent, useReloadAfterReconnect } from '../../app/realtime';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { useTicketRooms } from '../tickets/useTicketsRealtime';

/** The time in service moves on between reloads: the cards redraw every half minute. */
const CLOCK_MS = 30_000;
/** A burst of ticket and message events reloads the panel once (2-administration §4.4). */
const RELOAD_DEBOUNCE_MS = 500;
const MOMENTS_KEY = ['moments'] as const;

/** Route /moments (2-administration §2.13): the tickets in service by attendant, and the waiting ones. */
export default function MomentsPage() {
  const { t } = useTranslation('moments');
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const tickets = useQuery({
    queryKey: [...MOMENTS_KEY, 'tickets'],
    queryFn: () => bridge.request(api.tickets.moments, { query: {} as never }),
  });
  const users = useQuery({
    queryKey: [...MOMENTS_KEY, 'users'],
    queryFn: () => bridge.request(api.dashboard.usersMoments, {}),
  });
  // Live: any ticket or message event reloads both, at most once per burst.
  useTicketRooms(['open', 'pending']);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reload = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: MOMENTS_KEY }),
      RELOAD_DEBOUNCE_MS,
    );
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useRealtimeEvent(events.ticket(user.companyId), reload);
  useRealtimeEvent(events.appMessage(user.companyId), reload);
  useReloadAfterReconnect(MOMENTS_KEY);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const clock = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(clock);
  }, []);

  // The server answers each column's most recent cards and how many it holds (MOMENTS_PER_COLUMN).
  const list = tickets.data?.tickets ?? [];
  const waiting = list.filter((ticket) => ticket.status === 'pending');
  const columns = (users.data ?? []).map((person) => ({
    person,
    tickets: list.filter((ticket) => ticket.status !== 'pending' && ticket.userId === person.id),
    count: tickets.data?.inService.find((column) => column.userId === person.id)?.count ?? 0,
  }));
  const mayOpen = (ticket: MomentTicket) => isAdmin(user) || ticket.userId === user.id;
  return (
    <Box sx={{ height: '100%', overflow: 'auto', p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {users.isError || tickets.isError ? (
        <Alert severity="error">{t('loadError')}</Alert>
      ) : users.isPending || tickets.isPending ? (
        <Stack direction="row" spacing={2} aria-busy aria-label={t('loading')}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} variant="rounded" width={280} height={240} />
          ))}
        </Stack>
      ) : (
        <Box
          sx={{
            display: 'flex',
            gap: 2,
            overflowX: 'auto',
            pb: 1,
            flexDirection: { xs: 'column', sm: 'row' },
          }}
        >
          <Column title={t('waiting')} count={tickets.data?.waiting ?? 0} shown={waiting.length}>
            {waiting.map((ticket) => (
              <MomentCard key={ticket.id} ticket={ticket} mayOpen={mayOpen(ticket)} now={now} />
            ))}
          </Column>
          {columns.map(({ person, tickets: own, count }) => (
            <Column
              key={person.id}
              title={person.name}
              count={count}
              shown={own.length}
              status={person.online ? t('online') : t('offline')}
              online={person.online}
            >
              {own.map((ticket) => (
                <MomentCard key={ticket.id} ticket={ticket} mayOpen={mayOpen(ticket)} now={now} />
              ))}
            </Column>
          ))}
        </Box>
      )}
    </Box>
  );
}

function Column({
  title,
  count,
  shown,
  status,
  online,
  children,
}: {
  title: string;
  /** How many tickets the column holds; `shown` of them have a card. */
  count: number;
  shown: number;
  status?: string;
  online?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('moments');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{
        p: 1.5,
        minWidth: { sm: 280 },
        width: { xs: '100%', sm: 280 },
        flexShrink: 0,
        bgcolor: 'action.hover',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {status && <Chip size="small" color={online ? 'success' : 'default'} label={status} />}
        <Chip size="small" label={t('count', { count })} />
      </Stack>
      <Stack spacing={1}>
        {count === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('empty')}
          </Typography>
        ) : (
          children
        )}
        {count > shown && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('more', { count: count - shown })}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

/** Whole minutes from `since` to `now`, as hours and minutes. */
function useDuration() {
  const { t } = useTranslation('moments');
  return (since: string, now: number) => {
    const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
    const hours = Math.floor(minutes / 60);
    if (minutes === 0) return t('lessThanMinute');
    return hours === 0
      ? t('minutes', { count: minutes })
      : t('hoursMinutes', { hours, minutes: minutes % 60 });
  };
}

function MomentCard({ ticket, mayOpen, now }: { ticket: MomentTicket; mayOpen: boolean; now: number }) {
  const { t } = useTranslation('moments');
  const duration = useDuration();
  const last =
    ticket.lastMessage.length > MOMENT_MESSAGE_CHARS
      ? `${ticket.lastMessage.slice(0, MOMENT_MESSAGE_CHARS)}…`
      : ticket.lastMessage;
  const content = (
    <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }} noWrap>
          {ticket.contact.name}
        </Typography>
        <Badge
          color="success"
          badgeContent={ticket.unreadMessages}
          aria-label={t('unread', { count: ticket.unreadMessages })}
        />
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p">
        {ticket.contact.number}
      </Typography>
      <Typography variant="body2" noWrap>
        {last}
      </Typography>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        {ticket.whatsapp && <Chip size="small" variant="outlined" label={ticket.whatsapp.name} />}
        {ticket.queue && (
          <Chip
            size="small"
            label={ticket.queue.name}
            sx={{ bgcolor: ticket.queue.color, color: 'common.white' }}
          />
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {ticket.startedAt
          ? t('inService', { duration: duration(ticket.startedAt, now) })
          : t('since', { at: formatShortDateTime(ticket.updatedAt) })}
      </Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" data-testid={`moment-${ticket.id}`}>
      {mayOpen ? (
        <CardActionArea
          component={RouterLink}
          to={`/tickets/${ticket.uuid}`}
          aria-label={t('open', { name: ticket.contact.name })}
        >
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

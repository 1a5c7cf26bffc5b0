import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router-dom';
import type { AppMessageEvent } from '../../../shared/realtime';
import { usePreferences } from '../../app/preferences';
import { useViewer } from '../../app/session';
import { useWhitelabel } from '../../app/whitelabel';
import { useBridge } from '../../bridge/context';
import { PopoverButton } from '../../ui/PopoverButton';
import { chimeDataUrl } from './notification-sound';
import {
  CONTACT_NAME_MAX,
  formatTicketTime,
  lastMessageText,
  titleWithNotifications,
  truncate,
} from './ticket-format';
import { ringsFor } from './tickets-cache';
import { useNotificationTickets } from './useTicketsList';
import { useTicketsRealtime } from './useTicketsRealtime';

/** Plays the chime at the volume chosen in the top bar (saved locally); silent at 0. */
function playChime() {
  const { volume } = usePreferences.getState();
  if (volume <= 0) return;
  const audio = new Audio(chimeDataUrl());
  audio.volume = volume;
  // Browsers refuse sound before the first user gesture; the bell still shows the ticket.
  void audio.play().catch(() => undefined);
}

/**
 * 1-attendance §2 ticket notifications bell, in the top bar: the user's tickets with unread messages
 * (and waiting ones with showNotificationPending), the count in the page title (①..⑳ or "(N)"), and a
 * chime for new messages from contacts. It also hosts the inbox's one realtime subscription, since the
 * top bar is on screen for the whole session.
 */
export function NotificationsBell() {
  const { t } = useTranslation('tickets');
  const viewer = useViewer();
  const navigate = useNavigate();
  const { appName } = useWhitelabel();
  const bridge = useBridge();
  const notifications = useNotificationTickets();
  const tickets = notifications.data ?? [];
  const openUuid = useMatch('/tickets/:ticketId')?.params.ticketId ?? null;
  const looking = useRef(openUuid);
  looking.current = openUuid;

  useTicketsRealtime((event: AppMessageEvent) => {
    const pageVisible = document.visibilityState === 'visible';
    if (ringsFor(event, viewer, { ticketUuid: looking.current, pageVisible })) playChime();
  });

  useEffect(() => {
    document.title = titleWithNotifications(appName, tickets.length);
  }, [appName, tickets.length]);

  // The desktop shows the same count on its tray icon, dock or taskbar; a badge that failed to change
  // keeps its last count until the next one.
  useEffect(() => {
    bridge.app.setUnreadCount(tickets.length).catch(() => undefined);
  }, [bridge, tickets.length]);

  return (
    <PopoverButton
      label={t('notifications.label')}
      icon={
        <Badge badgeContent={tickets.length} color="error" max={99}>
          <NotificationsOutlined />
        </Badge>
      }
      align="right"
    >
      {(close) => (
        <List
          dense
          aria-label={t('notifications.title')}
          sx={{ width: 340, maxHeight: 420, overflowY: 'auto' }}
          subheader={<ListSubheader>{t('notifications.title')}</ListSubheader>}
        >
          {tickets.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
              {t('notifications.empty')}
            </Typography>
          )}
          {tickets.map((ticket) => {
            return (
              <ListItemButton
                key={ticket.id}
                onClick={() => {
                  close();
                  navigate(`/tickets/${ticket.uuid}`);
                }}
              >
                <ListItemAvatar>
                  <Avatar src={ticket.contact.urlPicture ?? undefined} alt="">
                    {ticket.contact.name.trim().charAt(0).toUpperCase()}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={truncate(ticket.contact.name, CONTACT_NAME_MAX)}
                  secondary={lastMessageText(ticket.lastMessage, t)}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                />
                <Typography variant="caption" color="text.secondary" sx={{ ml: 1, flexShrink: 0 }}>
                  {formatTicketTime(ticket.updatedAt)}
                </Typography>
              </ListItemButton>
            );
          })}
        </List>
      )}
    </PopoverButton>
  );
}

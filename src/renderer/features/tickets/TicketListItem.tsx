import type { SvgIconComponent } from '@mui/icons-material';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Facebook from '@mui/icons-material/Facebook';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Instagram from '@mui/icons-material/Instagram';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../../../shared/api/tickets';
import { matchRanges } from '../../../shared/search-match';
import { useCurrentUser } from '../../app/session';
import { segmentSx } from '../chat/message-format';
import {
  CONTACT_NAME_MAX,
  formatTicketTime,
  lastMessagePreview,
  lastMessageText,
  queueTag,
  ratingEmoji,
  truncate,
  visibleTags,
} from './ticket-format';

const CHANNEL_ICONS: Record<string, { icon: SvgIconComponent; color: string }> = {
  whatsapp: { icon: WhatsApp, color: '#25D366' },
  whatsappapi: { icon: WhatsApp, color: '#25D366' },
  facebook: { icon: Facebook, color: '#1877F2' },
  instagram: { icon: Instagram, color: '#E4405F' },
};
const OTHER_CHANNEL = { icon: ForumOutlined, color: '#607D8B' };
const NO_QUEUE_COLOR = '#7C7C7C';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface TicketListItemProps {
  ticket: Ticket;
  selected: boolean;
  /** Admins see who attends each ticket. */
  showUser: boolean;
  /** A search in messages: its results show the matching message with the term marked. */
  searchTerm?: string | undefined;
  onOpen(ticket: Ticket): void;
  /** Present on waiting tickets the user may accept. */
  onAccept?: (ticket: Ticket) => void;
  accepting?: boolean;
}

/** 1-attendance §2: one row of the ticket manager. */
export const TicketListItem = memo(function TicketListItem({
  ticket,
  selected,
  showUser,
  searchTerm,
  onOpen,
  onAccept,
  accepting,
}: TicketListItemProps) {
  const { t } = useTranslation('tickets');
  const theme = useTheme();
  const channel = CHANNEL_ICONS[ticket.channel] ?? OTHER_CHANNEL;
  const ChannelIcon = channel.icon;
  const name = ticket.contact.name;
  const queue = queueTag(ticket);
  const tags = visibleTags(ticket.tags);
  const rating = ticket.status === 'closed' && ticket.userRating ? ticket.userRating.rate : null;
  const emoji = rating === null ? undefined : ratingEmoji(rating);
  const contrast = (color: string) => {
    try {
      return theme.palette.getContrastText(color);
    } catch {
      return undefined;
    }
  };

  return (
    <ListItem
      component="div"
      role="listitem"
      aria-label={name}
      disablePadding
      secondaryAction={
        onAccept && (
          <Tooltip title={t('item.accept', { name })}>
            <IconButton
              edge="end"
              color="success"
              aria-label={t('item.accept', { name })}
              disabled={accepting}
              onClick={() => onAccept(ticket)}
            >
              <CheckCircleOutlined />
            </IconButton>
          </Tooltip>
        )
      }
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <ListItemButton
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={() => onOpen(ticket)}
        sx={{
          alignItems: 'flex-start',
          gap: 1,
          py: 1,
          pl: 1.5,
          borderLeft: 6,
          borderLeftColor: ticket.queue?.color ?? NO_QUEUE_COLOR,
        }}
      >
        <ListItemAvatar sx={{ minWidth: 0, mt: 0.5 }}>
          <Badge
            overlap="circular"
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            badgeContent={
              <ChannelIcon
                titleAccess={t('item.channel', { channel: ticket.channel })}
                sx={{ fontSize: 16, color: channel.color, bgcolor: 'background.paper', borderRadius: '50%' }}
              />
            }
          >
            <Avatar src={ticket.contact.urlPicture ?? undefined} alt="">
              {name.trim().charAt(0).toUpperCase()}
            </Avatar>
          </Badge>
        </ListItemAvatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography component="span" variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }}>
              {truncate(name, CONTACT_NAME_MAX)}
            </Typography>
            {ticket.isGroup && (
              <Chip label={t('item.group')} size="small" variant="outlined" sx={{ height: 20 }} />
            )}
            {emoji && (
              <Box
                component="span"
                role="img"
                aria-label={t('item.rating.label', { label: t(`item.rating.${rating}`) })}
                sx={{ fontSize: 18, lineHeight: 1 }}
              >
                {emoji}
              </Box>
            )}
            <Typography
              component="span"
              variant="caption"
              color={ticket.unreadMessages > 0 ? 'success.main' : 'text.secondary'}
              sx={{ flexShrink: 0 }}
            >
              {formatTicketTime(ticket.updatedAt)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 22 }}>
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              noWrap
              sx={{ flex: 1, minWidth: 0 }}
            >
              {ticket.searchMatch && searchTerm ? (
                <Highlighted text={ticket.searchMatch.snippet} term={searchTerm} />
              ) : (
                <>
                  <AuthorPrefix author={ticket.lastMessageAuthor} />
                  <LastMessage lastMessage={ticket.lastMessage} />
                </>
              )}
            </Typography>
            {ticket.unreadMessages > 0 && (
              <Box
                component="span"
                sx={{
                  minWidth: 20,
                  height: 20,
                  px: 0.75,
                  borderRadius: 10,
                  bgcolor: 'success.main',
                  color: 'success.contrastText',
                  fontSize: 12,
                  fontWeight: 600,
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  flexShrink: 0,
                }}
              >
                <span aria-hidden>{ticket.unreadMessages}</span>
                <Box component="span" sx={visuallyHidden}>
                  {t('item.unread', { count: ticket.unreadMessages })}
                </Box>
              </Box>
            )}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {ticket.whatsapp && (
              <Tag
                label={ticket.whatsapp.name}
                title={t('item.connection', { name: ticket.whatsapp.name })}
              />
            )}
            <Tag
              label={
                queue.kind === 'queue'
                  ? queue.name
                  : queue.kind === 'lgpd'
                    ? t('item.lgpd')
                    : t('item.noQueue')
              }
              title={queue.kind === 'queue' ? t('item.queue', { name: queue.name }) : undefined}
              color={queue.kind === 'queue' ? queue.color : NO_QUEUE_COLOR}
              textColor={contrast(queue.kind === 'queue' ? queue.color : NO_QUEUE_COLOR)}
            />
            {showUser && ticket.user && (
              <Tag
                label={ticket.user.name}
                title={t('item.assignedTo', { name: ticket.user.name })}
                outlined
              />
            )}
            {tags.tags.map((tag) => (
              <Tag key={tag.id} label={tag.name} color={tag.color} textColor={contrast(tag.color)} />
            ))}
            {tags.more > 0 && (
              <Tag label={`+${tags.more}`} title={t('item.moreTags', { count: tags.more })} outlined />
            )}
          </Box>
        </Box>
      </ListItemButton>
    </ListItem>
  );
});

function Tag({
  label,
  title,
  color,
  textColor,
  outlined,
}: {
  label: string;
  title?: string;
  color?: string;
  textColor?: string;
  outlined?: boolean;
}) {
  return (
    <Chip
      component="span"
      size="small"
      label={label}
      title={title}
      variant={outlined ? 'outlined' : 'filled'}
      sx={{
        height: 20,
        fontSize: 11,
        maxWidth: 140,
        textTransform: 'uppercase',
        ...(color && { bgcolor: color, color: textColor }),
      }}
    />
  );
}

/**
 * Who wrote the last message, before it: "Você:", a colleague's name, or "Bot:" for automatic messages;
 * the contact's own go without a prefix, as WhatsApp shows them.
 */
function AuthorPrefix({ author }: { author: Ticket['lastMessageAuthor'] }) {
  const { t } = useTranslation('tickets');
  const me = useCurrentUser().id;
  if (!author || author.kind === 'contact') return null;
  const label =
    author.kind === 'bot'
      ? t('item.author.bot')
      : author.userId === me
        ? t('item.author.you')
        : (author.userName ?? t('item.author.team'));
  return (
    <Box component="span" sx={{ fontWeight: 500, color: 'text.primary' }}>
      {`${label}: `}
    </Box>
  );
}

/** A search result's snippet, the term's words marked. */
function Highlighted({ text, term }: { text: string; term: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of matchRanges(text, term)) {
    parts.push(text.slice(at, start), <mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return <span data-testid="search-snippet">{parts}</span>;
}

/** The last message as the list shows it: WhatsApp's bold, italic and strike as styles, without markers. */
function LastMessage({ lastMessage }: { lastMessage: string }) {
  const { t } = useTranslation('tickets');
  const preview = lastMessagePreview(lastMessage);
  if (preview.kind !== 'text') return lastMessageText(lastMessage, t);
  return preview.segments.map((segment, i) => (
    <Box
      // Segments never move: their index is their identity.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above.
      key={i}
      component="span"
      sx={segmentSx(segment)}
    >
      {segment.text}
    </Box>
  ));
}

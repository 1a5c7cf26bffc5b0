import ArrowBack from '@mui/icons-material/ArrowBack';
import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Replay from '@mui/icons-material/Replay';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Undo from '@mui/icons-material/Undo';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { IGNORE_UNDO_MS, type Ticket } from '../../../shared/api/tickets';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';
import { useTicketsUi } from '../tickets/tickets-ui';
import { useTicketActions } from '../tickets/useTicketActions';
import { TicketOptionsMenu } from './TicketOptionsMenu';
import { type HeaderAction, headerActions } from './ticket-rules';

/** Narrower than this, the header's actions show as icons so the contact's name keeps its room. */
const COMPACT_HEADER_PX = 720;

/** Whether the header is narrow: the chat pane's width, not the window's (the ticket list shares it). */
function useCompactHeader() {
  const ref = useRef<HTMLDivElement>(null);
  const [compact, setCompact] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setCompact(entry.contentRect.width < COMPACT_HEADER_PX));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, compact };
}

interface ActionButtonProps {
  label: string;
  icon: ReactNode;
  compact: boolean;
  disabled: boolean;
  color?: 'primary' | 'inherit' | 'success';
  onClick(event: React.MouseEvent<HTMLElement>): void;
  popup?: boolean;
}

/** A text button on wide screens, an icon with the same accessible name on small ones. */
function ActionButton({
  label,
  icon,
  compact,
  disabled,
  color = 'inherit',
  onClick,
  popup,
}: ActionButtonProps) {
  const common = { onClick, disabled, 'aria-haspopup': popup ? ('menu' as const) : undefined };
  if (compact) {
    return (
      <Tooltip title={label}>
        <span>
          <IconButton {...common} aria-label={label} color={color === 'inherit' ? 'default' : color}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button
      {...common}
      startIcon={icon}
      color={color}
      variant={color === 'inherit' ? 'text' : 'contained'}
      size="small"
    >
      {label}
    </Button>
  );
}

function HeaderActions({ ticket, compact }: { ticket: Ticket; compact: boolean }) {
  const { t } = useTranslation('chat');
  const actions = useTicketActions();
  const setTicketsUi = useTicketsUi((state) => state.set);
  const [resolveAnchor, setResolveAnchor] = useState<HTMLElement | null>(null);
  const [confirmingIgnore, setConfirmingIgnore] = useState(false);
  const busy = actions.busyTicketId === ticket.id;

  // Next to "Aceitar", a slip is easy: asked first, then undoable for a few seconds.
  const ignore = async () => {
    if (!(await actions.ignore(ticket))) return;
    const undo = async () => {
      if (await actions.undoIgnore(ticket)) toast.success(t('header.ignoreUndone'));
    };
    toast.undoable(t('header.ignored'), () => void undo(), IGNORE_UNDO_MS);
  };

  const buttons: Record<HeaderAction, ActionButtonProps> = {
    accept: {
      label: t('header.accept'),
      icon: <CheckCircle />,
      color: 'primary',
      onClick: () => void actions.accept(ticket),
      compact,
      disabled: busy,
    },
    ignore: {
      label: t('header.ignore'),
      icon: <Block />,
      onClick: () => setConfirmingIgnore(true),
      compact,
      disabled: busy,
    },
    returnToQueue: {
      label: t('header.returnToQueue'),
      icon: <Undo />,
      onClick: () => void actions.returnToQueue(ticket),
      compact,
      disabled: busy,
    },
    resolve: {
      label: t('header.resolve'),
      icon: compact ? <CheckCircle /> : <ExpandMore />,
      color: 'success',
      popup: true,
      onClick: (event) => setResolveAnchor(event.currentTarget),
      compact,
      disabled: busy,
    },
    transfer: {
      label: t('header.transfer'),
      icon: <SwapHoriz />,
      onClick: () => setTicketsUi({ transferring: ticket }),
      compact,
      disabled: busy,
    },
    reopen: {
      label: t('header.reopen'),
      icon: <Replay />,
      color: 'primary',
      onClick: () => void actions.reopen(ticket),
      compact,
      disabled: busy,
    },
  };

  const resolve = (sendFarewellMessage: boolean) => {
    setResolveAnchor(null);
    void actions.resolve(ticket, { sendFarewellMessage });
  };

  return (
    <Stack direction="row" spacing={compact ? 0 : 1} sx={{ alignItems: 'center' }}>
      {headerActions(ticket, actions.mayIgnore).map((action) => (
        <ActionButton key={action} {...buttons[action]} />
      ))}
      <ConfirmDialog
        open={confirmingIgnore}
        title={t('header.confirmIgnore.title')}
        onClose={() => setConfirmingIgnore(false)}
        onConfirm={() => void ignore()}
      >
        {t('header.confirmIgnore.message')}
      </ConfirmDialog>
      <Menu anchorEl={resolveAnchor} open={resolveAnchor !== null} onClose={() => setResolveAnchor(null)}>
        <MenuItem onClick={() => resolve(true)}>{t('header.resolveWithFarewell')}</MenuItem>
        <MenuItem onClick={() => resolve(false)}>{t('header.resolveWithoutFarewell')}</MenuItem>
      </Menu>
    </Stack>
  );
}

/** 1-attendance §2 chat header: back, the contact with #id and the assigned user, actions, options. */
export function ChatHeader({ ticket, onOpenContact }: { ticket: Ticket; onOpenContact(): void }) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const { ref, compact } = useCompactHeader();
  return (
    <Paper
      ref={ref}
      square
      variant="outlined"
      sx={{ borderTop: 0, borderLeft: 0, borderRight: 0, px: 1, py: 0.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 56 }}>
        <IconButton onClick={() => navigate('/tickets')} aria-label={t('header.back')}>
          <ArrowBack />
        </IconButton>
        <ButtonBase
          onClick={onOpenContact}
          aria-label={t('header.contactInfo', { name: ticket.contact.name })}
          sx={{
            flex: 1,
            minWidth: 0,
            justifyContent: 'flex-start',
            borderRadius: 1,
            p: 0.5,
            textAlign: 'left',
          }}
        >
          <Avatar
            src={ticket.contact.urlPicture ?? undefined}
            alt=""
            sx={{ mr: 1, display: compact ? 'none' : undefined }}
          >
            {ticket.contact.name.charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography noWrap sx={{ fontWeight: 600 }}>
              {ticket.contact.name}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                #{ticket.id}
              </Typography>
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {ticket.user ? t('header.assignedTo', { name: ticket.user.name }) : t('header.unassigned')}
            </Typography>
          </Box>
        </ButtonBase>
        <HeaderActions ticket={ticket} compact={compact} />
        <TicketOptionsMenu ticket={ticket} />
      </Stack>
    </Paper>
  );
}

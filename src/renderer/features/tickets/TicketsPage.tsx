import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type KeyboardEvent,
  lazy,
  type PointerEvent,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { api } from '../../../shared/api';
import { useCurrentUser, useSession } from '../../app/session';
import { useLogo, useWhitelabel } from '../../app/whitelabel';
import { useBridge } from '../../bridge/context';
import { toastError } from '../../ui/toast';
import { TicketDialogsHost } from './TicketDialogsHost';
import { TicketsManager } from './TicketsManager';
import { useTicket } from './useTicketsList';

const TicketChat = lazy(() => import('../chat/TicketChat'));

/** 1-attendance §9: the ticket pane is 404 to 700 px wide, 550 by default. */
const PANE_MIN_PX = 404;
const PANE_MAX_PX = 700;
const PANE_DEFAULT_PX = 550;
const PANE_KEY_STEP_PX = 10;
/** 1-attendance §9: under 768 px the chat and the list are two tabs. */
const SMALL_SCREEN = '(max-width:767.95px)';

const clampWidth = (width: number) => Math.min(PANE_MAX_PX, Math.max(PANE_MIN_PX, Math.round(width)));

/**
 * Routes /tickets and /tickets/:ticketId (the ticket's uuid): the ticket manager on the left and the
 * chat of the selected ticket on the right. The literal "undefined" and a ticket that fails to load
 * send the user back to /tickets.
 */
export default function TicketsPage() {
  const { ticketId } = useParams();
  const navigate = useNavigate();
  const uuid = ticketId && ticketId !== 'undefined' ? ticketId : undefined;
  const ticket = useTicket(uuid);
  const small = useMediaQuery(SMALL_SCREEN, { noSsr: true });

  useEffect(() => {
    if (ticketId === 'undefined') navigate('/tickets', { replace: true });
  }, [ticketId, navigate]);

  useEffect(() => {
    if (!ticket.error) return;
    toastError(ticket.error);
    navigate('/tickets', { replace: true });
  }, [ticket.error, navigate]);

  const chat = uuid && !ticket.error ? <ChatPane uuid={uuid} /> : null;

  return (
    <Box
      sx={{
        // The shell's top bar and padding around the screen.
        height: { xs: 'calc(100dvh - 56px - 32px)', sm: 'calc(100dvh - 64px - 48px)' },
        display: 'flex',
        minHeight: 360,
      }}
    >
      {small ? <SmallLayout uuid={uuid} chat={chat} /> : <WideLayout uuid={uuid} chat={chat} />}
      <TicketDialogsHost />
    </Box>
  );
}

function ChatPane({ uuid }: { uuid: string }) {
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <TicketChat ticketUuid={uuid} />
    </Suspense>
  );
}

function CenteredSpinner() {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress aria-label={t('common:loading')} />
    </Box>
  );
}

function WideLayout({ uuid, chat }: { uuid?: string; chat: ReactNode }) {
  const width = usePaneWidth();
  return (
    <Paper variant="outlined" sx={{ display: 'flex', flex: 1, minWidth: 0, overflow: 'hidden' }}>
      <Box sx={{ width: width.value, flexShrink: 0, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <TicketsManager selectedUuid={uuid} />
      </Box>
      <ResizeHandle width={width} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>{chat ?? <Welcome />}</Box>
    </Paper>
  );
}

type View = 'ticket' | 'tickets';

/** Under 768 px: tabs 'Ticket' and 'Atendimentos'; 'Selecionar Ticket' when none is chosen. */
function SmallLayout({ uuid, chat }: { uuid?: string; chat: ReactNode }) {
  const { t } = useTranslation('tickets');
  const [view, setView] = useState<View>(uuid ? 'ticket' : 'tickets');
  useEffect(() => {
    if (uuid) setView('ticket');
  }, [uuid]);
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, overflow: 'hidden' }}
    >
      <Tabs
        value={view}
        onChange={(_, value: View) => setView(value)}
        variant="fullWidth"
        aria-label={t('page.mobileTabs.label')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="ticket" label={t('page.mobileTabs.ticket')} />
        <Tab value="tickets" label={t('page.mobileTabs.tickets')} />
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {view === 'tickets' ? (
          <TicketsManager selectedUuid={uuid} />
        ) : (
          (chat ?? (
            <Welcome>
              <Button variant="contained" onClick={() => setView('tickets')}>
                {t('page.selectTicket')}
              </Button>
            </Welcome>
          ))
        )}
      </Box>
    </Paper>
  );
}

function Welcome({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('tickets');
  const theme = useTheme();
  const logo = useLogo(useWhitelabel(), theme.palette.mode);
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <Box component="img" src={logo} alt="" sx={{ maxWidth: 220, maxHeight: 120, opacity: 0.85 }} />
      <Typography color="text.secondary">{t('page.welcome')}</Typography>
      {children}
    </Box>
  );
}

interface PaneWidth {
  value: number;
  set(width: number): void;
  /** Stores the width on the user (PUT /users/toggleChangeWidht/:userId). */
  save(): void;
}

/** The pane width: the user's saved width (or 550), saved when a drag or key press ends. */
function usePaneWidth(): PaneWidth {
  const bridge = useBridge();
  const user = useCurrentUser();
  const updateUser = useSession((state) => state.updateUser);
  const saved = clampWidth(user.defaultTicketsManagerWidth || PANE_DEFAULT_PX);
  const [value, setValue] = useState(saved);
  const latest = useRef(value);
  latest.current = value;
  return {
    value,
    set: (width) => setValue(clampWidth(width)),
    save: () => {
      const width = latest.current;
      if (width === user.defaultTicketsManagerWidth) return;
      updateUser({ defaultTicketsManagerWidth: width });
      bridge
        .request(api.users.toggleChangeWidth, {
          params: { userId: user.id },
          body: { defaultTicketsManagerWidth: width },
        })
        .catch(toastError);
    },
  };
}

/** A keyboard- and pointer-draggable separator between the list and the chat. */
function ResizeHandle({ width }: { width: PaneWidth }) {
  const { t } = useTranslation('tickets');
  const start = useRef<{ x: number; width: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, width: width.value };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current) width.set(start.current.width + event.clientX - start.current.x);
  };
  const onPointerUp = () => {
    if (!start.current) return;
    start.current = null;
    width.save();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step =
      event.key === 'ArrowLeft' ? -PANE_KEY_STEP_PX : event.key === 'ArrowRight' ? PANE_KEY_STEP_PX : 0;
    if (step === 0) return;
    event.preventDefault();
    width.set(width.value + step);
  };

  return (
    <Box
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label={t('page.resize')}
      aria-valuemin={PANE_MIN_PX}
      aria-valuemax={PANE_MAX_PX}
      aria-valuenow={width.value}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onKeyDown={onKeyDown}
      onKeyUp={(event) => (event.key === 'ArrowLeft' || event.key === 'ArrowRight') && width.save()}
      sx={{
        width: 6,
        flexShrink: 0,
        cursor: 'col-resize',
        bgcolor: 'divider',
        touchAction: 'none',
        '&:hover, &:focus-visible': { bgcolor: 'primary.main', outline: 'none' },
      }}
    />
  );
}

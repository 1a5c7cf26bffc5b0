import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router-dom';
import { useBridge } from '../../bridge/context';
import { ListSkeleton } from '../../ui/ListSkeleton';
import { useCurrentUser } from '../session';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

/** 1-attendance §2 "Application shell": top bar, side menu and the current screen. */
export default function Shell() {
  const user = useCurrentUser();
  const { t } = useTranslation();
  const theme = useTheme();
  // Under 600 px the drawer is temporary (1-attendance §9).
  const mobile = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [wideOpen, setWideOpen] = useState(user.defaultMenu !== 'closed');
  const [mobileOpen, setMobileOpen] = useState(false);
  const open = mobile ? mobileOpen : wideOpen;
  const toggle = () => (mobile ? setMobileOpen(!mobileOpen) : setWideOpen(!wideOpen));
  const bridge = useBridge();
  const navigate = useNavigate();
  // Desktop: a clicked notification or an atendo://tickets/{uuid} link opens that ticket.
  useEffect(
    () => bridge.app.onOpenTicket((ticketUuid) => navigate(`/tickets/${ticketUuid}`)),
    [bridge, navigate],
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar menuOpen={open} onToggleMenu={toggle} />
      <SideMenu
        variant={mobile ? 'temporary' : 'permanent'}
        open={open}
        onClose={() => setMobileOpen(false)}
        onNavigate={() => mobile && setMobileOpen(false)}
      />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <Suspense fallback={<ListSkeleton label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

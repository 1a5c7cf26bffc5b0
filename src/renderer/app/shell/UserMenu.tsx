import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import DesktopWindowsOutlined from '@mui/icons-material/DesktopWindowsOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import Logout from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../bridge/context';
import { useCurrentUser } from '../session';
import { useSessionActions } from '../session-actions';

// Dialogs opened from the menu (two only on the desktop) load when opened, not with the shell.
const ServerModeDialog = lazy(() =>
  import('../ServerModeDialog').then((module) => ({ default: module.ServerModeDialog })),
);
const DesktopSettingsDialog = lazy(() =>
  import('../DesktopSettingsDialog').then((module) => ({ default: module.DesktopSettingsDialog })),
);
const UserDialog = lazy(() =>
  import('../../features/users/UserDialog').then((module) => ({ default: module.UserDialog })),
);

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The avatar menu: Profile (the user dialog for oneself), the desktop's server and app choices, and Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { logout } = useSessionActions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const [serverOpen, setServerOpen] = useState(false);
  const [desktopOpen, setDesktopOpen] = useState(false);
  const bridge = useBridge();
  const desktop = bridge.kind === 'desktop';
  const { data: serverMode = null } = useQuery({
    queryKey: ['app', 'serverMode'],
    queryFn: () => bridge.app.getServerMode(),
    enabled: desktop,
  });
  const label = t('shell:topBar.account');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main' }}>
            {initials(user.name)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setProfileOpen(true);
          }}
        >
          <ListItemIcon>
            <AccountCircleOutlined fontSize="small" />
          </ListItemIcon>
          {t('shell:topBar.profile')}
        </MenuItem>
        {desktop && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setServerOpen(true);
            }}
          >
            <ListItemIcon>
              <DnsOutlined fontSize="small" />
            </ListItemIcon>
            {t('shell:serverMode.menu')}
          </MenuItem>
        )}
        {desktop && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setDesktopOpen(true);
            }}
          >
            <ListItemIcon>
              <DesktopWindowsOutlined fontSize="small" />
            </ListItemIcon>
            {t('shell:desktop.menu')}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('shell:topBar.logout')}
        </MenuItem>
      </Menu>
      {desktop && serverOpen && (
        <Suspense fallback={null}>
          <ServerModeDialog open current={serverMode} onClose={() => setServerOpen(false)} />
        </Suspense>
      )}
      {desktop && desktopOpen && (
        <Suspense fallback={null}>
          <DesktopSettingsDialog open onClose={() => setDesktopOpen(false)} />
        </Suspense>
      )}
      {profileOpen && (
        <Suspense fallback={null}>
          <UserDialog open userId={user.id} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

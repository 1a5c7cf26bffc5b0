import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { useBridge } from '../../bridge/context';
import { useConnectionsWarning } from '../../features/connections/useConnections';
import { Brand } from './Brand';
import { useVisibleMenu } from './useVisibleMenu';

/** 1-attendance §2: this entry shows a warning while a connection needs attention. */
const CONNECTIONS_PATH = '/connections';

/** 1-attendance §9: the shell drawer is 240 px wide; collapsed it keeps the icons. */
export const DRAWER_WIDTH = 240;
const COLLAPSED_WIDTH = 64;

interface SideMenuProps {
  variant: 'permanent' | 'temporary';
  open: boolean;
  onClose(): void;
  onNavigate(): void;
}

export function SideMenu({ variant, open, onClose, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const { pathname } = useLocation();
  const version = useQuery({
    queryKey: ['app', 'version'],
    queryFn: () => bridge.app.version(),
    staleTime: Infinity,
  });
  const expanded = variant === 'temporary' || open;
  const width = expanded ? DRAWER_WIDTH : COLLAPSED_WIDTH;
  const entries = useVisibleMenu();
  const connectionsWarning = useConnectionsWarning(entries.some((entry) => entry.path === CONNECTIONS_PATH));

  return (
    <Drawer
      variant={variant}
      open={open}
      onClose={onClose}
      sx={{ width, flexShrink: 0 }}
      slotProps={{
        paper: {
          sx: (theme) => ({
            width,
            overflowX: 'hidden',
            transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
          }),
        },
      }}
    >
      {/* Under the top bar while the drawer sits beside it; seen when it opens over the page (phones). */}
      <Toolbar>{expanded && <Brand />}</Toolbar>
      <Divider />
      <Box component="nav" aria-label={t('shell:menu.label')} sx={{ flexGrow: 1 }}>
        <List>
          {entries.map((entry) => {
            const warning = entry.path === CONNECTIONS_PATH && connectionsWarning;
            const label = warning
              ? t('shell:menu.connectionsWarning', { entry: t(`shell:${entry.labelKey}`) })
              : t(`shell:${entry.labelKey}`);
            const Icon = entry.icon;
            const active = entry.path === '/' ? pathname === '/' : pathname.startsWith(entry.path);
            return (
              <Tooltip key={entry.path} title={expanded ? '' : label} placement="right">
                <ListItemButton
                  component={NavLink}
                  to={entry.path}
                  end={entry.path === '/'}
                  selected={active}
                  onClick={onNavigate}
                  aria-label={expanded && !warning ? undefined : label}
                  sx={{ minHeight: 48, px: 2.5 }}
                >
                  <ListItemIcon sx={{ minWidth: 0, mr: expanded ? 2 : 'auto' }}>
                    <Badge
                      color="warning"
                      variant="dot"
                      invisible={!warning}
                      data-testid={warning ? 'connections-warning' : undefined}
                    >
                      <Icon />
                    </Badge>
                  </ListItemIcon>
                  {expanded && <ListItemText primary={t(`shell:${entry.labelKey}`)} />}
                </ListItemButton>
              </Tooltip>
            );
          })}
        </List>
      </Box>
      {expanded && version.data && (
        <Typography variant="caption" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
          {t('shell:version', { version: version.data })}
        </Typography>
      )}
    </Drawer>
  );
}

import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import Refresh from '@mui/icons-material/Refresh';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '../../../shared/permissions';
import { PLATFORM_COMPANY_ID } from '../../../shared/setting-keys';
import { AnnouncementsBell } from '../../features/announcements/AnnouncementsBell';
import { NotificationsBell } from '../../features/tickets/NotificationsBell';
import { LanguageMenu } from '../LanguageMenu';
import { useCurrentUser } from '../session';
import { formatDueDate } from '../subscription';
import { ThemeToggle } from '../ThemeToggle';
import { Brand } from './Brand';
import { UserMenu } from './UserMenu';
import { VolumeControl } from './VolumeControl';

interface TopBarProps {
  menuOpen: boolean;
  onToggleMenu(): void;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** 1-attendance §2: greeting, the due date for admins, theme, volume, refresh and the avatar menu. */
export function TopBar({ menuOpen, onToggleMenu }: TopBarProps) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  // The platform owner's company never expires: its placeholder date would only puzzle.
  const dueDate = user.companyId === PLATFORM_COMPANY_ID ? null : user.company.dueDate;
  const menuLabel = menuOpen ? t('shell:menu.close') : t('shell:menu.open');
  const refreshLabel = t('shell:topBar.refresh');
  const greeting = t('shell:topBar.greeting', { name: user.name, company: user.company.name });

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0, sm: 1 } }}>
        <IconButton
          edge="start"
          color="inherit"
          aria-label={menuLabel}
          aria-expanded={menuOpen}
          onClick={onToggleMenu}
        >
          {menuOpen ? <MenuOpen /> : <MenuIcon />}
        </IconButton>
        <Box sx={{ display: { xs: 'none', md: 'flex' }, mr: 2 }}>
          <Brand />
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {/* A phone has room for the first name only: the whole greeting would end as "O…". */}
          <Typography
            component="p"
            variant="subtitle1"
            noWrap
            title={greeting}
            sx={{ display: { xs: 'none', sm: 'block' } }}
          >
            {greeting}
          </Typography>
          <Typography
            component="p"
            variant="subtitle1"
            noWrap
            data-testid="short-greeting"
            sx={{ display: { xs: 'block', sm: 'none' } }}
          >
            {t('shell:topBar.greetingShort', { name: firstName(user.name) })}
          </Typography>
          {isAdmin(user) && dueDate && (
            <Typography component="p" variant="caption" noWrap sx={{ display: { xs: 'none', sm: 'block' } }}>
              {t('shell:topBar.dueDate', { date: formatDueDate(dueDate, i18n.language) })}
            </Typography>
          )}
        </Box>
        <LanguageMenu />
        <ThemeToggle />
        <VolumeControl />
        {/* Not on a phone, where the browser reloads and the lists stay current by themselves anyway. */}
        <Tooltip title={refreshLabel}>
          <IconButton
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
            color="inherit"
            aria-label={refreshLabel}
            onClick={() => void queryClient.invalidateQueries()}
          >
            <Refresh />
          </IconButton>
        </Tooltip>
        <NotificationsBell />
        <AnnouncementsBell />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}

import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../ui/ListSkeleton';
import { DRAWER_WIDTH } from './SideMenu';

/**
 * The shell's shape while the session is restored: the top bar, the drawer and the screen's list as
 * placeholders in the theme's colours (dark included), painted at once instead of a blank page.
 */
export function ShellSkeleton() {
  const { t } = useTranslation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: theme.zIndex.drawer + 1 }}>
        <Toolbar>
          <Skeleton variant="text" width={160} sx={{ bgcolor: 'rgba(255, 255, 255, 0.2)' }} />
        </Toolbar>
      </AppBar>
      {!mobile && (
        <Drawer variant="permanent" sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}>
          <Toolbar />
          <Box sx={{ width: DRAWER_WIDTH, px: 2, py: 1 }}>
            {Array.from({ length: 8 }, (_, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <Skeleton key={row} variant="text" height={40} />
            ))}
          </Box>
        </Drawer>
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <ListSkeleton label={t('loading')} />
      </Box>
    </Box>
  );
}

import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useMemo } from 'react';
import { api } from '../../shared/api/index';
import { useBridge } from '../bridge/context';
import { toastError } from '../ui/toast';
import { SHOWN_THEME_KEY, shownTheme, type ThemeMode, usePreferences } from './preferences';
import { useSession } from './session';
import { useDocumentBranding, useWhitelabel, type Whitelabel } from './whitelabel';

export const primaryColor = (mode: ThemeMode, whitelabel: Whitelabel) =>
  mode === 'dark' ? whitelabel.primaryColorDark : whitelabel.primaryColorLight;

/**
 * 2-administration §9: light or dark, remembered; a signed-in user's defaultTheme decides, before
 * sign-in the locally chosen theme, and with neither the system preference.
 */
export function useThemeMode(): ThemeMode {
  const userTheme = useSession((state) => state.session?.user.defaultTheme);
  const loading = useSession((state) => state.status === 'loading');
  const preferred = usePreferences((state) => state.preferredTheme);
  // Read at once: the default first answer (false) would paint one light frame for a dark system.
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  // While the session is restored the user's theme is not known yet: the one last shown stands for it.
  const restoring = loading ? shownTheme() : null;
  return userTheme ?? restoring ?? preferred ?? (systemDark ? 'dark' : 'light');
}

/** Flips the theme: saved on the user (PUT /users/:id) when signed in, always remembered locally. */
export function useToggleTheme() {
  const bridge = useBridge();
  const mode = useThemeMode();
  const setPreferredTheme = usePreferences((state) => state.setPreferredTheme);
  return async () => {
    const next: ThemeMode = mode === 'light' ? 'dark' : 'light';
    setPreferredTheme(next);
    const { session, updateUser } = useSession.getState();
    if (!session) return;
    updateUser({ defaultTheme: next });
    try {
      await bridge.request(api.users.update, {
        params: { id: session.user.id },
        body: { defaultTheme: next },
      });
    } catch (error) {
      updateUser({ defaultTheme: mode });
      toastError(error);
    }
  };
}

/** The MUI theme from the mode and the whitelabel colours; also the page title and favicon. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  const whitelabel = useWhitelabel();
  useDocumentBranding(whitelabel);
  const primary = primaryColor(mode, whitelabel);
  const theme = useMemo(
    () => createTheme({ palette: { mode, primary: { main: primary } } }),
    [mode, primary],
  );
  useEffect(() => {
    localStorage.setItem(SHOWN_THEME_KEY, mode);
    document.documentElement.style.colorScheme = mode;
    document.documentElement.style.background = theme.palette.background.default;
  }, [mode, theme]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

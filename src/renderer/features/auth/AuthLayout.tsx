import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LanguageMenu } from '../../app/LanguageMenu';
import { ThemeToggle } from '../../app/ThemeToggle';
import { useThemeMode } from '../../app/theme';
import { logoFor, useWhitelabel } from '../../app/whitelabel';

/** The public pages' frame: branded logo, title, and the language and light/dark choices. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const whitelabel = useWhitelabel();
  const mode = useThemeMode();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <LanguageMenu color="default" />
        <ThemeToggle color="default" />
      </Box>
      <Container
        component="main"
        maxWidth="xs"
        sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', py: 2 }}
      >
        <Paper elevation={3} sx={{ p: 4, width: '100%', display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
            <Box
              component="img"
              src={logoFor(whitelabel, mode)}
              alt={whitelabel.appName}
              sx={{ maxWidth: '100%', maxHeight: 96 }}
            />
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
          </Box>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}

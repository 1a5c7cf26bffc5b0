import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FormEventHandler, ReactNode } from 'react';
import { LanguageMenu } from '../../app/LanguageMenu';
import { ThemeToggle } from '../../app/ThemeToggle';
import { useThemeMode } from '../../app/theme';
import { useLogo, useWhitelabel } from '../../app/whitelabel';

/** The public pages' frame: branded logo, title, and the language and light/dark choices. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const whitelabel = useWhitelabel();
  const mode = useThemeMode();
  const logo = useLogo(whitelabel, mode);
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
              src={logo}
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

interface AuthFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}

/** A public page's form: its fields, then the full-width submit button. */
export function AuthForm({ onSubmit, submitLabel, submitting, children }: AuthFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      {children}
      <Button type="submit" variant="contained" fullWidth size="large" disabled={submitting} sx={{ mt: 2 }}>
        {submitLabel}
      </Button>
    </form>
  );
}

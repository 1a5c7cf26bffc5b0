import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { useVisibleMenu } from '../../app/shell/useVisibleMenu';

/** / until the dashboard lands: who is signed in, for which company and plan, and where to go. */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const shortcuts = useVisibleMenu().filter((entry) => entry.path !== '/');
  const profile = user.super ? 'super' : isAdmin(user) ? 'admin' : 'user';
  const facts = [
    { label: t('shell:home.company'), value: user.company.name },
    { label: t('shell:home.plan'), value: user.company.plan.name },
    { label: t('shell:home.profile'), value: t(`shell:home.profiles.${profile}`) },
  ];
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {t('shell:home.title', { name: user.name })}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
          {facts.map((fact) => (
            <Stack key={fact.label} direction="row" spacing={2}>
              <Typography component="dt" color="text.secondary" sx={{ minWidth: 96 }}>
                {fact.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
                {fact.value}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </Paper>
      {shortcuts.length > 0 && (
        <Stack component="section" spacing={1} aria-labelledby="home-shortcuts">
          <Typography id="home-shortcuts" variant="h6" component="h2">
            {t('shell:home.shortcuts')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {shortcuts.map((entry) => {
              const Icon = entry.icon;
              return (
                <Button
                  key={entry.path}
                  component={RouterLink}
                  to={entry.path}
                  variant="outlined"
                  startIcon={<Icon />}
                >
                  {t(`shell:${entry.labelKey}`)}
                </Button>
              );
            })}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

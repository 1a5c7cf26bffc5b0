import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** The 403 page of 1-attendance §2: access denied, with a Back button. */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 4,
        maxWidth: 480,
        mx: 'auto',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <Typography variant="h2" component="p" color="error" aria-hidden="true">
        403
      </Typography>
      <Typography variant="h5" component="h1">
        {t('shell:forbidden.title')}
      </Typography>
      <Typography color="text.secondary">{t('shell:forbidden.message')}</Typography>
      <Button component={RouterLink} to="/tickets" variant="contained" startIcon={<ArrowBack />}>
        {t('shell:forbidden.back')}
      </Button>
    </Paper>
  );
}

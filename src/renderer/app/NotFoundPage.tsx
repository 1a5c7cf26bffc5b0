import SearchOff from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** An address the application does not have: said so, with the way back (never a silent jump home). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      role="alert"
      sx={{
        p: 4,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        textAlign: 'center',
      }}
    >
      <SearchOff color="disabled" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="h1">
        {t('common:notFound.title')}
      </Typography>
      <Typography color="text.secondary">{t('common:notFound.message')}</Typography>
      <Button component={Link} to="/" variant="contained" sx={{ mt: 1 }}>
        {t('common:notFound.home')}
      </Button>
    </Paper>
  );
}

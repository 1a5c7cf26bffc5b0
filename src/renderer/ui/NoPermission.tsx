import LockOutlined from '@mui/icons-material/LockOutlined';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** What a screen shows to a user whose profile may not use it. */
export default function NoPermission() {
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
      <LockOutlined color="disabled" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="h1">
        {t('common:noPermission.title')}
      </Typography>
      <Typography color="text.secondary">{t('common:noPermission.message')}</Typography>
    </Paper>
  );
}

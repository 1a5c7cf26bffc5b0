import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { useSessionActions } from '../../app/session-actions';
import { formatDueDate } from '../../app/subscription';
import { InvoicesTable } from './InvoicesTable';

/**
 * /financeiro-aberto (2-administration §4.2): the subscription expired on its date; contact support. The
 * company's admins pay the open invoice here (the rest of the app is closed to it until then).
 */
export default function OverduePage() {
  const { t, i18n } = useTranslation(['common', 'billing']);
  const user = useCurrentUser();
  const { logout } = useSessionActions();
  const dueDate = user.company.dueDate;
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Paper
        variant="outlined"
        sx={{
          p: 4,
          maxWidth: 880,
          width: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 2,
        }}
      >
        <EventBusyOutlined color="error" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1">
          {t('auth:overdue.title')}
        </Typography>
        <Typography role="alert" sx={{ textAlign: 'center' }}>
          {t('auth:overdue.message', { date: dueDate ? formatDueDate(dueDate, i18n.language) : '' })}
        </Typography>
        {isAdmin(user) && (
          <Box sx={{ width: '100%', display: 'flex', flexDirection: 'column', gap: 1, maxHeight: 360 }}>
            <Typography variant="subtitle1" component="h2">
              {t('billing:overdue.invoices')}
            </Typography>
            <InvoicesTable searchParam="" />
          </Box>
        )}
        <Button variant="outlined" onClick={() => void logout()}>
          {t('auth:overdue.logout')}
        </Button>
      </Paper>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import NoPermission from '../../ui/NoPermission';
import { ApiDocs } from './ApiDocs';
import { SendTestForm } from './SendTestForm';
import { useApiOrigin } from './useMessagesApi';

/**
 * Route /messages-api (3-automation §2): the external send endpoint documented, with a send test. The
 * router's plan gate (useExternalApi) answers companies without it; plain users see the no-permission view.
 */
export default function MessagesApiPage() {
  const currentUser = useCurrentUser();
  return isAdmin(currentUser) ? <MessagesApiScreen /> : <NoPermission />;
}

function MessagesApiScreen() {
  const { t } = useTranslation('messagesApi');
  const origin = useApiOrigin();
  return (
    <Box sx={{ height: '100%', minHeight: 0, overflow: 'auto', p: 2 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1100, mx: 'auto' }}>
        <Typography variant="h5" component="h1">
          {t('page.title')}
        </Typography>
        <Typography color="text.secondary">{t('page.intro')}</Typography>
        <ApiDocs origin={origin} />
        <SendTestForm />
      </Box>
    </Box>
  );
}

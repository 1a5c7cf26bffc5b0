import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ContactList } from '../../../shared/api/contact-lists';

/** The background WhatsApp check of a list's members: how many are left, while any are. */
export function CheckProgress({ list }: { list: Pick<ContactList, 'contactsCount' | 'uncheckedCount'> }) {
  const { t } = useTranslation('contactLists');
  if (!list.uncheckedCount || !list.contactsCount) return null;
  const done = ((list.contactsCount - list.uncheckedCount) / list.contactsCount) * 100;
  const label = t('checking', { count: list.uncheckedCount });
  return (
    <Box sx={{ minWidth: 120, maxWidth: 240, mt: 0.5 }}>
      <LinearProgress variant="determinate" value={done} aria-label={label} />
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
    </Box>
  );
}

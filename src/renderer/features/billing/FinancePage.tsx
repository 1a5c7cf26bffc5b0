import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import NoPermission from '../../ui/NoPermission';
import { SearchField } from '../../ui/SearchField';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { InvoicesTable } from './InvoicesTable';

/** Route /financeiro (2-administration §2.9): the company's invoices, for its admins; others a no-permission view. */
export default function FinancePage() {
  const { t } = useTranslation('billing');
  const user = useCurrentUser();
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  if (!isAdmin(user)) return <NoPermission />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, p: 2, gap: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('page.title')}
        </Typography>
        <SearchField label={t('page.search')} value={search} onChange={setSearch} />
      </Stack>
      <InvoicesTable searchParam={searchParam} />
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CompaniesTab } from './CompaniesTab';

/** Route /companies (2-administration §2.6): the router lets only the super administrator in. */
export default function CompaniesPage() {
  const { t } = useTranslation('companies');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, p: 2, gap: 2 }}>
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      <CompaniesTab />
    </Box>
  );
}

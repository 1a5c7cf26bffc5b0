import SearchOff from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NoticePanel } from '../ui/NoticePanel';

/** An address the application does not have: said so, with the way back (never a silent jump home). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <NoticePanel
      icon={<SearchOff color="disabled" sx={{ fontSize: 48 }} />}
      title={t('common:notFound.title')}
      message={t('common:notFound.message')}
    >
      <Button component={Link} to="/" variant="contained" sx={{ mt: 1 }}>
        {t('common:notFound.home')}
      </Button>
    </NoticePanel>
  );
}

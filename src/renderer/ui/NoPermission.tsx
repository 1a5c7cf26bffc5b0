import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { NoticePanel } from './NoticePanel';

/** What a screen shows to a user whose profile may not use it. */
export default function NoPermission() {
  const { t } = useTranslation();
  return (
    <NoticePanel
      icon={<LockOutlined color="disabled" sx={{ fontSize: 48 }} />}
      title={t('common:noPermission.title')}
      message={t('common:noPermission.message')}
    />
  );
}

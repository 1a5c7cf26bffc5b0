import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** What a settings tab shows before its data: a spinner while loading, else the error and a retry. */
export function LoadState({
  loading,
  loadingLabel,
  errorText,
  onRetry,
}: {
  loading: boolean;
  loadingLabel: string;
  errorText: string;
  onRetry(): void;
}) {
  const { t } = useTranslation('settings');
  if (loading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={loadingLabel} />
      </Box>
    );
  }
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('page.retry')}
        </Button>
      }
    >
      {errorText}
    </Alert>
  );
}

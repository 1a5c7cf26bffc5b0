import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledDialog } from '../../ui/TitledDialog';
import { toastError } from '../../ui/toast';
import { useConnection } from './useConnections';

/**
 * 2-administration §2.2: the session's QR code, live, or "Aguardando pelo QR Code" while there is none; it
 * closes itself once the QR code becomes empty (scanned: the session is connecting). No QR image library
 * is installed, so the code is shown as its text.
 */
export function QrCodeDialog({ connectionId, onClose }: { connectionId: number; onClose(): void }) {
  const { t } = useTranslation('connections');
  const connection = useConnection(connectionId);
  const qrcode = connection.data?.qrcode ?? '';
  const shown = useRef(false);

  useEffect(() => {
    if (qrcode) shown.current = true;
    else if (shown.current) onClose();
  }, [qrcode, onClose]);

  useEffect(() => {
    if (connection.error) toastError(connection.error);
  }, [connection.error]);

  return (
    <TitledDialog open title={t('qr.title')} onClose={onClose} maxWidth="sm">
      <DialogContent dividers>
        <Typography sx={{ mb: 2 }}>{t('qr.instructions')}</Typography>
        {qrcode ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('qr.noImage')}
            </Typography>
            <Box
              component="pre"
              aria-label={t('session.qrcode')}
              data-testid="qrcode"
              sx={{
                fontFamily: 'monospace',
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-all',
                p: 2,
                m: 0,
                borderRadius: 1,
                bgcolor: 'action.hover',
              }}
            >
              {qrcode}
            </Box>
          </>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
            <CircularProgress size={24} />
            <Typography>{t('qr.waiting')}</Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('qr.close')}</Button>
      </DialogActions>
    </TitledDialog>
  );
}

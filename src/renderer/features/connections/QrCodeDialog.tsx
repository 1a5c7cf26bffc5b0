import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledDialog } from '../../ui/TitledDialog';
import { toastError } from '../../ui/toast';
import { useConnection } from './useConnections';

/**
 * 2-administration §2.2: the session's QR code, live, or "Aguardando pelo QR Code" while there is none; it
 * closes itself once the QR code becomes empty (scanned: the session is connecting).
 */
export function QrCodeDialog({ connectionId, onClose }: { connectionId: number; onClose(): void }) {
  const { t } = useTranslation('connections');
  const connection = useConnection(connectionId);
  const qrcode = connection.data?.qrcode ?? '';
  const shown = useRef(false);
  const image = useQrImage(qrcode);

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
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            {image ? (
              <Box
                component="img"
                src={image}
                alt={t('session.qrcode')}
                data-testid="qrcode"
                data-code={qrcode}
                sx={{ width: 264, height: 264, imageRendering: 'pixelated' }}
              />
            ) : (
              <CircularProgress size={24} />
            )}
          </Box>
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

/** The QR code drawn as a PNG data URL (dark on white whatever the theme, as phones expect). */
function useQrImage(code: string) {
  const [image, setImage] = useState<{ code: string; url: string } | null>(null);
  useEffect(() => {
    if (!code) return;
    let current = true;
    QRCode.toDataURL(code, { margin: 2, width: 264, errorCorrectionLevel: 'L' })
      .then((url) => current && setImage({ code, url }))
      .catch(toastError);
    return () => {
      current = false;
    };
  }, [code]);
  return image?.code === code ? image.url : null;
}

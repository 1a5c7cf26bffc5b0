import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { pairingCodeBody } from '../../../shared/api/whatsapps';
import { FormTextField } from '../../ui/FormFields';
import { TitledDialog } from '../../ui/TitledDialog';
import { toastError } from '../../ui/toast';
import { useConnection, usePairingCode } from './useConnections';

/**
 * 2-administration §2.2: the session's QR code, live, or "Aguardando pelo QR Code" while there is none; it
 * closes itself once the QR code becomes empty (scanned: the session is connecting). Linking by phone
 * number instead shows the code to type on the phone until the session is CONNECTED.
 */
export function QrCodeDialog({ connectionId, onClose }: { connectionId: number; onClose(): void }) {
  const { t } = useTranslation('connections');
  const connection = useConnection(connectionId);
  const qrcode = connection.data?.qrcode ?? '';
  const status = connection.data?.status;
  const shown = useRef(false);
  const image = useQrImage(qrcode);
  // Linking by number: asked for (code null until it comes), or not.
  const [pairing, setPairing] = useState<{ code: string | null } | null>(null);

  useEffect(() => {
    if (pairing !== null) {
      // Asking for a code empties the QR code (PAIRING), maybe before the code arrives: the dialog stays
      // until the phone has linked.
      if (status === 'CONNECTED') onClose();
    } else if (qrcode) shown.current = true;
    else if (shown.current) onClose();
  }, [qrcode, status, pairing, onClose]);

  useEffect(() => {
    if (connection.error) toastError(connection.error);
  }, [connection.error]);

  return (
    <TitledDialog open title={t('qr.title')} onClose={onClose} maxWidth="sm">
      <DialogContent dividers>
        {pairing?.code ? (
          <PairingCodeShown code={pairing.code} />
        ) : (
          <>
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
            <PairingForm connectionId={connectionId} onPairing={setPairing} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('qr.close')}</Button>
      </DialogActions>
    </TitledDialog>
  );
}

/** Linking by phone number: the phone's number, then WhatsApp's code for it. */
function PairingForm({
  connectionId,
  onPairing,
}: {
  connectionId: number;
  onPairing(pairing: { code: string | null } | null): void;
}) {
  const { t } = useTranslation('connections');
  const [open, setOpen] = useState(false);
  const pairing = usePairingCode();
  const { control, handleSubmit } = useForm<
    z.input<typeof pairingCodeBody>,
    unknown,
    z.output<typeof pairingCodeBody>
  >({
    defaultValues: { number: '' },
    resolver: zodResolver(pairingCodeBody),
  });
  if (!open) {
    return (
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Button onClick={() => setOpen(true)}>{t('pairing.start')}</Button>
      </Box>
    );
  }
  const onValid = async ({ number }: { number: string }) => {
    onPairing({ code: null });
    try {
      onPairing({ code: (await pairing.mutateAsync({ id: connectionId, number })).code });
    } catch (err) {
      onPairing(null);
      toastError(err);
    }
  };
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={handleSubmit(onValid)}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mt: 3, alignItems: { sm: 'flex-start' } }}
    >
      <FormTextField
        control={control}
        name="number"
        label={t('pairing.number')}
        helperText={t('pairing.numberHint')}
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
      />
      <Button
        type="submit"
        variant="contained"
        loading={pairing.isPending}
        sx={{ flexShrink: 0, mt: { sm: 1 } }}
      >
        {t('pairing.request')}
      </Button>
    </Stack>
  );
}

/** The code as the phone asks for it: two groups of four. */
function PairingCodeShown({ code }: { code: string }) {
  const { t } = useTranslation('connections');
  const shown = code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 1 }}>
      <Typography>{t('pairing.instructions')}</Typography>
      <Typography
        variant="h4"
        component="p"
        data-testid="pairing-code"
        sx={{ fontFamily: 'monospace', letterSpacing: 4 }}
      >
        {shown}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={20} />
        <Typography color="text.secondary">{t('pairing.waiting')}</Typography>
      </Box>
    </Stack>
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

import { zodResolver } from '@hookform/resolvers/zod';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { facebookBody } from '../../../shared/api/graph';
import { useBridge } from '../../bridge/context';
import { DialogForm } from '../../ui/DialogForm';
import { FormTextField } from '../../ui/FormFields';
import { TitledDialog } from '../../ui/TitledDialog';
import { toast, toastError } from '../../ui/toast';
import { useConnectFacebook, useFacebookLoginSettings } from './useConnections';

export type MetaChannel = 'facebook' | 'instagram';

const pastedSchema = facebookBody.pick({ facebookUserId: true, facebookUserToken: true });
type Pasted = z.input<typeof pastedSchema>;

/**
 * 2-administration §2.1: the new-connection menu's Facebook and Instagram entries start a Facebook login,
 * then POST /facebook. The login is the bridge's (Facebook's SDK in a browser, the system browser in the
 * desktop app) when the server has an app id configured; without one (or when the login cannot open: no
 * network, the redirect port taken) an admin pastes a user id and user token instead.
 */
export function useFacebookConnect() {
  const { t } = useTranslation('connections');
  const bridge = useBridge();
  const settings = useFacebookLoginSettings();
  const connect = useConnectFacebook();
  const [pasting, setPasting] = useState<MetaChannel | null>(null);
  const [loggingIn, setLoggingIn] = useState(false);

  const connected = (count: number) => toast.success(t('facebook.connected', { count }));

  const start = async (channel: MetaChannel) => {
    if (!settings.appId || !settings.version) {
      setPasting(channel);
      return;
    }
    setLoggingIn(true);
    try {
      const login = await bridge.app
        .facebookLogin({
          appId: settings.appId,
          version: settings.version,
          instagram: channel === 'instagram',
        })
        .catch(() => {
          toast.warning(t('facebook.sdkUnavailable'));
          setPasting(channel);
          return null;
        });
      if (login) connected((await connect.mutateAsync(login)).length);
    } catch (error) {
      toastError(error);
    } finally {
      setLoggingIn(false);
    }
  };

  const dialog = (
    <>
      {loggingIn && (
        <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={16} />
          <Typography variant="body2">{t('facebook.loggingIn')}</Typography>
        </Stack>
      )}
      {pasting && (
        <PasteTokenDialog
          channel={pasting}
          onClose={() => setPasting(null)}
          onConnect={async (pasted) => {
            const rows = await connect.mutateAsync({ ...pasted, addInstagram: pasting === 'instagram' });
            connected(rows.length);
            setPasting(null);
          }}
        />
      )}
    </>
  );
  return { start, dialog };
}

function PasteTokenDialog({
  channel,
  onClose,
  onConnect,
}: {
  channel: MetaChannel;
  onClose(): void;
  onConnect(pasted: z.output<typeof pastedSchema>): Promise<void>;
}) {
  const { t } = useTranslation('connections');
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<Pasted, unknown, z.output<typeof pastedSchema>>({
    defaultValues: { facebookUserId: '', facebookUserToken: '' },
    resolver: zodResolver(pastedSchema),
  });
  return (
    <TitledDialog open title={t(`facebook.title.${channel}`)} onClose={onClose} maxWidth="sm">
      <DialogForm
        onSubmit={handleSubmit((pasted) => onConnect(pasted).catch(toastError))}
        onCancel={onClose}
        submitLabel={t('facebook.connect')}
        saving={isSubmitting}
      >
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('facebook.intro')}
          </Typography>
          <FormTextField
            control={control}
            name="facebookUserId"
            label={t('facebook.userId')}
            required
            autoFocus
          />
          <FormTextField
            control={control}
            name="facebookUserToken"
            label={t('facebook.userToken')}
            required
            multiline
            autoComplete="off"
          />
        </Stack>
      </DialogForm>
    </TitledDialog>
  );
}

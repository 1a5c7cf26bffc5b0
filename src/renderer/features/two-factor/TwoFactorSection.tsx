import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from '../../ui/DialogForm';
import { errorMessage } from '../../ui/error-message';
import { TitledDialog } from '../../ui/TitledDialog';
import { toast, toastError } from '../../ui/toast';
import { RecoveryCodesList, TwoFactorCodeField, TwoFactorKey } from './TwoFactorParts';
import { useTwoFactorActions } from './useTwoFactor';

/**
 * The profile's two-factor section: whether it is on, and the way to turn it on (QR code, key, a first
 * code, then the recovery codes) or off (a current code).
 */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('twoFactor');
  // Which dialog is open stays put while the state changes under it (the recovery codes show after it turned on).
  const [open, setOpen] = useState<'enrol' | 'disable' | null>(null);
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="subtitle2">{t('section.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t(enabled ? 'section.on' : 'section.off')}
      </Typography>
      <Button variant="outlined" size="small" onClick={() => setOpen(enabled ? 'disable' : 'enrol')}>
        {t(enabled ? 'section.disable' : 'section.enable')}
      </Button>
      {open === 'disable' && <DisableDialog onClose={() => setOpen(null)} />}
      {open === 'enrol' && <EnrolDialog onClose={() => setOpen(null)} />}
    </Stack>
  );
}

/** The dialog's own form: its submit must not reach the profile form it is opened from (React bubbles through portals). */
const ownSubmit = (run: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  event.stopPropagation();
  void run();
};

function EnrolDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(['twoFactor', 'errors']);
  const actions = useTwoFactorActions();
  // A new secret each time the dialog opens: never cached, never retried behind the user's back.
  const setup = useQuery({
    queryKey: ['twoFactor', 'setup'],
    queryFn: actions.setup,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [code, setCode] = useState('');
  const [saving, setSaving] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  const confirm = ownSubmit(async () => {
    setSaving(true);
    try {
      setCodes(await actions.confirm(code.trim()));
      toast.success(t('enabled'));
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  });

  if (codes) {
    return (
      <TitledDialog open title={t('recovery.title')} maxWidth="xs">
        <DialogContent dividers>
          <RecoveryCodesList codes={codes} />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {t('recovery.done')}
          </Button>
        </DialogActions>
      </TitledDialog>
    );
  }
  return (
    <TitledDialog open title={t('setup.title')} onClose={onClose} maxWidth="xs">
      <DialogForm
        onSubmit={confirm}
        onCancel={onClose}
        submitLabel={t('common:actions.confirm')}
        saving={saving}
      >
        {setup.data && <TwoFactorKey setup={setup.data} />}
        {setup.isPending && <Skeleton variant="rectangular" height={200} aria-label={t('setup.loading')} />}
        {setup.isError && <Typography color="error">{errorMessage(setup.error, t)}</Typography>}
        <TwoFactorCodeField value={code} onChange={setCode} />
      </DialogForm>
    </TitledDialog>
  );
}

function DisableDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('twoFactor');
  const actions = useTwoFactorActions();
  const [code, setCode] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = ownSubmit(async () => {
    setSaving(true);
    try {
      await actions.disable(code.trim());
      toast.success(t('disabled'));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  });
  return (
    <TitledDialog open title={t('disable.title')} onClose={onClose} maxWidth="xs">
      <DialogForm
        onSubmit={submit}
        onCancel={onClose}
        submitLabel={t('section.disable')}
        submitColor="error"
        saving={saving}
      >
        <Typography variant="body2">{t('disable.help')}</Typography>
        <TwoFactorCodeField value={code} onChange={setCode} recovery autoFocus />
      </DialogForm>
    </TitledDialog>
  );
}

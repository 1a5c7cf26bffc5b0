import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ServerMode, serverModeSchema } from '../../shared/desktop-settings';
import { useBridge } from '../bridge/context';
import { toastError } from '../ui/toast';
import { useDiscardGuard } from '../ui/useDiscardGuard';

interface ServerModeDialogProps {
  open: boolean;
  /** The mode in force; Local when none was chosen yet (first run). */
  current: ServerMode | null;
  onClose(): void;
}

/**
 * Desktop only (docs/architecture.md "Desktop"): this computer's embedded server (Local) or a team server
 * (Remote). Saving another mode restarts the app's connection, signed out.
 */
export function ServerModeDialog({ open, current, onClose }: ServerModeDialogProps) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [mode, setMode] = useState<ServerMode['mode']>(current?.mode ?? 'local');
  const [url, setUrl] = useState(current?.mode === 'remote' ? current.url : '');
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setMode(current?.mode ?? 'local');
    setUrl(current?.mode === 'remote' ? current.url : '');
    setInvalid(false);
  }, [open, current]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = serverModeSchema.safeParse(mode === 'local' ? { mode } : { mode, url });
    if (!parsed.success) {
      setInvalid(true);
      return;
    }
    setSaving(true);
    try {
      await bridge.app.setServerMode(parsed.data);
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  }

  const guard = useDiscardGuard(open, onClose);
  return (
    <>
      <Dialog open={open} {...guard.dialogProps} aria-labelledby="server-mode-title" maxWidth="xs" fullWidth>
        <form onSubmit={save} noValidate>
          <DialogTitle id="server-mode-title">{t('shell:serverMode.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 1 }}>{t('shell:serverMode.explain')}</DialogContentText>
            <RadioGroup
              aria-label={t('shell:serverMode.title')}
              value={mode}
              onChange={(event) => setMode(event.target.value as ServerMode['mode'])}
            >
              <FormControlLabel value="local" control={<Radio />} label={t('shell:serverMode.local')} />
              <FormControlLabel value="remote" control={<Radio />} label={t('shell:serverMode.remote')} />
            </RadioGroup>
            {mode === 'remote' && (
              <TextField
                autoFocus
                fullWidth
                margin="dense"
                type="url"
                label={t('shell:serverMode.url')}
                placeholder="https://atendo.example.com"
                value={url}
                onChange={(event) => {
                  setUrl(event.target.value);
                  setInvalid(false);
                }}
                error={invalid}
                helperText={invalid ? t('shell:serverMode.invalidUrl') : t('shell:serverMode.urlHint')}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} color="inherit">
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={saving}>
              {t('common:actions.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {guard.confirm}
    </>
  );
}

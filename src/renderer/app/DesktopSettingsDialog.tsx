import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DESKTOP_SETTINGS, type DesktopSettings } from '../../shared/desktop-settings';
import { useBridge } from '../bridge/context';
import { toastError } from '../ui/toast';
import { useDiscardGuard } from '../ui/useDiscardGuard';

const settingsKey = ['app', 'desktopSettings'] as const;

/** Desktop only: the app's own choices, kept on this computer (start in the tray, update channel). */
export function DesktopSettingsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: settingsKey,
    queryFn: async () => (await bridge.app.getDesktopSettings()) ?? DEFAULT_DESKTOP_SETTINGS,
    enabled: open,
  });
  const [draft, setDraft] = useState<DesktopSettings>(DEFAULT_DESKTOP_SETTINGS);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open && stored.data) setDraft(stored.data);
  }, [open, stored.data]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await bridge.app.setDesktopSettings(draft);
      queryClient.setQueryData(settingsKey, draft);
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
      <Dialog
        open={open}
        {...guard.dialogProps}
        aria-labelledby="desktop-settings-title"
        maxWidth="xs"
        fullWidth
      >
        <form onSubmit={save} noValidate>
          <DialogTitle id="desktop-settings-title">{t('shell:desktop.title')}</DialogTitle>
          <DialogContent>
            {stored.isPending ? (
              <CircularProgress aria-label={t('shell:desktop.loading')} />
            ) : (
              <>
                <FormControl fullWidth margin="dense">
                  <FormControlLabel
                    control={
                      <Switch
                        checked={draft.startMinimized}
                        onChange={(event) => setDraft({ ...draft, startMinimized: event.target.checked })}
                      />
                    }
                    label={t('shell:desktop.startMinimized')}
                  />
                  <FormHelperText>{t('shell:desktop.startMinimizedHint')}</FormHelperText>
                </FormControl>
                <FormControl margin="dense">
                  <FormLabel id="desktop-update-channel">{t('shell:desktop.updates')}</FormLabel>
                  <RadioGroup
                    aria-labelledby="desktop-update-channel"
                    value={draft.updateChannel}
                    onChange={(event) =>
                      setDraft({
                        ...draft,
                        updateChannel: event.target.value as DesktopSettings['updateChannel'],
                      })
                    }
                  >
                    <FormControlLabel value="stable" control={<Radio />} label={t('shell:desktop.stable')} />
                    <FormControlLabel value="beta" control={<Radio />} label={t('shell:desktop.beta')} />
                  </RadioGroup>
                </FormControl>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} color="inherit">
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={saving || stored.isPending}>
              {t('common:actions.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {guard.confirm}
    </>
  );
}

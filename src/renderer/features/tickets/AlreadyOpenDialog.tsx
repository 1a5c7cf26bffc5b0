import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtherOpenTicket } from './already-open';

export interface AlreadyOpenDialogProps {
  /** The conversation already going on; null keeps the dialog closed. */
  other: OtherOpenTicket | null;
  onClose(): void;
}

/** 1-attendance §2 "Already-open-ticket info": the owning user and queue, or waiting when unowned. */
export function AlreadyOpenDialog({ other, onClose }: AlreadyOpenDialogProps) {
  const { t } = useTranslation('tickets');
  const titleId = useId();
  const queue = other?.queueName ?? t('dialogs.alreadyOpen.noQueue');
  return (
    <Dialog open={other !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('dialogs.alreadyOpen.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {other?.userId != null
            ? t('dialogs.alreadyOpen.owned', { user: other.userName ?? '', queue })
            : t('dialogs.alreadyOpen.waiting', { queue })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

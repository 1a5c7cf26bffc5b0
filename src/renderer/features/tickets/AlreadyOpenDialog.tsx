import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import { TitledDialog } from '../../ui/TitledDialog';
import type { OtherOpenTicket } from './already-open';

export interface AlreadyOpenDialogProps {
  /** The conversation already going on; null keeps the dialog closed. */
  other: OtherOpenTicket | null;
  onClose(): void;
}

/** 1-attendance §2 "Already-open-ticket info": the owning user and queue, or waiting when unowned. */
export function AlreadyOpenDialog({ other, onClose }: AlreadyOpenDialogProps) {
  const { t } = useTranslation('tickets');
  const queue = other?.queueName ?? t('dialogs.alreadyOpen.noQueue');
  return (
    <TitledDialog
      open={other !== null}
      title={t('dialogs.alreadyOpen.title')}
      onClose={onClose}
      maxWidth="xs"
    >
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
    </TitledDialog>
  );
}

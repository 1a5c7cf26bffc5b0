import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogSubmitActions } from './DialogSubmitActions';
import { TitledDialog } from './TitledDialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  onClose(): void;
  onConfirm(): void;
  /** The confirming button; "Confirmar" by default. */
  confirmLabel?: string;
}

/** Asks before a destructive action; confirming closes the dialog and runs the action. */
export function ConfirmDialog({
  open,
  title,
  children,
  onClose,
  onConfirm,
  confirmLabel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <TitledDialog open={open} title={title} onClose={onClose} maxWidth="xs">
      {children && (
        <DialogContent dividers>
          <Typography component="div">{children}</Typography>
        </DialogContent>
      )}
      <DialogSubmitActions
        submitLabel={confirmLabel ?? t('common:actions.confirm')}
        onCancel={onClose}
        onSubmit={() => {
          onClose();
          onConfirm();
        }}
        color="error"
      />
    </TitledDialog>
  );
}

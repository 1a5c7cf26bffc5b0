import Button from '@mui/material/Button';
import type { DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledDialog } from './TitledDialog';

/** An open dialog to look at (and act on what it lists), left with Close. */
export function InfoDialog({
  title,
  onClose,
  maxWidth = 'sm',
  children,
}: {
  title: string;
  onClose(): void;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TitledDialog open title={title} onClose={onClose} maxWidth={maxWidth}>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </TitledDialog>
  );
}

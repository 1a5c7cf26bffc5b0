import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';

interface TitledDialogProps {
  open: boolean;
  title: string;
  /** Without it, Escape and the backdrop do not close the dialog. */
  onClose?(): void;
  maxWidth: DialogProps['maxWidth'];
  children: ReactNode;
}

/** A full-width dialog named by its title. */
export function TitledDialog({ open, title, onClose, maxWidth, children }: TitledDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

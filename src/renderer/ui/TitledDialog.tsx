import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import { useDiscardGuard } from './useDiscardGuard';

interface TitledDialogProps {
  open: boolean;
  title: string;
  /** Without it, Escape and the backdrop do not close the dialog. */
  onClose?(): void;
  maxWidth: DialogProps['maxWidth'];
  children: ReactNode;
}

/** A full-width dialog named by its title; typed data is not lost to Escape or a click outside. */
export function TitledDialog({ open, title, onClose, maxWidth, children }: TitledDialogProps) {
  const titleId = useId();
  const guard = useDiscardGuard(open, onClose);
  return (
    <>
      <Dialog open={open} {...guard.dialogProps} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {children}
      </Dialog>
      {guard.confirm}
    </>
  );
}

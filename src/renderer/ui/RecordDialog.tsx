import CircularProgress from '@mui/material/CircularProgress';
import type { DialogProps } from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import { Fragment, type ReactNode, useEffect } from 'react';
import { TitledDialog } from './TitledDialog';
import { toastError } from './toast';

interface RecordDialogProps<R> {
  open: boolean;
  /** null: a new record. */
  id: number | null;
  /** The record's query, enabled while the dialog is open on an id. */
  record: { data?: R; error: unknown };
  title: string;
  loadingLabel: string;
  onClose(): void;
  maxWidth?: DialogProps['maxWidth'];
  /** The form, given the loaded record (null for a new one). */
  children(record: R | null): ReactNode;
}

/**
 * An add/edit dialog whose record is read fresh by id: a spinner until it comes, a failed read is a toast
 * and closes. The form mounts anew for each record, so it starts from that record's values.
 */
export function RecordDialog<R>({
  open,
  id,
  record,
  title,
  loadingLabel,
  onClose,
  maxWidth = 'sm',
  children,
}: RecordDialogProps<R>) {
  useEffect(() => {
    if (!record.error) return;
    toastError(record.error);
    onClose();
  }, [record.error, onClose]);

  return (
    <TitledDialog open={open} title={title} onClose={onClose} maxWidth={maxWidth}>
      {!open ? null : id === null ? (
        <Fragment key="new">{children(null)}</Fragment>
      ) : record.data ? (
        <Fragment key={id}>{children(record.data)}</Fragment>
      ) : (
        <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={loadingLabel} />
        </DialogContent>
      )}
    </TitledDialog>
  );
}

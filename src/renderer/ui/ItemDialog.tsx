import type { DialogProps } from '@mui/material/Dialog';
import { Fragment, type ReactNode } from 'react';
import { TitledDialog } from './TitledDialog';
import { toast, toastError } from './toast';

interface ItemDialogProps<T extends { id: number }> {
  open: boolean;
  /** null: a new one. */
  item: T | null;
  titles: { add: string; edit: string };
  onClose(): void;
  maxWidth: DialogProps['maxWidth'];
  /** The form, mounted anew for each item so that it starts from that item's values. */
  children(item: T | null): ReactNode;
}

/** An add/edit dialog over an item the screen already holds (tags, plans, help entries). */
export function ItemDialog<T extends { id: number }>({
  open,
  item,
  titles,
  onClose,
  maxWidth,
  children,
}: ItemDialogProps<T>) {
  return (
    <TitledDialog open={open} title={item ? titles.edit : titles.add} onClose={onClose} maxWidth={maxWidth}>
      {open && <Fragment key={item?.id ?? 'new'}>{children(item)}</Fragment>}
    </TitledDialog>
  );
}

/** A form's submit that saves, says so and closes; a refusal is a toast and the form stays as typed. */
export function saveThenClose<V>(save: (values: V) => Promise<unknown>, saved: string, onClose: () => void) {
  return async (values: V) => {
    try {
      await save(values);
    } catch (err) {
      toastError(err);
      return;
    }
    toast.success(saved);
    onClose();
  };
}

import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { toast, toastError } from './toast';

interface ConfirmDelete<T> {
  remove(item: T): Promise<unknown>;
  /** The dialog's title, naming the item. */
  title(item: T): string;
  message?: string;
  /** The success toast. */
  deleted: string;
}

/**
 * Delete after asking: `ask(item)` opens the returned `dialog` (render it once); confirming deletes with a
 * success toast, and a failure is a toast too (1-attendance §8).
 */
export function useConfirmDelete<T>({ remove, title, message, deleted }: ConfirmDelete<T>) {
  // The item stays after closing so that the title does not change while the dialog fades out.
  const [asked, setAsked] = useState<{ item: T; open: boolean } | null>(null);
  // The dialog closes before onConfirm runs; this render's item is the one confirmed.
  const confirm = async () => {
    if (!asked) return;
    try {
      await remove(asked.item);
      toast.success(deleted);
    } catch (err) {
      toastError(err);
    }
  };
  return {
    ask: (item: T) => setAsked({ item, open: true }),
    dialog: (
      <ConfirmDialog
        open={asked?.open ?? false}
        title={asked ? title(asked.item) : ''}
        onClose={() => setAsked((current) => current && { ...current, open: false })}
        onConfirm={confirm}
      >
        {message}
      </ConfirmDialog>
    ),
  };
}

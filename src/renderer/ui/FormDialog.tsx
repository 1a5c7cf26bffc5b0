import type { DialogProps } from '@mui/material/Dialog';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from './DialogForm';
import { TitledDialog } from './TitledDialog';

interface FormDialogProps {
  title: string;
  /** A new record's dialog submits with Add, an existing one's with Save. */
  isNew: boolean;
  onClose(): void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}

/** An open add/edit dialog that is one form: its fields, Cancel and Add or Save. */
export function FormDialog({
  title,
  isNew,
  onClose,
  onSubmit,
  saving,
  maxWidth = 'sm',
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <TitledDialog open title={title} onClose={onClose} maxWidth={maxWidth}>
      <DialogForm
        onSubmit={onSubmit}
        onCancel={onClose}
        submitLabel={addOrSaveLabel(isNew, t)}
        saving={saving}
      >
        {children}
      </DialogForm>
    </TitledDialog>
  );
}

/** The main button of an add/edit form. */
export const addOrSaveLabel = (isNew: boolean, t: (key: string) => string) =>
  t(isNew ? 'common:actions.add' : 'common:actions.save');

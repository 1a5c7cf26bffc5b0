import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import type { FormEventHandler, ReactNode } from 'react';
import { DialogSubmitActions } from './DialogSubmitActions';

interface DialogFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel(): void;
  submitLabel: string;
  saving?: boolean;
  submitColor?: 'primary' | 'error';
  children: ReactNode;
}

/** A dialog's fields with its Cancel and submit buttons, as one form. */
export function DialogForm({
  onSubmit,
  onCancel,
  submitLabel,
  saving,
  submitColor,
  children,
}: DialogFormProps) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
      <DialogContent dividers>{children}</DialogContent>
      <DialogSubmitActions
        submitLabel={submitLabel}
        onCancel={onCancel}
        saving={saving}
        color={submitColor}
      />
    </Box>
  );
}

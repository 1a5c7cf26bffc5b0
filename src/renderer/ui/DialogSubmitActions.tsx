import Button, { type ButtonProps } from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useTranslation } from 'react-i18next';

interface DialogSubmitActionsProps extends Pick<ButtonProps, 'color' | 'disabled' | 'startIcon' | 'endIcon'> {
  submitLabel: string;
  onCancel(): void;
  /** Without it the button submits the dialog's form. */
  onSubmit?(): void;
  /** Shows the spinner on the button and blocks it. */
  saving?: boolean;
}

/** A dialog's Cancel and main button. */
export function DialogSubmitActions({
  submitLabel,
  onCancel,
  onSubmit,
  saving,
  ...button
}: DialogSubmitActionsProps) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onCancel} color="inherit">
        {t('common:actions.cancel')}
      </Button>
      <Button
        {...button}
        type={onSubmit ? 'button' : 'submit'}
        variant="contained"
        loading={saving}
        onClick={onSubmit}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

import FormControlLabel, { type FormControlLabelProps } from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from './error-message';

type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T>;
  name: Path<T>;
};

/**
 * A text field (or, with `select`, a select) of a react-hook-form form, full width unless told otherwise.
 * Its error (a spec validation message or an error code set from the server's answer) replaces the helper
 * text, translated. A select's empty choice is null in the form (no id chosen yet).
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          fullWidth
          // Long texts start at two rows, so they read as such before anything is typed.
          minRows={props.multiline ? 2 : undefined}
          {...props}
          {...field}
          // The input (a select's button), not the wrapper, takes the focus on a validation error.
          inputRef={ref}
          value={field.value ?? ''}
          onChange={(event) =>
            field.onChange(props.select && event.target.value === '' ? null : event.target.value)
          }
          error={fieldState.invalid}
          helperText={fieldState.error?.message ? errorMessage(fieldState.error.message, t) : helperText}
        />
      )}
    />
  );
}

/** A number field of a react-hook-form form: the form holds a number, or null while it is empty. */
export function FormNumberField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          fullWidth
          type="number"
          {...props}
          {...field}
          inputRef={ref}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ? errorMessage(fieldState.error.message, t) : helperText}
        />
      )}
    />
  );
}

interface FormSwitchProps<T extends FieldValues, N extends Path<T>> {
  control: Control<T>;
  name: N;
  label: string;
  /** The values stored for off and on, where the field is not a boolean (0/1, 'disabled'/'enabled'). */
  values?: readonly [off: PathValue<T, N>, on: PathValue<T, N>];
  sx?: FormControlLabelProps['sx'];
  disabled?: boolean;
}

/** A labelled switch of a react-hook-form form. */
export function FormSwitch<T extends FieldValues, N extends Path<T>>({
  control,
  name,
  label,
  values,
  sx,
  disabled,
}: FormSwitchProps<T, N>) {
  const [off, on]: readonly unknown[] = values ?? [false, true];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          sx={sx}
          disabled={disabled}
          control={
            <Switch
              checked={field.value === on}
              onChange={(_, checked) => field.onChange(checked ? on : off)}
              onBlur={field.onBlur}
            />
          }
        />
      )}
    />
  );
}

import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueueDot, type QueueRef } from './QueueDot';

interface QueueSelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  queues: readonly QueueRef[];
  disabled?: boolean;
}

/** A required queue choice (1-attendance §5 'Selecione uma fila'), the value a queue id or null. */
export function QueueSelectField<T extends FieldValues>({
  control,
  name,
  queues,
  disabled,
}: QueueSelectFieldProps<T>) {
  const { t } = useTranslation('tickets');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          required
          label={t('dialogs.queue')}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? t('dialogs.selectQueue') : undefined}
        >
          {queues.map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              <QueueDot color={queue.color} />
              {queue.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

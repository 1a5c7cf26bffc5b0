import MenuItem from '@mui/material/MenuItem';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../ui/FormFields';
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
    <FormTextField
      control={control}
      name={name}
      select
      required
      label={t('dialogs.queue')}
      disabled={disabled}
    >
      {queues.map((queue) => (
        <MenuItem key={queue.id} value={queue.id}>
          <QueueDot color={queue.color} />
          {queue.name}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

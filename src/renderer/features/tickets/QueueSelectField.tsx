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
  /** Another label than the ticket dialogs' "Queue". */
  label?: string;
  /** Offered as the first choice when a queue is optional: choosing it leaves none (null). */
  noneLabel?: string;
}

/**
 * A queue choice, the value a queue id or null: required (1-attendance §5 'Selecione uma fila') unless
 * a choice of none is offered.
 */
export function QueueSelectField<T extends FieldValues>({
  control,
  name,
  queues,
  disabled,
  label,
  noneLabel,
}: QueueSelectFieldProps<T>) {
  const { t } = useTranslation('tickets');
  return (
    <FormTextField
      control={control}
      name={name}
      select
      required={noneLabel === undefined}
      label={label ?? t('dialogs.queue')}
      disabled={disabled}
    >
      {noneLabel !== undefined && (
        <MenuItem value="">
          <em>{noneLabel}</em>
        </MenuItem>
      )}
      {queues.map((queue) => (
        <MenuItem key={queue.id} value={queue.id}>
          <QueueDot color={queue.color} />
          {queue.name}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

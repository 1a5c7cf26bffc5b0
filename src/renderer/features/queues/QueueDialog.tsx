import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ChangeEvent } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type QueueSummary, ROUTER_TIMES } from '../../../shared/api/queues';
import { ApiError } from '../../../shared/bridge';
import { errorMessage } from '../../ui/error-message';
import { FormDialog } from '../../ui/FormDialog';
import { FormSwitch, FormTextField } from '../../ui/FormFields';
import { toast, toastError } from '../../ui/toast';
import {
  FIELD_OF_CODE,
  needsGreeting,
  type QueueFormValues,
  queueFormSchema,
  queueToForm,
  toQueueBody,
} from './queue-form';
import { useSaveQueue } from './useQueues';

export interface QueueDialogProps {
  /** null: a new queue. */
  queue: QueueSummary | null;
  /** How many queues the company has now (2-administration §5: the greeting rule). */
  queueCount: number;
  onClose(): void;
}

/**
 * 2-administration §2.5: the queue dialog's queue-data tab. The option tree and schedule tabs come with
 * the routing issue, so there are no tabs yet.
 */
export function QueueDialog({ queue, queueCount, onClose }: QueueDialogProps) {
  const { t } = useTranslation('queues');
  const save = useSaveQueue();
  const greetingRequired = needsGreeting(queueCount, queue === null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<QueueFormValues>({
    defaultValues: queueToForm(queue),
    resolver: zodResolver(queueFormSchema(greetingRequired)),
  });

  const onValid = async (values: QueueFormValues) => {
    try {
      await save.mutateAsync({ id: queue?.id ?? null, body: toQueueBody(values) });
    } catch (err) {
      // A code about one field shows under that field; anything else is a toast.
      const field = err instanceof ApiError ? FIELD_OF_CODE[err.message] : undefined;
      if (field) setError(field, { message: (err as ApiError).message }, { shouldFocus: true });
      else toastError(err);
      return;
    }
    toast.success(t('saved'));
    onClose();
  };

  return (
    <FormDialog
      title={queue ? t('dialog.editTitle') : t('dialog.addTitle')}
      isNew={queue === null}
      onClose={onClose}
      onSubmit={handleSubmit(onValid)}
      saving={isSubmitting}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="name" label={t('dialog.fields.name')} autoFocus />
          <ColorInput control={control} />
        </Stack>
        <FormTextField
          control={control}
          name="greetingMessage"
          label={t('dialog.fields.greetingMessage')}
          required={greetingRequired}
          multiline
        />
        <FormTextField
          control={control}
          name="outOfHoursMessage"
          label={t('dialog.fields.outOfHoursMessage')}
          multiline
        />
        <FormTextField
          control={control}
          name="orderQueue"
          label={t('dialog.fields.orderQueue')}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
        />
        <FormSwitch control={control} name="closeTicket" label={t('dialog.fields.closeTicket')} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FormSwitch
            control={control}
            name="ativarRoteador"
            label={t('dialog.fields.ativarRoteador')}
            sx={{ flexShrink: 0 }}
          />
          <RouterTimeSelect control={control} />
        </Stack>
      </Stack>
    </FormDialog>
  );
}

/** The colour as text (3–9 characters) with the system colour picker beside it. */
function ColorInput({ control }: { control: Control<QueueFormValues> }) {
  const { t } = useTranslation();
  const { t: tq } = useTranslation('queues');
  return (
    <Controller
      control={control}
      name="color"
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={tq('dialog.fields.color')}
          fullWidth
          required
          error={fieldState.error !== undefined}
          helperText={fieldState.error && errorMessage(fieldState.error.message, t)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Box
                    component="input"
                    type="color"
                    aria-label={tq('dialog.fields.pickColor')}
                    // The picker takes only #rrggbb; other colour texts show black until changed.
                    value={/^#[0-9a-f]{6}$/i.test(field.value) ? field.value : '#000000'}
                    onChange={(event: ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value)}
                    sx={{ width: 32, height: 32, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
                  />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}

/** 2-administration §9: the rotation times, offered while rotation is on. */
function RouterTimeSelect({ control }: { control: Control<QueueFormValues> }) {
  const { t } = useTranslation('queues');
  const rotating = useWatch({ control, name: 'ativarRoteador' });
  return (
    <FormTextField
      control={control}
      name="tempoRoteador"
      select
      label={t('dialog.fields.tempoRoteador')}
      disabled={!rotating}
    >
      {ROUTER_TIMES.map((minutes) => (
        <MenuItem key={minutes} value={minutes}>
          {t('dialog.minutes', { count: minutes })}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

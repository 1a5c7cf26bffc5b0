import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useState } from 'react';
import { type Control, Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type QueueDetail, ROUTER_TIMES } from '../../../shared/api/queues';
import { ApiError } from '../../../shared/bridge';
import { useCurrentUser } from '../../app/session';
import { DialogForm } from '../../ui/DialogForm';
import { errorMessage } from '../../ui/error-message';
import { addOrSaveLabel } from '../../ui/FormDialog';
import { FormSwitch, FormTextField } from '../../ui/FormFields';
import { RecordDialog } from '../../ui/RecordDialog';
import { toast, toastError } from '../../ui/toast';
import { FileListPicker } from '../files/FileListPicker';
import { SchedulesTable } from '../settings/SchedulesTable';
import { ChatbotOptionsEditor, type OptionErrors } from './ChatbotOptionsEditor';
import {
  FIELD_OF_CODE,
  needsGreeting,
  type QueueFormValues,
  queueFormSchema,
  queueToForm,
  SCHEDULE_TAB_FIELDS,
  toQueueBody,
} from './queue-form';
import { useQueue, useSaveQueue } from './useQueues';

export interface QueueDialogProps {
  open: boolean;
  /** null: a new queue. */
  queueId: number | null;
  /** How many queues the company has now (2-administration §5: the greeting rule). */
  queueCount: number;
  onClose(): void;
}

/**
 * 2-administration §2.5: the queue dialog, read fresh by id: the queue-data tab (with the chatbot
 * option tree) and, when the company's scheduleType is 'queue', the text/schedule tab.
 */
export function QueueDialog({ open, queueId, queueCount, onClose }: QueueDialogProps) {
  const { t } = useTranslation('queues');
  const existing = useQueue(open ? queueId : null);
  return (
    <RecordDialog
      open={open}
      id={queueId}
      record={existing}
      title={queueId === null ? t('dialog.addTitle') : t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      onClose={onClose}
      maxWidth="md"
    >
      {(queue) => <QueueForm queue={queue} queueCount={queueCount} onClose={onClose} />}
    </RecordDialog>
  );
}

type DialogTab = 'data' | 'schedules';

function QueueForm({
  queue,
  queueCount,
  onClose,
}: {
  queue: QueueDetail | null;
  queueCount: number;
  onClose(): void;
}) {
  const { t } = useTranslation('queues');
  const save = useSaveQueue();
  const tabsId = useId();
  const [tab, setTab] = useState<DialogTab>('data');
  const showSchedules = useCurrentUser().company.companieSettings.scheduleType === 'queue';
  const greetingRequired = needsGreeting(queueCount, queue === null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting, errors },
  } = useForm<QueueFormValues>({
    defaultValues: queueToForm(queue),
    // raw: the form keeps its own values (the options' keys among them); the server parses them itself.
    resolver: zodResolver(queueFormSchema(greetingRequired), undefined, { raw: true }),
  });

  const onValid = async (values: QueueFormValues) => {
    try {
      await save.mutateAsync({ id: queue?.id ?? null, body: toQueueBody(values) });
    } catch (err) {
      // A code about one field shows under that field; anything else is a toast.
      const field = err instanceof ApiError ? FIELD_OF_CODE[err.message] : undefined;
      if (field) {
        setTab('data');
        setError(field, { message: (err as ApiError).message }, { shouldFocus: true });
      } else toastError(err);
      return;
    }
    toast.success(t('saved'));
    onClose();
  };

  // An error only on the text/schedule tab brings it forward.
  const onInvalid = (invalid: FieldErrors<QueueFormValues>) => {
    const fields = Object.keys(invalid);
    const onSchedules = fields.every((field) => (SCHEDULE_TAB_FIELDS as readonly string[]).includes(field));
    setTab(showSchedules && onSchedules ? 'schedules' : 'data');
  };

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid, onInvalid)}
      onCancel={onClose}
      submitLabel={addOrSaveLabel(queue === null, t)}
      saving={isSubmitting}
    >
      {showSchedules && (
        <Tabs
          value={tab}
          onChange={(_, next: DialogTab) => setTab(next)}
          aria-label={t('dialog.tabs.label')}
          sx={{ mb: 2 }}
        >
          <Tab
            value="data"
            label={t('dialog.tabs.data')}
            id={`${tabsId}-data-tab`}
            aria-controls={`${tabsId}-data`}
          />
          <Tab
            value="schedules"
            label={t('dialog.tabs.schedules')}
            id={`${tabsId}-schedules-tab`}
            aria-controls={`${tabsId}-schedules`}
          />
        </Tabs>
      )}
      <Box
        hidden={tab !== 'data'}
        role={showSchedules ? 'tabpanel' : undefined}
        id={`${tabsId}-data`}
        aria-labelledby={showSchedules ? `${tabsId}-data-tab` : undefined}
      >
        <DataTab control={control} greetingRequired={greetingRequired} errors={errors} />
      </Box>
      {showSchedules && (
        <Box
          hidden={tab !== 'schedules'}
          role="tabpanel"
          id={`${tabsId}-schedules`}
          aria-labelledby={`${tabsId}-schedules-tab`}
        >
          <SchedulesTab control={control} />
        </Box>
      )}
    </DialogForm>
  );
}

function DataTab({
  control,
  greetingRequired,
  errors,
}: {
  control: Control<QueueFormValues>;
  greetingRequired: boolean;
  errors: FieldErrors<QueueFormValues>;
}) {
  const { t } = useTranslation('queues');
  return (
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
        name="orderQueue"
        label={t('dialog.fields.orderQueue')}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      />
      <Controller
        control={control}
        name="fileListId"
        render={({ field }) => (
          <FileListPicker label={t('dialog.fileListId')} value={field.value} onChange={field.onChange} />
        )}
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
      <Controller
        control={control}
        name="chatbots"
        render={({ field }) => (
          <ChatbotOptionsEditor
            value={field.value}
            onChange={field.onChange}
            // The resolver nests the options' errors like the options themselves.
            errors={errors.chatbots as unknown as (OptionErrors | undefined)[] | undefined}
          />
        )}
      />
    </Stack>
  );
}

/** The text/schedule tab (scheduleType 'queue'): the out-of-hours message and the queue's week. */
function SchedulesTab({ control }: { control: Control<QueueFormValues> }) {
  const { t } = useTranslation('queues');
  const titleId = useId();
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <FormTextField
        control={control}
        name="outOfHoursMessage"
        label={t('dialog.fields.outOfHoursMessage')}
        multiline
      />
      <Box>
        <Typography id={titleId} variant="subtitle1" component="h3">
          {t('dialog.schedules.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dialog.schedules.intro')}
        </Typography>
      </Box>
      <SchedulesTable control={control} name="schedules" labelledBy={titleId} />
    </Stack>
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

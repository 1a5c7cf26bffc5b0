import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Contact } from '../../../shared/api/contacts';
import { type Schedule, type ScheduleInput, scheduleBody } from '../../../shared/api/scheduled-messages';
import {
  DAY_RULES,
  RECURRENCE_UNIT_VALUES,
  SCHEDULE_DEFAULTS,
  SCHEDULE_MEDIA_ACCEPT,
} from '../../../shared/scheduled-messages';
import { formatShortDateTime } from '../../app/dates';
import { AttachmentField, usePendingFile } from '../../ui/AttachmentField';
import { DialogForm } from '../../ui/DialogForm';
import { translateValidation } from '../../ui/error-message';
import { addOrSaveLabel } from '../../ui/FormDialog';
import { FormSwitch, FormTextField } from '../../ui/FormFields';
import { TitledDialog } from '../../ui/TitledDialog';
import { toast, toastError } from '../../ui/toast';
import { useConnections } from '../connections/useConnections';
import { useContact } from '../contacts/useContacts';
import { ContactSearchField } from '../tickets/ContactSearchField';
import { useSelectableQueues, useUserOptions } from '../tickets/useTicketsList';
import { useSaveSchedule, useSetScheduleMedia } from './useSchedules';

/** What the dialog starts from besides a stored schedule: the chat's contact and connection, a day clicked. */
export interface ScheduleDraft {
  contactId?: number;
  whatsappId?: number | null;
  sendAt?: Date;
}

interface FormValues {
  body: string;
  contactId: number | null;
  /** datetime-local text, on the browser's clock. */
  sendAt: string;
  whatsappId: number | null;
  openTicket: 'enabled' | 'disabled';
  statusTicket: 'open' | 'closed';
  ticketUserId: number | null;
  queueId: number | null;
  intervalo: number;
  valorIntervalo: number | string;
  enviarQuantasVezes: number | string;
  tipoDias: number;
  assinar: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A Date as a datetime-local input shows it. */
export const toLocalInput = (at: Date) =>
  `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;

function initialValues(schedule: Schedule | null, draft: ScheduleDraft): FormValues {
  if (schedule) {
    return {
      body: schedule.body,
      contactId: schedule.contactId,
      sendAt: toLocalInput(new Date(schedule.sendAt)),
      whatsappId: schedule.whatsappId,
      openTicket: schedule.openTicket,
      statusTicket: schedule.statusTicket,
      ticketUserId: schedule.ticketUserId,
      queueId: schedule.queueId,
      intervalo: schedule.intervalo,
      valorIntervalo: schedule.valorIntervalo,
      enviarQuantasVezes: schedule.enviarQuantasVezes,
      tipoDias: schedule.tipoDias,
      assinar: schedule.assinar,
    };
  }
  return {
    body: '',
    contactId: draft.contactId ?? null,
    // 1-attendance §9: now plus one hour.
    sendAt: toLocalInput(draft.sendAt ?? new Date(Date.now() + SCHEDULE_DEFAULTS.sendAtAheadMs)),
    whatsappId: draft.whatsappId ?? null,
    openTicket: 'disabled',
    statusTicket: 'closed',
    ticketUserId: null,
    queueId: null,
    intervalo: SCHEDULE_DEFAULTS.intervalo,
    valorIntervalo: SCHEDULE_DEFAULTS.valorIntervalo,
    enviarQuantasVezes: SCHEDULE_DEFAULTS.enviarQuantasVezes,
    tipoDias: SCHEDULE_DEFAULTS.tipoDias,
    assinar: false,
  };
}

interface ScheduleDialogProps {
  open: boolean;
  /** null: a new one, from `draft`. */
  schedule: Schedule | null;
  draft?: ScheduleDraft;
  onClose(): void;
  onDelete?(schedule: Schedule): void;
}

/**
 * The schedule dialog of /schedules and of the chat (3-automation §2, §5; 1-attendance §5): contact,
 * message (5 characters at least), send time (now plus 1 h), connection, image, ticket opening, signature
 * and recurrence. A schedule in ERRO is titled "Erro de Envio"; one already sent is shown without save.
 */
export function ScheduleDialog({ open, schedule, draft, onClose, onDelete }: ScheduleDialogProps) {
  const { t } = useTranslation('schedules');
  const title = !schedule
    ? t('dialog.addTitle')
    : schedule.status === 'ERRO'
      ? t('dialog.errorTitle')
      : schedule.sentAt
        ? t('dialog.sentTitle')
        : t('dialog.editTitle');
  return (
    <TitledDialog open={open} title={title} onClose={onClose} maxWidth="sm">
      {open && (
        <ScheduleForm
          key={schedule?.id ?? 'new'}
          schedule={schedule}
          draft={draft ?? {}}
          onClose={onClose}
          onDelete={onDelete}
        />
      )}
    </TitledDialog>
  );
}

function ScheduleForm({
  schedule,
  draft,
  onClose,
  onDelete,
}: {
  schedule: Schedule | null;
  draft: ScheduleDraft;
  onClose(): void;
  onDelete?(schedule: Schedule): void;
}) {
  const { t } = useTranslation('schedules');
  const save = useSaveSchedule();
  const setMedia = useSetScheduleMedia();
  const image = usePendingFile(schedule?.mediaName ?? null);
  const connections = useConnections().data ?? [];
  const { queues } = useSelectableQueues();
  const users = useUserOptions().data ?? [];
  const initial = initialValues(schedule, draft);
  const [chosen, setChosen] = useState<Contact | null>(null);
  // The contact given (an edit, the chat's) loads once to show in the picker.
  const given = useContact(chosen ? null : initial.contactId).data;
  useEffect(() => {
    if (given && !chosen) setChosen(given);
  }, [given, chosen]);
  const sent = schedule?.sentAt != null;
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<FormValues>({ defaultValues: initial });
  const openTicket = useWatch({ control, name: 'openTicket' });

  const onValid = async (values: FormValues) => {
    const local = new Date(values.sendAt);
    const candidate: ScheduleInput = {
      ...values,
      contactId: values.contactId ?? ('' as unknown as number),
      sendAt: Number.isNaN(local.getTime()) ? '' : local.toISOString(),
      valorIntervalo: Number(values.valorIntervalo),
      enviarQuantasVezes: Number(values.enviarQuantasVezes),
    };
    // The server parses with the same schema; its messages show on the fields.
    const parsed = scheduleBody.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'body') as keyof FormValues;
        setError(field, { message: issue.message });
      }
      return;
    }
    let saved: Schedule;
    try {
      saved = await save.mutateAsync({ id: schedule?.id ?? null, body: candidate });
    } catch (err) {
      toastError(err);
      return;
    }
    if (image.change !== undefined) {
      await setMedia
        .mutateAsync({ id: saved.id, file: image.change })
        .then(() => image.change === null && toast.success(t('mediaDeleted')))
        .catch(toastError);
    }
    toast.success(t('saved'));
    onClose();
  };

  const fields = (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {schedule?.status === 'ERRO' && schedule.error && (
        <Alert severity="error">{t('dialog.error', { error: translateValidation(schedule.error, t) })}</Alert>
      )}
      {sent && schedule?.sentAt && (
        <Alert severity="success">{t('dialog.sentAt', { at: formatShortDateTime(schedule.sentAt) })}</Alert>
      )}
      <Controller
        control={control}
        name="contactId"
        render={({ field, fieldState }) => (
          <ContactSearchField
            label={t('dialog.contact')}
            value={chosen}
            onChange={(contact) => {
              setChosen(contact);
              field.onChange(contact?.id ?? null);
            }}
            required
            error={Boolean(fieldState.error)}
            helperText={translateValidation(fieldState.error?.message, t)}
          />
        )}
      />
      <FormTextField control={control} name="body" label={t('dialog.body')} required multiline minRows={3} />
      <FormTextField
        control={control}
        name="sendAt"
        label={t('dialog.sendAt')}
        type="datetime-local"
        required
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormTextField control={control} name="whatsappId" select label={t('dialog.connection')}>
        <MenuItem value="">{t('dialog.defaultConnection')}</MenuItem>
        {connections.map((connection) => (
          <MenuItem key={connection.id} value={connection.id}>
            {connection.name}
          </MenuItem>
        ))}
      </FormTextField>
      <AttachmentField
        name={image.name}
        textsKey="schedules:dialog.attachment"
        accept={SCHEDULE_MEDIA_ACCEPT}
        onChoose={image.choose}
        onRemove={image.remove}
      />
      <FormSwitch control={control} name="assinar" label={t('dialog.assinar')} />
      <FormSwitch
        control={control}
        name="openTicket"
        label={t('dialog.openTicket')}
        values={['disabled', 'enabled']}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="statusTicket"
          select
          label={t('dialog.statusTicket')}
          disabled={openTicket !== 'enabled'}
        >
          {(['open', 'closed'] as const).map((status) => (
            <MenuItem key={status} value={status}>
              {t(`dialog.statusTicketValues.${status}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="ticketUserId"
          select
          label={t('dialog.ticketUser')}
          disabled={openTicket !== 'enabled'}
        >
          <MenuItem value="">{t('dialog.none')}</MenuItem>
          {users.map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {user.name}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="queueId" select label={t('dialog.queue')}>
          <MenuItem value="">{t('dialog.none')}</MenuItem>
          {queues.map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.name}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
      <Divider />
      <Typography variant="subtitle2">{t('dialog.recurrence')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="intervalo" select label={t('dialog.intervalo')}>
          {RECURRENCE_UNIT_VALUES.map((unit) => (
            <MenuItem key={unit} value={unit}>
              {t(`dialog.units.${unit}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="valorIntervalo"
          type="number"
          label={t('dialog.valorIntervalo')}
          slotProps={{ htmlInput: { min: 0 } }}
        />
        <FormTextField
          control={control}
          name="enviarQuantasVezes"
          type="number"
          label={t('dialog.enviarQuantasVezes')}
          slotProps={{ htmlInput: { min: 1 } }}
        />
      </Stack>
      <FormTextField control={control} name="tipoDias" select label={t('dialog.tipoDias')}>
        {DAY_RULES.map((rule) => (
          <MenuItem key={rule} value={rule}>
            {t(`dialog.dayRules.${rule}`)}
          </MenuItem>
        ))}
      </FormTextField>
    </Stack>
  );

  if (sent) {
    // A schedule that went out is shown, not saved again (3-automation §4).
    return (
      <>
        <DialogContent dividers>
          <fieldset disabled style={{ border: 0, margin: 0, padding: 0 }}>
            {fields}
          </fieldset>
        </DialogContent>
        <DialogActions>
          {schedule && onDelete && (
            <Button color="error" onClick={() => onDelete(schedule)}>
              {t('dialog.delete')}
            </Button>
          )}
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
        </DialogActions>
      </>
    );
  }
  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={addOrSaveLabel(schedule === null, t)}
      saving={isSubmitting}
    >
      {fields}
      {schedule && onDelete && (
        <Button color="error" sx={{ mt: 2 }} onClick={() => onDelete(schedule)}>
          {t('dialog.delete')}
        </Button>
      )}
    </DialogForm>
  );
}

import Autorenew from '@mui/icons-material/Autorenew';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { type Control, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionDetail } from '../../../shared/api/whatsapps';
import {
  earliestImportDate,
  earliestVacationDate,
  randomConnectionToken,
} from '../../../shared/connection-rules';
import { AttachmentField, type usePendingFile } from '../../ui/AttachmentField';
import { FormSwitch, FormTextField } from '../../ui/FormFields';
import { toast, toastError } from '../../ui/toast';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { QueuesSelectField } from '../queues/QueuesSelectField';
import { useQueues } from '../queues/useQueues';
import { SchedulesTable } from '../settings/SchedulesTable';
import { QueueSelectField } from '../tickets/QueueSelectField';
import { type ConnectionFormValues, type FormField, toDateInput, toDateTimeInput } from './connection-form';
import { useGreetingMedia } from './useConnections';

export interface TabProps {
  form: UseFormReturn<ConnectionFormValues>;
  connection: ConnectionDetail | null;
  /** The connection's channel (a new one's too). */
  channel: string;
  /** The greeting attachment until the dialog saves. */
  attachment: ReturnType<typeof usePendingFile>;
  /** The company rates its attendances: the assessment fields are required. */
  userRating: boolean;
}

const numeric = { htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } } as const;

/** The form's fields typed as text: messages, and counts or minutes typed as digits. */
type TypedField = {
  [K in FormField]: ConnectionFormValues[K] extends string ? K : never;
}[FormField];

/**
 * One of the dialog's typed fields, labelled by its name: a message (several lines), a number, a date (the
 * vacation's days) or a date and time (the import's window) within bounds.
 */
function Field({
  control,
  name,
  kind,
  required,
  min,
  max,
}: {
  control: Control<ConnectionFormValues>;
  name: TypedField;
  kind: 'message' | 'number' | 'date' | 'datetime-local';
  required?: boolean;
  min?: string | undefined;
  max?: string;
}) {
  const { t } = useTranslation('connections');
  const dated = kind === 'date' || kind === 'datetime-local';
  return (
    <FormTextField
      control={control}
      name={name}
      label={t(`dialog.fields.${name}`)}
      required={required}
      multiline={kind === 'message'}
      type={dated ? kind : undefined}
      slotProps={
        kind === 'number'
          ? numeric
          : dated
            ? { inputLabel: { shrink: true }, htmlInput: { min, max } }
            : undefined
      }
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack spacing={2} component="section" aria-labelledby={id}>
      <Divider />
      <Typography id={id} variant="subtitle1" component="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** The company's queues for a single choice (the redirect's, the import's). */
function CompanyQueueField({
  control,
  name,
  label,
}: {
  control: Control<ConnectionFormValues>;
  name: 'sendIdQueue' | 'queueIdImportMessages';
  label: string;
}) {
  const { t } = useTranslation('connections');
  const queues = useQueues();
  return (
    <QueueSelectField
      control={control}
      name={name}
      queues={queues.data ?? []}
      label={label}
      noneLabel={t('dialog.noQueue')}
    />
  );
}

export function GeneralTab(props: TabProps) {
  const { t } = useTranslation('connections');
  const { control } = props.form;
  const importing = useWatch({ control, name: 'enableImportMessage' });
  const oldest = useWatch({ control, name: 'importOldMessages' });
  const now = new Date();
  const latest = toDateTimeInput(now.toISOString());
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <FormTextField control={control} name="name" label={t('dialog.fields.name')} required autoFocus />
        <FormSwitch control={control} name="isDefault" label={t('dialog.fields.isDefault')} />
      </Stack>
      <QueuesSelectField control={control} name="queueIds" label={t('dialog.fields.queues')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormSwitch control={control} name="allowGroup" label={t('dialog.fields.allowGroup')} />
        <FormSwitch
          control={control}
          name="groupAsTicket"
          label={t('dialog.fields.groupAsTicket')}
          values={['disabled', 'enabled']}
        />
      </Stack>
      <TokenField form={props.form} />
      {/* WhatsApp hands its history to a new login; the Graph API channels have none to give. */}
      {props.channel === 'whatsapp' && (
        <Section title={t('dialog.sections.import')}>
          <FormSwitch
            control={control}
            name="enableImportMessage"
            label={t('dialog.fields.enableImportMessage')}
          />
          {importing && (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('dialog.importHint')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Field
                  control={control}
                  name="importOldMessages"
                  kind="datetime-local"
                  required
                  min={toDateTimeInput(earliestImportDate(now).toISOString())}
                  max={latest}
                />
                <Field
                  control={control}
                  name="importRecentMessages"
                  kind="datetime-local"
                  required
                  min={oldest || undefined}
                  max={latest}
                />
              </Stack>
              <CompanyQueueField
                control={control}
                name="queueIdImportMessages"
                label={t('dialog.fields.queueIdImportMessages')}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormSwitch
                  control={control}
                  name="importOldMessagesGroups"
                  label={t('dialog.fields.importOldMessagesGroups')}
                />
                <FormSwitch
                  control={control}
                  name="closedTicketsPostImported"
                  label={t('dialog.fields.closedTicketsPostImported')}
                />
              </Stack>
            </>
          )}
        </Section>
      )}
    </>
  );
}

/** 2-administration §9: the token, read-only, regenerated on demand and copied with a click. */
function TokenField({ form }: { form: TabProps['form'] }) {
  const { t } = useTranslation('connections');
  const { control, getValues, setValue } = form;
  const copy = () =>
    navigator.clipboard
      .writeText(getValues('token'))
      .then(() => toast.success(t('dialog.token.copied')))
      .catch(toastError);
  return (
    <FormTextField
      control={control}
      name="token"
      label={t('dialog.fields.token')}
      helperText={t('dialog.token.hint')}
      slotProps={{
        htmlInput: { readOnly: true, sx: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('dialog.token.regenerate')}>
                <IconButton
                  aria-label={t('dialog.token.regenerate')}
                  onClick={() => setValue('token', randomConnectionToken(), { shouldDirty: true })}
                >
                  <Autorenew />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('dialog.token.copy')}>
                <IconButton aria-label={t('dialog.token.copy')} onClick={copy}>
                  <ContentCopy />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** Prompts and queue integrations have no lists yet: their ids are kept as they are. */
export function IntegrationsTab() {
  const { t } = useTranslation('connections');
  return <Typography color="text.secondary">{t('dialog.integrations.none')}</Typography>;
}

export function MessagesTab({ form, connection, attachment }: TabProps) {
  const { t } = useTranslation('connections');
  const { control } = form;
  const queueIds = useWatch({ control, name: 'queueIds' });
  const earliest = toDateInput(earliestVacationDate(new Date()).toISOString());
  return (
    <>
      <Field control={control} name="greetingMessage" kind="message" required={queueIds.length > 1} />
      <GreetingAttachment connection={connection} attachment={attachment} />
      <Field control={control} name="complationMessage" kind="message" />
      <Field control={control} name="outOfHoursMessage" kind="message" />
      <Section title={t('dialog.sections.vacation')}>
        <Field control={control} name="collectiveVacationMessage" kind="message" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(['collectiveVacationStart', 'collectiveVacationEnd'] as const).map((name) => (
            <Field key={name} control={control} name={name} kind="date" min={earliest} />
          ))}
        </Stack>
      </Section>
    </>
  );
}

/** 2-administration §5: the greeting's image or video, with a preview of the stored or chosen one. */
function GreetingAttachment({ connection, attachment }: Pick<TabProps, 'connection' | 'attachment'>) {
  const { t } = useTranslation('connections');
  const stored = attachment.change === undefined ? (connection?.greetingMediaAttachment ?? null) : null;
  const download = useGreetingMedia(connection?.id ?? 0, stored);
  const blob = attachment.file ?? (stored ? (download.data ?? null) : null);
  const url = useObjectUrl(blob);
  const isVideo = blob?.type.startsWith('video/') ?? false;
  return (
    <Stack spacing={1}>
      <AttachmentField
        name={attachment.name}
        accept="image/png,image/jpeg,image/gif,image/webp,video/mp4,video/3gpp"
        textsKey="connections:dialog.attachment"
        onChoose={attachment.choose}
        onRemove={attachment.remove}
      />
      {url && (
        <Box
          component={isVideo ? 'video' : 'img'}
          src={url}
          alt={t('dialog.attachment.preview')}
          controls={isVideo || undefined}
          sx={{ maxWidth: 240, maxHeight: 160, borderRadius: 1, objectFit: 'contain' }}
        />
      )}
    </Stack>
  );
}

export function ChatbotTab({ form }: TabProps) {
  const { t } = useTranslation('connections');
  const { control } = form;
  return (
    <>
      <Field control={control} name="timeCreateNewTicket" kind="number" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Field control={control} name="maxUseBotQueues" kind="number" />
        <Field control={control} name="timeUseBotQueues" kind="number" />
      </Stack>
      <Section title={t('dialog.sections.redirect')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Field control={control} name="timeSendQueue" kind="number" />
          <CompanyQueueField control={control} name="sendIdQueue" label={t('dialog.fields.sendIdQueue')} />
        </Stack>
      </Section>
      <Section title={t('dialog.sections.inactivity')}>
        <Field control={control} name="timeInactiveMessage" kind="number" />
        <Field control={control} name="inactiveMessage" kind="message" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Field control={control} name="expiresTicket" kind="number" />
          <FormTextField
            control={control}
            name="whenExpiresTicket"
            select
            label={t('dialog.fields.whenExpiresTicket')}
          >
            <MenuItem value="0">{t('dialog.whenExpiresTicket.silent')}</MenuItem>
            <MenuItem value="1">{t('dialog.whenExpiresTicket.withMessage')}</MenuItem>
          </FormTextField>
        </Stack>
        <Field control={control} name="expiresInactiveMessage" kind="message" />
      </Section>
    </>
  );
}

export function AssessmentsTab({ form, userRating }: TabProps) {
  const { t } = useTranslation('connections');
  const { control } = form;
  return (
    <>
      {!userRating && (
        <Typography variant="body2" color="text.secondary">
          {t('dialog.ratingOff')}
        </Typography>
      )}
      <Field control={control} name="ratingMessage" kind="message" required={userRating} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Field control={control} name="expiresTicketNPS" kind="number" required={userRating} />
        <Field control={control} name="maxUseBotQueuesNPS" kind="number" />
      </Stack>
    </>
  );
}

/** Flows have no list yet: their ids are kept as they are. */
export function FlowTab() {
  const { t } = useTranslation('connections');
  return <Typography color="text.secondary">{t('dialog.flow.none')}</Typography>;
}

/** 2-administration §2.3: a change of the hours here is kept only when the dialog is saved, so it says so once. */
export function SchedulesTab({ form }: TabProps) {
  const { t } = useTranslation('connections');
  const titleId = useId();
  const schedules = useWatch({ control: form.control, name: 'schedules' });
  const first = useRef(JSON.stringify(schedules));
  const told = useRef(false);
  useEffect(() => {
    if (told.current || JSON.stringify(schedules) === first.current) return;
    told.current = true;
    toast.info(t('dialog.schedulesChanged'));
  }, [schedules, t]);
  return (
    <>
      <Typography id={titleId} variant="subtitle1" component="h3">
        {t('dialog.tabs.schedules')}
      </Typography>
      <SchedulesTable control={form.control} name="schedules" labelledBy={titleId} />
    </>
  );
}

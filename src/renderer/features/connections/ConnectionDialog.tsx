import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { type Control, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionDetail } from '../../../shared/api/whatsapps';
import { ApiError } from '../../../shared/bridge';
import { DialogForm } from '../../ui/DialogForm';
import { addOrSaveLabel } from '../../ui/FormDialog';
import { FormSwitch, FormTextField } from '../../ui/FormFields';
import { RecordDialog } from '../../ui/RecordDialog';
import { toast, toastError } from '../../ui/toast';
import { QueuesSelectField } from '../queues/QueuesSelectField';
import { CloudApiFields } from './CloudApiFields';
import {
  type ConnectionFormValues,
  connectionFormSchema,
  connectionToForm,
  FIELD_OF_CODE,
  MESSAGE_FIELDS,
  newCloudApiConnectionSchema,
  toConnectionBody,
} from './connection-form';
import { useConnection, useSaveConnection } from './useConnections';

export interface ConnectionDialogProps {
  open: boolean;
  /** null: a new WhatsApp connection. */
  connectionId: number | null;
  /** A new connection's channel: WhatsApp, or WhatsApp through the Cloud API. */
  channel?: NewConnectionChannel;
  onClose(): void;
}

type NewConnectionChannel = 'whatsapp' | 'whatsappapi';

/**
 * 2-administration §2.3: the connection dialog, its general and messages tabs. The integrations, Chatbot,
 * assessments, flow and schedules tabs come with their own features.
 */
export function ConnectionDialog({
  open,
  connectionId,
  channel = 'whatsapp',
  onClose,
}: ConnectionDialogProps) {
  const { t } = useTranslation('connections');
  const existing = useConnection(open ? connectionId : null);
  const addTitle = channel === 'whatsappapi' ? t('dialog.addCloudTitle') : t('dialog.addTitle');
  return (
    <RecordDialog
      open={open}
      id={connectionId}
      record={existing}
      title={connectionId === null ? addTitle : t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      onClose={onClose}
    >
      {(connection) => <ConnectionForm connection={connection} channel={channel} onClose={onClose} />}
    </RecordDialog>
  );
}

type DialogTab = 'general' | 'messages';

const tabOf = (field: keyof ConnectionFormValues): DialogTab =>
  MESSAGE_FIELDS.includes(field) ? 'messages' : 'general';

function ConnectionForm({
  connection,
  channel: newChannel,
  onClose,
}: {
  connection: ConnectionDetail | null;
  channel: NewConnectionChannel;
  onClose(): void;
}) {
  const { t } = useTranslation('connections');
  const channel = connection?.channel ?? newChannel;
  const [tab, setTab] = useState<DialogTab>('general');
  const tabsId = useId();
  const save = useSaveConnection();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<ConnectionFormValues>({
    // The form starts from the connection as it was when the dialog opened; live updates do not reset typing.
    defaultValues: connectionToForm(connection, channel),
    resolver: zodResolver(
      connection === null && channel === 'whatsappapi' ? newCloudApiConnectionSchema : connectionFormSchema,
    ),
  });

  const onValid = async (values: ConnectionFormValues) => {
    const body = toConnectionBody(values);
    try {
      await save.mutateAsync(
        connection ? { id: connection.id, body } : { id: null, body: { ...body, channel: newChannel } },
      );
    } catch (err) {
      // A code about one field shows under that field, on its tab; anything else is a toast.
      const field = err instanceof ApiError ? FIELD_OF_CODE[err.message] : undefined;
      if (!field) {
        toastError(err);
        return;
      }
      setTab(tabOf(field));
      setError(field, { message: (err as ApiError).message });
      return;
    }
    toast.success(t('saved'));
    onClose();
  };

  const onInvalid = (errors: Partial<Record<keyof ConnectionFormValues, unknown>>) => {
    const first = (Object.keys(errors) as (keyof ConnectionFormValues)[])[0];
    if (first) setTab(tabOf(first));
  };

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid, onInvalid)}
      onCancel={onClose}
      submitLabel={addOrSaveLabel(connection === null, t)}
      saving={isSubmitting}
    >
      <Tabs value={tab} onChange={(_, next: DialogTab) => setTab(next)} sx={{ mb: 2 }}>
        {(['general', 'messages'] as const).map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`dialog.tabs.${name}`)}
            id={`${tabsId}-${name}-tab`}
            aria-controls={`${tabsId}-${name}`}
          />
        ))}
      </Tabs>
      <Stack
        spacing={2}
        role="tabpanel"
        id={`${tabsId}-${tab}`}
        aria-labelledby={`${tabsId}-${tab}-tab`}
        sx={{ pt: 1 }}
      >
        {tab === 'general' ? <GeneralTab control={control} /> : <MessagesTab control={control} />}
        {tab === 'general' && channel === 'whatsappapi' && (
          <CloudApiFields control={control} creating={connection === null} />
        )}
      </Stack>
    </DialogForm>
  );
}

const numeric = { htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } } as const;

function GeneralTab({ control }: { control: Control<ConnectionFormValues> }) {
  const { t } = useTranslation('connections');
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
      <FormTextField
        control={control}
        name="timeCreateNewTicket"
        label={t('dialog.fields.timeCreateNewTicket')}
        slotProps={numeric}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="maxUseBotQueues"
          label={t('dialog.fields.maxUseBotQueues')}
          slotProps={numeric}
        />
        <FormTextField
          control={control}
          name="timeUseBotQueues"
          label={t('dialog.fields.timeUseBotQueues')}
          slotProps={numeric}
        />
      </Stack>
    </>
  );
}

function MessagesTab({ control }: { control: Control<ConnectionFormValues> }) {
  const { t } = useTranslation('connections');
  return (
    <>
      {MESSAGE_FIELDS.map((name) => (
        <FormTextField
          key={name}
          control={control}
          name={name}
          label={t(`dialog.fields.${name}`)}
          multiline
        />
      ))}
    </>
  );
}

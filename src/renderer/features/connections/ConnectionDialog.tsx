import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionDetail, ConnectionInput } from '../../../shared/api/whatsapps';
import { ApiError } from '../../../shared/bridge';
import type { ErrorBody } from '../../../shared/errors';
import { useCurrentUser } from '../../app/session';
import { usePendingFile } from '../../ui/AttachmentField';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DialogForm } from '../../ui/DialogForm';
import { addOrSaveLabel } from '../../ui/FormDialog';
import { RecordDialog } from '../../ui/RecordDialog';
import { toast, toastError } from '../../ui/toast';
import { useCompanySettings } from '../settings/useSettings';
import { CloudApiFields } from './CloudApiFields';
import {
  AssessmentsTab,
  ChatbotTab,
  FlowTab,
  GeneralTab,
  IntegrationsTab,
  MessagesTab,
  SchedulesTab,
  type TabProps,
} from './ConnectionDialogTabs';
import {
  type ConnectionFormValues,
  connectionFormSchema,
  connectionToForm,
  DIALOG_TABS,
  type DialogTab,
  FIELD_OF_CODE,
  firstTabOf,
  importNeedsNewLogin,
  toConnectionBody,
} from './connection-form';
import { channelKind } from './NewConnectionMenu';
import { useConnection, useSaveConnection, useSessionAction, useSetGreetingMedia } from './useConnections';

export interface ConnectionDialogProps {
  open: boolean;
  /** null: a new WhatsApp connection. */
  connectionId: number | null;
  /** A new connection's channel: WhatsApp, or WhatsApp through the Cloud API. */
  channel?: NewConnectionChannel;
  onClose(): void;
}

type NewConnectionChannel = 'whatsapp' | 'whatsappapi';

/** 2-administration §2.3: the connection dialog and its tabs. */
export function ConnectionDialog({
  open,
  connectionId,
  channel = 'whatsapp',
  onClose,
}: ConnectionDialogProps) {
  const { t } = useTranslation('connections');
  const existing = useConnection(open ? connectionId : null);
  const addTitle = channel === 'whatsappapi' ? t('dialog.addCloudTitle') : t('dialog.addTitle');
  const editTitle = t('dialog.editTitle', {
    channel: t(`newConnection.${channelKind(existing.data?.channel)}`),
  });
  return (
    <RecordDialog
      open={open}
      id={connectionId}
      record={existing}
      title={connectionId === null ? addTitle : editTitle}
      loadingLabel={t('dialog.loading')}
      maxWidth="md"
      onClose={onClose}
    >
      {(connection) => <ConnectionForm connection={connection} channel={channel} onClose={onClose} />}
    </RecordDialog>
  );
}

const TAB_CONTENT: Record<DialogTab, (props: TabProps) => ReactNode> = {
  general: GeneralTab,
  integrations: IntegrationsTab,
  messages: MessagesTab,
  chatbot: ChatbotTab,
  assessments: AssessmentsTab,
  flow: FlowTab,
  schedules: SchedulesTab,
};

const FORM_FIELDS = new Set(Object.keys(connectionToForm(null, 'whatsappapi')));

/**
 * 2-administration §4.1: choosing queues clears the prompt and the integration, and choosing either of
 * them clears the queues (the bot answers through one or the other).
 */
function useQueuesOrProvider({ control, setValue }: TabProps['form']) {
  const [queueIds, promptId, integrationId] = useWatch({
    control,
    name: ['queueIds', 'promptId', 'integrationId'],
  });
  const last = useRef({ queueIds, promptId, integrationId });
  useEffect(() => {
    const before = last.current;
    last.current = { queueIds, promptId, integrationId };
    if (queueIds !== before.queueIds && queueIds.length > 0) {
      setValue('promptId', null);
      setValue('integrationId', null);
    } else if (
      (promptId !== before.promptId && promptId) ||
      (integrationId !== before.integrationId && integrationId)
    ) {
      setValue('queueIds', []);
    }
  }, [queueIds, promptId, integrationId, setValue]);
}

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
  const user = useCurrentUser();
  const settings = useCompanySettings().data ?? user.company.companieSettings;
  const userRating = settings.userRating === 'enabled';
  // 2-administration §2.3: the schedules tab only when the company's hours are the connections'.
  const tabs = DIALOG_TABS.filter((name) => name !== 'schedules' || settings.scheduleType === 'connection');
  const [tab, setTab] = useState<DialogTab>('general');
  const [saving, setSaving] = useState(false);
  // The save waiting for the §4.1 warning to be confirmed.
  const [relinking, setRelinking] = useState<ConnectionInput | null>(null);
  const tabsId = useId();
  const save = useSaveConnection();
  const setMedia = useSetGreetingMedia();
  const session = useSessionAction();
  const attachment = usePendingFile(connection?.greetingMediaAttachment ?? null);
  const form = useForm<ConnectionFormValues>({
    // The form starts from the connection as it was when the dialog opened; live updates do not reset typing.
    defaultValues: connectionToForm(connection, channel),
    // The rules count from the moment of each check.
    resolver: (values, context, options) =>
      zodResolver(
        connectionFormSchema(connection, { userRating, now: new Date(), stored: connection ?? undefined }),
      )(values, context, options),
  });
  useQueuesOrProvider(form);

  const showRefusal = (err: unknown) => {
    const body = err instanceof ApiError ? (err.body as ErrorBody) : undefined;
    const fieldIssues = (body?.issues ?? []).filter((issue) =>
      FORM_FIELDS.has(issue.path.split('.')[0] ?? ''),
    );
    const codeField = body && FIELD_OF_CODE[body.error];
    const issues =
      fieldIssues.length > 0 ? fieldIssues : codeField ? [{ path: codeField, message: body.error }] : [];
    if (issues.length === 0) {
      toastError(err);
      return;
    }
    // A refusal about fields shows under them, on the first tab holding one.
    for (const issue of issues)
      form.setError(issue.path as Path<ConnectionFormValues>, { message: issue.message });
    setTab(firstTabOf(issues.map((issue) => issue.path)) ?? tab);
  };

  const persist = async (body: ConnectionInput, relink: boolean) => {
    setSaving(true);
    try {
      // §4.1: the session goes first, so WhatsApp sends the history again to the next login.
      if (relink && connection) await session.mutateAsync({ id: connection.id, action: 'disconnect' });
      const saved = await save.mutateAsync(
        connection ? { id: connection.id, body } : { id: null, body: { ...body, channel: newChannel } },
      );
      // The connection exists by now: a failed attachment or QR change is reported, the dialog still closes.
      if (attachment.change !== undefined)
        await setMedia.mutateAsync({ id: saved.id, file: attachment.change }).catch(toastError);
      if (relink) await session.mutateAsync({ id: saved.id, action: 'newQr' }).catch(toastError);
      toast.success(t('saved'));
      onClose();
    } catch (err) {
      showRefusal(err);
    } finally {
      setSaving(false);
    }
  };

  const onValid = (values: ConnectionFormValues) => {
    const body = toConnectionBody(values, connection);
    if (importNeedsNewLogin(values, connection)) setRelinking(body);
    else return persist(body, false);
  };

  const onInvalid = (errors: FieldErrors<ConnectionFormValues>) => {
    const first = firstTabOf(Object.keys(errors));
    if (first) setTab(first);
  };

  const Content = TAB_CONTENT[tabs.includes(tab) ? tab : 'general'];
  return (
    <>
      <DialogForm
        onSubmit={form.handleSubmit(onValid, onInvalid)}
        onCancel={onClose}
        submitLabel={addOrSaveLabel(connection === null, t)}
        saving={saving || form.formState.isSubmitting}
      >
        <Tabs
          value={tab}
          onChange={(_, next: DialogTab) => setTab(next)}
          variant="scrollable"
          scrollButtons="auto"
          sx={{ mb: 2 }}
        >
          {tabs.map((name) => (
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
          <Content
            form={form}
            connection={connection}
            channel={channel}
            attachment={attachment}
            userRating={userRating}
          />
          {tab === 'general' && channel === 'whatsappapi' && (
            <CloudApiFields control={form.control} creating={connection === null} />
          )}
        </Stack>
      </DialogForm>
      <ConfirmDialog
        open={relinking !== null}
        title={t('dialog.importWarning.title')}
        onClose={() => setRelinking(null)}
        onConfirm={() => relinking && persist(relinking, true)}
      >
        {t('dialog.importWarning.message')}
      </ConfirmDialog>
    </>
  );
}

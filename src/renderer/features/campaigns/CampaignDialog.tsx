import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api';
import { type Campaign, type CampaignInput, campaignBody } from '../../../shared/api/campaigns';
import { contactListsRoutes } from '../../../shared/api/contact-lists';
import {
  CAMPAIGN_MEMBER_VARIABLES,
  CAMPAIGN_MESSAGE_VARIABLES,
  CAMPAIGN_TICKET_STATUSES,
  CAMPAIGN_VARIANTS,
  type CampaignTicketStatus,
  campaignEditable,
} from '../../../shared/campaigns';
import { useBridge } from '../../bridge/context';
import { AttachmentField, usePendingFile } from '../../ui/AttachmentField';
import { FormDialog } from '../../ui/FormDialog';
import { FormSwitch, FormTextField } from '../../ui/FormFields';
import { InfoDialog } from '../../ui/InfoDialog';
import { toast, toastError } from '../../ui/toast';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { useConnections } from '../connections/useConnections';
import { useQueues } from '../queues/useQueues';
import { useTagOptions } from '../tags/useTags';
import { useCampaignSettings, useSaveCampaign, useSetCampaignMedia, useTagAudiences } from './useCampaigns';

type Variant = (typeof CAMPAIGN_VARIANTS)[number];
type MessageField = `message${Variant}` | `confirmationMessage${Variant}`;

export interface CampaignFormValues extends Record<MessageField, string> {
  name: string;
  confirmation: boolean;
  /** The datetime-local input's value (the user's own time zone); '' when not scheduled. */
  scheduledAt: string;
  contactListId: number | null;
  tagListId: number | null;
  whatsappId: number | null;
  openTicket: 'enabled' | 'disabled';
  statusTicket: CampaignTicketStatus;
  userId: number | null;
  queueId: number | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as the datetime-local input shows it, in the browser's time zone. */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const messageFields = (prefix: 'message' | 'confirmationMessage') =>
  CAMPAIGN_VARIANTS.map((n) => `${prefix}${n}` as MessageField);
const MESSAGES = messageFields('message');
const CONFIRMATIONS = messageFields('confirmationMessage');

/** 3-automation §4's defaults for a new campaign. */
function initialValues(campaign: Campaign | null): CampaignFormValues {
  const texts = Object.fromEntries(
    [...MESSAGES, ...CONFIRMATIONS].map((field) => [field, campaign?.[field] ?? '']),
  ) as Record<MessageField, string>;
  return {
    ...texts,
    name: campaign?.name ?? '',
    confirmation: campaign?.confirmation ?? false,
    scheduledAt: toLocalInput(campaign?.scheduledAt ?? null),
    contactListId: campaign?.contactListId ?? null,
    tagListId: campaign?.tagListId ?? null,
    whatsappId: campaign?.whatsappId ?? null,
    openTicket: campaign?.openTicket ?? 'disabled',
    statusTicket: campaign?.statusTicket ?? 'closed',
    userId: campaign?.userId ?? null,
    queueId: campaign?.queueId ?? null,
  };
}

/** The form as the contract's body: the local time as an instant, nulls where nothing is chosen. */
export function toBody(values: CampaignFormValues): CampaignInput {
  return {
    ...values,
    scheduledAt: values.scheduledAt ? new Date(values.scheduledAt).toISOString() : null,
    whatsappId: values.whatsappId ?? '',
  } as CampaignInput;
}

// The contract's schema checks the body the form becomes, so the messages are the server's (§5).
const bodyResolver = zodResolver(campaignBody, undefined, { raw: true });
const resolver: Resolver<CampaignFormValues> = async (values, context, options) => {
  const result = await bodyResolver(toBody(values) as never, context, options as never);
  return result.errors && Object.keys(result.errors).length
    ? { values: {}, errors: result.errors as FieldErrors<CampaignFormValues> }
    : { values, errors: {} };
};

export interface CampaignDialogProps {
  /** null: a new campaign. */
  campaign: Campaign | null;
  onClose(): void;
}

/**
 * 3-automation §2 and §4: the campaign's name, connection, audience, time, messages, attachment and
 * ticket options. Past the edit lock the same fields show read-only, with the reason.
 */
export function CampaignDialog({ campaign, onClose }: CampaignDialogProps) {
  const { t } = useTranslation('campaigns');
  const editable =
    campaign === null ||
    campaignEditable(
      campaign.status,
      campaign.scheduledAt ? new Date(campaign.scheduledAt) : null,
      new Date(),
    );
  const save = useSaveCampaign();
  const setMedia = useSetCampaignMedia();
  const attachment = usePendingFile(campaign?.mediaName ?? null);
  const form = useForm<CampaignFormValues>({ defaultValues: initialValues(campaign), resolver });

  const onValid = async (values: CampaignFormValues) => {
    let saved: Campaign;
    try {
      saved = await save.mutateAsync({ id: campaign?.id ?? null, body: toBody(values) });
    } catch (err) {
      toastError(err);
      return;
    }
    // The campaign exists by now: a failed attachment change is reported, the dialog still closes.
    if (attachment.change !== undefined)
      await setMedia.mutateAsync({ id: saved.id, file: attachment.change }).catch(toastError);
    toast.success(t('saved'));
    onClose();
  };

  const fields = (
    <CampaignFields
      control={form.control}
      setValue={(field, value) => form.setValue(field, value, { shouldDirty: true })}
      getValue={(field) => form.getValues(field)}
      readOnly={!editable}
      initialUser={campaign?.user ?? null}
      attachment={attachment}
    />
  );

  if (!editable) {
    return (
      <InfoDialog title={t('dialog.viewTitle')} onClose={onClose} maxWidth="md">
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('dialog.readOnly')}
        </Alert>
        {fields}
      </InfoDialog>
    );
  }
  return (
    <FormDialog
      title={campaign ? t('dialog.editTitle') : t('dialog.addTitle')}
      isNew={campaign === null}
      onClose={onClose}
      onSubmit={form.handleSubmit(onValid)}
      saving={form.formState.isSubmitting}
      maxWidth="md"
    >
      {fields}
    </FormDialog>
  );
}

interface FieldsProps {
  control: Control<CampaignFormValues>;
  setValue(field: MessageField | 'userId' | 'queueId', value: string | number | null): void;
  getValue(field: MessageField): string;
  readOnly: boolean;
  initialUser: { id: number; name: string } | null;
  attachment: ReturnType<typeof usePendingFile>;
}

function CampaignFields({ control, setValue, getValue, readOnly, initialUser, attachment }: FieldsProps) {
  const { t } = useTranslation('campaigns');
  const bridge = useBridge();
  const connections = useConnections();
  const queues = useQueues();
  const tags = useTagOptions();
  const audiences = useTagAudiences();
  const lists = useQuery({
    queryKey: ['contactLists', 'all'],
    queryFn: () => bridge.request(contactListsRoutes.all, {}),
    staleTime: 60_000,
  });
  const [confirmation, openTicket, userId, contactListId, tagListId] = useWatch({
    control,
    name: ['confirmation', 'openTicket', 'userId', 'contactListId', 'tagListId'],
  });
  const [tab, setTab] = useState<MessageField>('message1');
  const shownTab = !confirmation && tab.startsWith('confirmation') ? 'message1' : tab;
  const ticketOff = readOnly || openTicket !== 'enabled';

  const settings = useCampaignSettings();
  const variables = [
    ...CAMPAIGN_MEMBER_VARIABLES,
    ...(settings.data?.variables ?? []).map((v) => `{${v.key}}`),
    ...CAMPAIGN_MESSAGE_VARIABLES,
  ];
  const insert = (variable: string) => {
    const current = getValue(shownTab);
    setValue(shownTab, current && !/\s$/.test(current) ? `${current} ${variable}` : `${current}${variable}`);
  };

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="name"
          label={t('dialog.fields.name')}
          required
          autoFocus={!readOnly}
          disabled={readOnly}
        />
        <FormTextField
          control={control}
          name="whatsappId"
          label={t('dialog.fields.whatsapp')}
          select
          required
          disabled={readOnly}
        >
          {(connections.data ?? []).map((connection) => (
            <MenuItem key={connection.id} value={connection.id}>
              {connection.name}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="contactListId"
          label={t('dialog.fields.contactList')}
          select
          disabled={readOnly || tagListId !== null}
          helperText={t('dialog.fields.audienceHint')}
        >
          <MenuItem value="">{t('dialog.fields.none')}</MenuItem>
          {(lists.data ?? []).map((list) => (
            <MenuItem key={list.id} value={list.id}>
              {list.name}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="tagListId"
          label={t('dialog.fields.tagList')}
          select
          disabled={readOnly || contactListId !== null}
        >
          <MenuItem value="">{t('dialog.fields.none')}</MenuItem>
          {(tags.data ?? []).map((tag) => (
            <MenuItem key={tag.id} value={tag.id}>
              {t('dialog.fields.tagOption', { name: tag.name, count: audiences.data?.get(tag.id) ?? 0 })}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="scheduledAt"
          label={t('dialog.fields.scheduledAt')}
          type="datetime-local"
          disabled={readOnly}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <FormSwitch
          control={control}
          name="confirmation"
          label={t('dialog.fields.confirmation')}
          disabled={readOnly}
        />
        <FormSwitch
          control={control}
          name="openTicket"
          label={t('dialog.fields.openTicket')}
          values={['disabled', 'enabled']}
          disabled={readOnly}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <UserPicker
          label={t('dialog.fields.user')}
          hint={t('dialog.fields.userHint')}
          value={userId}
          initial={initialUser}
          disabled={ticketOff}
          onChange={(id) => setValue('userId', id)}
        />
        <FormTextField
          control={control}
          name="queueId"
          label={t('dialog.fields.queue')}
          select
          required={userId !== null}
          disabled={ticketOff}
        >
          <MenuItem value="">{t('dialog.fields.none')}</MenuItem>
          {(queues.data ?? []).map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.name}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="statusTicket"
          label={t('dialog.fields.statusTicket')}
          select
          disabled={ticketOff}
        >
          {CAMPAIGN_TICKET_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`dialog.statusTicket.${status}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>

      <Box>
        <Tabs
          value={shownTab}
          onChange={(_, next: MessageField) => setTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('dialog.tabs.messages')}
        >
          {MESSAGES.map((field, i) => (
            <Tab key={field} value={field} label={t('dialog.tabs.message', { n: i + 1 })} />
          ))}
          {confirmation &&
            CONFIRMATIONS.map((field, i) => (
              <Tab key={field} value={field} label={t('dialog.tabs.confirmation', { n: i + 1 })} />
            ))}
        </Tabs>
        {[...MESSAGES, ...CONFIRMATIONS].map((field, i) =>
          field === shownTab ? (
            <FormTextField
              key={field}
              control={control}
              name={field}
              label={
                i < MESSAGES.length
                  ? t('dialog.message', { n: i + 1 })
                  : t('dialog.confirmationMessage', { n: i + 1 - MESSAGES.length })
              }
              multiline
              minRows={5}
              disabled={readOnly}
              sx={{ mt: 2 }}
            />
          ) : null,
        )}
      </Box>
      {!readOnly && (
        <Box>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
            {t('dialog.variables')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {variables.map((variable) => (
              <Chip
                key={variable}
                label={variable}
                size="small"
                variant="outlined"
                aria-label={t('dialog.insert', { variable })}
                onClick={() => insert(variable)}
              />
            ))}
          </Stack>
        </Box>
      )}
      {readOnly ? (
        attachment.name && <Typography variant="body2">{attachment.name}</Typography>
      ) : (
        <AttachmentField
          name={attachment.name}
          textsKey="campaigns:dialog.attachment"
          onChoose={attachment.choose}
          onRemove={attachment.remove}
        />
      )}
    </Stack>
  );
}

/** 3-automation §7: users are searched from 3 typed characters, 500 ms after the last keystroke. */
export const USER_SEARCH_MIN_CHARS = 3;

function UserPicker({
  label,
  hint,
  value,
  initial,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  value: number | null;
  initial: { id: number; name: string } | null;
  disabled: boolean;
  onChange(id: number | null): void;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState(initial && initial.id === value ? initial : null);
  const searchParam = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: ['campaigns', 'userSearch', searchParam],
    queryFn: () => bridge.request(api.users.list, { query: { searchParam, pageNumber: 1 } }),
    enabled: searchParam.length >= USER_SEARCH_MIN_CHARS,
  });
  const options = (found.data?.users ?? []).map(({ id, name }) => ({ id, name }));
  const current = value === null ? null : chosen;
  return (
    <Autocomplete
      options={current && !options.some((o) => o.id === current.id) ? [current, ...options] : options}
      value={current}
      onChange={(_, user) => {
        setChosen(user);
        onChange(user?.id ?? null);
      }}
      inputValue={typed}
      onInputChange={(_, next) => setTyped(next)}
      getOptionLabel={(user) => user.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(list) => list}
      loading={found.isFetching}
      loadingText={t('loading')}
      noOptionsText={typed.trim().length < USER_SEARCH_MIN_CHARS ? hint : t('lookup.noOptions')}
      disabled={disabled}
      fullWidth
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

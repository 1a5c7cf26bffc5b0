import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { type Control, Controller, type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ContactDetail, contactFormSchema } from '../../../shared/api/contacts';
import { isAdmin } from '../../../shared/permissions';
import { formatPhoneNumber } from '../../../shared/phone-number';
import { useCurrentUser } from '../../app/session';
import { DialogForm } from '../../ui/DialogForm';
import { FormSwitch, FormTextField } from '../../ui/FormFields';
import { RecordDialog } from '../../ui/RecordDialog';
import { toast, toastError } from '../../ui/toast';
import { useQueues } from '../queues/useQueues';
import { TagsSelect } from '../tags/TagsSelect';
import { useTagOptions } from '../tags/useTags';
import { useUserOptions } from '../tickets/useTicketsList';
import { useContact, useSaveContact } from './useContacts';

const formSchema = contactFormSchema.omit({ acceptAudioMessage: true });
/** Only admins set a contact's wallet: the form of other users leaves it out. */
const userFormSchema = formSchema.omit({ walletUserId: true, walletQueueId: true });
/** A number the server masked (lgpdHideNumber, users only) cannot be edited: the form leaves it out. */
const maskedFormSchema = userFormSchema.omit({ number: true });

interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  disableBot: boolean;
  tags: number[];
  extraInfo: { name: string; value: string }[];
  walletUserId: number | null;
  walletQueueId: number | null;
}

/** lgpdHideNumber: the server shows a profile user all but the last two digits as '*'. */
export const isMaskedNumber = (number: string) => number.includes('*');

export interface ContactDialogProps {
  open: boolean;
  /** null: a new contact. */
  contactId: number | null;
  onClose(): void;
  /** A new contact's name as typed where the dialog was asked for (the report's contact filter). */
  initialName?: string;
  /** The contact as saved, before the dialog closes: whoever opened it may pick it. */
  onSaved?(contact: ContactDetail): void;
}

/**
 * 1-attendance §2 contact dialog, for the contacts screen and the chat's contact drawer: main info, tags,
 * chatbot toggle, LGPD acceptance date, extra information name/value pairs and, for admins, the wallet.
 */
export function ContactDialog({ open, contactId, onClose, initialName, onSaved }: ContactDialogProps) {
  const { t } = useTranslation('contacts');
  const existing = useContact(open ? contactId : null);
  return (
    <RecordDialog
      open={open}
      id={contactId}
      record={existing}
      title={contactId === null ? t('dialog.addTitle') : t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      onClose={onClose}
    >
      {(contact) => (
        <ContactForm contact={contact} onClose={onClose} initialName={initialName} onSaved={onSaved} />
      )}
    </RecordDialog>
  );
}

function toForm(contact: ContactDetail | null, initialName = ''): ContactFormValues {
  return {
    name: contact?.name ?? initialName,
    number: contact ? formatPhoneNumber(contact.number) : '',
    email: contact?.email ?? '',
    disableBot: contact?.disableBot ?? false,
    tags: contact?.tags.map((tag) => tag.id) ?? [],
    extraInfo: contact?.extraInfo.map(({ name, value }) => ({ name, value })) ?? [],
    walletUserId: contact?.walletUserId ?? null,
    walletQueueId: contact?.walletQueueId ?? null,
  };
}

function ContactForm({
  contact,
  onClose,
  initialName,
  onSaved,
}: {
  contact: ContactDetail | null;
  onClose(): void;
  initialName?: string | undefined;
  onSaved?: ((contact: ContactDetail) => void) | undefined;
}) {
  const { t, i18n } = useTranslation('contacts');
  const admin = isAdmin(useCurrentUser());
  const masked = contact !== null && isMaskedNumber(contact.number);
  // The form starts from the contact as it was when the dialog opened; live updates do not reset typing.
  const [initial] = useState(() => toForm(contact, initialName));
  // raw: the server parses (trims, normalises the number) with the same schema.
  const schema = admin ? formSchema : masked ? maskedFormSchema : userFormSchema;
  const resolver = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<ContactFormValues>;
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<ContactFormValues>({ defaultValues: initial, resolver });
  const extra = useFieldArray({ control, name: 'extraInfo' });
  const save = useSaveContact();
  const loadedTags = useTagOptions().data;
  // The contact's own tags stay choosable even when the cached tag list predates them (an import made them).
  const tagOptions = useMemo(() => {
    const known = loadedTags ?? [];
    const missing = (contact?.tags ?? []).filter((tag) => !known.some((k) => k.id === tag.id));
    return [...known, ...missing];
  }, [loadedTags, contact]);

  const onValid = async ({ number, walletUserId, walletQueueId, ...values }: ContactFormValues) => {
    const body = { ...values, ...(admin && { walletUserId, walletQueueId }) };
    try {
      const saved =
        contact === null
          ? await save.mutateAsync({ id: null, body: { ...body, number } })
          : await save.mutateAsync({ id: contact.id, body: masked ? body : { ...body, number } });
      toast.success(t('toasts.saved'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={t('common:actions.save')}
      saving={isSubmitting}
    >
      <Stack spacing={2}>
        <Typography variant="subtitle2" component="h3">
          {t('dialog.mainInfo')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="name" label={t('dialog.name')} autoFocus required />
          {masked ? (
            <TextField
              label={t('dialog.number')}
              value={contact.number}
              fullWidth
              helperText={t('dialog.numberHidden')}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
          ) : (
            <FormTextField control={control} name="number" label={t('dialog.number')} required />
          )}
        </Stack>
        <FormTextField control={control} name="email" label={t('dialog.email')} />
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <TagsSelect
              label={t('dialog.tags')}
              options={tagOptions}
              value={field.value}
              onChange={field.onChange}
              noOptionsText={t('dialog.noTags')}
            />
          )}
        />
        <FormSwitch control={control} name="disableBot" label={t('dialog.disableBot')} />
        {admin && <WalletFields control={control} />}
        {contact && (
          <Typography variant="body2" color="text.secondary">
            {contact.lgpdAcceptedAt
              ? t('dialog.lgpdAccepted', {
                  date: new Date(contact.lgpdAcceptedAt).toLocaleString(i18n.language),
                })
              : t('dialog.lgpdNotAccepted')}
          </Typography>
        )}
        <Typography variant="subtitle2" component="h3">
          {t('dialog.extraInfo')}
        </Typography>
        {extra.fields.map((item, index) => (
          <ExtraInfoRow key={item.id} control={control} index={index} onRemove={() => extra.remove(index)} />
        ))}
        <Button
          startIcon={<AddIcon />}
          onClick={() => extra.append({ name: '', value: '' })}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('dialog.addExtra')}
        </Button>
      </Stack>
    </DialogForm>
  );
}

/**
 * DirectTicketsToWallets: the user (and queue) the contact's new tickets go straight to. The queue waits
 * for a user: without one there is no wallet.
 */
function WalletFields({ control }: { control: Control<ContactFormValues> }) {
  const { t } = useTranslation('contacts');
  const users = useUserOptions();
  const queues = useQueues();
  const userId = useWatch({ control, name: 'walletUserId' });
  const title = (
    <Typography variant="subtitle2" component="h3">
      {t('dialog.wallet')}
    </Typography>
  );
  if (users.isError || queues.isError) {
    return (
      <>
        {title}
        <Typography color="error" variant="body2">
          {t('dialog.walletLoadError')}
        </Typography>
      </>
    );
  }
  if (!users.data || !queues.data) {
    return (
      <>
        {title}
        <Skeleton variant="rounded" height={56} aria-label={t('dialog.walletLoading')} />
      </>
    );
  }
  return (
    <>
      {title}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          select
          control={control}
          name="walletUserId"
          label={t('dialog.walletUser')}
          helperText={t('dialog.walletHint')}
        >
          <MenuItem value="">{t('dialog.walletNone')}</MenuItem>
          {users.data.map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {user.name}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          select
          control={control}
          name="walletQueueId"
          label={t('dialog.walletQueue')}
          disabled={userId === null}
        >
          <MenuItem value="">{t('dialog.walletNoQueue')}</MenuItem>
          {queues.data.map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.name}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
    </>
  );
}

function ExtraInfoRow({
  control,
  index,
  onRemove,
}: {
  control: Control<ContactFormValues>;
  index: number;
  onRemove(): void;
}) {
  const { t } = useTranslation('contacts');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <FormTextField
        control={control}
        name={`extraInfo.${index}.name`}
        label={t('dialog.extraName')}
        size="small"
      />
      <FormTextField
        control={control}
        name={`extraInfo.${index}.value`}
        label={t('dialog.extraValue')}
        size="small"
      />
      <IconButton aria-label={t('dialog.removeExtra', { index: index + 1 })} onClick={onRemove}>
        <DeleteOutline />
      </IconButton>
    </Stack>
  );
}

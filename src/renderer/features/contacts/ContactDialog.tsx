import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { type Control, Controller, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ContactDetail, contactFormSchema } from '../../../shared/api/contacts';
import { DialogForm } from '../../ui/DialogForm';
import { FormSwitch, FormTextField } from '../../ui/FormFields';
import { RecordDialog } from '../../ui/RecordDialog';
import { toast, toastError } from '../../ui/toast';
import { TagsSelect } from '../tags/TagsSelect';
import { useTagOptions } from '../tags/useTags';
import { useContact, useSaveContact } from './useContacts';

const formSchema = contactFormSchema.omit({ acceptAudioMessage: true });
/** A number the server masked (lgpdHideNumber) cannot be edited: the form leaves it out. */
const maskedFormSchema = formSchema.omit({ number: true });

interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  disableBot: boolean;
  tags: number[];
  extraInfo: { name: string; value: string }[];
}

/** lgpdHideNumber: the server shows a profile user all but the last two digits as '*'. */
export const isMaskedNumber = (number: string) => number.includes('*');

export interface ContactDialogProps {
  open: boolean;
  /** null: a new contact. */
  contactId: number | null;
  onClose(): void;
}

/**
 * 1-attendance §2 contact dialog, for the contacts screen and the chat's contact drawer: main info, tags,
 * chatbot toggle, LGPD acceptance date and extra information name/value pairs.
 */
export function ContactDialog({ open, contactId, onClose }: ContactDialogProps) {
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
      {(contact) => <ContactForm contact={contact} onClose={onClose} />}
    </RecordDialog>
  );
}

function toForm(contact: ContactDetail | null): ContactFormValues {
  return {
    name: contact?.name ?? '',
    number: contact?.number ?? '',
    email: contact?.email ?? '',
    disableBot: contact?.disableBot ?? false,
    tags: contact?.tags.map((tag) => tag.id) ?? [],
    extraInfo: contact?.extraInfo.map(({ name, value }) => ({ name, value })) ?? [],
  };
}

function ContactForm({ contact, onClose }: { contact: ContactDetail | null; onClose(): void }) {
  const { t, i18n } = useTranslation('contacts');
  const masked = contact !== null && isMaskedNumber(contact.number);
  // The form starts from the contact as it was when the dialog opened; live updates do not reset typing.
  const [initial] = useState(() => toForm(contact));
  // raw: the server parses (trims, normalises the number) with the same schema.
  const resolver = zodResolver(masked ? maskedFormSchema : formSchema, undefined, {
    raw: true,
  }) as unknown as Resolver<ContactFormValues>;
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

  const onValid = async ({ number, ...values }: ContactFormValues) => {
    try {
      if (contact === null) await save.mutateAsync({ id: null, body: { ...values, number } });
      else await save.mutateAsync({ id: contact.id, body: masked ? values : { ...values, number } });
      toast.success(t('toasts.saved'));
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

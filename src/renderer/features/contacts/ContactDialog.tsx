import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { type Control, Controller, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ContactDetail, contactFormSchema } from '../../../shared/api/contacts';
import { ColorChip } from '../../ui/ColorChip';
import { DialogForm } from '../../ui/DialogForm';
import { translateValidation } from '../../ui/error-message';
import { TitledDialog } from '../../ui/TitledDialog';
import { toast, toastError } from '../../ui/toast';
import { useTagOptions } from '../tickets/useTicketsList';
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

  useEffect(() => {
    if (!existing.error) return;
    toastError(existing.error);
    onClose();
  }, [existing.error, onClose]);

  return (
    <TitledDialog
      open={open}
      title={contactId === null ? t('dialog.addTitle') : t('dialog.editTitle')}
      onClose={onClose}
      maxWidth="sm"
    >
      {!open ? null : contactId === null ? (
        <ContactForm key="new" contact={null} onClose={onClose} />
      ) : existing.data ? (
        <ContactForm key={contactId} contact={existing.data} onClose={onClose} />
      ) : (
        <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('dialog.loading')} />
        </DialogContent>
      )}
    </TitledDialog>
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

  const text = (name: 'name' | 'number' | 'email', label: string, options: { autoFocus?: boolean } = {}) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={label}
          fullWidth
          autoFocus={options.autoFocus}
          required={name !== 'email'}
          error={fieldState.error !== undefined}
          helperText={translateValidation(fieldState.error?.message, t)}
        />
      )}
    />
  );

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={t('dialog.save')}
      saving={isSubmitting}
    >
      <Stack spacing={2}>
        <Typography variant="subtitle2" component="h3">
          {t('dialog.mainInfo')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('name', t('dialog.name'), { autoFocus: true })}
          {masked ? (
            <TextField
              label={t('dialog.number')}
              value={contact.number}
              fullWidth
              helperText={t('dialog.numberHidden')}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
          ) : (
            text('number', t('dialog.number'))
          )}
        </Stack>
        {text('email', t('dialog.email'))}
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <Autocomplete
              multiple
              options={tagOptions}
              value={tagOptions.filter((tag) => field.value.includes(tag.id))}
              onChange={(_, tags) => field.onChange(tags.map((tag) => tag.id))}
              getOptionLabel={(tag) => tag.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              noOptionsText={t('dialog.noTags')}
              renderValue={(tags, getItemProps) =>
                tags.map((tag, index) => {
                  const { key, ...item } = getItemProps({ index });
                  return <ColorChip key={key} {...item} size="small" label={tag.name} color={tag.color} />;
                })
              }
              renderInput={(params) => <TextField {...params} label={t('dialog.tags')} />}
            />
          )}
        />
        <Controller
          control={control}
          name="disableBot"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
              }
              label={t('dialog.disableBot')}
            />
          )}
        />
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
  const field = (part: 'name' | 'value', label: string) => (
    <Controller
      control={control}
      name={`extraInfo.${index}.${part}`}
      render={({ field: input, fieldState }) => (
        <TextField
          {...input}
          label={label}
          size="small"
          fullWidth
          error={fieldState.error !== undefined}
          helperText={translateValidation(fieldState.error?.message, t)}
        />
      )}
    />
  );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      {field('name', t('dialog.extraName'))}
      {field('value', t('dialog.extraValue'))}
      <IconButton aria-label={t('dialog.removeExtra', { index: index + 1 })} onClick={onRemove}>
        <DeleteOutline />
      </IconButton>
    </Stack>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { boundedText } from '../../../shared/api/common';
import { VALIDATION } from '../../../shared/errors';
import { DialogForm } from '../../ui/DialogForm';
import { translateValidation } from '../../ui/error-message';
import { TitledDialog } from '../../ui/TitledDialog';

/** 1-attendance §5 contact form bounds: name 2–50, number 8–50 digits. */
const contactCardSchema = z.object({
  name: boundedText(2, 50),
  number: z
    .string()
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().min(1, VALIDATION.required).min(8, VALIDATION.tooShort).max(50, VALIDATION.tooLong)),
});
type ContactCardInput = z.input<typeof contactCardSchema>;
type ContactCard = z.output<typeof contactCardSchema>;

interface SendContactModalProps {
  onClose(): void;
  onSend(card: ContactCard): void;
}

/**
 * 1-attendance §2 send contact: a contact card (name and number) sent into the chat. Picking from the
 * contact list comes with the contacts screen; until then the card is typed in.
 */
export function SendContactModal({ onClose, onSend }: SendContactModalProps) {
  const { t } = useTranslation('chat');
  const { control, handleSubmit } = useForm<ContactCardInput, unknown, ContactCard>({
    defaultValues: { name: '', number: '' },
    resolver: zodResolver(contactCardSchema),
  });
  const field = (name: keyof ContactCardInput, label: string, autoFocus = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field: input, fieldState }) => (
        <TextField
          {...input}
          label={label}
          autoFocus={autoFocus}
          fullWidth
          error={fieldState.error !== undefined}
          helperText={translateValidation(fieldState.error?.message, t)}
        />
      )}
    />
  );
  return (
    <TitledDialog open title={t('sendContact.title')} onClose={onClose} maxWidth="xs">
      <DialogForm onSubmit={handleSubmit(onSend)} onCancel={onClose} submitLabel={t('sendContact.send')}>
        <Stack spacing={2}>
          {field('name', t('sendContact.name'), true)}
          {field('number', t('sendContact.number'))}
        </Stack>
      </DialogForm>
    </TitledDialog>
  );
}

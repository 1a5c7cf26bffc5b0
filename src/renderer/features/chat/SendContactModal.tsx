import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { boundedText } from '../../../shared/api/common';
import type { Contact } from '../../../shared/api/contacts';
import { digitsOf } from '../../../shared/digits';
import { VALIDATION } from '../../../shared/errors';
import { DialogForm } from '../../ui/DialogForm';
import { FormTextField } from '../../ui/FormFields';
import { TitledDialog } from '../../ui/TitledDialog';
import { isMaskedNumber } from '../contacts/ContactDialog';
import { ContactSearchField } from '../tickets/ContactSearchField';

/** 1-attendance §5 contact form bounds: name 2–50, number 8–50 digits. */
const contactCardSchema = z.object({
  name: boundedText(2, 50),
  number: z
    .string()
    .transform((value) => digitsOf(value))
    .pipe(z.string().min(1, VALIDATION.required).min(8, VALIDATION.tooShort).max(50, VALIDATION.tooLong)),
});
type ContactCardInput = z.input<typeof contactCardSchema>;
type ContactCard = z.output<typeof contactCardSchema>;

interface SendContactModalProps {
  onClose(): void;
  onSend(card: ContactCard): void;
}

/**
 * 1-attendance §2 send contact: a contact card (name and number) sent into the chat, picked from the
 * contacts or typed in. A number the server masks (lgpdHideNumber) cannot be sent, so such contacts are
 * shown but not choosable.
 */
export function SendContactModal({ onClose, onSend }: SendContactModalProps) {
  const { t } = useTranslation('chat');
  const [picked, setPicked] = useState<Contact | null>(null);
  const { control, handleSubmit, setValue } = useForm<ContactCardInput, unknown, ContactCard>({
    defaultValues: { name: '', number: '' },
    resolver: zodResolver(contactCardSchema),
  });
  const pick = (contact: Contact | null) => {
    setPicked(contact);
    if (!contact) return;
    setValue('name', contact.name, { shouldDirty: true, shouldValidate: true });
    setValue('number', contact.number, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <TitledDialog open title={t('sendContact.title')} onClose={onClose} maxWidth="xs">
      <DialogForm onSubmit={handleSubmit(onSend)} onCancel={onClose} submitLabel={t('sendContact.send')}>
        <Stack spacing={2}>
          <ContactSearchField
            label={t('sendContact.search')}
            value={picked}
            onChange={pick}
            getOptionDisabled={(contact) => isMaskedNumber(contact.number)}
            autoFocus
          />
          <FormTextField control={control} name="name" label={t('sendContact.name')} />
          <FormTextField control={control} name="number" label={t('sendContact.number')} />
        </Stack>
      </DialogForm>
    </TitledDialog>
  );
}

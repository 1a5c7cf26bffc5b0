import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../shared/api';
import type { Contact } from '../../../shared/api/contacts';
import { useCurrentUser } from '../../app/session';
import { useBridge } from '../../bridge/context';
import { DialogForm } from '../../ui/DialogForm';
import { translateValidation } from '../../ui/error-message';
import { FormTextField } from '../../ui/FormFields';
import { TitledDialog } from '../../ui/TitledDialog';
import { toastError } from '../../ui/toast';
import { useConnections } from '../connections/useConnections';
import { otherOpenTicketOf } from './already-open';
import { ContactSearchField } from './ContactSearchField';
import { QueueSelectField } from './QueueSelectField';
import { type NewTicketFormValues, newTicketFormSchema } from './ticket-forms';
import { useTicketActions } from './useTicketActions';
import { useSelectableQueues, useTicketsCache } from './useTicketsList';

/**
 * 1-attendance §2 "New ticket": contact search (from 3 characters, 500 ms debounce), queue (required)
 * and connection. An existing conversation (409) is opened, or shown when someone else serves it.
 */
export function NewTicketModal({
  open,
  onClose,
  contact,
}: {
  open: boolean;
  onClose(): void;
  /** Chosen beforehand (start-ticket from the contacts screen). */
  contact?: Contact | null;
}) {
  const { t } = useTranslation('tickets');
  return (
    <TitledDialog open={open} title={t('dialogs.newTicket.title')} onClose={onClose} maxWidth="sm">
      {open && <NewTicketForm onClose={onClose} contact={contact ?? null} />}
    </TitledDialog>
  );
}

function NewTicketForm({ onClose, contact }: { onClose(): void; contact: Contact | null }) {
  const { t } = useTranslation('tickets');
  const bridge = useBridge();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { queues } = useSelectableQueues();
  const cache = useTicketsCache();
  const actions = useTicketActions();
  const [chosen, setChosen] = useState<Contact | null>(contact);
  // Without a choice the server takes the company's default connection.
  const connections = useConnections().data;
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<NewTicketFormValues>({
    defaultValues: {
      contactId: contact?.id ?? null,
      queueId: queues.length === 1 ? queues[0].id : null,
      whatsappId: null,
    },
    resolver: zodResolver(newTicketFormSchema, undefined, { raw: true }),
  });

  const onValid = async (values: NewTicketFormValues) => {
    if (values.contactId === null) return;
    try {
      const ticket = await bridge.request(api.tickets.create, {
        body: {
          contactId: values.contactId,
          queueId: values.queueId,
          whatsappId: values.whatsappId,
          userId: user.id,
          status: 'open',
        },
      });
      cache.applyTicketEvent({ action: 'update', ticket });
      onClose();
      navigate(`/tickets/${ticket.uuid}`);
    } catch (error) {
      const other = otherOpenTicketOf(error);
      if (!other) {
        toastError(error);
        return;
      }
      onClose();
      actions.showOther(other);
    }
  };

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={t('dialogs.newTicket.save')}
      saving={isSubmitting}
    >
      <Stack spacing={2}>
        <Controller
          control={control}
          name="contactId"
          render={({ field, fieldState }) => (
            <ContactSearchField
              label={t('dialogs.newTicket.contact')}
              value={chosen}
              onChange={(contact) => {
                setChosen(contact);
                field.onChange(contact?.id ?? null);
              }}
              required
              autoFocus
              error={Boolean(fieldState.error)}
              helperText={translateValidation(fieldState.error?.message, t)}
            />
          )}
        />
        <QueueSelectField control={control} name="queueId" queues={queues} />
        {connections && connections.length > 0 && (
          <FormTextField control={control} name="whatsappId" select label={t('dialogs.newTicket.connection')}>
            {connections.map((connection) => (
              <MenuItem key={connection.id} value={connection.id}>
                {connection.name}
              </MenuItem>
            ))}
          </FormTextField>
        )}
      </Stack>
    </DialogForm>
  );
}

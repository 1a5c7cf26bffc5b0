import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
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
import { TitledDialog } from '../../ui/TitledDialog';
import { toastError } from '../../ui/toast';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { otherOpenTicketOf } from './already-open';
import { QueueSelectField } from './QueueSelectField';
import { LOOKUP_MIN_CHARS, type NewTicketFormValues, newTicketFormSchema } from './ticket-forms';
import { useTicketActions } from './useTicketActions';
import {
  useConnectionOptions,
  useContactSearch,
  useSelectableQueues,
  useTicketsCache,
} from './useTicketsList';

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
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<Contact | null>(contact);
  const term = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const found = useContactSearch(term, term.length >= LOOKUP_MIN_CHARS);
  // Without a choice the server takes the company's default connection.
  const connections = useConnectionOptions().data;
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

  const short = term.length < LOOKUP_MIN_CHARS;
  const options = short ? [] : (found.data ?? []);

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
            <Autocomplete
              options={chosen && !options.some((c) => c.id === chosen.id) ? [chosen, ...options] : options}
              value={chosen}
              onChange={(_, contact) => {
                setChosen(contact);
                field.onChange(contact?.id ?? null);
              }}
              inputValue={typed}
              onInputChange={(_, value) => setTyped(value)}
              getOptionLabel={(contact) => `${contact.name} - ${contact.number}`}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              filterOptions={(list) => list}
              loading={found.isFetching}
              loadingText={t('dialogs.loading')}
              noOptionsText={short ? t('dialogs.typeMore') : t('dialogs.noOptions')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  required
                  autoFocus
                  label={t('dialogs.newTicket.contact')}
                  error={Boolean(fieldState.error)}
                  helperText={translateValidation(fieldState.error?.message, t)}
                />
              )}
            />
          )}
        />
        <QueueSelectField control={control} name="queueId" queues={queues} />
        {connections && connections.length > 0 && (
          <Controller
            control={control}
            name="whatsappId"
            render={({ field }) => (
              <TextField
                select
                label={t('dialogs.newTicket.connection')}
                value={field.value ?? ''}
                onChange={(event) =>
                  field.onChange(event.target.value === '' ? null : Number(event.target.value))
                }
              >
                {connections.map((connection) => (
                  <MenuItem key={connection.id} value={connection.id}>
                    {connection.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        )}
      </Stack>
    </DialogForm>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../../../shared/api/tickets';
import { DialogForm } from '../../ui/DialogForm';
import { translateValidation } from '../../ui/error-message';
import { TitledDialog } from '../../ui/TitledDialog';
import { toast } from '../../ui/toast';
import { useQueues } from '../queues/useQueues';
import { UserSearchField } from '../users/UserSearchField';
import { QueueSelectField } from './QueueSelectField';
import { type TransferFormValues, transferFormSchema } from './ticket-forms';
import { useTicketActions } from './useTicketActions';
import { useUserOptions } from './useTicketsList';

export interface TransferTicketModalProps {
  open: boolean;
  ticket: Ticket | null;
  onClose(): void;
}

/** 1-attendance §2 "Transfer": a user (all listed, typing narrows), a queue (required) and a message. */
export function TransferTicketModal({ open, ticket, onClose }: TransferTicketModalProps) {
  const { t } = useTranslation('tickets');
  return (
    <TitledDialog
      open={open && ticket !== null}
      title={t('dialogs.transfer.title')}
      onClose={onClose}
      maxWidth="sm"
    >
      {ticket && <TransferForm key={ticket.id} ticket={ticket} onClose={onClose} />}
    </TitledDialog>
  );
}

function TransferForm({ ticket, onClose }: { ticket: Ticket; onClose(): void }) {
  const { t } = useTranslation('tickets');
  const actions = useTicketActions();
  const users = useUserOptions();
  const allQueues = useQueues();
  const {
    control,
    handleSubmit,
    setValue,
    formState: { isSubmitting },
  } = useForm<TransferFormValues>({
    defaultValues: { userId: null, queueId: ticket.queueId, msgTransfer: '' },
    resolver: zodResolver(transferFormSchema, undefined, { raw: true }),
  });
  const userId = useWatch({ control, name: 'userId' });
  const chosenUser = users.data?.find((u) => u.id === userId) ?? null;
  // A chosen user can only receive the ticket in one of their queues.
  const queues = chosenUser ? chosenUser.queues : (allQueues.data ?? []);

  const onValid = async (values: TransferFormValues) => {
    if (values.queueId === null) return;
    const done = await actions.transfer(ticket, {
      queueId: values.queueId,
      userId: values.userId,
      msgTransfer: values.msgTransfer,
    });
    if (!done) return;
    // The ticket leaves this user's list: say where it went.
    const queueName = queues.find((q) => q.id === values.queueId)?.name ?? '';
    toast.success(
      chosenUser
        ? t('dialogs.transfer.doneToUser', { user: chosenUser.name, queue: queueName })
        : t('dialogs.transfer.doneToQueue', { queue: queueName }),
    );
    onClose();
  };

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={t('dialogs.transfer.confirm')}
      saving={isSubmitting}
    >
      <Stack spacing={2}>
        <Controller
          control={control}
          name="userId"
          render={({ field }) => (
            <UserSearchField
              label={t('dialogs.transfer.user')}
              value={field.value}
              autoFocus
              onChange={(user) => {
                field.onChange(user?.id ?? null);
                if (user && !user.queues.some((q) => q.id === ticket.queueId)) {
                  setValue('queueId', user.queues.length === 1 ? user.queues[0].id : null);
                }
              }}
            />
          )}
        />
        <QueueSelectField control={control} name="queueId" queues={queues} />
        <Controller
          control={control}
          name="msgTransfer"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={t('dialogs.transfer.message')}
              multiline
              minRows={2}
              maxRows={6}
              error={Boolean(fieldState.error)}
              helperText={translateValidation(fieldState.error?.message, t)}
            />
          )}
        />
      </Stack>
    </DialogForm>
  );
}

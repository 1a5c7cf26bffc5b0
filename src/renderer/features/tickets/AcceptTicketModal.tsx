import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../../../shared/api/tickets';
import { DialogForm } from '../../ui/DialogForm';
import { TitledDialog } from '../../ui/TitledDialog';
import { QueueSelectField } from './QueueSelectField';
import { type AcceptFormValues, acceptFormSchema } from './ticket-forms';
import { useTicketActions } from './useTicketActions';
import { useSelectableQueues } from './useTicketsList';

export interface AcceptTicketModalProps {
  open: boolean;
  ticket: Ticket | null;
  onClose(): void;
}

/** 1-attendance §2 "Accept": a waiting ticket without a queue gets one of the user's queues as it is accepted. */
export function AcceptTicketModal({ open, ticket, onClose }: AcceptTicketModalProps) {
  const { t } = useTranslation('tickets');
  return (
    <TitledDialog
      open={open && ticket !== null}
      title={t('dialogs.accept.title')}
      onClose={onClose}
      maxWidth="xs"
    >
      {ticket && <AcceptForm key={ticket.id} ticket={ticket} onClose={onClose} />}
    </TitledDialog>
  );
}

function AcceptForm({ ticket, onClose }: { ticket: Ticket; onClose(): void }) {
  const { t } = useTranslation('tickets');
  const { queues } = useSelectableQueues();
  const actions = useTicketActions();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<AcceptFormValues>({
    defaultValues: { queueId: ticket.queueId },
    resolver: zodResolver(acceptFormSchema, undefined, { raw: true }),
  });

  const onValid = async ({ queueId }: AcceptFormValues) => {
    if (queueId !== null && (await actions.accept(ticket, { queueId }))) onClose();
  };

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={t('dialogs.accept.confirm')}
      saving={isSubmitting}
    >
      <QueueSelectField control={control} name="queueId" queues={queues} />
    </DialogForm>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../../../shared/api/tickets';
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
  const titleId = useId();
  return (
    <Dialog
      open={open && ticket !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t('dialogs.accept.title')}</DialogTitle>
      {ticket && <AcceptForm key={ticket.id} ticket={ticket} onClose={onClose} />}
    </Dialog>
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
    <Box component="form" noValidate onSubmit={handleSubmit(onValid)} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        <QueueSelectField control={control} name="queueId" queues={queues} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('dialogs.accept.confirm')}
        </Button>
      </DialogActions>
    </Box>
  );
}

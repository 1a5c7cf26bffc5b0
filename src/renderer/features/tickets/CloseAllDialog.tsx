import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../shared/api';
import { closeAllBody } from '../../../shared/api/tickets';
import { useBridge } from '../../bridge/context';
import { DialogForm } from '../../ui/DialogForm';
import { TitledDialog } from '../../ui/TitledDialog';
import { toast, toastError } from '../../ui/toast';
import { useQueues } from '../queues/useQueues';
import { QueueDot } from './QueueDot';

type CloseAllValues = z.input<typeof closeAllBody>;
const CLOSABLE = ['open', 'pending', 'group'] as const;

export interface CloseAllDialogProps {
  open: boolean;
  onClose(): void;
}

/** 1-attendance §4 "Close all" (admins): every ticket of a status in the chosen queues (none chosen: all). */
export function CloseAllDialog({ open, onClose }: CloseAllDialogProps) {
  const { t } = useTranslation('tickets');
  return (
    <TitledDialog open={open} title={t('dialogs.closeAll.title')} onClose={onClose} maxWidth="xs">
      {open && <CloseAllForm onClose={onClose} />}
    </TitledDialog>
  );
}

function CloseAllForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('tickets');
  const bridge = useBridge();
  const queues = useQueues();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<CloseAllValues>({
    defaultValues: { status: 'open', selectedQueueIds: [] },
    resolver: zodResolver(closeAllBody, undefined, { raw: true }),
  });

  // The closed tickets leave the lists through their realtime updates.
  const onValid = async (body: CloseAllValues) => {
    try {
      const { closing } = await bridge.request(api.tickets.closeAll, { body });
      toast.success(t('dialogs.closeAll.done', { count: closing }));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  const nameOf = (id: number) => queues.data?.find((q) => q.id === id)?.name ?? String(id);

  return (
    <DialogForm
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel={t('dialogs.closeAll.confirm')}
      saving={isSubmitting}
      submitColor="error"
    >
      <Stack spacing={2}>
        <DialogContentText>{t('dialogs.closeAll.message')}</DialogContentText>
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <TextField select required label={t('dialogs.closeAll.status')} {...field}>
              {CLOSABLE.map((status) => (
                <MenuItem key={status} value={status}>
                  {t(`statuses.${status}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="selectedQueueIds"
          render={({ field }) => {
            const value = field.value ?? [];
            return (
              <TextField
                select
                label={t('dialogs.closeAll.queues')}
                value={value}
                onChange={(event) => field.onChange(event.target.value as unknown as number[])}
                slotProps={{
                  inputLabel: { shrink: true },
                  select: {
                    multiple: true,
                    displayEmpty: true,
                    renderValue: (selected) => {
                      const ids = selected as number[];
                      return ids.length === 0 ? t('dialogs.closeAll.allQueues') : ids.map(nameOf).join(', ');
                    },
                  },
                }}
              >
                {(queues.data ?? []).map((queue) => (
                  <MenuItem key={queue.id} value={queue.id}>
                    <Checkbox checked={value.includes(queue.id)} size="small" />
                    <QueueDot color={queue.color} />
                    <ListItemText primary={queue.name} />
                  </MenuItem>
                ))}
              </TextField>
            );
          }}
        />
      </Stack>
    </DialogForm>
  );
}

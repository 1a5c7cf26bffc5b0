import { zodResolver } from '@hookform/resolvers/zod';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type Note, noteBody } from '../../../shared/api/notes';
import type { Ticket } from '../../../shared/api/tickets';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { errorMessage, translateValidation } from '../../ui/error-message';
import { TitledDialog } from '../../ui/TitledDialog';
import { toast, toastError } from '../../ui/toast';
import { formatDate, formatTime } from '../chat/timeline';
import { useAddNote, useDeleteNote, useTicketNotes } from './useNotes';

/** 1-attendance §5: required, at least 2 characters. */
const noteForm = z.object({ note: noteBody.shape.note });

/** 1-attendance §2 notes modal: the ticket's observations, a form to add one, and delete. */
export function NotesDialog({ ticket, onClose }: { ticket: Ticket; onClose(): void }) {
  const { t } = useTranslation('tags');
  const user = useCurrentUser();
  const notes = useTicketNotes(ticket.id, ticket.contact.id);
  const addNote = useAddNote(ticket.id, ticket.contact.id);
  const deleteNote = useDeleteNote(ticket.id);
  const [toDelete, setToDelete] = useState<Note | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<{ note: string }>({ defaultValues: { note: '' }, resolver: zodResolver(noteForm) });

  const onValid = async ({ note }: { note: string }) => {
    try {
      await addNote.mutateAsync(note);
    } catch (err) {
      toastError(err);
      return;
    }
    toast.success(t('notes.added'));
    reset({ note: '' });
  };

  const confirmDelete = async () => {
    const note = toDelete;
    setToDelete(null);
    if (!note) return;
    try {
      await deleteNote.mutateAsync(note.id);
      toast.success(t('notes.deleted'));
    } catch (err) {
      toastError(err);
    }
  };

  const mayDelete = (note: Note) => isAdmin(user) || note.user?.id === user.id;

  return (
    <TitledDialog open title={t('notes.title')} onClose={onClose} maxWidth="sm">
      <DialogContent dividers>
        <Stack component="form" noValidate onSubmit={handleSubmit(onValid)} spacing={1} sx={{ mb: 2 }}>
          <Controller
            control={control}
            name="note"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={t('notes.field')}
                multiline
                minRows={2}
                maxRows={6}
                fullWidth
                autoFocus
                error={fieldState.invalid}
                helperText={translateValidation(fieldState.error?.message, t)}
              />
            )}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t('notes.add')}
            </Button>
          </Box>
        </Stack>
        {notes.isLoading && <CircularProgress aria-label={t('notes.loading')} />}
        {notes.isError && <Alert severity="error">{errorMessage(notes.error, t)}</Alert>}
        {notes.data?.length === 0 && <Typography color="text.secondary">{t('notes.empty')}</Typography>}
        {notes.data && notes.data.length > 0 && (
          <List dense aria-label={t('notes.title')}>
            {notes.data.map((note) => (
              <ListItem
                key={note.id}
                divider
                secondaryAction={
                  mayDelete(note) && (
                    <IconButton edge="end" aria-label={t('notes.delete')} onClick={() => setToDelete(note)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  )
                }
              >
                <ListItemText
                  primary={note.note}
                  secondary={t('notes.byOn', {
                    name: note.user?.name ?? t('notes.removedUser'),
                    date: formatDate(note.createdAt),
                    time: formatTime(note.createdAt),
                  })}
                  slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('notes.confirmDelete')}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </TitledDialog>
  );
}

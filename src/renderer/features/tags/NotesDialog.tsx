import { zodResolver } from '@hookform/resolvers/zod';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type Note, noteBody } from '../../../shared/api/notes';
import type { Ticket } from '../../../shared/api/tickets';
import { isAdmin } from '../../../shared/permissions';
import { useCurrentUser } from '../../app/session';
import { errorMessage } from '../../ui/error-message';
import { FormTextField } from '../../ui/FormFields';
import { InfoDialog } from '../../ui/InfoDialog';
import { QueryList } from '../../ui/QueryList';
import { toast, toastError } from '../../ui/toast';
import { useConfirmDelete } from '../../ui/useConfirmDelete';
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
  const removal = useConfirmDelete({
    remove: (note: Note) => deleteNote.mutateAsync(note.id),
    title: () => t('notes.confirmDelete'),
    deleted: t('notes.deleted'),
  });
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

  const mayDelete = (note: Note) => isAdmin(user) || note.user?.id === user.id;

  return (
    <InfoDialog title={t('notes.title')} onClose={onClose}>
      <Stack component="form" noValidate onSubmit={handleSubmit(onValid)} spacing={1} sx={{ mb: 2 }}>
        <FormTextField
          control={control}
          name="note"
          label={t('notes.field')}
          multiline
          maxRows={6}
          autoFocus
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('notes.add')}
          </Button>
        </Box>
      </Stack>
      <QueryList
        query={notes}
        loadingLabel={t('notes.loading')}
        errorText={errorMessage(notes.error, t)}
        emptyText={t('notes.empty')}
        label={t('notes.title')}
      >
        {(note) => (
          <ListItem
            key={note.id}
            divider
            secondaryAction={
              mayDelete(note) && (
                <IconButton edge="end" aria-label={t('notes.delete')} onClick={() => removal.ask(note)}>
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
        )}
      </QueryList>
      {removal.dialog}
    </InfoDialog>
  );
}

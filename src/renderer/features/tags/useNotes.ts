import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import type { Note } from '../../../shared/api/notes';
import { useBridge } from '../../bridge/context';

const notesKey = (ticketId: number) => ['ticketNotes', ticketId] as const;

/** GET /ticket-notes/list: the ticket's notes, newest first. */
export function useTicketNotes(ticketId: number, contactId: number) {
  const bridge = useBridge();
  return useQuery({
    queryKey: notesKey(ticketId),
    queryFn: () => bridge.request(api.notes.list, { query: { ticketId, contactId } }),
  });
}

export function useAddNote(ticketId: number, contactId: number) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => bridge.request(api.notes.create, { body: { note, ticketId, contactId } }),
    onSuccess: (note) =>
      queryClient.setQueryData<Note[]>(notesKey(ticketId), (notes) => [note, ...(notes ?? [])]),
  });
}

export function useDeleteNote(ticketId: number) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => bridge.request(api.notes.remove, { params: { id } }),
    onSuccess: (_ok, id) =>
      queryClient.setQueryData<Note[]>(notesKey(ticketId), (notes) => notes?.filter((n) => n.id !== id)),
  });
}

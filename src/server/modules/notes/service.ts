import type { z } from 'zod';
import type { noteBody } from '../../../shared/api/notes';
import { actorIsAdmin } from '../../platform/actor';
import { forbidden, notFound } from '../../platform/app-error';
import type { Context } from '../../platform/deps';
import { findVisibleTicket } from '../tickets/service';
import * as q from './queries';

type NoteInput = z.output<typeof noteBody>;

/**
 * The ticket of a note: one the caller may see. A contact named with it must be that ticket's contact,
 * so a note never points at another ticket's (or company's) contact.
 */
async function ticketFor(ctx: Context, ticketId: number, contactId?: number) {
  const ticket = await findVisibleTicket(ctx, ticketId);
  if (contactId !== undefined && contactId !== ticket.contactId) throw notFound('ERR_NO_CONTACT_FOUND');
  return ticket;
}

/** POST /ticket-notes: an observation on a ticket the caller may see, signed by the caller. */
export async function createNote(ctx: Context, input: NoteInput) {
  const ticket = await ticketFor(ctx, input.ticketId, input.contactId);
  return q.insertNote(ctx.db, {
    note: input.note,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    userId: ctx.actor.userId,
  });
}

/** GET /ticket-notes/list: the notes of a ticket the caller may see, newest first. */
export async function listNotes(ctx: Context, query: { ticketId: number; contactId?: number }) {
  const ticket = await ticketFor(ctx, query.ticketId, query.contactId);
  return q.ticketNoteRows(ctx.db, ticket.id);
}

/** DELETE /ticket-notes/:id: an author removes their own notes; admins any note of the company. */
export async function deleteNote(ctx: Context, id: number) {
  const note = await q.findNoteAuthor(ctx.db, id);
  if (!note) throw notFound('ERR_NOT_FOUND');
  if (note.userId !== ctx.actor.userId && !actorIsAdmin(ctx.actor)) throw forbidden();
  await q.deleteNoteRow(ctx.db, id);
  return { ok: true as const };
}

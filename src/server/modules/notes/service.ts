import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Note, noteBody } from '../../../shared/api/notes';
import { ticketNotes, users } from '../../db/schema';
import { actorIsAdmin } from '../../platform/actor';
import { forbidden, notFound } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/database';
import type { Context } from '../../platform/deps';
import { findVisibleTicket } from '../tickets/service';

type NoteInput = z.output<typeof noteBody>;

function selectNotes(db: DbOrTx) {
  return db
    .select({
      id: ticketNotes.id,
      note: ticketNotes.note,
      ticketId: ticketNotes.ticketId,
      contactId: ticketNotes.contactId,
      userId: users.id,
      userName: users.name,
      createdAt: ticketNotes.createdAt,
    })
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId));
}

type NoteRow = Awaited<ReturnType<ReturnType<typeof selectNotes>['execute']>>[number];

const toNote = ({ userId, userName, createdAt, ...note }: NoteRow): Note => ({
  ...note,
  user: userId === null || userName === null ? null : { id: userId, name: userName },
  createdAt: createdAt.toISOString(),
});

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
  const { db } = ctx.deps;
  const [created] = await db
    .insert(ticketNotes)
    .values({
      companyId: ctx.actor.companyId,
      note: input.note,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: ctx.actor.userId,
    })
    .returning({ id: ticketNotes.id });
  const [row] = await selectNotes(db).where(eq(ticketNotes.id, created!.id));
  return toNote(row!);
}

/** GET /ticket-notes/list: the notes of a ticket the caller may see, newest first. */
export async function listNotes(ctx: Context, query: { ticketId: number; contactId?: number }) {
  const ticket = await ticketFor(ctx, query.ticketId, query.contactId);
  const rows = await selectNotes(ctx.deps.db)
    .where(and(eq(ticketNotes.companyId, ctx.actor.companyId), eq(ticketNotes.ticketId, ticket.id)))
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
  return rows.map(toNote);
}

/** DELETE /ticket-notes/:id: an author removes their own notes; admins any note of the company. */
export async function deleteNote(ctx: Context, id: number) {
  const { db } = ctx.deps;
  const ofCompany = and(eq(ticketNotes.id, id), eq(ticketNotes.companyId, ctx.actor.companyId));
  const [note] = await db.select({ userId: ticketNotes.userId }).from(ticketNotes).where(ofCompany);
  if (!note) throw notFound('ERR_NOT_FOUND');
  if (note.userId !== ctx.actor.userId && !actorIsAdmin(ctx.actor)) throw forbidden();
  await db.delete(ticketNotes).where(ofCompany);
  return { ok: true as const };
}

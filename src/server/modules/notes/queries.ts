import { desc, eq } from 'drizzle-orm';
import type { Note } from '../../../shared/api/notes';
import { ticketNotes, users } from '../../db/schema';
import type { TenantDb, TenantInsertValue } from '../../platform/tenant';

function selectNotes(db: TenantDb) {
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

/** Stores a note and answers it as the list shows it. */
export async function insertNote(db: TenantDb, values: TenantInsertValue<typeof ticketNotes>) {
  const [created] = await db.insert(ticketNotes).values(values).returning({ id: ticketNotes.id });
  const [row] = await selectNotes(db).where(eq(ticketNotes.id, created!.id));
  return toNote(row!);
}

/** A ticket's notes, newest first. */
export async function ticketNoteRows(db: TenantDb, ticketId: number) {
  const rows = await selectNotes(db)
    .where(eq(ticketNotes.ticketId, ticketId))
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
  return rows.map(toNote);
}

/** Who wrote a note of the company; undefined when there is none. */
export async function findNoteAuthor(db: TenantDb, id: number) {
  const [note] = await db
    .select({ userId: ticketNotes.userId })
    .from(ticketNotes)
    .where(eq(ticketNotes.id, id));
  return note;
}

export async function deleteNoteRow(db: TenantDb, id: number) {
  await db.delete(ticketNotes).where(eq(ticketNotes.id, id));
}

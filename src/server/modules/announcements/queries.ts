import { asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { announcementBody } from '../../../shared/api/announcements';
import { escapeLike } from '../../db/like';
import { announcements } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';

type AnnouncementValues = z.output<typeof announcementBody>;

const fields = {
  id: announcements.id,
  title: announcements.title,
  text: announcements.text,
  priority: announcements.priority,
  status: announcements.status,
  mediaPath: announcements.mediaPath,
  mediaName: announcements.mediaName,
};

/** Those whose title or text holds `search` (any case). */
const matching = (search: string): SQL | undefined => {
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(announcements.title, pattern), ilike(announcements.text, pattern));
};

/** A page, newest first, of those matching `search`, and how many match in all. */
export async function selectAnnouncementPage(db: DbOrTx, search: string, limit: number, offset: number) {
  const where = matching(search);
  const [rows, [total]] = await Promise.all([
    db
      .select(fields)
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The active ones, highest priority first, newest first within a priority. */
export function selectActiveAnnouncements(db: DbOrTx) {
  return db
    .select(fields)
    .from(announcements)
    .where(eq(announcements.status, true))
    .orderBy(asc(announcements.priority), desc(announcements.id));
}

/** One announcement, locked until the transaction ends when asked. */
export async function findAnnouncement(db: DbOrTx, id: number, lock = false) {
  const select = db.select(fields).from(announcements).where(eq(announcements.id, id));
  const [row] = await (lock ? select.for('update') : select);
  return row;
}

export async function insertAnnouncement(db: DbOrTx, values: AnnouncementValues) {
  const [row] = await db.insert(announcements).values(values).returning(fields);
  return row!;
}

export async function updateAnnouncementRow(
  db: DbOrTx,
  id: number,
  values: Partial<AnnouncementValues> & { mediaPath?: string | null; mediaName?: string | null },
) {
  const [row] = await db
    .update(announcements)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning(fields);
  return row;
}

export async function deleteAnnouncementRow(db: DbOrTx, id: number) {
  const [row] = await db
    .delete(announcements)
    .where(eq(announcements.id, id))
    .returning({ mediaPath: announcements.mediaPath });
  return row;
}

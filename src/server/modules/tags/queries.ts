import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Tag, TagWithCounts } from '../../../shared/api/tags';
import { escapeLike } from '../../db/like';
import { type PageWindow, selectPage } from '../../db/page';
import { contactTags, tags, ticketTags } from '../../db/schema';
import type { TenantDb, TenantInsertValue } from '../../platform/tenant';

const fields = { id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban };

const kanbanIs = (kanban?: number) => (kanban === undefined ? undefined : eq(tags.kanban, kanban));

/** The company's tags by name; with `kanban`, only those with that flag. */
export function selectTags(db: TenantDb, kanban?: number): Promise<Tag[]> {
  return db.select(fields).from(tags).where(kanbanIs(kanban)).orderBy(asc(tags.name));
}

/** Tags whose name holds `search` (any case), with that kanban flag when given. */
export function tagsMatching(search: string, kanban?: number): SQL | undefined {
  return and(kanbanIs(kanban), search ? ilike(tags.name, `%${escapeLike(search)}%`) : undefined);
}

/**
 * A page of tags by name, each with its ticket and contact counts (correlated counts over the tag
 * indexes of the link tables, for the page's rows only), and how many there are in all.
 */
export function selectTagPage(
  db: TenantDb,
  where: SQL | undefined,
  page: PageWindow,
): Promise<{ rows: TagWithCounts[]; total: number }> {
  const ordered = db
    .select({
      ...fields,
      ticketsCount:
        sql<number>`(select count(*) from ${ticketTags} where ${ticketTags.tagId} = ${tags.id})`.mapWith(
          Number,
        ),
      contactsCount:
        sql<number>`(select count(*) from ${contactTags} where ${contactTags.tagId} = ${tags.id})`.mapWith(
          Number,
        ),
    })
    .from(tags)
    .where(where)
    .orderBy(asc(tags.name), asc(tags.id));
  return selectPage(db, tags, where, ordered, page);
}

export async function findTagRow(db: TenantDb, id: number): Promise<Tag | undefined> {
  const [tag] = await db.select(fields).from(tags).where(eq(tags.id, id));
  return tag;
}

export async function insertTag(db: TenantDb, values: TenantInsertValue<typeof tags>) {
  const [tag] = await db.insert(tags).values(values).returning(fields);
  return tag!;
}

export async function updateTagRow(
  db: TenantDb,
  id: number,
  change: Partial<Pick<Tag, 'name' | 'color' | 'kanban'>>,
) {
  const [tag] = await db
    .update(tags)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(tags.id, id))
    .returning(fields);
  return tag;
}

/** The links to tickets and contacts go with the tag (foreign keys cascade). */
export async function deleteTagRow(db: TenantDb, id: number) {
  const removed = await db.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
  return removed.length > 0;
}

/** A ticket's tags (the ticket is the caller's to change: the service checked it). Twice is once. */
export async function linkTicketTag(db: TenantDb, ticketId: number, tagId: number) {
  await db.insert(ticketTags).values({ ticketId, tagId }).onConflictDoNothing();
}

export async function unlinkTicketTags(db: TenantDb, ticketId: number, tagId?: number) {
  await db
    .delete(ticketTags)
    .where(
      and(eq(ticketTags.ticketId, ticketId), tagId === undefined ? undefined : eq(ticketTags.tagId, tagId)),
    );
}

import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like';
import { type PageWindow, selectPage } from '../../db/page';
import { contactListItems, contactLists } from '../../db/schema';
import { scheduleJob } from '../../jobs/queries';
import type { TenantDb } from '../../platform/tenant';

/** The durable job (automation/contact-list-check.ts) that checks a company's unchecked members. */
export const CONTACT_LIST_CHECK = 'contactListCheck';

/** Asks for the background check of the company's unchecked members (one waiting job per company). */
export async function scheduleNumberCheck(db: TenantDb, delayMs = 0) {
  await scheduleJob(db.unscoped, {
    kind: CONTACT_LIST_CHECK,
    key: `company-${db.companyId}`,
    companyId: db.companyId,
    delayMs,
  });
}

export type ContactListItemRow = typeof contactListItems.$inferSelect;

/**
 * A list with how many members it has and how many are still unchecked (counted, never stored). The
 * subqueries name their tables in full: drizzle leaves columns of a one-table select unqualified.
 */
const membersOfList = sql.raw('from contact_list_items i where i.contact_list_id = contact_lists.id');
const listFields = {
  id: contactLists.id,
  name: contactLists.name,
  contactsCount: sql<number>`(select count(*) ${membersOfList})`.mapWith(Number).as('contacts_count'),
  uncheckedCount: sql<number>`(select count(*) ${membersOfList} and i.is_whatsapp_valid is null)`
    .mapWith(Number)
    .as('unchecked_count'),
};

const itemFields = {
  id: contactListItems.id,
  contactListId: contactListItems.contactListId,
  name: contactListItems.name,
  number: contactListItems.number,
  email: contactListItems.email,
  isWhatsappValid: contactListItems.isWhatsappValid,
};

export function selectListPage(db: TenantDb, search: string, page: PageWindow) {
  const where = search ? ilike(contactLists.name, `%${escapeLike(search)}%`) : undefined;
  const ordered = db
    .select(listFields)
    .from(contactLists)
    .where(where)
    .orderBy(asc(contactLists.name), asc(contactLists.id));
  return selectPage(db, contactLists, where, ordered, page);
}

export function selectAllLists(db: TenantDb) {
  return db.select(listFields).from(contactLists).orderBy(asc(contactLists.name), asc(contactLists.id));
}

export async function findList(db: TenantDb, id: number) {
  const [row] = await db.select(listFields).from(contactLists).where(eq(contactLists.id, id));
  return row;
}

export async function findLists(db: TenantDb, ids: number[]) {
  if (!ids.length) return [];
  return db.select(listFields).from(contactLists).where(inArray(contactLists.id, ids));
}

/** Locks the list until the transaction ends (an import and a delete of the list do not cross). */
export async function lockList(db: TenantDb, id: number) {
  const [row] = await db
    .select({ id: contactLists.id })
    .from(contactLists)
    .where(eq(contactLists.id, id))
    .for('update');
  return row;
}

export async function insertList(db: TenantDb, name: string) {
  const [row] = await db.insert(contactLists).values({ name }).returning({ id: contactLists.id });
  return row!.id;
}

export async function renameList(db: TenantDb, id: number, name: string) {
  const rows = await db
    .update(contactLists)
    .set({ name, updatedAt: new Date() })
    .where(eq(contactLists.id, id))
    .returning({ id: contactLists.id });
  return rows.length > 0;
}

export async function deleteList(db: TenantDb, id: number) {
  const rows = await db
    .delete(contactLists)
    .where(eq(contactLists.id, id))
    .returning({ id: contactLists.id });
  return rows.length > 0;
}

/** The list's members whose name, number or e-mail holds `search` (already lower-cased), by name. */
export function selectItemPage(db: TenantDb, contactListId: number, search: string, page: PageWindow) {
  const pattern = `%${escapeLike(search)}%`;
  const where: SQL | undefined = and(
    eq(contactListItems.contactListId, contactListId),
    search
      ? or(
          sql`lower(${contactListItems.name}) like ${pattern}`,
          sql`${contactListItems.number} like ${pattern}`,
          sql`lower(${contactListItems.email}) like ${pattern}`,
        )
      : undefined,
  );
  const ordered = db
    .select(itemFields)
    .from(contactListItems)
    .where(where)
    .orderBy(asc(contactListItems.name), asc(contactListItems.id));
  return selectPage(db, contactListItems, where, ordered, page);
}

export async function findItem(db: TenantDb, id: number) {
  const [row] = await db.select(itemFields).from(contactListItems).where(eq(contactListItems.id, id));
  return row;
}

export async function findItemByNumber(db: TenantDb, contactListId: number, number: string) {
  const [row] = await db
    .select({ id: contactListItems.id })
    .from(contactListItems)
    .where(and(eq(contactListItems.contactListId, contactListId), eq(contactListItems.number, number)));
  return row;
}

export async function insertItem(
  db: TenantDb,
  values: { contactListId: number; name: string; number: string; email: string },
) {
  const [row] = await db.insert(contactListItems).values(values).returning(itemFields);
  return row!;
}

/** A changed number is checked again by the background check. */
export async function updateItem(
  db: TenantDb,
  id: number,
  values: { contactListId: number; name: string; number: string; email: string },
) {
  const [row] = await db
    .update(contactListItems)
    .set({
      ...values,
      isWhatsappValid: sql`case when ${contactListItems.number} = ${values.number} then ${contactListItems.isWhatsappValid} else null end`,
      updatedAt: new Date(),
    })
    .where(eq(contactListItems.id, id))
    .returning(itemFields);
  return row;
}

export async function deleteItem(db: TenantDb, id: number) {
  const [row] = await db
    .delete(contactListItems)
    .where(eq(contactListItems.id, id))
    .returning({ contactListId: contactListItems.contactListId });
  return row;
}

/**
 * Members added by number in one statement: a number already in the list is merged into its member (the
 * row's name, and its e-mail when it has one). Answers how many of the rows were new.
 */
export async function upsertItems(
  db: TenantDb,
  contactListId: number,
  rows: { name: string; number: string; email: string }[],
) {
  const written = await db
    .insert(contactListItems)
    .values(rows.map((row) => ({ ...row, contactListId })))
    .onConflictDoUpdate({
      target: [contactListItems.contactListId, contactListItems.number],
      set: {
        name: sql`excluded.name`,
        email: sql`case when excluded.email <> '' then excluded.email else ${contactListItems.email} end`,
        updatedAt: sql`now()`,
      },
    })
    // xmax is 0 only on a row this statement inserted (PostgreSQL's upsert idiom).
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return written.filter((row) => row.created).length;
}

/** The next unchecked members of the company, oldest first (the background check's batch). */
export function selectUnchecked(db: TenantDb, limit: number) {
  return db
    .select(itemFields)
    .from(contactListItems)
    .where(isNull(contactListItems.isWhatsappValid))
    .orderBy(asc(contactListItems.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markChecked(db: TenantDb, ids: number[], valid: boolean) {
  if (!ids.length) return [];
  return db
    .update(contactListItems)
    .set({ isWhatsappValid: valid, updatedAt: new Date() })
    .where(and(inArray(contactListItems.id, ids), isNull(contactListItems.isWhatsappValid)))
    .returning(itemFields);
}

import { and, asc, desc, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Contact, ContactDetail, ExtraInfo } from '../../../shared/api/contacts';
import { digitsOf } from '../../../shared/phone-number';
import { randomColor } from '../../../shared/random-color';
import { escapeLike } from '../../db/like';
import { outer } from '../../db/outer';
import {
  contactCustomFields,
  contacts,
  contactTags,
  messages,
  tags,
  tickets,
  whatsapps,
} from '../../db/schema';
import type { TenantDb, TenantInsertValue } from '../../platform/tenant';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactChanges = Partial<Omit<typeof contacts.$inferInsert, 'id' | 'companyId' | 'createdAt'>>;

/** The outer contact row, qualified: drizzle leaves columns of a single-table select unqualified. */
const outerContactId = outer(contacts.id);

const contactTagsJson = sql<Contact['tags']>`coalesce((
  select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}) order by ${tags.name})
  from ${contactTags} inner join ${tags} on ${tags.id} = ${contactTags.tagId}
  where ${contactTags.contactId} = ${outerContactId}), '[]'::json)`;

const extraInfoJson = sql<ExtraInfo[]>`coalesce((
  select json_agg(json_build_object('id', ${contactCustomFields.id}, 'name', ${contactCustomFields.name}, 'value', ${contactCustomFields.value}) order by ${contactCustomFields.id})
  from ${contactCustomFields} where ${contactCustomFields.contactId} = ${outerContactId}), '[]'::json)`;

const fields = {
  id: contacts.id,
  name: contacts.name,
  number: contacts.number,
  email: contacts.email,
  urlPicture: contacts.urlPicture,
  isGroup: contacts.isGroup,
  channel: contacts.channel,
  active: contacts.active,
  disableBot: contacts.disableBot,
  acceptAudioMessage: contacts.acceptAudioMessage,
  lgpdAcceptedAt: contacts.lgpdAcceptedAt,
  tags: contactTagsJson,
};

type Selected = Omit<Contact, 'lgpdAcceptedAt'> & { lgpdAcceptedAt: Date | null };

function toContact<R extends Selected>(row: R) {
  return { ...row, lgpdAcceptedAt: row.lgpdAcceptedAt?.toISOString() ?? null };
}

/** A page of contacts with their tags, by name. */
export async function contactPage(
  db: TenantDb,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) {
  const rows = await db
    .select(fields)
    .from(contacts)
    .where(where)
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toContact);
}

/**
 * The next `limit` contacts by name after `after` (keyset, so a long export never re-reads what it
 * skipped), with what an exported sheet holds.
 */
export function contactSheetBatch(
  db: TenantDb,
  where: SQL | undefined,
  after: { name: string; id: number } | undefined,
  limit: number,
) {
  return db
    .select({
      id: contacts.id,
      name: contacts.name,
      number: contacts.number,
      email: contacts.email,
      isGroup: contacts.isGroup,
      tags: contactTagsJson,
    })
    .from(contacts)
    .where(and(where, after && sql`(${contacts.name}, ${contacts.id}) > (${after.name}, ${after.id})`))
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(limit);
}

/** One contact of the company with its tags and extra information. */
export async function loadContactDetail(db: TenantDb, where: SQL): Promise<ContactDetail | undefined> {
  const [row] = await db
    .select({
      ...fields,
      extraInfo: extraInfoJson,
      walletUserId: contacts.walletUserId,
      walletQueueId: contacts.walletQueueId,
    })
    .from(contacts)
    .where(where);
  return row && toContact(row);
}

export const byId = (id: number) => eq(contacts.id, id);
export const byNumber = (number: string) => eq(contacts.number, number);

/** One contact row of the company, by id or number (byId, byNumber). */
export async function findContactRow(db: TenantDb, which: SQL) {
  const [row] = await db.select().from(contacts).where(which);
  return row;
}

export function allContactSummaries(db: TenantDb) {
  return db
    .select({
      id: contacts.id,
      name: contacts.name,
      number: contacts.number,
      email: contacts.email,
      isGroup: contacts.isGroup,
      channel: contacts.channel,
      urlPicture: contacts.urlPicture,
    })
    .from(contacts)
    .orderBy(asc(contacts.name), asc(contacts.id));
}

/** Contacts carrying every one of the tags. */
function taggedWithAll(tagIds: number[]): SQL {
  return sql`${contacts.id} in (select ${contactTags.contactId} from ${contactTags} where ${inArray(contactTags.tagId, tagIds)} group by ${contactTags.contactId} having count(*) = ${tagIds.length})`;
}

/** By name, or by number when the text holds digits ("+55 (11)" finds 5511…). */
function matching(searchParam: string): SQL | undefined {
  const text = searchParam.trim();
  if (!text) return undefined;
  const digits = digitsOf(text);
  const byName = ilike(contacts.name, `%${escapeLike(text)}%`);
  return digits ? or(byName, ilike(contacts.number, `%${digits}%`)) : byName;
}

/** The contacts list's filter: the search, every one of the tags, the channel, groups or people. */
export function contactsMatching(filter: {
  search: string;
  tagIds: number[];
  channel?: string | undefined;
  isGroup?: boolean | undefined;
}): SQL | undefined {
  return and(
    matching(filter.search),
    filter.tagIds.length ? taggedWithAll(filter.tagIds) : undefined,
    filter.channel ? eq(contacts.channel, filter.channel) : undefined,
    filter.isGroup === undefined ? undefined : eq(contacts.isGroup, filter.isGroup),
  );
}

/** Those of `ids` that are tags of the company. */
export async function companyTagIds(db: TenantDb, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
  return rows.map((r) => r.id);
}

export async function insertContact(db: TenantDb, values: TenantInsertValue<typeof contacts>) {
  const [row] = await db.insert(contacts).values(values).returning();
  return row!;
}

export async function updateContactRow(db: TenantDb, id: number, changes: ContactChanges) {
  const [row] = await db
    .update(contacts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(contacts.id, id))
    .returning();
  return row!;
}

export async function replaceContactTags(db: TenantDb, contactId: number, tagIds: number[]) {
  await db.delete(contactTags).where(eq(contactTags.contactId, contactId));
  if (tagIds.length) await db.insert(contactTags).values(tagIds.map((tagId) => ({ contactId, tagId })));
}

export async function replaceExtraInfo(
  db: TenantDb,
  contactId: number,
  pairs: { name: string; value: string }[],
) {
  await db.delete(contactCustomFields).where(eq(contactCustomFields.contactId, contactId));
  if (pairs.length) await db.insert(contactCustomFields).values(pairs.map((p) => ({ ...p, contactId })));
}

export async function tagsOfContact(db: TenantDb, contactId: number): Promise<Contact['tags']> {
  return db
    .select({ id: tags.id, name: tags.name, color: tags.color })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(eq(contactTags.contactId, contactId))
    .orderBy(asc(tags.name));
}

/**
 * Deletes a contact; its tickets (with their messages, notes, logs and tags), tags and extra information
 * go with it through the foreign keys. Answers the tickets as they were, for their delete events, and the
 * stored media files of their messages.
 */
export async function deleteContactRow(db: TenantDb, contactId: number) {
  const gone = await db
    .select({
      id: tickets.id,
      companyId: tickets.companyId,
      status: tickets.status,
      userId: tickets.userId,
      queueId: tickets.queueId,
      isGroup: tickets.isGroup,
    })
    .from(tickets)
    .where(eq(tickets.contactId, contactId));
  const files = gone.length
    ? await db
        .select({ mediaUrl: messages.mediaUrl })
        .from(messages)
        .where(
          and(
            inArray(
              messages.ticketId,
              gone.map((t) => t.id),
            ),
            sql`${messages.mediaUrl} is not null`,
          ),
        )
    : [];
  await db.delete(contacts).where(eq(contacts.id, contactId));
  return { tickets: gone, files: files.map((f) => f.mediaUrl) };
}

/** Puts a person contact without a wallet in `wallet` (the first attendant to accept their ticket). */
export async function claimWallet(
  db: TenantDb,
  contactId: number,
  wallet: { userId: number; queueId: number | null },
) {
  await db
    .update(contacts)
    .set({ walletUserId: wallet.userId, walletQueueId: wallet.queueId, updatedAt: new Date() })
    .where(and(eq(contacts.id, contactId), isNull(contacts.walletUserId), eq(contacts.isGroup, false)));
}

/** The ids of tags by name (any case), creating the missing ones. */
export async function tagIdsByName(db: TenantDb, names: string[]) {
  const ids = new Map<string, number>();
  if (!names.length) return ids;
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  const read = async () => {
    const rows = await db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(inArray(sql<string>`lower(${tags.name})`, lower))
      .orderBy(tags.id);
    for (const row of rows) if (!ids.has(row.name.toLowerCase())) ids.set(row.name.toLowerCase(), row.id);
  };
  await read();
  const missing = names.filter((n) => !ids.has(n.toLowerCase()));
  if (missing.length) {
    const unique = [...new Map(missing.map((n) => [n.toLowerCase(), n])).values()];
    await db
      .insert(tags)
      .values(unique.map((name) => ({ name, color: randomColor() })))
      .onConflictDoNothing();
    await read();
  }
  return ids;
}

/**
 * Creates or updates contacts by number in one statement: an existing contact takes the row's name (and
 * its email when the row has one). Answers each number's contact and whether this statement created it.
 */
export function upsertContacts(db: TenantDb, rows: { name: string; number: string; email: string }[]) {
  return (
    db
      .insert(contacts)
      .values(rows)
      .onConflictDoUpdate({
        target: [contacts.companyId, contacts.number],
        set: {
          name: sql`excluded.name`,
          email: sql`case when excluded.email <> '' then excluded.email else ${contacts.email} end`,
          updatedAt: sql`now()`,
        },
      })
      // xmax is 0 only on a row this statement inserted (PostgreSQL's upsert idiom).
      .returning({ id: contacts.id, number: contacts.number, created: sql<boolean>`(xmax = 0)` })
  );
}

/** Contacts gain tags (both the company's, checked by the caller); a link already there stays. */
export async function linkContactTags(db: TenantDb, links: { contactId: number; tagId: number }[]) {
  if (links.length) await db.insert(contactTags).values(links).onConflictDoNothing();
}

/** Contacts made unless their number is known already: answers how many were made. */
export async function insertNewContacts(db: TenantDb, rows: TenantInsertValue<typeof contacts>[]) {
  const made = await db.insert(contacts).values(rows).onConflictDoNothing().returning({ id: contacts.id });
  return made.length;
}

/** The company's connections, in the order they were made. */
export function companyConnections(db: TenantDb) {
  return db.select({ id: whatsapps.id, channel: whatsapps.channel }).from(whatsapps).orderBy(whatsapps.id);
}

/** The company's connections on the channels `except` leaves out, the default connection first. */
export async function connectionIdsByDefault(db: TenantDb, except: string[]) {
  const rows = await db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(notInArray(whatsapps.channel, except))
    .orderBy(desc(whatsapps.isDefault), whatsapps.id);
  return rows.map((row) => row.id);
}

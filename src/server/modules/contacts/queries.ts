import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contact, ContactDetail, ExtraInfo } from '../../../shared/api/contacts';
import { outer } from '../../db/outer';
import { contactCustomFields, contacts, contactTags, messages, tags, tickets } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';

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
  db: DbOrTx,
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

/** One contact of the company with its tags and extra information. */
export async function loadContactDetail(
  db: DbOrTx,
  companyId: number,
  where: SQL,
): Promise<ContactDetail | undefined> {
  const [row] = await db
    .select({
      ...fields,
      extraInfo: extraInfoJson,
      walletUserId: contacts.walletUserId,
      walletQueueId: contacts.walletQueueId,
    })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), where));
  return row && toContact(row);
}

export const byId = (id: number) => eq(contacts.id, id);
export const byNumber = (number: string) => eq(contacts.number, number);

/** One contact row of the company, by id or number (byId, byNumber). */
export async function findContactRow(db: DbOrTx, companyId: number, which: SQL) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), which));
  return row;
}

export function allContactSummaries(db: DbOrTx, companyId: number) {
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
    .where(eq(contacts.companyId, companyId))
    .orderBy(asc(contacts.name), asc(contacts.id));
}

/** Contacts carrying every one of the tags. */
export function taggedWithAll(tagIds: number[]): SQL {
  return sql`${contacts.id} in (select ${contactTags.contactId} from ${contactTags} where ${inArray(contactTags.tagId, tagIds)} group by ${contactTags.contactId} having count(*) = ${tagIds.length})`;
}

/** Those of `ids` that are tags of the company. */
export async function companyTagIds(db: DbOrTx, companyId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), inArray(tags.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertContact(db: DbOrTx, values: typeof contacts.$inferInsert) {
  const [row] = await db.insert(contacts).values(values).returning();
  return row!;
}

export async function updateContactRow(db: DbOrTx, id: number, changes: ContactChanges) {
  const [row] = await db
    .update(contacts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(contacts.id, id))
    .returning();
  return row!;
}

export async function replaceContactTags(db: DbOrTx, contactId: number, tagIds: number[]) {
  await db.delete(contactTags).where(eq(contactTags.contactId, contactId));
  if (tagIds.length) await db.insert(contactTags).values(tagIds.map((tagId) => ({ contactId, tagId })));
}

export async function replaceExtraInfo(
  db: DbOrTx,
  contactId: number,
  pairs: { name: string; value: string }[],
) {
  await db.delete(contactCustomFields).where(eq(contactCustomFields.contactId, contactId));
  if (pairs.length) await db.insert(contactCustomFields).values(pairs.map((p) => ({ ...p, contactId })));
}

export async function tagsOfContact(db: DbOrTx, contactId: number): Promise<Contact['tags']> {
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
export async function deleteContactRow(tx: DbOrTx, contactId: number) {
  const gone = await tx
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
    ? await tx
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
  await tx.delete(contacts).where(eq(contacts.id, contactId));
  return { tickets: gone, files: files.map((f) => f.mediaUrl) };
}

/** Puts a person contact without a wallet in `wallet` (the first attendant to accept their ticket). */
export async function claimWallet(
  db: DbOrTx,
  contactId: number,
  wallet: { userId: number; queueId: number | null },
) {
  await db
    .update(contacts)
    .set({ walletUserId: wallet.userId, walletQueueId: wallet.queueId, updatedAt: new Date() })
    .where(and(eq(contacts.id, contactId), isNull(contacts.walletUserId), eq(contacts.isGroup, false)));
}

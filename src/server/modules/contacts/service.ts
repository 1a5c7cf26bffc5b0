import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Contact, listContactsQuery } from '../../../shared/api/contacts';
import type { DbOrTx } from '../../db/client';
import { escapeLike } from '../../db/like';
import { contacts } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/app-error';
import { hidesNumbers } from '../tickets/publish';
import { presentContact } from '../tickets/visibility';

/** 1-attendance §7: GET /contacts pages hold 20 contacts. */
export const CONTACTS_PAGE_SIZE = 20;

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
};

type Row = Pick<typeof contacts.$inferSelect, keyof typeof fields>;

const toContact = (row: Row): Contact => ({
  ...row,
  lgpdAcceptedAt: row.lgpdAcceptedAt?.toISOString() ?? null,
});

/** By name, or by number when the text holds digits ("+55 (11)" finds 5511…). */
function matching(searchParam: string): SQL | undefined {
  const text = searchParam.trim();
  if (!text) return undefined;
  const digits = text.replace(/\D/g, '');
  const byName = ilike(contacts.name, `%${escapeLike(text)}%`);
  return digits ? or(byName, ilike(contacts.number, `%${digits}%`)) : byName;
}

export async function listContacts(
  db: DbOrTx,
  actor: Actor,
  query: z.output<typeof listContactsQuery>,
): Promise<{ contacts: Contact[]; hasMore: boolean }> {
  const where = and(
    eq(contacts.companyId, actor.companyId),
    matching(query.searchParam),
    query.channel ? eq(contacts.channel, query.channel) : undefined,
    query.isGroup === undefined ? undefined : eq(contacts.isGroup, query.isGroup),
  );
  // One row past the page says whether another page follows, without counting.
  const [rows, hideNumbers] = await Promise.all([
    db
      .select(fields)
      .from(contacts)
      .where(where)
      .orderBy(asc(contacts.name), asc(contacts.id))
      .limit(CONTACTS_PAGE_SIZE + 1)
      .offset((query.pageNumber - 1) * CONTACTS_PAGE_SIZE),
    hidesNumbers(db, actor.companyId),
  ]);
  return {
    contacts: rows.slice(0, CONTACTS_PAGE_SIZE).map((r) => presentContact(toContact(r), actor, hideNumbers)),
    hasMore: rows.length > CONTACTS_PAGE_SIZE,
  };
}

export async function showContact(db: DbOrTx, actor: Actor, id: number): Promise<Contact> {
  const [[row], hideNumbers] = await Promise.all([
    db
      .select(fields)
      .from(contacts)
      .where(and(eq(contacts.id, id), eq(contacts.companyId, actor.companyId))),
    hidesNumbers(db, actor.companyId),
  ]);
  if (!row) throw notFound('ERR_NO_CONTACT_FOUND');
  return presentContact(toContact(row), actor, hideNumbers);
}

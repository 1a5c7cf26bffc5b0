import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  campaignShipping,
  contactCustomFields,
  contacts,
  contactTags,
  messages,
  scheduledMessages,
  scheduleSends,
  ticketLogs,
  ticketNotes,
  tickets,
  ticketTags,
  ticketTracking,
  userRatings,
} from '../../db/schema';
import type { TenantDb } from '../../platform/tenant';

type TicketRow = typeof tickets.$inferSelect;

/** The company's contacts with these numbers, locked until the transaction ends. */
export function lockContactsByNumber(db: TenantDb, numbers: string[]) {
  return db.select().from(contacts).where(inArray(contacts.number, numbers)).for('update');
}

/** A contact's tickets, locked until the transaction ends. */
export function lockTicketsOfContact(db: TenantDb, contactId: number) {
  return db.select().from(tickets).where(eq(tickets.contactId, contactId)).for('update');
}

/**
 * `from`'s messages, notes, tags, logs, attendances and ratings join `into`, its unread count is added,
 * and it goes. Both are tickets of the handle's company, read through it; their tags are links (no
 * company column), copied by id.
 */
export async function foldTicketRows(db: TenantDb, from: TicketRow, into: TicketRow) {
  const moved = { ticketId: into.id };
  await db.update(messages).set(moved).where(eq(messages.ticketId, from.id));
  await db.update(ticketNotes).set(moved).where(eq(ticketNotes.ticketId, from.id));
  await db.update(ticketLogs).set(moved).where(eq(ticketLogs.ticketId, from.id));
  await db.update(ticketTracking).set(moved).where(eq(ticketTracking.ticketId, from.id));
  await db.update(userRatings).set(moved).where(eq(userRatings.ticketId, from.id));
  await db.update(scheduleSends).set(moved).where(eq(scheduleSends.ticketId, from.id));
  await db.unscoped.execute(
    sql`insert into ${ticketTags} (ticket_id, tag_id) select ${into.id}, tag_id from ${ticketTags} where ticket_id = ${from.id} on conflict do nothing`,
  );
  await db
    .update(tickets)
    .set({ unreadMessages: sql`${tickets.unreadMessages} + ${from.unreadMessages}` })
    .where(eq(tickets.id, into.id));
  await db.delete(tickets).where(eq(tickets.id, from.id));
}

/**
 * Every ticket, message and note of the contact `aliasId` moves to `keptId`; its tags are joined, and its
 * extra information too, but for names the kept contact has (its value wins). Both contacts are the
 * handle's company's, read through it; tags and extra information are their links, moved by contact id.
 */
export async function moveContactReferences(db: TenantDb, aliasId: number, keptId: number) {
  const toKept = { contactId: keptId };
  await db.update(tickets).set(toKept).where(eq(tickets.contactId, aliasId));
  await db.update(messages).set(toKept).where(eq(messages.contactId, aliasId));
  await db.update(ticketNotes).set(toKept).where(eq(ticketNotes.contactId, aliasId));
  // A scheduled message and a campaign's member follow the person, not the identity they were known by.
  await db.update(scheduledMessages).set(toKept).where(eq(scheduledMessages.contactId, aliasId));
  await db.update(campaignShipping).set(toKept).where(eq(campaignShipping.contactId, aliasId));
  await db.unscoped.execute(
    sql`insert into ${contactTags} (contact_id, tag_id) select ${keptId}, tag_id from ${contactTags} where contact_id = ${aliasId} on conflict do nothing`,
  );
  const keptNames = db
    .select({ name: contactCustomFields.name })
    .from(contactCustomFields)
    .where(eq(contactCustomFields.contactId, keptId));
  await db
    .update(contactCustomFields)
    .set(toKept)
    .where(and(eq(contactCustomFields.contactId, aliasId), notInArray(contactCustomFields.name, keptNames)));
}

/** The merged contact goes, with its remaining tags and extra information (the kept contact has those). */
export async function deleteMergedContact(db: TenantDb, id: number) {
  await db.delete(contacts).where(eq(contacts.id, id));
}

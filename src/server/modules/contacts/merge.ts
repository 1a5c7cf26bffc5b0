import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  contactCustomFields,
  contacts,
  contactTags,
  messages,
  ticketLogs,
  ticketNotes,
  tickets,
  ticketTags,
  ticketTracking,
  userRatings,
} from '../../db/schema';
import type { Tx } from '../../platform/database';
import type { ServerDeps } from '../../platform/deps';
import { BufferedEvents } from '../../platform/events';
import { tenantDb } from '../../platform/tenant';
import { emitTicketDelete, emitTicketUpdate, hidesNumbers } from '../tickets/publish';
import * as tq from '../tickets/queries';
import * as q from './queries';
import { emitContactEvent } from './service';

/**
 * Every column that points at a contact, moved to the contact that stays. A test compares this list with
 * the database's foreign keys: a new table referring to contacts must be handled here too.
 */
export const MERGED_CONTACT_REFERENCES = [
  'contact_custom_fields.contact_id',
  'contact_tags.contact_id',
  'messages.contact_id',
  'ticket_notes.contact_id',
  'tickets.contact_id',
];

/**
 * Every column that points at a ticket: moved when one ticket is folded into another, or (ENDED_WITH_TICKET)
 * left to go with the folded ticket. Same test.
 */
export const FOLDED_TICKET_REFERENCES = [
  'messages.ticket_id',
  'ticket_logs.ticket_id',
  'ticket_notes.ticket_id',
  'ticket_tags.ticket_id',
  'ticket_tracking.ticket_id',
  'user_ratings.ticket_id',
];

/** A folded ticket's timers end with it: the ticket that stays keeps its own. */
export const ENDED_WITH_TICKET = ['jobs.ticket_id'];

type TicketRow = typeof tickets.$inferSelect;

/** What a merge changed, to announce once it has committed. */
type Outcome =
  | { kind: 'renamed'; contactId: number }
  | { kind: 'merged'; contactId: number; removedContactId: number; removedTickets: TicketRow[] };

/**
 * Two tickets of one person on one connection, both going on, become one: the older one's messages,
 * notes, tags, logs, attendances and ratings join the newer one (the conversation the attendant is in),
 * its unread count is added, and it goes. Nothing of it is lost.
 */
async function foldTicket(tx: Tx, from: TicketRow, into: TicketRow) {
  const moved = { ticketId: into.id };
  await tx.update(messages).set(moved).where(eq(messages.ticketId, from.id));
  await tx.update(ticketNotes).set(moved).where(eq(ticketNotes.ticketId, from.id));
  await tx.update(ticketLogs).set(moved).where(eq(ticketLogs.ticketId, from.id));
  await tx.update(ticketTracking).set(moved).where(eq(ticketTracking.ticketId, from.id));
  await tx.update(userRatings).set(moved).where(eq(userRatings.ticketId, from.id));
  await tx.execute(
    sql`insert into ${ticketTags} (ticket_id, tag_id) select ${into.id}, tag_id from ${ticketTags} where ticket_id = ${from.id} on conflict do nothing`,
  );
  await tx
    .update(tickets)
    .set({ unreadMessages: sql`${tickets.unreadMessages} + ${from.unreadMessages}` })
    .where(eq(tickets.id, into.id));
  await tx.delete(tickets).where(eq(tickets.id, from.id));
}

/**
 * `alias` (the lid contact) becomes part of `kept` (the phone-number one): their tickets going on on the
 * same connection are folded into one, every other ticket, message and note moves, tags and extra
 * information are joined (the kept contact's value wins for a name both have), blanks of the kept
 * contact are filled from the alias, and the alias goes.
 */
async function mergeContacts(tx: Tx, alias: q.ContactRow, kept: q.ContactRow) {
  const [aliasTickets, keptGoing] = await Promise.all([
    tx.select().from(tickets).where(eq(tickets.contactId, alias.id)).for('update'),
    tq.newestTicketsOfEachConnection(tenantDb(tx, kept.companyId), kept.id, tq.CONTINUED_STATUSES),
  ]);
  const removedTickets: TicketRow[] = [];
  for (const ticket of aliasTickets) {
    const goingOn = (tq.CONTINUED_STATUSES as readonly string[]).includes(ticket.status);
    const other = goingOn ? keptGoing.get(ticket.whatsappId) : undefined;
    if (!other) continue;
    const [from, into] = ticket.updatedAt > other.updatedAt ? [other, ticket] : [ticket, other];
    await foldTicket(tx, from, into);
    removedTickets.push(from);
  }
  const toKept = { contactId: kept.id };
  await tx.update(tickets).set(toKept).where(eq(tickets.contactId, alias.id));
  await tx.update(messages).set(toKept).where(eq(messages.contactId, alias.id));
  await tx.update(ticketNotes).set(toKept).where(eq(ticketNotes.contactId, alias.id));
  await tx.execute(
    sql`insert into ${contactTags} (contact_id, tag_id) select ${kept.id}, tag_id from ${contactTags} where contact_id = ${alias.id} on conflict do nothing`,
  );
  const keptNames = tx
    .select({ name: contactCustomFields.name })
    .from(contactCustomFields)
    .where(eq(contactCustomFields.contactId, kept.id));
  await tx
    .update(contactCustomFields)
    .set(toKept)
    .where(and(eq(contactCustomFields.contactId, alias.id), notInArray(contactCustomFields.name, keptNames)));
  await q.updateContactRow(tx, kept.id, {
    // A contact made from a number alone is named by it: the alias's push name says more.
    ...(kept.name === kept.number && alias.name !== alias.number && { name: alias.name }),
    ...(!kept.email && alias.email && { email: alias.email }),
    ...(!kept.urlPicture && alias.urlPicture && { urlPicture: alias.urlPicture }),
    ...(!kept.lgpdAcceptedAt && alias.lgpdAcceptedAt && { lgpdAcceptedAt: alias.lgpdAcceptedAt }),
    ...(!kept.walletUserId &&
      alias.walletUserId && { walletUserId: alias.walletUserId, walletQueueId: alias.walletQueueId }),
  });
  // Its remaining tags and extra information (the kept contact had those already) go with it.
  await tx.delete(contacts).where(eq(contacts.id, alias.id));
  return removedTickets;
}

async function mergeInTransaction(
  tx: Tx,
  companyId: number,
  lid: string,
  number: string,
): Promise<Outcome | undefined> {
  // The pipeline takes the same locks to find or make either contact: no message lands in between.
  await tq.lockConversations(tenantDb(tx, companyId), [lid, number]);
  const found = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.number, [lid, number])))
    .for('update');
  const alias = found.find((c) => c.number === lid);
  if (!alias) return undefined;
  const kept = found.find((c) => c.number === number);
  if (!kept) {
    // Only the lid was known: the contact simply gets its number.
    await q.updateContactRow(tx, alias.id, { number });
    return { kind: 'renamed', contactId: alias.id };
  }
  const removedTickets = await mergeContacts(tx, alias, kept);
  return { kind: 'merged', contactId: kept.id, removedContactId: alias.id, removedTickets };
}

/**
 * docs/behaviour.md "Inbound message pipeline" 4: WhatsApp revealed that the contact known by the opaque `lid`
 * is the phone number `number`. In one transaction the lid contact becomes the number's contact, or is
 * merged into it when both exist; then open lists hear of it: the merged contact and folded tickets are
 * deleted from them, the contact and the tickets going on are updated.
 */
export async function mergeIdentities(deps: ServerDeps, companyId: number, lid: string, number: string) {
  const { db } = deps;
  const outcome = await db.transaction((tx) => mergeInTransaction(tx, companyId, lid, number));
  if (!outcome) return;
  const company = tenantDb(db, companyId);
  const hideNumbers = await hidesNumbers(company);
  const events = new BufferedEvents();
  if (outcome.kind === 'merged') {
    for (const ticket of outcome.removedTickets) emitTicketDelete(events, ticket);
    emitContactEvent(events, companyId, hideNumbers, {
      action: 'delete',
      contactId: outcome.removedContactId,
    });
  }
  const contact = await q.loadContactDetail(db, companyId, q.byId(outcome.contactId));
  if (contact) emitContactEvent(events, companyId, hideNumbers, { action: 'update', contact });
  const going = await tq.newestTicketsOfEachConnection(company, outcome.contactId, tq.CONTINUED_STATUSES);
  for (const ticket of await tq.loadTicketsByIds(
    company,
    [...going.values()].map((t) => t.id),
  )) {
    emitTicketUpdate(events, ticket, { hideNumbers });
  }
  events.flush(deps.realtime);
}

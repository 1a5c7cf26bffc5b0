import type { tickets } from '../../db/schema';
import type { ServerDeps } from '../../platform/deps';
import { BufferedEvents } from '../../platform/events';
import { type TenantDb, tenantDb } from '../../platform/tenant';
import { emitTicketDelete, emitTicketUpdate, hidesNumbers } from '../tickets/publish';
import * as tq from '../tickets/queries';
import * as mq from './merge-queries';
import * as q from './queries';
import { emitContactEvent } from './service';

/**
 * Every column that points at a contact, moved to the contact that stays. A test compares this list with
 * the database's foreign keys: a new table referring to contacts must be handled here too.
 */
export const MERGED_CONTACT_REFERENCES = [
  'campaign_shipping.contact_id',
  'contact_custom_fields.contact_id',
  'contact_tags.contact_id',
  'messages.contact_id',
  'schedules.contact_id',
  'ticket_notes.contact_id',
  'tickets.contact_id',
];

/**
 * Every column that points at a ticket: moved when one ticket is folded into another, or (ENDED_WITH_TICKET)
 * left to go with the folded ticket. Same test.
 */
export const FOLDED_TICKET_REFERENCES = [
  'messages.ticket_id',
  'schedule_sends.ticket_id',
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
 * `alias` (the lid contact) becomes part of `kept` (the phone-number one): their tickets going on on the
 * same connection are folded into one, every other ticket, message and note moves, tags and extra
 * information are joined (the kept contact's value wins for a name both have), blanks of the kept
 * contact are filled from the alias, and the alias goes.
 */
async function mergeContacts(tx: TenantDb, alias: q.ContactRow, kept: q.ContactRow) {
  const [aliasTickets, keptGoing] = await Promise.all([
    mq.lockTicketsOfContact(tx, alias.id),
    tq.newestTicketsOfEachConnection(tx, kept.id, tq.CONTINUED_STATUSES),
  ]);
  const removedTickets: TicketRow[] = [];
  for (const ticket of aliasTickets) {
    const goingOn = (tq.CONTINUED_STATUSES as readonly string[]).includes(ticket.status);
    const other = goingOn ? keptGoing.get(ticket.whatsappId) : undefined;
    if (!other) continue;
    // Two tickets of one person on one connection, both going on, become one: the older one joins the
    // newer one (the conversation the attendant is in). Nothing of it is lost.
    const [from, into] = ticket.updatedAt > other.updatedAt ? [other, ticket] : [ticket, other];
    await mq.foldTicketRows(tx, from, into);
    removedTickets.push(from);
  }
  await mq.moveContactReferences(tx, alias.id, kept.id);
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
  await mq.deleteMergedContact(tx, alias.id);
  return removedTickets;
}

async function mergeInTransaction(tx: TenantDb, lid: string, number: string): Promise<Outcome | undefined> {
  const found = await mq.lockContactsByNumber(tx, [lid, number]);
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
  // Run from the connection's events, outside any request: the connection's company scopes the merge.
  const company = tenantDb(deps.db, companyId);
  const outcome = await company.transaction(async (tx) => {
    // The pipeline takes the same locks to find or make either contact: no message lands in between.
    await tq.lockConversations(tx, [lid, number]);
    return mergeInTransaction(tx, lid, number);
  });
  if (!outcome) return;
  const hideNumbers = await hidesNumbers(company);
  const events = new BufferedEvents();
  if (outcome.kind === 'merged') {
    for (const ticket of outcome.removedTickets) emitTicketDelete(events, ticket);
    emitContactEvent(events, companyId, hideNumbers, {
      action: 'delete',
      contactId: outcome.removedContactId,
    });
  }
  const contact = await q.loadContactDetail(company, q.byId(outcome.contactId));
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

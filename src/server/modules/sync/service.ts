import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { SyncChange, SyncPage, syncRoutes } from '../../../shared/api/sync';
import { viewScope } from '../../../shared/sync';
import { mayViewTicket, presentContact, presentTicket } from '../../../shared/ticket-visibility';
import { contacts, messages, tickets } from '../../db/schema';
import { type Actor, hidesNumbersFor, viewerOf } from '../../platform/actor';
import { tenantDb } from '../../platform/tenant';
import { contactPage } from '../contacts/queries';
import { findMessages } from '../messages/queries';
import { messagePresenter } from '../messages/service';
import { findTickets } from '../tickets/queries';
import type { TicketsContext } from '../tickets/service';
import { visibleTicketsWhere } from '../tickets/visibility';
import * as q from './queries';

type ChangesQuery = z.output<(typeof syncRoutes)['changes']['query']>;

const cursorOf = (position: q.FeedPosition) => `${position.xid}:${position.revision}`;

function positionOf(cursor: string): q.FeedPosition {
  const [xid, revision] = cursor.split(':');
  return { xid: xid!, revision: Number(revision) };
}

/** The caller's visibility scope: what their tickets were chosen by. */
export const scopeOf = (actor: Actor) =>
  viewScope({
    ...actor.flags,
    profile: actor.profile,
    super: actor.super,
    queueIds: actor.queueIds,
    hideNumbers: hidesNumbersFor(actor),
  });

/**
 * GET /sync/changes: the changes after the cursor that the caller may see, by the ticket list's own
 * visibility rules (as much as the caller could ever list, like realtime). A page is the next `limit`
 * rows of the company's feed; those the caller may not see are left out, so a page can hold fewer
 * changes than rows, or none, and still be followed by more.
 */
export async function listChanges(ctx: TicketsContext, query: ChangesQuery): Promise<SyncPage> {
  const { db } = ctx.deps;
  const scope = scopeOf(ctx.actor);
  const from = query.cursor ? positionOf(query.cursor) : undefined;
  const expired = from !== undefined && (await q.cursorExpired(db, ctx.actor.companyId, from.xid));
  if (!from || expired) {
    return {
      changes: [],
      cursor: cursorOf(await q.feedHead(db)),
      hasMore: false,
      behind: false,
      scope,
      expired,
    };
  }
  const { rows, behind } = await q.feedAfter(db, ctx.actor.companyId, from, query.limit);
  const last = rows.at(-1);
  return {
    changes: await changesOf(ctx, rows),
    cursor: last ? cursorOf(last) : cursorOf(from),
    hasMore: rows.length === query.limit,
    behind,
    scope,
    expired: false,
  };
}

/** Feed rows as the caller's changes, in feed order. */
async function changesOf(ctx: TicketsContext, rows: q.FeedRow[]): Promise<SyncChange[]> {
  const { db } = ctx.deps;
  const { actor } = ctx;
  const { companyId } = actor;
  const viewer = viewerOf(actor);
  const visible = visibleTicketsWhere(viewer, { showAll: true });
  const hideNumbers = hidesNumbersFor(actor);
  const idsOf = (source: q.FeedSource) => rows.filter((row) => row.source === source).map((row) => row.id);

  const ticketIds = idsOf('t');
  const messageIds = idsOf('m');
  const contactIds = idsOf('c');
  const [ticketList, messageList, contactList, removals] = await Promise.all([
    ticketIds.length
      ? findTickets(db, and(eq(tickets.companyId, companyId), inArray(tickets.id, ticketIds), visible)!, [])
      : [],
    messageIds.length
      ? findMessages(
          tenantDb(db, companyId),
          and(eq(messages.companyId, companyId), inArray(messages.id, messageIds))!,
        )
      : [],
    contactIds.length
      ? contactPage(
          tenantDb(db, companyId),
          and(eq(contacts.companyId, companyId), inArray(contacts.id, contactIds)),
          {
            limit: contactIds.length,
            offset: 0,
          },
        )
      : [],
    q.removalRows(db, companyId, idsOf('r')),
  ]);
  // The tickets messages and removals are about, among those the caller may see now (with their uuids).
  const shown = await q.ticketsWhere(
    db,
    companyId,
    [
      ...messageList.map((message) => message.ticketId),
      ...removals.map((removal) =>
        removal.entity === 'ticket' ? removal.entityId : (removal.ticketId ?? 0),
      ),
    ],
    visible,
  );

  const ticketById = new Map(ticketList.map((ticket) => [ticket.id, ticket]));
  const messageById = new Map(messageList.map((message) => [message.id, message]));
  const contactById = new Map(contactList.map((contact) => [contact.id, contact]));
  const removalByRevision = new Map(removals.map((removal) => [removal.revision, removal]));
  const presentMessage = messagePresenter(actor);

  return rows.flatMap((row): SyncChange[] => {
    if (row.source === 't') {
      const ticket = ticketById.get(row.id);
      return ticket ? [{ kind: 'ticket', ticket: presentTicket(ticket, actor, hideNumbers) }] : [];
    }
    if (row.source === 'm') {
      const message = messageById.get(row.id);
      const ticketUuid = message && shown.get(message.ticketId);
      return message && ticketUuid ? [{ kind: 'message', message: presentMessage(message), ticketUuid }] : [];
    }
    if (row.source === 'c') {
      const contact = contactById.get(row.id);
      return contact ? [{ kind: 'contact', contact: presentContact(contact, actor, hideNumbers) }] : [];
    }
    const removal = removalByRevision.get(row.id);
    if (!removal) return [];
    if (removal.entity === 'contact') return [{ kind: 'contactRemoved', contactId: removal.entityId }];
    if (removal.entity === 'message') {
      return shown.has(removal.ticketId ?? 0)
        ? [{ kind: 'messageRemoved', messageId: removal.entityId, ticketId: removal.ticketId! }]
        : [];
    }
    // A ticket is gone for whoever could see it as it was and cannot see it now (deleted or moved away).
    const before = {
      companyId,
      status: removal.status ?? '',
      userId: removal.userId,
      queueId: removal.queueId,
      isGroup: removal.isGroup ?? false,
    };
    const gone = removal.deleted || !shown.has(removal.entityId);
    return gone && mayViewTicket(viewer, before)
      ? [{ kind: 'ticketRemoved', ticketId: removal.entityId }]
      : [];
  });
}

import type { z } from 'zod';
import type { SyncChange, SyncPage, syncRoutes } from '../../../shared/api/sync';
import { viewScope } from '../../../shared/sync';
import { mayViewTicket, presentContact, presentTicket } from '../../../shared/ticket-visibility';
import { type Actor, hidesNumbersFor, viewerOf } from '../../platform/actor';
import type { Context } from '../../platform/deps';
import { messagePresenter } from '../messages/service';
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
export async function listChanges(ctx: Context, query: ChangesQuery): Promise<SyncPage> {
  const { db } = ctx;
  const scope = scopeOf(ctx.actor);
  const from = query.cursor ? positionOf(query.cursor) : undefined;
  const expired = from !== undefined && (await q.cursorExpired(db, from.xid));
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
  const { rows, behind } = await q.feedAfter(db, from, query.limit);
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
async function changesOf(ctx: Context, rows: q.FeedRow[]): Promise<SyncChange[]> {
  const { db, actor } = ctx;
  const { companyId } = actor;
  const viewer = viewerOf(actor);
  const hideNumbers = hidesNumbersFor(actor);
  const idsOf = (source: q.FeedSource) => rows.filter((row) => row.source === source).map((row) => row.id);

  const [ticketList, messageList, contactList, removals] = await Promise.all([
    q.visibleTicketsByIds(db, viewer, idsOf('t')),
    q.messagesByIds(db, idsOf('m')),
    q.contactsByIds(db, idsOf('c')),
    q.removalRows(db, idsOf('r')),
  ]);
  // The tickets messages and removals are about, among those the caller may see now (with their uuids).
  const shown = await q.visibleTicketUuids(db, viewer, [
    ...messageList.map((message) => message.ticketId),
    ...removals.map((removal) => (removal.entity === 'ticket' ? removal.entityId : (removal.ticketId ?? 0))),
  ]);

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

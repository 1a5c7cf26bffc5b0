import type { z } from 'zod';
import {
  type listTicketsQuery,
  MOMENTS_PER_COLUMN,
  TICKETS_PAGE_SIZE,
  type Ticket,
  type ticketsRoutes,
} from '../../../shared/api/tickets';
import { matchSnippet } from '../../../shared/search-match';
import {
  attendedStatus,
  mayViewTicket,
  presentContact,
  presentTicket,
  type TicketScope,
  type Viewer,
} from '../../../shared/ticket-visibility';
import { perDatabase } from '../../db/named';
import { actorCan, hidesNumbersFor, viewerOf } from '../../platform/actor';
import { AppError, forbidden, notFound } from '../../platform/app-error';
import type { Context } from '../../platform/deps';
import type { TenantDb } from '../../platform/tenant';
import { checkOnConnection } from '../contacts/channel-check';
import { removeMedia } from '../messages/media-store';
import { recordCreated, writeLog } from './history-queries';
import { VersionedCache } from './page-cache';
import { emitTicketDelete, emitTicketUnread, publishTicket } from './publish';
import * as q from './queries';

type ListQuery = z.output<typeof listTicketsQuery>;
type CreateBody = z.output<(typeof ticketsRoutes)['create']['body']>;
type MomentsQuery = z.output<(typeof ticketsRoutes)['moments']['query']>;

const MOMENTS_WINDOW_DAYS = 30; // 1-attendance §9 dashboard moments window

/**
 * A ticket of the caller's company that the caller may see. Another company's ticket does not exist
 * here (404); a ticket of the company the caller may not see is refused (403).
 */
export async function findVisibleTicket(ctx: Pick<Context, 'db' | 'actor'>, id: number, viewer?: Viewer) {
  return visibleOrRefused(ctx, await q.findTicketRow(ctx.db, id), viewer);
}

/** As findVisibleTicket, by the ticket's uuid (the chat's address). */
export async function findVisibleTicketByUuid(ctx: Pick<Context, 'db' | 'actor'>, uuid: string) {
  return visibleOrRefused(ctx, await q.findTicketRowByUuid(ctx.db, uuid));
}

/** The row when it is a ticket the caller may see: none is a 404, one they may not see a 403. */
export function visibleOrRefused<R extends TicketScope>(
  ctx: Pick<Context, 'actor'>,
  row: R | undefined,
  viewer?: Viewer,
) {
  if (!row) throw notFound('ERR_NO_TICKET_FOUND');
  if (!mayViewTicket(viewer ?? viewerOf(ctx.actor), row)) throw forbidden();
  return row;
}

/** A loaded ticket as the caller may see it; none is a 404. */
export async function present(ctx: Pick<Context, 'actor'>, ticket: Ticket | undefined) {
  if (!ticket) throw notFound('ERR_NO_TICKET_FOUND');
  return presentTicket(ticket, ctx.actor, hidesNumbersFor(ctx.actor));
}

/** A calendar day (YYYY-MM-DD, or any date text) as [start, next day). */
function dayRange(text: string): q.Period {
  const start = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00` : text);
  if (Number.isNaN(start.getTime())) throw new AppError('Invalid date', 400);
  start.setHours(0, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  return [start, end];
}

type TicketsPage = { tickets: Ticket[]; count: number; hasMore: boolean; cursor?: string | undefined };
const pageCache = perDatabase(() => new VersionedCache<TicketsPage>());

/**
 * GET /tickets, answered from memory when the company has not changed since the same caller asked the
 * same (see VersionedCache). The key holds everything of the caller a page depends on (visibility,
 * masking), so a change of their access is a different key rather than an invalidation to remember.
 */
export async function listTickets(ctx: Context, query: ListQuery): Promise<TicketsPage> {
  const { actor } = ctx;
  const cache = pageCache(ctx.db);
  const { sessionId: _session, dataVersion, ...access } = actor;
  const key = JSON.stringify([access, query]);
  const cached = cache.get(actor.companyId, dataVersion, key);
  if (cached) return cached;
  const page = await queryTickets(ctx, query);
  cache.set(actor.companyId, dataVersion, key, page);
  return page;
}

/** The page's tickets' matching messages by ticket id, each as the snippet a result shows. */
async function searchMatches(db: TenantDb, page: Ticket[], search: string, plan: q.MessageSearchPlan) {
  const rows = await q.newestMatchingMessages(
    db,
    page.map((t) => t.id),
    search,
    plan,
  );
  return new Map<number, NonNullable<Ticket['searchMatch']>>(
    rows.map((row) => [row.ticketId, { messageId: row.id, snippet: matchSnippet(row.body, search) }]),
  );
}

/**
 * Tickets a common word's walk tests at most before it asks the word index instead: a term held by many of
 * the company's newest tickets fills a page within a few hundred, but one new today (in many of the newest,
 * few of all) or one rare in this list (another tab, a user's queues) would have the walk test all of it.
 */
const WALK_TICKETS = 1_000;

/** The inbox's page (1-attendance §7): 40 a page, the visibility rules of §6 and every filter of the list. */
async function queryTickets(ctx: Context, query: ListQuery): Promise<TicketsPage> {
  const search = query.searchParam.trim();
  // A walk needs the list's order in an index: with unread tickets first it would test every ticket.
  const planned =
    search && query.searchOnMessages
      ? query.withUnreadMessages
        ? { plan: 'matches' as const, bounded: false }
        : await q.messageSearchPlan(ctx.db, search)
      : undefined;
  let onMessages = planned?.plan;
  const filters: q.TicketFilters = {
    viewer: viewerOf(ctx.actor),
    // 1-attendance §6: searching, or filtering by users, looks across all users for whoever may show all.
    showAll: Boolean(query.showAll || query.searchParam || query.users?.length),
    status: query.status,
    statuses: query.statusFilter,
    queueIds: query.queueIds,
    whatsappIds: query.whatsapps,
    userIds: query.users,
    tagIds: query.tags,
    contactId: query.contactId,
    createdIn: query.date ? dayRange(query.date) : undefined,
    updatedIn: query.updatedAt ? dayRange(query.updatedAt) : undefined,
  };
  const offset = (query.pageNumber - 1) * TICKETS_PAGE_SIZE;
  const findPage = (plan: q.MessageSearchPlan | undefined, within?: number) => {
    const searched = search ? { text: search, onMessages: plan } : undefined;
    const walk = plan === 'walk' && searched;
    return q.findTicketPage(ctx.db, {
      where: q.ticketListWhere(ctx.db, { ...filters, search: walk ? undefined : searched }),
      walk: walk ? { holds: q.ticketSearchWhere(ctx.db, walk), within } : undefined,
      order: { unreadFirst: query.withUnreadMessages, ascending: query.sortTickets === 'ASC' },
      limit: TICKETS_PAGE_SIZE,
      offset,
      cursor: query.cursor,
      // A search's or a tag's values decide how many tickets match, and so the plan (see TicketPage).
      planOnce: !search && !query.tags?.length,
    });
  };
  let found = await findPage(onMessages, planned?.bounded ? WALK_TICKETS : undefined);
  if (found.walkedOut) {
    // Common among the newest, not along this list: the index's count decides, as for any other term.
    onMessages = await q.countedSearchPlan(ctx.db, search);
    found = await findPage(onMessages);
  }
  const { tickets: page, count, hasMore, cursor } = found;
  const hideNumbers = hidesNumbersFor(ctx.actor);
  const matches = onMessages ? await searchMatches(ctx.db, page, search, onMessages) : new Map();
  return {
    tickets: page.map((t) => ({
      ...presentTicket(t, ctx.actor, hideNumbers),
      searchMatch: matches.get(t.id),
    })),
    count,
    hasMore,
    cursor,
  };
}

/** GET /tickets/u/:uuid: a ticket the caller may see; each opening is logged (`access`). */
export async function showTicketByUuid(ctx: Context, uuid: string) {
  const row = await findVisibleTicketByUuid(ctx, uuid);
  await writeLog(ctx.db, row, 'access', { userId: ctx.actor.userId, queueId: row.queueId });
  return present(ctx, await q.loadTicket(ctx.db, row.id));
}

/** The error of 1-attendance §4 "only one open ticket per contact": the existing ticket, as JSON. */
async function otherOpenTicket(db: TenantDb, id: number) {
  const ticket = await q.loadTicket(db, id);
  const { uuid, status, userId, user, queue } = ticket!;
  return new AppError(JSON.stringify({ id, uuid, status, userId, user, queue }), 409);
}

/** POST /tickets: a ticket for a contact of the company, unless one is already going on. */
export async function createTicket(ctx: Context, body: CreateBody) {
  const { db } = ctx;
  const { userId: actorId } = ctx.actor;
  const contact = await q.findContact(db, body.contactId);
  if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
  const connection = body.whatsappId
    ? await q.findConnection(db, body.whatsappId)
    : await q.defaultConnection(db);
  if (!connection) throw notFound(body.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
  if (body.queueId && !(await q.findQueue(db, body.queueId))) throw notFound('ERR_NOT_FOUND');
  const userId = body.status === 'pending' ? null : (body.userId ?? actorId);
  if (userId !== null && userId !== actorId && !(await q.findUserOfCompany(db, userId))) {
    throw notFound('ERR_NO_USER_FOUND');
  }
  // 1-attendance §8: a conversation only with a number the connection can reach.
  if (!contact.isGroup) await checkOnConnection(ctx.deps, connection, contact.number);
  const created = await db.transaction(async (tx) => {
    await q.lockConversation(tx, contact.number);
    const existing = await q.newestTicketOf(tx, contact.id, connection.id, q.ACTIVE_STATUSES);
    if (existing) throw await otherOpenTicket(tx, existing.id);
    const ticket = await q.insertTicketRow(tx, {
      contactId: contact.id,
      whatsappId: connection.id,
      queueId: body.queueId ?? null,
      userId,
      status: userId === null ? 'pending' : attendedStatus(contact),
      channel: connection.channel,
      isGroup: contact.isGroup,
    });
    await recordCreated(tx, [ticket], { userId: actorId });
    return ticket;
  });
  return present(ctx, await publishTicket(db, ctx.events, created.id));
}

/** DELETE /tickets/:id: 'ticket-options:deleteTicket' (admins). */
export async function deleteTicket(ctx: Context, id: number) {
  const { actor } = ctx;
  const row = await findVisibleTicket(ctx, id);
  if (!actorCan(actor, 'ticket-options:deleteTicket')) {
    throw forbidden();
  }
  const files = await q.deleteTicketRow(ctx.db, row.id);
  await removeMedia(ctx.deps.media, row.companyId, files);
  emitTicketDelete(ctx.events, row);
  return { ok: true as const };
}

/** GET /tickets-log/:ticketId, newest first. */
export async function listTicketLogs(ctx: Context, ticketId: number) {
  const row = await findVisibleTicket(ctx, ticketId);
  const logs = await q.ticketLogRows(ctx.db, row.id);
  return logs.map((l) => ({ ...l, createdAt: l.createdAt.toISOString() }));
}

/**
 * GET /dashboard/moments: open and waiting tickets of the last 30 days that the caller may see, per column
 * of the panel its most recent ones and how many it holds.
 */
export async function listMoments(ctx: Context, query: MomentsQuery) {
  const end = query.dateEnd ? dayRange(query.dateEnd)[1] : new Date();
  const start = query.dateStart
    ? dayRange(query.dateStart)[0]
    : new Date(end.getTime() - MOMENTS_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const where = q.ticketListWhere(ctx.db, {
    viewer: viewerOf(ctx.actor),
    // The attendance panel shows everything in service to whoever may show all.
    showAll: query.showAll ?? true,
    status: query.status,
    statuses: query.status ? undefined : ['open', 'pending'],
    updatedIn: [start, end],
    queueIds: query.queueIds,
    userIds: query.userId ? [query.userId] : undefined,
  });
  const hideNumbers = hidesNumbersFor(ctx.actor);
  const moments = await q.findMoments(ctx.db, where, MOMENTS_PER_COLUMN);
  return {
    ...moments,
    tickets: moments.tickets.map((t) => ({
      ...t,
      contact: presentContact(t.contact, ctx.actor, hideNumbers),
    })),
  };
}

/**
 * Reading a ticket marks its received messages read (unread 0): lists clear the badge, and the contact
 * gets read receipts while the ticket is being attended (open or group). Answers whether anything was unread.
 */
export async function markTicketRead(ctx: Context, row: q.ReadableTicket): Promise<boolean> {
  // Only inbound messages raise the unread count and only this resets it: at 0 nothing is unread.
  if (row.unreadMessages === 0) return false;
  const read = await q.markMessagesRead(ctx.db, row.id);
  await announceRead(ctx, row, read);
  return true;
}

/** After the commit of a `markMessagesRead`: the unread event and the read receipts. */
export async function announceRead(ctx: Context, row: q.ReadableTicket, { wids, reset }: q.ReadResult) {
  if (wids.length === 0 && !reset) return;
  emitTicketUnread(ctx.events, row);
  if (row.whatsappId === null || wids.length === 0 || (row.status !== 'open' && row.status !== 'group'))
    return;
  const driver = await ctx.deps.channels.sendingDriver(row.whatsappId);
  if (!driver) return;
  const contact = await q.findContact(ctx.db, row.contactId);
  if (contact) {
    await driver
      .markRead(contact.number, wids)
      .catch((err: unknown) => ctx.deps.log.warn({ err, ticketId: row.id }, 'read receipts failed'));
  }
}

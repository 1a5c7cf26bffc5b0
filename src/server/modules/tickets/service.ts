import { and, asc, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  type listTicketsQuery,
  TICKETS_PAGE_SIZE,
  type Ticket,
  type ticketsRoutes,
} from '../../../shared/api/tickets';
import {
  mayViewTicket,
  presentTicket,
  type TicketScope,
  type Viewer,
} from '../../../shared/ticket-visibility';
import { escapeLike } from '../../db/like';
import { perDatabase } from '../../db/named';
import { contacts, messages, tickets, ticketTags } from '../../db/schema';
import { type Actor, actorCan, hidesNumbersFor, viewerOf } from '../../platform/actor';
import { AppError, forbidden, notFound } from '../../platform/app-error';
import type { HandlerContext } from '../../platform/deps';
import { checkOnConnection } from '../contacts/channel-check';
import { removeMedia } from '../messages/media-store';
import { recordCreated, writeLog } from './history';
import { VersionedCache } from './page-cache';
import { emitTicketDelete, emitTicketUnread, publishTicket } from './publish';
import * as q from './queries';
import { visibleTicketsWhere } from './visibility';

export type TicketsContext = Pick<HandlerContext<Actor>, 'deps' | 'actor' | 'events'>;
type ListQuery = z.output<typeof listTicketsQuery>;
type CreateBody = z.output<(typeof ticketsRoutes)['create']['body']>;
type MomentsQuery = z.output<(typeof ticketsRoutes)['moments']['query']>;

const MOMENTS_WINDOW_DAYS = 30; // 1-attendance §9 dashboard moments window

/**
 * A ticket of the caller's company that the caller may see. Another company's ticket does not exist
 * here (404); a ticket of the company the caller may not see is refused (403).
 */
export async function findVisibleTicket(ctx: TicketsContext, id: number, viewer?: Viewer) {
  return visibleOrRefused(ctx, await q.findTicketRow(ctx.deps.db, ctx.actor.companyId, id), viewer);
}

/** As findVisibleTicket, by the ticket's uuid (the chat's address). */
export async function findVisibleTicketByUuid(ctx: TicketsContext, uuid: string) {
  return visibleOrRefused(ctx, await q.findTicketRowByUuid(ctx.deps.db, ctx.actor.companyId, uuid));
}

/** The row when it is a ticket the caller may see: none is a 404, one they may not see a 403. */
export function visibleOrRefused<R extends TicketScope>(
  ctx: TicketsContext,
  row: R | undefined,
  viewer?: Viewer,
) {
  if (!row) throw notFound('ERR_NO_TICKET_FOUND');
  if (!mayViewTicket(viewer ?? viewerOf(ctx.actor), row)) throw forbidden();
  return row;
}

/** A loaded ticket as the caller may see it; none is a 404. */
export async function present(ctx: TicketsContext, ticket: Ticket | undefined) {
  if (!ticket) throw notFound('ERR_NO_TICKET_FOUND');
  return presentTicket(ticket, ctx.actor, hidesNumbersFor(ctx.actor));
}

/** A calendar day (YYYY-MM-DD, or any date text) as [start, next day). */
function dayRange(text: string): [Date, Date] {
  const start = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00` : text);
  if (Number.isNaN(start.getTime())) throw new AppError('Invalid date', 400);
  start.setHours(0, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  return [start, end];
}

const matched = alias(tickets, 'matched');

/**
 * searchParam: the contact's name or number (trigram indexes serve the ILIKE), and with searchOnMessages
 * the message contents (the GIN index on to_tsvector('simple', body)).
 */
function searchCondition(companyId: number, text: string, onMessages: boolean): SQL {
  const like = `%${escapeLike(text)}%`;
  const contactIds = sql`select ${contacts.id} from ${contacts} where ${contacts.companyId} = ${companyId} and (${contacts.name} ilike ${like} or ${contacts.number} ilike ${like})`;
  if (!onMessages) return sql`${tickets.contactId} in (${contactIds})`;
  // One IN over both sources: an OR of two subqueries would test every ticket of the company.
  return sql`${tickets.id} in (
    select ${messages.ticketId} from ${messages} where ${messages.companyId} = ${companyId} and to_tsvector('simple', ${messages.body}) @@ plainto_tsquery('simple', ${text})
    union all
    select ${matched.id} from ${tickets} as ${matched} where ${matched.companyId} = ${companyId} and ${matched.contactId} in (${contactIds}))`;
}

/** Tickets carrying every one of the tags. */
function taggedWithAll(tagIds: number[]): SQL {
  return sql`${tickets.id} in (select ${ticketTags.ticketId} from ${ticketTags} where ${inArray(ticketTags.tagId, tagIds)} group by ${ticketTags.ticketId} having count(*) = ${tagIds.length})`;
}

/** Selected queues keep tickets without a queue: visibility decides whether those show (allTicket). */
const inQueues = (queueIds: number[]) => or(inArray(tickets.queueId, queueIds), isNull(tickets.queueId))!;

type TicketsPage = { tickets: Ticket[]; count: number; hasMore: boolean };
const pageCache = perDatabase(() => new VersionedCache<TicketsPage>());

/**
 * GET /tickets, answered from memory when the company has not changed since the same caller asked the
 * same (see VersionedCache). The key holds everything of the caller a page depends on (visibility,
 * masking), so a change of their access is a different key rather than an invalidation to remember.
 */
export async function listTickets(ctx: TicketsContext, query: ListQuery): Promise<TicketsPage> {
  const { actor } = ctx;
  const cache = pageCache(ctx.deps.db);
  const { sessionId: _session, dataVersion, ...access } = actor;
  const key = JSON.stringify([access, query]);
  const cached = cache.get(actor.companyId, dataVersion, key);
  if (cached) return cached;
  const page = await queryTickets(ctx, query);
  cache.set(actor.companyId, dataVersion, key, page);
  return page;
}

/** The inbox's page (1-attendance §7): 40 a page, the visibility rules of §6 and every filter of the list. */
async function queryTickets(ctx: TicketsContext, query: ListQuery): Promise<TicketsPage> {
  const { db } = ctx.deps;
  const { companyId } = ctx.actor;
  const viewer = viewerOf(ctx.actor);
  // 1-attendance §6: searching, or filtering by users, looks across all users for whoever may show all.
  const showAll = Boolean(query.showAll || query.searchParam || query.users?.length);
  const where: SQL[] = [visibleTicketsWhere(viewer, { showAll })];
  if (query.status) where.push(eq(tickets.status, query.status));
  if (query.statusFilter?.length) where.push(inArray(tickets.status, query.statusFilter));
  if (query.queueIds?.length) where.push(inQueues(query.queueIds));
  if (query.whatsapps?.length) where.push(inArray(tickets.whatsappId, query.whatsapps));
  if (query.users?.length) where.push(inArray(tickets.userId, query.users));
  if (query.tags?.length) where.push(taggedWithAll(query.tags));
  if (query.date) {
    const [start, end] = dayRange(query.date);
    where.push(gte(tickets.createdAt, start), lt(tickets.createdAt, end));
  }
  if (query.updatedAt) {
    const [start, end] = dayRange(query.updatedAt);
    where.push(gte(tickets.updatedAt, start), lt(tickets.updatedAt, end));
  }
  const search = query.searchParam.trim();
  if (search) where.push(searchCondition(companyId, search, query.searchOnMessages ?? false));

  const condition = and(...where)!;
  const offset = (query.pageNumber - 1) * TICKETS_PAGE_SIZE;
  const orderBy: SQL[] = [];
  if (query.withUnreadMessages) orderBy.push(sql`(${tickets.unreadMessages} > 0) desc`);
  orderBy.push(
    query.sortTickets === 'ASC' ? asc(tickets.updatedAt) : desc(tickets.updatedAt),
    desc(tickets.id),
  );
  const { tickets: page, count } = await q.findTicketPage(db, {
    where: condition,
    orderBy,
    limit: TICKETS_PAGE_SIZE,
    offset,
  });
  const hideNumbers = hidesNumbersFor(ctx.actor);
  return {
    tickets: page.map((t) => presentTicket(t, ctx.actor, hideNumbers)),
    count,
    hasMore: offset + page.length < count,
  };
}

/** GET /tickets/u/:uuid: a ticket the caller may see; each opening is logged (`access`). */
export async function showTicketByUuid(ctx: TicketsContext, uuid: string) {
  const { db } = ctx.deps;
  const row = await findVisibleTicketByUuid(ctx, uuid);
  await writeLog(db, row, 'access', { userId: ctx.actor.userId, queueId: row.queueId });
  return present(ctx, await q.loadTicket(db, row.companyId, row.id));
}

/** The error of 1-attendance §4 "only one open ticket per contact": the existing ticket, as JSON. */
async function otherOpenTicket(db: TicketsContext['deps']['db'], companyId: number, id: number) {
  const ticket = await q.loadTicket(db, companyId, id);
  const { uuid, status, userId, user, queue } = ticket!;
  return new AppError(JSON.stringify({ id, uuid, status, userId, user, queue }), 409);
}

/** POST /tickets: a ticket for a contact of the company, unless one is already going on. */
export async function createTicket(ctx: TicketsContext, body: CreateBody) {
  const { db } = ctx.deps;
  const { companyId, userId: actorId } = ctx.actor;
  const contact = await q.findContact(db, companyId, body.contactId);
  if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
  const connection = body.whatsappId
    ? await q.findConnection(db, companyId, body.whatsappId)
    : await q.defaultConnection(db, companyId);
  if (!connection) throw notFound(body.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
  if (body.queueId && !(await q.findQueue(db, companyId, body.queueId))) throw notFound('ERR_NOT_FOUND');
  const userId = body.status === 'pending' ? null : (body.userId ?? actorId);
  if (userId !== null && userId !== actorId && !(await q.findUserOfCompany(db, companyId, userId))) {
    throw notFound('ERR_NO_USER_FOUND');
  }
  // 1-attendance §8: a conversation only with a number the connection can reach.
  if (!contact.isGroup) await checkOnConnection(ctx.deps, connection, contact.number);
  const created = await db.transaction(async (tx) => {
    await q.lockConversation(tx, companyId, contact.number);
    const existing = await q.newestTicketOf(tx, contact.id, connection.id, q.ACTIVE_STATUSES);
    if (existing) throw await otherOpenTicket(tx, companyId, existing.id);
    const ticket = await q.insertTicketRow(tx, {
      companyId,
      contactId: contact.id,
      whatsappId: connection.id,
      queueId: body.queueId ?? null,
      userId,
      status: userId === null ? 'pending' : contact.isGroup ? 'group' : 'open',
      channel: connection.channel,
      isGroup: contact.isGroup,
    });
    await recordCreated(tx, [ticket], { userId: actorId });
    return ticket;
  });
  return present(ctx, await publishTicket(db, ctx.events, companyId, created.id));
}

/** DELETE /tickets/:id: 'ticket-options:deleteTicket' (admins). */
export async function deleteTicket(ctx: TicketsContext, id: number) {
  const { actor } = ctx;
  const row = await findVisibleTicket(ctx, id);
  if (!actorCan(actor, 'ticket-options:deleteTicket')) {
    throw forbidden();
  }
  const files = await q.deleteTicketRow(ctx.deps.db, row.id);
  await removeMedia(ctx.deps.config.dataDir, row.companyId, files);
  emitTicketDelete(ctx.events, row);
  return { ok: true as const };
}

/** GET /tickets-log/:ticketId, newest first. */
export async function listTicketLogs(ctx: TicketsContext, ticketId: number) {
  const row = await findVisibleTicket(ctx, ticketId);
  const logs = await q.ticketLogRows(ctx.deps.db, row.id);
  return logs.map((l) => ({ ...l, createdAt: l.createdAt.toISOString() }));
}

/** GET /dashboard/moments: open and waiting tickets of the last 30 days that the caller may see. */
export async function listMoments(ctx: TicketsContext, query: MomentsQuery) {
  const { db } = ctx.deps;
  const viewer = viewerOf(ctx.actor);
  const end = query.dateEnd ? dayRange(query.dateEnd)[1] : new Date();
  const start = query.dateStart
    ? dayRange(query.dateStart)[0]
    : new Date(end.getTime() - MOMENTS_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const where: SQL[] = [
    // The attendance panel shows everything in service to whoever may show all.
    visibleTicketsWhere(viewer, { showAll: query.showAll ?? true }),
    query.status ? eq(tickets.status, query.status) : inArray(tickets.status, ['open', 'pending']),
    gte(tickets.updatedAt, start),
    lt(tickets.updatedAt, end),
  ];
  if (query.queueIds?.length) where.push(inQueues(query.queueIds));
  if (query.userId) where.push(eq(tickets.userId, query.userId));
  const list = await q.findTickets(db, and(...where)!, [desc(tickets.updatedAt), desc(tickets.id)]);
  return list.map((t) => presentTicket(t, ctx.actor, hidesNumbersFor(ctx.actor)));
}

/**
 * Reading a ticket marks its received messages read (unread 0): lists clear the badge, and the contact
 * gets read receipts while the ticket is being attended (open or group). Answers whether anything was unread.
 */
export async function markTicketRead(ctx: TicketsContext, row: q.ReadableTicket): Promise<boolean> {
  // Only inbound messages raise the unread count and only this resets it: at 0 nothing is unread.
  if (row.unreadMessages === 0) return false;
  const read = await q.markMessagesRead(ctx.deps.db, row.id);
  await announceRead(ctx, row, read);
  return true;
}

/** After the commit of a `markMessagesRead`: the unread event and the read receipts. */
export async function announceRead(
  ctx: TicketsContext,
  row: q.ReadableTicket,
  { wids, reset }: q.ReadResult,
) {
  if (wids.length === 0 && !reset) return;
  emitTicketUnread(ctx.events, row);
  if (row.whatsappId === null || wids.length === 0 || (row.status !== 'open' && row.status !== 'group'))
    return;
  const driver = await ctx.deps.channels.sendingDriver(row.whatsappId);
  if (!driver) return;
  const contact = await q.findContact(ctx.deps.db, row.companyId, row.contactId);
  if (contact) {
    await driver
      .markRead(contact.number, wids)
      .catch((err: unknown) => ctx.deps.log.warn({ err, ticketId: row.id }, 'read receipts failed'));
  }
}

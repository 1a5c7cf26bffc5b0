import { z } from 'zod';
import { TICKET_STATUSES, type TicketStatus } from '../ticket-statuses';
import { idList, isoDate, pageCursor, pagedResponse } from './common';
import { defineRoute, idParam, okResponse, queryBoolean, ticketIdParam } from './contract';
import { queueRef } from './users';

export { TICKET_STATUSES, type TicketStatus } from '../ticket-statuses';
export const CHANNELS = ['whatsapp', 'facebook', 'instagram', 'whatsappapi', 'test'] as const;
export type Channel = (typeof CHANNELS)[number];

export const tagRef = z.object({ id: z.number(), name: z.string(), color: z.string() });

/** 2-administration §9: a panel card's last message is cut at 30 characters. */
export const MOMENT_MESSAGE_CHARS = 30;

/**
 * 2-administration §3 "Moment ticket": a card of the attendance panel. `startedAt` is when its attendant
 * accepted it (the current attendance's start; null while it waits); `lastMessage` holds at most one
 * character more than a card shows, which tells that it was cut.
 */
export const momentTicketSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(TICKET_STATUSES),
  userId: z.number().nullable(),
  unreadMessages: z.number(),
  lastMessage: z.string(),
  updatedAt: isoDate,
  startedAt: isoDate.nullable(),
  contact: z.object({ id: z.number(), name: z.string(), number: z.string(), isGroup: z.boolean() }),
  whatsapp: z.object({ id: z.number(), name: z.string() }).nullable(),
  queue: queueRef.nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type MomentTicket = z.infer<typeof momentTicketSchema>;

/**
 * How many cards the panel gets per column (the waiting one, each attendant's): the most recently active.
 * A company with thousands in service would otherwise get them all on every reload; the counts tell the rest.
 */
export const MOMENTS_PER_COLUMN = 10;

/**
 * GET /dashboard/moments: per column at most MOMENTS_PER_COLUMN cards, and how many each column holds in
 * all: `waiting` the pending tickets, `inService` the others per user (null: without one).
 */
export const momentsSchema = z.object({
  tickets: z.array(momentTicketSchema),
  waiting: z.number(),
  inService: z.array(z.object({ userId: z.number().nullable(), count: z.number() })),
});
export type Moments = z.infer<typeof momentsSchema>;

/** 1-attendance §3 Ticket, as the list and the chat header use it. */
export const ticketSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(TICKET_STATUSES),
  companyId: z.number(),
  contactId: z.number(),
  contact: z.object({
    id: z.number(),
    name: z.string(),
    number: z.string(),
    urlPicture: z.string().nullable(),
    isGroup: z.boolean(),
    channel: z.string(),
  }),
  whatsappId: z.number().nullable(),
  whatsapp: z
    .object({ id: z.number(), name: z.string(), channel: z.string(), groupAsTicket: z.string() })
    .nullable(),
  queueId: z.number().nullable(),
  queue: queueRef.nullable(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  channel: z.string(),
  lastMessage: z.string(),
  /**
   * Who wrote the newest message (private notes aside): the contact, a user, or nobody in person (`bot`:
   * the chatbot, greetings and other automatic messages, or the connected phone itself). None before any.
   */
  lastMessageAuthor: z
    .object({
      kind: z.enum(['contact', 'user', 'bot']),
      userId: z.number().nullable(),
      userName: z.string().nullable(),
    })
    .nullable(),
  unreadMessages: z.number(),
  isBot: z.boolean(),
  isGroup: z.boolean(),
  useIntegration: z.boolean(),
  amountUsedBotQueues: z.number(),
  tags: z.array(tagRef),
  /** The closed ticket's rating on the 1–5 scale, when rated. */
  userRating: z.object({ rate: z.number() }).nullable(),
  /** In a search in messages: the ticket's newest message holding the term, as a snippet around it. */
  searchMatch: z.object({ messageId: z.number(), snippet: z.string() }).optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Ticket = z.output<typeof ticketSchema>;

const statusList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => {
    if (v === undefined || v === '') return undefined;
    const list = Array.isArray(v) ? v : v.startsWith('[') ? (JSON.parse(v) as string[]) : [v];
    return list.filter((s): s is TicketStatus => (TICKET_STATUSES as readonly string[]).includes(s));
  });

/** GET /tickets answers 40 tickets a page (1-attendance §7). */
export const TICKETS_PAGE_SIZE = 40;

export const listTicketsQuery = z.object({
  searchParam: z.string().max(200).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
  /** The cursor the page before handed on (pageCursor). */
  cursor: pageCursor,
  status: z.enum(TICKET_STATUSES).optional(),
  date: z.string().optional(),
  updatedAt: z.string().optional(),
  showAll: queryBoolean.optional(),
  withUnreadMessages: queryBoolean.optional(),
  searchOnMessages: queryBoolean.optional(),
  queueIds: idList,
  tags: idList,
  users: idList,
  whatsapps: idList,
  statusFilter: statusList,
  sortTickets: z.enum(['ASC', 'DESC']).optional(),
  /** One contact's tickets (the contact drawer's earlier attendances). */
  contactId: z.coerce.number().int().positive().optional(),
});

/** How long after "Ignorar" the toast offers to undo it (PUT status pending on the closed ticket). */
export const IGNORE_UNDO_MS = 8000;
/** The server's own margin over the toast: the undo click, then the request on a slow line. */
export const IGNORE_UNDO_GRACE_MS = 30_000;

export const updateTicketBody = z.object({
  status: z.enum(['open', 'pending', 'closed', 'group']).optional(),
  userId: z.number().int().positive().nullable().optional(),
  queueId: z.number().int().positive().nullable().optional(),
  msgTransfer: z.string().max(5000).optional(),
  isTransfered: z.boolean().optional(),
  sendFarewellMessage: z.boolean().optional(),
  amountUsedBotQueues: z.number().int().min(0).optional(),
  useIntegration: z.boolean().optional(),
});

export const ticketLogSchema = z.object({
  id: z.number(),
  type: z.string(),
  createdAt: isoDate,
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  queue: queueRef.nullable(),
});

/** POST /tickets/closeAll: which tab's tickets, in which queues (none: every queue). */
export const closeAllBody = z.object({
  status: z.enum(['open', 'pending', 'group']),
  selectedQueueIds: z.array(z.number().int().positive()).optional().default([]),
});

export const ticketsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/tickets',
    access: 'user',
    query: listTicketsQuery,
    response: pagedResponse('tickets', ticketSchema).extend({ cursor: pageCursor }),
  }),
  showByUuid: defineRoute({
    method: 'GET',
    path: '/tickets/u/:uuid',
    access: 'user',
    params: z.object({ uuid: z.string().min(1).max(36) }),
    response: ticketSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/tickets',
    access: 'user',
    body: z.object({
      contactId: z.number().int().positive(),
      queueId: z.number().int().positive().nullable().optional(),
      whatsappId: z.number().int().positive().nullable().optional(),
      userId: z.number().int().positive().nullable().optional(),
      status: z.enum(['open', 'pending']).optional().default('open'),
      companyId: z.number().optional(),
    }),
    response: ticketSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/tickets/:id',
    access: 'user',
    params: idParam,
    body: updateTicketBody,
    response: ticketSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/tickets/:id',
    access: 'user',
    params: idParam,
    response: okResponse,
  }),
  closeAll: defineRoute({
    method: 'POST',
    path: '/tickets/closeAll',
    access: 'admin',
    body: closeAllBody,
    /** How many tickets are closing: a job closes them right after the answer (docs/behaviour.md "Ticket updates"). */
    response: z.object({ closing: z.number() }),
  }),
  logs: defineRoute({
    method: 'GET',
    path: '/tickets-log/:ticketId',
    access: 'user',
    params: ticketIdParam,
    response: z.array(ticketLogSchema),
  }),
  moments: defineRoute({
    method: 'GET',
    path: '/dashboard/moments',
    access: 'user',
    query: z.object({
      status: z.enum(TICKET_STATUSES).optional(),
      showAll: queryBoolean.optional(),
      queueIds: idList,
      dateStart: z.string().optional(),
      dateEnd: z.string().optional(),
      userId: z.coerce.number().int().positive().optional(),
    }),
    response: momentsSchema,
  }),
};

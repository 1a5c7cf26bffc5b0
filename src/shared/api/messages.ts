import { z } from 'zod';
import { VALIDATION } from '../errors';
import type { CompanySettings } from '../settings';
import { isoDate, pageCursor } from './common';
import { defineRoute, ticketIdParam } from './contract';
import { queueRef } from './users';

/** 1-attendance §3 Message. */
/** 1-attendance §6: with enableLGPD and lgpdDeleteMessage a deleted message keeps nothing of what it said. */
export const hidesDeletedContent = (settings: Pick<CompanySettings, 'enableLGPD' | 'lgpdDeleteMessage'>) =>
  settings.enableLGPD === 'enabled' && settings.lgpdDeleteMessage === 'enabled';

/** A message as the company may show it: a deleted one without its text and file where hidesDeletedContent. */
export function shownMessage<M extends { isDeleted: boolean; body: string; mediaUrl: string | null }>(
  message: M,
  hidesDeleted: boolean,
): M {
  return hidesDeleted && message.isDeleted ? { ...message, body: '', mediaUrl: null } : message;
}

export const messageSchema = z.object({
  id: z.number(),
  wid: z.string(),
  clientId: z.string().nullable(),
  ticketId: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  mediaType: z.string().nullable(),
  /** A URL under /api/messages/media/… (served only to users of the company). */
  mediaUrl: z.string().nullable(),
  ack: z.number().int().min(0).max(5),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isForwarded: z.boolean(),
  isPrivate: z.boolean(),
  quotedMsg: z
    .object({ id: z.number(), body: z.string(), fromMe: z.boolean(), mediaType: z.string().nullable() })
    .nullable(),
  contact: z.object({ id: z.number(), name: z.string() }).nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  queue: queueRef.nullable(),
  participant: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Message = z.output<typeof messageSchema>;

/** GET /messages/:ticketUuid answers 20 messages a page, counted from the newest. */
export const MESSAGES_PAGE_SIZE = 20;

/** 1-attendance §4: own messages are editable for 15 minutes. */
export const MESSAGE_EDIT_WINDOW_MS = 900_000;

const sendBody = z.object({
  body: z.string().max(65_536).optional().default(''),
  fromMe: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  read: z.union([z.boolean(), z.number()]).optional(),
  mediaUrl: z.string().optional(),
  quotedMsg: z.object({ id: z.number() }).passthrough().nullable().optional(),
  isPrivate: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((v) => v === true || v === 'true'),
  vCard: z.object({ name: z.string().min(1), number: z.string().min(8) }).optional(),
  /** Outbox id (desktop offline sends): a repeated send with the same id stores one message. */
  clientId: z.string().max(64).optional(),
});

export const messagesRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/messages/:ticketUuid',
    access: 'user',
    params: z.object({ ticketUuid: z.string().min(1).max(36) }),
    query: z.object({
      pageNumber: z.coerce.number().int().min(1).optional().default(1),
      /** The cursor the page before handed on (pageCursor). */
      cursor: pageCursor,
      selectedQueues: z.string().optional(),
    }),
    // 20 a page counted from the newest (page 1 = the latest 20); each page in chronological order.
    response: z.object({ messages: z.array(messageSchema), hasMore: z.boolean(), cursor: pageCursor }),
  }),
  send: defineRoute({
    method: 'POST',
    path: '/messages/:ticketId',
    access: 'user',
    params: ticketIdParam,
    multipart: true,
    body: sendBody,
    response: messageSchema,
  }),
  edit: defineRoute({
    method: 'POST',
    path: '/messages/edit/:messageId',
    access: 'user',
    params: z.object({ messageId: z.coerce.number().int().positive() }),
    body: z.object({ body: z.string().trim().min(1).max(65_536) }),
    response: messageSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/messages/:messageId',
    access: 'user',
    params: z.object({ messageId: z.coerce.number().int().positive() }),
    response: messageSchema,
  }),
  forward: defineRoute({
    method: 'POST',
    path: '/message/forward',
    access: 'user',
    body: z.object({
      messageId: z.number().int().positive(),
      contactId: z.number().int().positive(),
      signMessage: z.boolean().optional().default(false),
    }),
    response: messageSchema,
  }),
  /** A WhatsApp Cloud API template, the only message the contact takes outside the 24 h window. */
  sendTemplate: defineRoute({
    method: 'POST',
    path: '/messages/:ticketId/template',
    access: 'user',
    params: ticketIdParam,
    body: z.object({
      name: z.string().min(1).max(512),
      language: z.string().min(1).max(20),
      /** The header's and the body's placeholder values, in the order the placeholders first appear. */
      header: z.array(z.string().trim().min(1, VALIDATION.required).max(1000)).max(10).optional().default([]),
      body: z.array(z.string().trim().min(1, VALIDATION.required).max(1000)).max(30).optional().default([]),
    }),
    response: messageSchema,
  }),
  media: defineRoute({
    method: 'GET',
    path: '/messages/media/:messageId',
    access: 'user',
    params: z.object({ messageId: z.coerce.number().int().positive() }),
    response: z.unknown(),
  }),
};

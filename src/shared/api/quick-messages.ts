import { z } from 'zod';
import { VALIDATION } from '../errors';
import { pagedResponse, pageQuery } from './common';
import { defineRoute, idParam, okResponse } from './contract';

/** 3-automation §3 QuickMessage. `mediaPath` is the stored file, fetched through GET /quick-messages/:id/media. */
export const quickMessageSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  userId: z.number().nullable(),
  shortcode: z.string(),
  message: z.string(),
  /** Visible to, and editable by, every user of the company. */
  geral: z.boolean(),
  /** Shared: other users see it, read-only unless it is also general. */
  visao: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  isMedia: z.boolean(),
});
export type QuickMessage = z.output<typeof quickMessageSchema>;

// Who sees a quick message, in a module without zod: the realtime rules the web client loads use it.
export { quickMessageReadOnlyFor, quickMessageVisibleTo } from '../quick-message-rules';

/** 3-automation §5: shortcode required ('Obrigatório'). No defaults here: an update sends only what changes. */
export const quickMessageBody = z.object({
  shortcode: z
    .string({ error: VALIDATION.mandatory })
    .trim()
    .min(1, VALIDATION.mandatory)
    .max(100, VALIDATION.tooLong),
  message: z.string().max(10_000, VALIDATION.tooLong).optional(),
  geral: z.boolean().optional(),
  visao: z.boolean().optional(),
});

/** Chat suggestions (1-attendance §5): the label is cut at 90 characters. */
export const QUICK_MESSAGE_LABEL_MAX = 90;

export const QUICK_MESSAGES_PAGE_SIZE = 20;

export const quickMessagesRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/quick-messages',
    access: 'user',
    query: pageQuery,
    response: pagedResponse('records', quickMessageSchema),
  }),
  /** Every quick message the caller sees, for the chat's '/' suggestions; the company is always the caller's. */
  listAll: defineRoute({
    method: 'GET',
    path: '/quick-messages/list',
    access: 'user',
    query: z.object({
      companyId: z.coerce.number().optional(),
      userId: z.coerce.number().optional(),
    }),
    response: z.array(quickMessageSchema),
  }),
  show: defineRoute({
    method: 'GET',
    path: '/quick-messages/:id',
    access: 'user',
    params: idParam,
    response: quickMessageSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/quick-messages',
    access: 'user',
    body: quickMessageBody,
    response: quickMessageSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/quick-messages/:id',
    access: 'user',
    params: idParam,
    body: quickMessageBody.partial(),
    response: quickMessageSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/quick-messages/:id',
    access: 'user',
    params: idParam,
    response: okResponse,
  }),
  /** 3-automation §7: multipart `file` with typeArch quickMessage; replaces an earlier attachment. */
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/quick-messages/:id/media-upload',
    access: 'user',
    params: idParam,
    multipart: true,
    body: z.object({ typeArch: z.string().optional() }),
    response: quickMessageSchema,
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/quick-messages/:id/media-upload',
    access: 'user',
    params: idParam,
    response: quickMessageSchema,
  }),
  /** The attachment's bytes, to users of the company who see the quick message. */
  media: defineRoute({
    method: 'GET',
    path: '/quick-messages/:id/media',
    access: 'user',
    params: idParam,
    response: z.unknown(),
  }),
};

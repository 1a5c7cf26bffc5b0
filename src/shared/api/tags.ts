import { z } from 'zod';
import { VALIDATION } from '../errors';
import { boundedText, pagedResponse, pageQuery } from './common';
import { defineRoute, idParam, okResponse, ticketIdParam } from './contract';
import { ticketSchema } from './tickets';

/** 1-attendance §3 Tag; `kanban` 1 marks a kanban column. */
export const tagSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  kanban: z.number(),
});
export type Tag = z.output<typeof tagSchema>;

/** A row of the tags screen: the tag with how many tickets and contacts carry it. */
export const tagWithCountsSchema = tagSchema.extend({ ticketsCount: z.number(), contactsCount: z.number() });
export type TagWithCounts = z.output<typeof tagWithCountsSchema>;

/** 3-automation §9: a tag name has at least 3 characters. */
export const TAG_NAME_MIN = 3;
export const TAG_NAME_MAX = 100;

/** A CSS hex colour (#rgb, #rrggbb or #rrggbbaa), as the colour picker gives it. */
export const tagColor = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .regex(/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i, VALIDATION.invalidColor);

const kanbanFlag = z.number().int().min(0).max(1);

export const tagBody = z.object({
  name: boundedText(TAG_NAME_MIN, TAG_NAME_MAX),
  color: tagColor,
  kanban: kanbanFlag.optional().default(0),
});

const kanbanQuery = z.coerce.number().int().min(0).max(1).optional();

export const tagsRoutes = {
  /** The tags screen: 20 a page by name, searched by name. */
  page: defineRoute({
    method: 'GET',
    path: '/tags',
    access: 'user',
    query: pageQuery.extend({ kanban: kanbanQuery }),
    response: pagedResponse('tags', tagWithCountsSchema),
  }),
  list: defineRoute({
    method: 'GET',
    path: '/tags/list',
    access: 'user',
    query: z.object({ kanban: kanbanQuery }),
    response: z.array(tagSchema),
  }),
  create: defineRoute({ method: 'POST', path: '/tags', access: 'user', body: tagBody, response: tagSchema }),
  update: defineRoute({
    method: 'PUT',
    path: '/tags/:id',
    access: 'user',
    params: idParam,
    body: z.object({ name: tagBody.shape.name, color: tagColor, kanban: kanbanFlag }).partial(),
    response: tagSchema,
  }),
  /** Admins only: it takes the tag off every ticket and contact of the company. */
  remove: defineRoute({
    method: 'DELETE',
    path: '/tags/:id',
    access: 'admin',
    params: idParam,
    response: okResponse,
  }),
};

const ticketTagParams = ticketIdParam.extend({ tagId: z.coerce.number().int().positive() });

/** A ticket's tags (1-attendance §7; 3-automation kanban). Each answers the ticket as it now is. */
export const ticketTagsRoutes = {
  add: defineRoute({
    method: 'PUT',
    path: '/ticket-tags/:ticketId/:tagId',
    access: 'user',
    params: ticketTagParams,
    response: ticketSchema,
  }),
  /** Takes every tag off the ticket. */
  clear: defineRoute({
    method: 'DELETE',
    path: '/ticket-tags/:ticketId',
    access: 'user',
    params: ticketIdParam,
    response: ticketSchema,
  }),
  /** Our own: one tag off, so the chat's selector never leaves the ticket untagged in between. */
  remove: defineRoute({
    method: 'DELETE',
    path: '/ticket-tags/:ticketId/:tagId',
    access: 'user',
    params: ticketTagParams,
    response: ticketSchema,
  }),
};

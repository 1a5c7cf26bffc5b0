import { z } from 'zod';
import { isoDate, pageQuery } from './common';
import { defineRoute, idParam, queryBoolean } from './contract';

/** 1-attendance §3 Contact, the fields the contacts table holds so far. */
export const contactSchema = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  urlPicture: z.string().nullable(),
  isGroup: z.boolean(),
  channel: z.string(),
  active: z.boolean(),
  disableBot: z.boolean(),
  acceptAudioMessage: z.boolean(),
  lgpdAcceptedAt: isoDate.nullable(),
});
export type Contact = z.output<typeof contactSchema>;

// contactTag waits for the contacts' tags (POST /tags/sync), which have no table yet.
export const listContactsQuery = pageQuery.extend({
  channel: z.string().max(20).optional(),
  isGroup: queryBoolean.optional(),
});

export const contactsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/contacts',
    access: 'user',
    query: listContactsQuery,
    response: z.object({ contacts: z.array(contactSchema), hasMore: z.boolean() }),
  }),
  show: defineRoute({
    method: 'GET',
    path: '/contacts/:id',
    access: 'user',
    params: idParam,
    response: contactSchema,
  }),
};

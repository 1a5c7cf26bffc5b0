import { z } from 'zod';
import { VALIDATION } from '../errors';
import { boundedText, pagedResponse, pageQuery } from './common';
import { defineRoute, idParam, okResponse } from './contract';

/** Lists and members per page (3-automation §4: lists paginate with pageNumber and hasMore). */
export const CONTACT_LISTS_PAGE_SIZE = 20;

/** The import's accepted files (3-automation §5 names xls and xlsx; CSV is what most address books export). */
export const CONTACT_LIST_IMPORT_ACCEPT = '.xlsx,.xls,.csv';

/** 3-automation §3 ContactList, with how many of its members a WhatsApp connection has checked so far. */
export const contactListSchema = z.object({
  id: z.number(),
  name: z.string(),
  contactsCount: z.number(),
  /** Members whose number is not checked yet: the background check's progress. */
  uncheckedCount: z.number(),
});
export type ContactList = z.output<typeof contactListSchema>;

/** 3-automation §5: name 2 to 50 and required. */
export const contactListBody = z.object({ name: boundedText(2, 50) });

/** 3-automation §3 ContactListItem; `isWhatsappValid` null while unchecked. */
export const contactListItemSchema = z.object({
  id: z.number(),
  contactListId: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  isWhatsappValid: z.boolean().nullable(),
});
export type ContactListItem = z.output<typeof contactListItemSchema>;

/** 3-automation §5: name 2 to 50 required; number 8 to 50; email valid (may be empty). */
export const contactListItemBody = z.object({
  contactListId: z.coerce.number().int().positive(),
  name: boundedText(2, 50),
  number: z
    .string({ error: VALIDATION.required })
    .trim()
    .min(8, VALIDATION.tooShort)
    .max(50, VALIDATION.tooLong),
  email: z
    .union([z.literal(''), z.string().trim().pipe(z.email(VALIDATION.invalidEmail))])
    .optional()
    .default(''),
});

/** What an import did (POST /contact-lists/:id/upload). */
export const contactListImportSummary = z.object({
  /** Rows read from the file. */
  rows: z.number(),
  added: z.number(),
  /** Rows whose number was already in the list (or earlier in the file): merged into that member. */
  merged: z.number(),
  /** Rows without a usable name or number, skipped. */
  skipped: z.number(),
});
export type ContactListImportSummary = z.output<typeof contactListImportSummary>;

/** 3-automation §6: lists and their members are for admins (plain users see a no-access view). */
export const contactListsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/contact-lists',
    access: 'admin',
    plan: 'useCampaigns',
    query: pageQuery,
    response: pagedResponse('records', contactListSchema),
  }),
  /** Every list of the company, for the campaign dialog's picker. */
  all: defineRoute({
    method: 'GET',
    path: '/contact-lists/list',
    access: 'admin',
    plan: 'useCampaigns',
    response: z.array(contactListSchema),
  }),
  show: defineRoute({
    method: 'GET',
    path: '/contact-lists/:id',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    response: contactListSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/contact-lists',
    access: 'admin',
    plan: 'useCampaigns',
    body: contactListBody,
    response: contactListSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/contact-lists/:id',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    body: contactListBody,
    response: contactListSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/contact-lists/:id',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    response: okResponse,
  }),
  /** 3-automation §7: multipart field `file` (.xls, .xlsx, .csv). */
  upload: defineRoute({
    method: 'POST',
    path: '/contact-lists/:id/upload',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    multipart: true,
    body: z.object({}),
    response: contactListImportSummary,
  }),
  items: defineRoute({
    method: 'GET',
    path: '/contact-list-items',
    access: 'admin',
    plan: 'useCampaigns',
    query: pageQuery.extend({ contactListId: z.coerce.number().int().positive() }),
    response: pagedResponse('contacts', contactListItemSchema),
  }),
  createItem: defineRoute({
    method: 'POST',
    path: '/contact-list-items',
    access: 'admin',
    plan: 'useCampaigns',
    body: contactListItemBody,
    response: contactListItemSchema,
  }),
  updateItem: defineRoute({
    method: 'PUT',
    path: '/contact-list-items/:id',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    body: contactListItemBody,
    response: contactListItemSchema,
  }),
  removeItem: defineRoute({
    method: 'DELETE',
    path: '/contact-list-items/:id',
    access: 'admin',
    plan: 'useCampaigns',
    params: idParam,
    response: okResponse,
  }),
};

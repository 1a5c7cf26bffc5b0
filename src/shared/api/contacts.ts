import { z } from 'zod';
import { digitsOf } from '../digits';
import { VALIDATION } from '../errors';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../i18n/types';
import { boundedText, idList, isoDate, pageQuery } from './common';
import { defineRoute, idParam, queryBoolean } from './contract';
import { tagRef } from './tickets';

export const extraInfoSchema = z.object({ id: z.number(), name: z.string(), value: z.string() });
export type ExtraInfo = z.output<typeof extraInfoSchema>;

/** 1-attendance §3 Contact, as lists show it (with its tags). */
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
  tags: z.array(tagRef),
});
export type Contact = z.output<typeof contactSchema>;

/** One contact as the contact dialog edits it: with its extra information and its wallet. */
export const contactDetailSchema = contactSchema.extend({
  extraInfo: z.array(extraInfoSchema),
  /** DirectTicketsToWallets: the user (and queue) the contact's new tickets go straight to. */
  walletUserId: z.number().nullable(),
  walletQueueId: z.number().nullable(),
});
export type ContactDetail = z.output<typeof contactDetailSchema>;

export const contactSummarySchema = contactSchema.pick({
  id: true,
  name: true,
  number: true,
  email: true,
  isGroup: true,
  channel: true,
  urlPicture: true,
});

/** 1-attendance §5: 8–50 characters, counted on the digits the server keeps. */
export const contactNumberField = z
  .string({ error: VALIDATION.required })
  .trim()
  .superRefine((value, ctx) => {
    const length = digitsOf(value).length;
    const message = !value
      ? VALIDATION.required
      : length < 8
        ? VALIDATION.tooShort
        : length > 50
          ? VALIDATION.tooLong
          : undefined;
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** An email that may be left empty; when given it must be valid. */
export const optionalEmail = z
  .string()
  .trim()
  .max(200, VALIDATION.tooLong)
  .pipe(z.union([z.literal(''), z.email(VALIDATION.invalidEmail)]));

/** 1-attendance §5: 2–250 in the contact dialog. */
export const contactNameField = boundedText(2, 250);

export const extraInfoInput = z.object({
  name: boundedText(1, 100),
  value: z.string().trim().max(1000, VALIDATION.tooLong),
});

const contactFields = {
  name: contactNameField,
  number: contactNumberField,
  email: optionalEmail,
  disableBot: z.boolean(),
  acceptAudioMessage: z.boolean(),
  /** Replaces the contact's extra information with these name/value pairs. */
  extraInfo: z.array(extraInfoInput).max(50),
  /** Replaces the contact's tags with these tag ids. */
  tags: z.array(z.number().int().positive()).max(100),
  /** The contact's wallet: admins only; no user means no wallet. */
  walletUserId: z.number().int().positive().nullable(),
  walletQueueId: z.number().int().positive().nullable(),
};

/** The contact dialog's form; the server validates with the same fields. */
export const contactFormSchema = z.object(contactFields);

export const createContactBody = contactFormSchema.partial().extend({
  name: contactNameField,
  number: contactNumberField,
  // Sent by the spec's client; the server always takes the company from the caller.
  companyId: z.number().optional(),
});
export const updateContactBody = contactFormSchema.partial().extend({ companyId: z.number().optional() });

export const listContactsQuery = pageQuery.extend({
  /** Contacts carrying every one of these tags. */
  contactTag: idList,
  channel: z.string().max(20).optional(),
  isGroup: queryBoolean.optional(),
});

/** The list's filters, the file's format and the language of its header row. */
export const exportContactsQuery = listContactsQuery.omit({ pageNumber: true }).extend({
  format: z.enum(['csv', 'xlsx']),
  lang: z.enum(LANGUAGES).optional().default(DEFAULT_LANGUAGE),
});
export type ExportFormat = z.output<typeof exportContactsQuery>['format'];

// ——— Import (1-attendance §2 import screen).

/** The columns a spreadsheet's cells can be mapped to. */
export const IMPORT_FIELDS = ['name', 'number', 'email', 'tags'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Rows the client sends per POST /contacts/import; the server writes them in transactions of 500. */
export const IMPORT_ROWS_PER_REQUEST = 2000;
/** A batch of rows as JSON: 2,000 rows of a wide sheet take more than the default body limit. */
export const IMPORT_BODY_LIMIT = 5 * 1024 * 1024;

/** A row of a spreadsheet; `line` is its line in the file (the header is line 1), for the report. */
export const sheetRowSchema = z.object({ line: z.number().int().min(1), cells: z.array(z.string()) });
export type SheetRow = z.output<typeof sheetRowSchema>;

/** A spreadsheet as the server read it: the header row and every non-empty row after it, as text. */
/** Caps of POST /contacts/upload: past any, 413 ERR_FILE_TOO_LARGE ('Arquivo muito grande'). */
export const SHEET_LIMITS = {
  /** The file as sent. */
  bytes: 10 * 1024 * 1024,
  /** Rows after the header: twice the largest import the product is measured with (50,000 contacts). */
  rows: 100_000,
  /** What an XLSX (a zip) unpacks to: a small file that unpacks to gigabytes is a zip bomb. */
  unpackedBytes: 100 * 1024 * 1024,
} as const;

export const uploadedSheetSchema = z.object({ columns: z.array(z.string()), rows: z.array(sheetRowSchema) });
export type UploadedSheet = z.output<typeof uploadedSheetSchema>;

const columnIndex = z.number().int().min(0).max(1000);

/** Which column holds which field; name and number are required. */
export const importMappingSchema = z.object({
  name: columnIndex,
  number: columnIndex,
  email: columnIndex.nullable().optional(),
  tags: columnIndex.nullable().optional(),
});
export type ImportMapping = z.output<typeof importMappingSchema>;

export const importContactsBody = z.object({
  mapping: importMappingSchema,
  /** The selected rows. */
  rows: z.array(sheetRowSchema).min(1).max(IMPORT_ROWS_PER_REQUEST),
});

export const importInvalidSchema = z.object({
  line: z.number(),
  field: z.enum(IMPORT_FIELDS),
  /** A validation message of the spec ('Required', 'Too Short!', 'Invalid email'…). */
  reason: z.string(),
});
export type ImportInvalid = z.output<typeof importInvalidSchema>;

export const importResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  invalid: z.array(importInvalidSchema),
});
export type ImportResult = z.output<typeof importResultSchema>;

/** One contact at a time (the spec's client sends one every 330 ms); tags by name, comma separated or a list. */
export const importOneContactBody = z.object({
  name: contactNameField,
  number: contactNumberField,
  email: optionalEmail.optional(),
  tags: z.union([z.string().max(2000), z.array(z.string().max(100)).max(100)]).optional(),
  validateContact: queryBoolean.optional(),
});

const tagsOfContact = z.object({ tags: z.array(tagRef) });

export const contactsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/contacts',
    access: 'user',
    query: listContactsQuery,
    response: z.object({ contacts: z.array(contactSchema), hasMore: z.boolean() }),
  }),
  /**
   * Every contact of the list's filters as one CSV or XLSX file, streamed while it is written; cells that
   * a spreadsheet would run as a formula start with a quote.
   */
  export: defineRoute({
    method: 'GET',
    path: '/contacts/export',
    access: 'user',
    query: exportContactsQuery,
    response: z.unknown(),
  }),
  /** Every contact of the company, lean (pickers of other screens). */
  listAll: defineRoute({
    method: 'GET',
    path: '/contacts/list',
    access: 'user',
    query: z.object({ companyId: z.coerce.number().optional() }),
    response: z.array(contactSummarySchema),
  }),
  /** The company's contact with that number, if any, and the channel's profile picture for it. */
  profile: defineRoute({
    method: 'GET',
    path: '/contacts/profile/:number',
    access: 'user',
    params: z.object({ number: z.string().min(1).max(100) }),
    response: z.object({ contact: contactDetailSchema.nullable(), profilePicUrl: z.string().nullable() }),
  }),
  show: defineRoute({
    method: 'GET',
    path: '/contacts/:id',
    access: 'user',
    params: idParam,
    response: contactDetailSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/contacts',
    access: 'user',
    body: createContactBody,
    response: contactDetailSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/contacts/:id',
    access: 'user',
    params: idParam,
    body: updateContactBody,
    response: contactDetailSchema,
  }),
  toggleAcceptAudio: defineRoute({
    method: 'PUT',
    path: '/contacts/toggleAcceptAudio/:id',
    access: 'user',
    params: idParam,
    response: contactDetailSchema,
  }),
  toggleDisableBot: defineRoute({
    method: 'PUT',
    path: '/contacts/toggleDisableBot/:id',
    access: 'user',
    params: idParam,
    response: contactDetailSchema,
  }),
  block: defineRoute({
    method: 'PUT',
    path: '/contacts/block/:id',
    access: 'user',
    params: idParam,
    body: z.object({ active: z.boolean() }),
    response: contactDetailSchema,
  }),
  /** 'contacts-page:deleteContact'. The contact's tickets, their messages and notes go with it. */
  remove: defineRoute({
    method: 'DELETE',
    path: '/contacts/:id',
    access: 'user',
    params: idParam,
    response: z.object({ ok: z.literal(true), deletedTickets: z.number() }),
  }),
  /** A CSV, XLSX or XLS (Excel 97–2003) file in the multipart field `file`. */
  upload: defineRoute({
    method: 'POST',
    path: '/contacts/upload',
    access: 'user',
    multipart: true,
    body: z.object({}),
    response: uploadedSheetSchema,
  }),
  import: defineRoute({
    method: 'POST',
    path: '/contacts/import',
    access: 'user',
    body: importContactsBody,
    bodyLimit: IMPORT_BODY_LIMIT,
    response: importResultSchema,
  }),
  /** The chats the company's connected channels know, as contacts; existing contacts stay as they are. */
  importChats: defineRoute({
    method: 'POST',
    path: '/contacts/import/chats',
    access: 'user',
    response: z.object({ created: z.number(), existing: z.number() }),
  }),
  importOne: defineRoute({
    method: 'POST',
    path: '/contactsImport',
    access: 'user',
    body: importOneContactBody,
    response: z.object({ contact: contactDetailSchema, created: z.boolean() }),
  }),
  /** Replaces a contact's tags. */
  syncTags: defineRoute({
    method: 'POST',
    path: '/tags/sync',
    access: 'user',
    body: z.object({
      contactId: z.number().int().positive(),
      // The spec's client sends tag objects; ids alone are accepted too.
      tags: z
        .array(z.union([z.number().int().positive(), z.object({ id: z.number().int().positive() })]))
        .max(100),
    }),
    response: tagsOfContact,
  }),
  tagsOf: defineRoute({
    method: 'GET',
    path: '/contactTags/:contactId',
    access: 'user',
    params: z.object({ contactId: z.coerce.number().int().positive() }),
    response: tagsOfContact,
  }),
};

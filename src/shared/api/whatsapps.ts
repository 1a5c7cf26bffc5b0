import { z } from 'zod';
import { CONNECTION_TOKEN_LENGTH } from '../connection-rules';
import { digitsOf } from '../digits';
import { VALIDATION } from '../errors';
import { scheduleRowSchema, schedulesSchema } from '../schedules';
import { boundedText, isoDate } from './common';
import { defineRoute, idParam, okResponse } from './contract';
import { queueRef } from './users';

/** 2-administration §4.1: the statuses a connection's session goes through. */
export const CONNECTION_STATUSES = [
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
  'CONNECTED',
] as const;

/** A channel connection as lists, pickers and filters show it (its token never leaves the server). */
export const connectionSchema = z.object({
  id: z.number(),
  name: z.string(),
  channel: z.string(),
  status: z.string(),
  number: z.string().nullable(),
  isDefault: z.boolean(),
  updatedAt: isoDate,
  queues: z.array(queueRef),
  /** Where a history import stands (2-administration §4.1): '', a start time in ms while preparing, 'Running', 'renderButtonCloseTickets'. */
  statusImportMessages: z.string(),
});
export type Connection = z.output<typeof connectionSchema>;

/** 2-administration §4.1: the import's states beside the preparing start time. */
export const IMPORT_RUNNING = 'Running';
export const IMPORT_DONE = 'renderButtonCloseTickets';
/** 2-administration §9: an import prepares for 35 seconds. */
export const IMPORT_PREPARING_MS = 35_000;

const when = z.iso.datetime({ offset: true });

/** The connection dialog's fields of 2-administration §3, every tab. */
export const connectionDetailSchema = connectionSchema.extend({
  greetingMessage: z.string().nullable(),
  complationMessage: z.string().nullable(),
  outOfHoursMessage: z.string().nullable(),
  ratingMessage: z.string().nullable(),
  allowGroup: z.boolean(),
  groupAsTicket: z.enum(['enabled', 'disabled']),
  timeCreateNewTicket: z.number(),
  maxUseBotQueues: z.number(),
  timeUseBotQueues: z.number(),
  /** Only for those who manage connections (the external API's bearer); null for everyone else. */
  token: z.string().nullable(),
  provider: z.string(),
  expiresTicket: z.number(),
  expiresInactiveMessage: z.string().nullable(),
  whenExpiresTicket: z.enum(['0', '1']),
  timeInactiveMessage: z.number(),
  inactiveMessage: z.string().nullable(),
  timeSendQueue: z.number(),
  sendIdQueue: z.number().nullable(),
  expiresTicketNPS: z.number(),
  maxUseBotQueuesNPS: z.number(),
  /** The greeting's stored image or video (GET /whatsapp/:id/media). */
  greetingMediaAttachment: z.string().nullable(),
  collectiveVacationStart: when.nullable(),
  collectiveVacationEnd: when.nullable(),
  collectiveVacationMessage: z.string().nullable(),
  enableImportMessage: z.boolean(),
  importOldMessages: when.nullable(),
  importRecentMessages: when.nullable(),
  importOldMessagesGroups: z.boolean(),
  closedTicketsPostImported: z.boolean(),
  queueIdImportMessages: z.number().nullable(),
  integrationId: z.number().nullable(),
  promptId: z.number().nullable(),
  flowIdWelcome: z.number().nullable(),
  flowIdNotPhrase: z.number().nullable(),
  /** The connection's service hours (used when scheduleType is 'connection'); the §9 defaults until saved. */
  schedules: z.array(scheduleRowSchema),
  /** The QR code to scan while the status is qrcode; empty otherwise. */
  qrcode: z.string(),
  retries: z.number(),
  /** whatsappapi: the account it sends through (its token is never read back). */
  cloudApi: z.object({ phoneNumberId: z.string(), wabaId: z.string() }).nullable(),
});
export type ConnectionDetail = z.output<typeof connectionDetailSchema>;

const message = z.string().max(5000).nullable().optional();
const minutes = z.number().int().min(0).max(1_000_000);
const times = z.number().int().min(0).max(1000);
const nullableId = z.number().int().positive().nullable().optional();

const graphId = z
  .string()
  .trim()
  .min(1, VALIDATION.required)
  .max(30, VALIDATION.tooLong)
  .regex(/^\d+$/, VALIDATION.digitsOnly);

/** A WhatsApp Cloud API connection's account (Meta's WhatsApp Manager shows both ids and makes the token). */
export const cloudApiFields = z.object({
  phoneNumberId: graphId,
  wabaId: graphId,
  /** Required on create; empty on an update keeps the stored one. */
  token: z.string().trim().max(1000, VALIDATION.tooLong),
});
export type CloudApiInput = z.input<typeof cloudApiFields>;

/**
 * 2-administration §5: name 2–50. No defaults: an update sends only what changes (the columns keep the
 * §9 defaults on create). The rules between fields (connection-rules.ts), the greeting rule (required with
 * more than one queue) and whether the queues are the company's are applied by the service on the
 * connection as it will be stored.
 */
export const connectionBody = z.object({
  name: boundedText(2, 50),
  isDefault: z.boolean().optional(),
  greetingMessage: message,
  complationMessage: message,
  outOfHoursMessage: message,
  ratingMessage: message,
  queueIds: z.array(z.number().int().positive()).max(200).optional(),
  allowGroup: z.boolean().optional(),
  groupAsTicket: z.enum(['enabled', 'disabled']).optional(),
  timeCreateNewTicket: minutes.optional(),
  maxUseBotQueues: times.optional(),
  timeUseBotQueues: minutes.optional(),
  token: z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9]{${CONNECTION_TOKEN_LENGTH}}$`), VALIDATION.invalidToken)
    .optional(),
  provider: z.string().trim().min(1).max(20).optional(),
  expiresTicket: minutes.optional(),
  expiresInactiveMessage: message,
  whenExpiresTicket: z.enum(['0', '1']).optional(),
  timeInactiveMessage: minutes.optional(),
  inactiveMessage: message,
  timeSendQueue: minutes.optional(),
  sendIdQueue: nullableId,
  expiresTicketNPS: minutes.optional(),
  maxUseBotQueuesNPS: times.optional(),
  collectiveVacationStart: when.nullable().optional(),
  collectiveVacationEnd: when.nullable().optional(),
  collectiveVacationMessage: message,
  enableImportMessage: z.boolean().optional(),
  importOldMessages: when.nullable().optional(),
  importRecentMessages: when.nullable().optional(),
  importOldMessagesGroups: z.boolean().optional(),
  closedTicketsPostImported: z.boolean().optional(),
  queueIdImportMessages: nullableId,
  // Prompts, queue integrations and flows have no lists yet: their ids are stored as given.
  integrationId: nullableId,
  promptId: nullableId,
  flowIdWelcome: nullableId,
  flowIdNotPhrase: nullableId,
  schedules: schedulesSchema.optional(),
  /** whatsappapi connections only. */
  cloudApi: cloudApiFields.optional(),
});
export type ConnectionInput = z.input<typeof connectionBody>;
export type ConnectionFields = z.output<typeof connectionBody>;

/** Channels created here; Facebook and Instagram connections come from POST /facebook. */
export const connectionCreateBody = connectionBody
  .extend({ channel: z.enum(['whatsapp', 'whatsappapi']).optional().default('whatsapp') })
  .superRefine((body, ctx) => {
    if (body.channel === 'whatsappapi' && !body.cloudApi?.token) {
      ctx.addIssue({ code: 'custom', path: ['cloudApi', 'token'], message: VALIDATION.required });
    }
  });
export type NewConnectionInput = z.input<typeof connectionCreateBody>;

/** 2-administration §2.4: one company's connections in the super administrator's overview. */
export const companyConnectionsSchema = z.object({
  id: z.number(),
  name: z.string(),
  connections: z.array(connectionSchema),
});
export type CompanyConnections = z.output<typeof companyConnectionsSchema>;

/** Pairing by phone number: the number of the phone to link (digits, country code first). */
export const pairingCodeBody = z.object({
  number: z
    .string({ error: VALIDATION.required })
    .transform(digitsOf)
    .pipe(z.string().min(1, VALIDATION.required).min(8, VALIDATION.tooShort).max(15, VALIDATION.tooLong)),
});

/** company-{id}-whatsappSession: a session's status and QR (empty for users who may not connect). */
export interface WhatsappSessionEvent {
  action: 'update';
  session: { id: number; status: string; qrcode: string; retries: number; number: string | null };
}

export type WhatsappEvent =
  | { action: 'update'; whatsapp: Connection }
  | { action: 'delete'; whatsappId: number };

/**
 * importMessages-{companyId} (2-administration §4.1): an import's progress (processed -1 while
 * preparing; the date the import has reached), then a refresh when it ends.
 */
export type ImportMessagesEvent =
  | { action: 'update'; whatsappId: number; status: { processed: number; all: number; date: string } }
  | { action: 'refresh'; whatsappId: number };

export const whatsappsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/whatsapp',
    access: 'user',
    response: z.array(connectionSchema),
  }),
  /** 2-administration §2.4: every company with its connections, for the super administrator (`?session=0` is ignored, as on the list). */
  all: defineRoute({
    method: 'GET',
    path: '/whatsapp/all',
    access: 'super',
    response: z.array(companyConnectionsSchema),
  }),
  // Services check 'connections-page:*' permissions: allowConnections makes a plain user act as admin.
  show: defineRoute({
    method: 'GET',
    path: '/whatsapp/:id',
    access: 'user',
    params: idParam,
    response: connectionDetailSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/whatsapp',
    access: 'user',
    body: connectionCreateBody,
    response: connectionDetailSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/whatsapp/:id',
    access: 'user',
    params: idParam,
    body: connectionBody.partial(),
    response: connectionDetailSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/whatsapp/:id',
    access: 'user',
    params: idParam,
    response: okResponse,
  }),
  /** Starts the session again (DISCONNECTED: "try again"). */
  retrySession: defineRoute({
    method: 'POST',
    path: '/whatsappsession/:id',
    access: 'user',
    params: idParam,
    response: okResponse,
  }),
  /** Forgets the stored login and starts again: a new QR code. */
  newQr: defineRoute({
    method: 'PUT',
    path: '/whatsappsession/:id',
    access: 'user',
    params: idParam,
    response: okResponse,
  }),
  /** Logs the session out: DISCONNECTED. */
  disconnect: defineRoute({
    method: 'DELETE',
    path: '/whatsappsession/:id',
    access: 'user',
    params: idParam,
    response: okResponse,
  }),
  /** Linking by phone number instead of a QR code: the code to type on the phone (status PAIRING). */
  pairingCode: defineRoute({
    method: 'POST',
    path: '/whatsappsession/:id/pairing-code',
    access: 'user',
    params: idParam,
    body: pairingCodeBody,
    response: z.object({ code: z.string() }),
  }),
  /** Starts every connection of the company again, each resuming its stored login. */
  restart: defineRoute({
    method: 'POST',
    path: '/whatsapp-restart',
    access: 'user',
    response: okResponse,
  }),
  /** The greeting's image or video (multipart `file`); replaces an earlier one. */
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/whatsapp/:id/media-upload',
    access: 'user',
    params: idParam,
    multipart: true,
    body: z.object({}),
    response: connectionDetailSchema,
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/whatsapp/:id/media-upload',
    access: 'user',
    params: idParam,
    response: connectionDetailSchema,
  }),
  /** The greeting attachment's bytes, to the company's users. */
  media: defineRoute({
    method: 'GET',
    path: '/whatsapp/:id/media',
    access: 'user',
    params: idParam,
    response: z.unknown(),
  }),
  /** 2-administration §4.1: closes the tickets a history import made (the "close imported tickets" button). */
  closeImported: defineRoute({
    method: 'POST',
    path: '/closedimported/:id',
    access: 'user',
    params: idParam,
    response: z.object({ closed: z.number() }),
  }),
};

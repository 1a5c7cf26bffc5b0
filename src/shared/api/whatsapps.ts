import { z } from 'zod';
import { VALIDATION } from '../errors';
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
});
export type Connection = z.output<typeof connectionSchema>;

/** The connection dialog's fields of 2-administration §3 (general and messages tabs). */
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
  /** The QR code to scan while the status is qrcode; empty otherwise. */
  qrcode: z.string(),
  retries: z.number(),
  /** whatsappapi: the account it sends through (its token is never read back). */
  cloudApi: z.object({ phoneNumberId: z.string(), wabaId: z.string() }).nullable(),
});
export type ConnectionDetail = z.output<typeof connectionDetailSchema>;

const message = z.string().max(5000).nullable().optional();

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
 * §9 defaults on create). The greeting rule (required with more than one queue) is the service's.
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
  timeCreateNewTicket: z.number().int().min(0).max(1_000_000).optional(),
  maxUseBotQueues: z.number().int().min(0).max(1000).optional(),
  timeUseBotQueues: z.number().int().min(0).max(1_000_000).optional(),
  /** whatsappapi connections only. */
  cloudApi: cloudApiFields.optional(),
});
export type ConnectionInput = z.input<typeof connectionBody>;

/** Channels created here; Facebook and Instagram connections come from POST /facebook. */
export const connectionCreateBody = connectionBody
  .extend({ channel: z.enum(['whatsapp', 'whatsappapi']).optional().default('whatsapp') })
  .superRefine((body, ctx) => {
    if (body.channel === 'whatsappapi' && !body.cloudApi?.token) {
      ctx.addIssue({ code: 'custom', path: ['cloudApi', 'token'], message: VALIDATION.required });
    }
  });
export type NewConnectionInput = z.input<typeof connectionCreateBody>;

/** company-{id}-whatsappSession: a session's status and QR (empty for users who may not connect). */
export interface WhatsappSessionEvent {
  action: 'update';
  session: { id: number; status: string; qrcode: string; retries: number; number: string | null };
}

export type WhatsappEvent =
  | { action: 'update'; whatsapp: Connection }
  | { action: 'delete'; whatsappId: number };

export const whatsappsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/whatsapp',
    access: 'user',
    response: z.array(connectionSchema),
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
};

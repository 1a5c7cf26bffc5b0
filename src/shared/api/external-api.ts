import { z } from 'zod';
import { VALIDATION } from '../errors';
import { contactNumberField } from './contacts';
import { defineRoute } from './contract';

/** JSON sends booleans; multipart fields are text ('true' / 'false'). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((v) => v === true || v === 'true');

/** An optional id: absent, empty (an untouched form field) or a positive whole number. */
const optionalId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().positive().optional(),
);

/**
 * 3-automation §3 "External API send fields": the message to `number` (international, digits or
 * formatted), its text (the caption of the files sent as `medias`), the user it is sent as (open ticket,
 * signature) and the queue of its ticket, whether the text is signed and whether the ticket closes after.
 */
export const externalSendBody = z.object({
  number: contactNumberField,
  body: z.string().max(65_536, VALIDATION.tooLong).optional().default(''),
  userId: optionalId,
  queueId: optionalId,
  sendSignature: flag,
  closeTicket: flag,
});

/** The send test of the /messages-api page: the same fields, with the connection token to try. */
export const externalSendTestBody = externalSendBody.extend({
  token: z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(64),
});

export const externalSendResponse = z.object({ status: z.literal('SUCCESS') });

/** Plan flag 3-automation §6 useExternalApi; files are sent under this multipart field. */
export const EXTERNAL_MEDIA_FIELD = 'medias';

export const externalApiRoutes = {
  /** docs/architecture.md "The contract": the external send endpoint, authenticated by a connection's token. */
  send: defineRoute({
    method: 'POST',
    path: '/messages/send',
    access: 'public',
    multipart: true,
    body: externalSendBody,
    response: externalSendResponse,
  }),
  /** The /messages-api page's send test, for the company's admins: a token of their own company only. */
  test: defineRoute({
    method: 'POST',
    path: '/messages-api/test',
    access: 'admin',
    multipart: true,
    body: externalSendTestBody,
    response: externalSendResponse,
  }),
  /** The external API described for other programs (OpenAPI 3.1). */
  openapi: defineRoute({
    method: 'GET',
    path: '/messages-api/openapi.json',
    access: 'public',
    response: z.record(z.string(), z.unknown()),
  }),
};

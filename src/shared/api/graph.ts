import { z } from 'zod';
import { VALIDATION } from '../errors';
import { defineRoute, idParam } from './contract';
import { connectionSchema } from './whatsapps';

/**
 * The Graph API channels' own calls: Facebook and Instagram connections from a Facebook login
 * (2-administration §7 POST /facebook) and the Cloud API's message templates.
 */

const requiredText = (max: number) =>
  z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(max, VALIDATION.tooLong);

export const facebookBody = z.object({
  facebookUserId: requiredText(64),
  facebookUserToken: requiredText(2000),
  /** true: the Instagram accounts linked to the user's pages; false: the pages themselves. */
  addInstagram: z.boolean().optional().default(false),
});
export type FacebookLogin = z.input<typeof facebookBody>;

/** An approved template with a text header or none (the picker fills text placeholders only). */
export const messageTemplateSchema = z.object({
  name: z.string(),
  language: z.string(),
  category: z.string(),
  /** named: `{{name}}` placeholders; positional: `{{1}}`, `{{2}}`… */
  parameterFormat: z.enum(['positional', 'named']),
  header: z.string().nullable(),
  body: z.string(),
  footer: z.string().nullable(),
});
export type MessageTemplate = z.output<typeof messageTemplateSchema>;

export const graphRoutes = {
  /** The user's pages (or their Instagram accounts) become connections; the answer lists them. */
  connectFacebook: defineRoute({
    method: 'POST',
    path: '/facebook',
    access: 'user',
    body: facebookBody,
    response: z.array(connectionSchema),
  }),
  /** The approved templates of a WhatsApp Cloud API connection's business account. */
  templates: defineRoute({
    method: 'GET',
    path: '/whatsapp/:id/templates',
    access: 'user',
    params: idParam,
    response: z.array(messageTemplateSchema),
  }),
};

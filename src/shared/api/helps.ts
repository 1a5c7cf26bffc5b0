import { z } from 'zod';
import { VALIDATION } from '../errors';
import { parseHelpVideo } from '../help-video';
import { boundedText } from './common';
import { defineRoute, idParam, okResponse } from './contract';

/** 2-administration §3 Help entry. */
export const helpSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  video: z.string(),
});
export type Help = z.output<typeof helpSchema>;

export const helpBody = z.object({
  title: boundedText(2, 200),
  description: z.string().trim().max(2000, VALIDATION.tooLong).optional().default(''),
  // Empty (a text-only entry) or a YouTube/Vimeo id or address.
  video: z
    .string()
    .trim()
    .max(500, VALIDATION.tooLong)
    .refine((code) => code === '' || parseHelpVideo(code) !== null, VALIDATION.invalidVideo)
    .optional()
    .default(''),
});

export const helpsRoutes = {
  list: defineRoute({ method: 'GET', path: '/helps', access: 'user', response: z.array(helpSchema) }),
  // The menu's question: whether any entry exists (2-administration §2.10).
  options: defineRoute({ method: 'GET', path: '/helps/list', access: 'user', response: z.array(helpSchema) }),
  create: defineRoute({
    method: 'POST',
    path: '/helps',
    access: 'super',
    body: helpBody,
    response: helpSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/helps/:id',
    access: 'super',
    params: idParam,
    body: helpBody,
    response: helpSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/helps/:id',
    access: 'super',
    params: idParam,
    response: okResponse,
  }),
};

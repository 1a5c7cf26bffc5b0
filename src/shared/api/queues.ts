import { z } from 'zod';
import { VALIDATION } from '../errors';
import { schedulesSchema } from '../schedules';
import { chatbotInputSchema, chatbotSchema, countOptions, MAX_CHATBOT_OPTIONS } from './chatbots';
import { boundedText } from './common';
import { defineRoute, idParam, okResponse } from './contract';

export const queueSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string().nullable(),
  orderQueue: z.number().nullable(),
  outOfHoursMessage: z.string().nullable(),
  closeTicket: z.boolean(),
  ativarRoteador: z.boolean(),
  tempoRoteador: z.number(),
  integrationId: z.number().nullable(),
  fileListId: z.number().nullable(),
});
export type QueueSummary = z.output<typeof queueSummarySchema>;

/** One queue as its dialog edits it: its service hours (the defaults until saved) and its option tree. */
export const queueDetailSchema = queueSummarySchema.extend({
  schedules: schedulesSchema,
  chatbots: z.array(chatbotSchema),
});
export type QueueDetail = z.output<typeof queueDetailSchema>;

/** 2-administration §9: the router (queue rotation) times in minutes; 0 while rotation was never set. */
export const ROUTER_TIMES = [2, 5, 10, 15, 30, 45, 60] as const;

const nullableId = z.number().int().positive().nullable().optional();

/**
 * 2-administration §5: name 2–50; colour 3–9 characters, unique per company. No defaults: an update
 * sends only what changes. The greeting rule (required with more than one queue) needs the company's
 * queues, so the service applies it.
 */
export const queueBody = z.object({
  name: boundedText(2, 50),
  color: boundedText(3, 9),
  greetingMessage: z.string().max(5000).nullable().optional(),
  orderQueue: z.number().int().min(0).nullable().optional(),
  outOfHoursMessage: z.string().max(5000).nullable().optional(),
  closeTicket: z.boolean().optional(),
  ativarRoteador: z.boolean().optional(),
  tempoRoteador: z.literal([0, ...ROUTER_TIMES]).optional(),
  // The integrations come with their own issue; until then this is a plain id.
  integrationId: nullableId,
  fileListId: nullableId,
  schedules: schedulesSchema.optional(),
  /** The whole option tree: options keep their id, new ones have none, those left out are removed. */
  chatbots: z
    .array(chatbotInputSchema)
    .refine((tree) => countOptions(tree) <= MAX_CHATBOT_OPTIONS, VALIDATION.tooLong)
    .optional(),
});

export const queuesRoutes = {
  list: defineRoute({ method: 'GET', path: '/queue', access: 'user', response: z.array(queueSummarySchema) }),
  show: defineRoute({
    method: 'GET',
    path: '/queue/:id',
    access: 'user',
    params: idParam,
    response: queueDetailSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/queue',
    access: 'admin',
    body: queueBody,
    response: queueDetailSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/queue/:id',
    access: 'admin',
    params: idParam,
    body: queueBody.partial(),
    response: queueDetailSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/queue/:id',
    access: 'admin',
    params: idParam,
    response: okResponse,
  }),
};

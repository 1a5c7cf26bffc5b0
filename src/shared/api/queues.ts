import { z } from 'zod';
import { VALIDATION } from '../errors';
import { boundedText } from './common';
import { defineRoute, idParam, okResponse } from './contract';

export const queueSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string().nullable(),
  orderQueue: z.number().nullable(),
});
export type QueueSummary = z.output<typeof queueSummarySchema>;

/** 2-administration §5: name 2–50; colour 3–9 characters, unique per company. */
export const queueBody = z.object({
  name: boundedText(2, 50),
  color: z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .min(3, VALIDATION.tooShort)
    .max(9, VALIDATION.tooLong),
  greetingMessage: z.string().max(5000).nullable().optional(),
  orderQueue: z.number().int().min(0).nullable().optional(),
});

// The option trees, schedules and integrations of the queue dialog come with their own issues.
export const queuesRoutes = {
  list: defineRoute({ method: 'GET', path: '/queue', access: 'user', response: z.array(queueSummarySchema) }),
  show: defineRoute({
    method: 'GET',
    path: '/queue/:id',
    access: 'user',
    params: idParam,
    response: queueSummarySchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/queue',
    access: 'admin',
    body: queueBody,
    response: queueSummarySchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/queue/:id',
    access: 'admin',
    params: idParam,
    body: queueBody.partial(),
    response: queueSummarySchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/queue/:id',
    access: 'admin',
    params: idParam,
    response: okResponse,
  }),
};

import { z } from 'zod';
import { defineRoute } from './contract';

export const queueSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string().nullable(),
  orderQueue: z.number().nullable(),
});
export type QueueSummary = z.output<typeof queueSummarySchema>;

// The full queues module (dialog, option trees, schedules) comes with its own issue.
export const queuesRoutes = {
  list: defineRoute({ method: 'GET', path: '/queue', access: 'user', response: z.array(queueSummarySchema) }),
};

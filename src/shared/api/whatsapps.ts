import { z } from 'zod';
import { defineRoute } from './contract';
import { queueRef } from './users';

/** A channel connection as pickers and filters show it (its token never leaves the server). */
export const connectionSchema = z.object({
  id: z.number(),
  name: z.string(),
  channel: z.string(),
  status: z.string(),
  isDefault: z.boolean(),
  queues: z.array(queueRef),
});
export type Connection = z.output<typeof connectionSchema>;

export const whatsappsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/whatsapp',
    access: 'user',
    response: z.array(connectionSchema),
  }),
};

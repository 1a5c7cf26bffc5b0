import { z } from 'zod';
import { defineRoute } from './contract';

/** 1-attendance §3 Tag; `kanban` 1 marks a kanban column. */
export const tagSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  kanban: z.number(),
});
export type Tag = z.output<typeof tagSchema>;

export const tagsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/tags/list',
    access: 'user',
    query: z.object({ kanban: z.coerce.number().int().min(0).max(1).optional() }),
    response: z.array(tagSchema),
  }),
};

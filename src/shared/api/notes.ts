import { z } from 'zod';
import { VALIDATION } from '../errors';
import { boundedText, isoDate } from './common';
import { defineRoute, idParam, okResponse } from './contract';

/** 1-attendance §3 Note (ticket observation), with its author. */
export const noteSchema = z.object({
  id: z.number(),
  note: z.string(),
  ticketId: z.number(),
  contactId: z.number(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: isoDate,
});
export type Note = z.output<typeof noteSchema>;

const positiveId = z.coerce.number({ error: VALIDATION.required }).int().positive();

/** 1-attendance §5: a note is required and has at least 2 characters. */
export const noteBody = z.object({
  note: boundedText(2, 5000),
  ticketId: positiveId,
  /** The ticket's contact; the server takes it from the ticket when absent. */
  contactId: positiveId.optional(),
});

export const notesRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/ticket-notes',
    access: 'user',
    body: noteBody,
    response: noteSchema,
  }),
  /** The ticket's notes, newest first. */
  list: defineRoute({
    method: 'GET',
    path: '/ticket-notes/list',
    access: 'user',
    query: z.object({ ticketId: positiveId, contactId: positiveId.optional() }),
    response: z.array(noteSchema),
  }),
  /** The author's own notes; admins any. */
  remove: defineRoute({
    method: 'DELETE',
    path: '/ticket-notes/:id',
    access: 'user',
    params: idParam,
    response: okResponse,
  }),
};

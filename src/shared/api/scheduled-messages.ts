import { z } from 'zod';
import { VALIDATION } from '../errors';
import {
  DAY_RULES,
  MAX_OCCURRENCES,
  RECURRENCE_UNIT_VALUES,
  SCHEDULE_DEFAULTS,
  SCHEDULE_STATUSES,
} from '../scheduled-messages';
import { pageQuery } from './common';
import { defineRoute, idParam, okResponse } from './contract';

const named = z.object({ id: z.number(), name: z.string() }).nullable();

/**
 * A scheduled message (3-automation §3 Schedule). `sendAt` is the first occurrence as asked;
 * `nextSendAt` the next one still to go (the day rule applied; null once none is left); `sentCount` how
 * many went out so far; `error` why the last send failed for good (status ERRO).
 */
export const scheduleSchema = z.object({
  id: z.number(),
  body: z.string(),
  contactId: z.number(),
  contact: z.object({ id: z.number(), name: z.string(), number: z.string() }),
  sendAt: z.string(),
  nextSendAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  error: z.string().nullable(),
  sentCount: z.number(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: named,
  userId: z.number().nullable(),
  user: named,
  ticketUserId: z.number().nullable(),
  ticketUser: named,
  queueId: z.number().nullable(),
  queue: named,
  openTicket: z.enum(['enabled', 'disabled']),
  statusTicket: z.enum(['open', 'closed']),
  intervalo: z.number(),
  valorIntervalo: z.number(),
  enviarQuantasVezes: z.number(),
  tipoDias: z.number(),
  assinar: z.boolean(),
});
export type Schedule = z.output<typeof scheduleSchema>;

/** Empty strings become null. */
const optionalId = z
  .union([z.literal(''), z.null(), z.coerce.number().int().positive()])
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v));

const count = (min: number, max: number) =>
  z.coerce.number({ error: VALIDATION.wholeNumber }).int(VALIDATION.wholeNumber).min(min).max(max);

/**
 * 3-automation §5 and 1-attendance §5: body at least 5 characters ('Mensagem muito curta'), the contact
 * and sendAt required ('Obrigatório'); the recurrence defaults of §9. Repeating (enviarQuantasVezes > 1)
 * needs an amount to repeat by.
 */
export const scheduleBody = z
  .object({
    body: z
      .string({ error: VALIDATION.scheduleTooShort })
      .trim()
      .min(5, VALIDATION.scheduleTooShort)
      .max(4096, VALIDATION.tooLong),
    contactId: z.coerce.number({ error: VALIDATION.mandatory }).int().positive(VALIDATION.mandatory),
    sendAt: z.iso.datetime({ offset: true, error: VALIDATION.mandatory }),
    whatsappId: optionalId,
    openTicket: z.enum(['enabled', 'disabled']).optional().default('disabled'),
    statusTicket: z.enum(['open', 'closed']).optional().default('closed'),
    ticketUserId: optionalId,
    queueId: optionalId,
    intervalo: z
      .number()
      .refine((v) => (RECURRENCE_UNIT_VALUES as readonly number[]).includes(v))
      .optional()
      .default(SCHEDULE_DEFAULTS.intervalo),
    valorIntervalo: count(0, 10_000).optional().default(SCHEDULE_DEFAULTS.valorIntervalo),
    enviarQuantasVezes: count(1, MAX_OCCURRENCES).optional().default(SCHEDULE_DEFAULTS.enviarQuantasVezes),
    tipoDias: z
      .number()
      .refine((v) => (DAY_RULES as readonly number[]).includes(v))
      .optional()
      .default(SCHEDULE_DEFAULTS.tipoDias),
    assinar: z.boolean().optional().default(false),
  })
  .refine((s) => s.enviarQuantasVezes === 1 || s.valorIntervalo > 0, {
    path: ['valorIntervalo'],
    message: VALIDATION.mandatory,
  });
export type ScheduleInput = z.input<typeof scheduleBody>;

/** The list's search and page, or the calendar's range (from, to: both ISO, the range's occurrences). */
export const scheduleListQuery = pageQuery.extend({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  contactId: z.coerce.number().int().positive().optional(),
});

/** One occurrence on the calendar: a schedule and when that occurrence is (or was) planned. */
export const scheduleOccurrenceSchema = z.object({ scheduleId: z.number(), n: z.number(), at: z.string() });

export const holidaySchema = z.object({ id: z.number(), date: z.string(), name: z.string() });
export type Holiday = z.output<typeof holidaySchema>;

export const holidayBody = z.object({
  date: z.iso.date({ error: VALIDATION.mandatory }),
  name: z
    .string({ error: VALIDATION.mandatory })
    .trim()
    .min(1, VALIDATION.mandatory)
    .max(100, VALIDATION.tooLong),
});

/**
 * Plan flag useSchedules; every user of the company may schedule, and sees the schedules
 * `scheduleVisibleTo` allows (others answer 404 as if absent).
 */
export const schedulesRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/schedules',
    access: 'user',
    plan: 'useSchedules',
    query: scheduleListQuery,
    response: z.object({
      schedules: z.array(scheduleSchema),
      count: z.number(),
      hasMore: z.boolean(),
      /** With from and to: each listed schedule's occurrences in the range. */
      occurrences: z.array(scheduleOccurrenceSchema),
    }),
  }),
  show: defineRoute({
    method: 'GET',
    path: '/schedules/:id',
    access: 'user',
    plan: 'useSchedules',
    params: idParam,
    response: scheduleSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/schedules',
    access: 'user',
    plan: 'useSchedules',
    body: scheduleBody,
    response: scheduleSchema,
  }),
  /** Refused (ERR_SCHEDULE_ALREADY_SENT) once an occurrence went out. */
  update: defineRoute({
    method: 'PUT',
    path: '/schedules/:id',
    access: 'user',
    plan: 'useSchedules',
    params: idParam,
    body: scheduleBody,
    response: scheduleSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/schedules/:id',
    access: 'user',
    plan: 'useSchedules',
    params: idParam,
    response: okResponse,
  }),
  /** The multipart `file`: png, jpg or jpeg. */
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/schedules/:id/media-upload',
    access: 'user',
    plan: 'useSchedules',
    params: idParam,
    multipart: true,
    body: z.object({}),
    response: scheduleSchema,
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/schedules/:id/media-upload',
    access: 'user',
    plan: 'useSchedules',
    params: idParam,
    response: scheduleSchema,
  }),
  media: defineRoute({
    method: 'GET',
    path: '/schedules/:id/media',
    access: 'user',
    plan: 'useSchedules',
    params: idParam,
    response: z.unknown(),
  }),
};

/** The company's holidays (the day rule's non-working days): read by every user, written by admins. */
export const holidaysRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/holidays',
    access: 'user',
    plan: 'useSchedules',
    response: z.array(holidaySchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/holidays',
    access: 'admin',
    plan: 'useSchedules',
    body: holidayBody,
    response: holidaySchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/holidays/:id',
    access: 'admin',
    plan: 'useSchedules',
    params: idParam,
    body: holidayBody,
    response: holidaySchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/holidays/:id',
    access: 'admin',
    plan: 'useSchedules',
    params: idParam,
    response: okResponse,
  }),
};

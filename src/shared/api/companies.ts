import { z } from 'zod';
import { VALIDATION } from '../errors';
import { schedulesSchema } from '../schedules';
import { boundedText, isoDate, optionalPassword, pageQuery } from './common';
import { defineRoute, idParam, okResponse } from './contract';

/** A company's service hours (defaults until saved) and the time zone they are read in. */
export const companySchedulesSchema = z.object({
  schedules: schedulesSchema,
  timezone: z.string(),
});
export type CompanySchedules = z.output<typeof companySchedulesSchema>;

/** 2-administration §3 Company: how often it pays, and so how far a renewal moves its due date. */
export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** 2-administration §3 Company as the super administrator's screen lists it. */
export const companySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  planId: z.number(),
  plan: z.object({ id: z.number(), name: z.string(), amount: z.string() }),
  status: z.boolean(),
  dueDate: z.string().nullable(),
  recurrence: z.enum(RECURRENCES),
  document: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  createdAt: isoDate,
  /** The last sign-in of any of its users. */
  lastLogin: isoDate.nullable(),
  /** Its files in the media store: bytes, count and the newest one's time. */
  folderSize: z.number(),
  numberFileFolder: z.number(),
  updatedAtFolder: isoDate.nullable(),
  /** Its own user and connection limits; null: the plan's. */
  numberAttendants: z.number().nullable(),
  numberConections: z.number().nullable(),
});
export type Company = z.output<typeof companySchema>;

/** A limit the company has instead of its plan's; empty: the plan's. */
const ownLimit = z
  .number({ error: VALIDATION.wholeNumber })
  .int(VALIDATION.wholeNumber)
  .min(0)
  .max(100_000)
  .nullable();

/** 2-administration §5 Company: the spec's own messages for the name and the e-mail. */
export const companyBody = z.object({
  name: z
    .string({ error: VALIDATION.companyNameRequired })
    .trim()
    .min(1, VALIDATION.companyNameRequired)
    .pipe(boundedText(2, 50)),
  email: z
    .string({ error: VALIDATION.companyEmailRequired })
    .trim()
    .min(1, VALIDATION.companyEmailRequired)
    .pipe(z.email(VALIDATION.companyEmailInvalid).max(200)),
  /** The first admin's password (a new company); on an edit, empty keeps it. */
  passwordDefault: optionalPassword,
  phone: z.string().trim().max(30).optional().default(''),
  planId: z.number({ error: VALIDATION.required }).int().positive(),
  status: z.boolean().optional().default(true),
  dueDate: z.iso.date().nullable().optional().default(null),
  recurrence: z.enum(RECURRENCES).optional().default('MENSAL'),
  document: z.string().trim().max(30).optional().default(''),
  paymentMethod: z.string().trim().max(30).optional().default(''),
  numberAttendants: ownLimit.optional().default(null),
  numberConections: ownLimit.optional().default(null),
});
export type CompanyInput = z.input<typeof companyBody>;

export const companiesRoutes = {
  // The spec shows no read call for the schedules tab; this one answers what PUT saved.
  schedules: defineRoute({
    method: 'GET',
    path: '/companies/:id/schedules',
    access: 'admin',
    params: idParam,
    response: companySchedulesSchema,
  }),
  // 2-administration §7: PUT /companies/{id}/schedules with schedules.
  updateSchedules: defineRoute({
    method: 'PUT',
    path: '/companies/:id/schedules',
    access: 'admin',
    params: idParam,
    body: z.object({ schedules: schedulesSchema }),
    response: companySchedulesSchema,
  }),
  /** A page of companies by name or e-mail (2-administration §7 GET /companies). */
  page: defineRoute({
    method: 'GET',
    path: '/companies',
    access: 'super',
    query: pageQuery,
    response: z.object({ companies: z.array(companySchema), count: z.number(), hasMore: z.boolean() }),
  }),
  /** Every company, for the companies screen. */
  list: defineRoute({
    method: 'GET',
    path: '/companies/list',
    access: 'super',
    response: z.array(companySchema),
  }),
  /** 2-administration §7 GET /companiesPlan/: the same page, as the plan-aware screens read it. */
  pageWithPlan: defineRoute({
    method: 'GET',
    path: '/companiesPlan',
    access: 'super',
    query: pageQuery,
    response: z.object({ companies: z.array(companySchema), hasMore: z.boolean() }),
  }),
  show: defineRoute({
    method: 'GET',
    path: '/companies/:id',
    access: 'super',
    params: idParam,
    response: companySchema,
  }),
  /** Creates the company and its first admin (its e-mail and passwordDefault). */
  create: defineRoute({
    method: 'POST',
    path: '/companies',
    access: 'super',
    body: companyBody,
    response: companySchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/companies/:id',
    access: 'super',
    params: idParam,
    body: companyBody,
    response: companySchema,
  }),
  /** 2-administration §4.2: moves the due date by one recurrence period. */
  renew: defineRoute({
    method: 'POST',
    path: '/companies/:id/renew',
    access: 'super',
    params: idParam,
    response: companySchema,
  }),
  /** The company and everything it owns, in one transaction; never the platform's company. */
  remove: defineRoute({
    method: 'DELETE',
    path: '/companies/:id',
    access: 'super',
    params: idParam,
    response: okResponse,
  }),
};

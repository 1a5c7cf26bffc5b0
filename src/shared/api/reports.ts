import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../i18n/types';
import { idList } from './common';
import { defineRoute } from './contract';

/** 2-administration §9: the report's page sizes, 10 by default. */
export const REPORT_PAGE_SIZES = [5, 10, 20, 50] as const;

/** Status lists arrive as JSON text (`status=["open","closed"]`) or repeated values. */
const statusList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    try {
      const parsed: unknown = Array.isArray(v) ? v : JSON.parse(v);
      return (Array.isArray(parsed) ? parsed : [parsed]).map(String);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Invalid list' });
      return z.NEVER;
    }
  });

const localDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/**
 * The reports of 2-administration §2.12, tabs of /reports: every ticket, the durations of the tickets with
 * people (not groups), the group tickets, and the survey (NPS) answers.
 */
export const REPORT_KINDS = ['tickets', 'durations', 'groups', 'surveys'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * The reports' filters (2-administration §2.12 and §7): queueIds may hold 0, "without queue";
 * dateFrom..dateTo are local days of the company in which the ticket was opened (the survey report: in
 * which the answer was given).
 */
export const reportFilters = z.object({
  kind: z.enum(REPORT_KINDS).optional().default('tickets'),
  searchParam: z.string().max(200).optional().default(''),
  contactId: z.coerce.number().int().positive().optional(),
  whatsappId: idList,
  users: idList,
  queueIds: idList,
  status: statusList,
  dateFrom: localDay.optional(),
  dateTo: localDay.optional(),
  onlyRated: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type ReportFilters = z.output<typeof reportFilters>;

export const reportQuery = reportFilters.extend({
  page: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (REPORT_PAGE_SIZES as readonly number[]).includes(n), 'pageSize')
    .optional()
    .default(10),
});

export const exportReportQuery = reportFilters.extend({
  lang: z.enum(LANGUAGES).optional().default(DEFAULT_LANGUAGE),
});

/** 2-administration §3 Ticket report row; supportTime in minutes (null until the attendance ends). */
export const reportRowSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  whatsappName: z.string().nullable(),
  contactName: z.string(),
  userName: z.string().nullable(),
  queueName: z.string().nullable(),
  status: z.string(),
  lastMessage: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  supportTime: z.number().nullable(),
  NPS: z.number().nullable(),
  /** The newest attendance's start; waitTime (queued to started), totalTime (opened to closed) in minutes. */
  startedAt: z.string().nullable(),
  waitTime: z.number().nullable(),
  totalTime: z.number().nullable(),
});
export type ReportRow = z.output<typeof reportRowSchema>;

/** A survey answer: the contact's 0–10 rating of a ticket's attendant (the survey report's row). */
export const surveyRowSchema = z.object({
  id: z.number(),
  ticketId: z.number(),
  uuid: z.string(),
  whatsappName: z.string().nullable(),
  contactName: z.string(),
  userName: z.string().nullable(),
  queueName: z.string().nullable(),
  rate: z.number(),
  answeredAt: z.string(),
});
export type SurveyRow = z.output<typeof surveyRowSchema>;

/** The answers of the survey report's filters, as the dashboard counts NPS (docs/metrics.md). */
export const surveySummarySchema = z.object({
  promoters: z.number(),
  passives: z.number(),
  detractors: z.number(),
  npsScore: z.number(),
});

export const reportsRoutes = {
  tickets: defineRoute({
    method: 'GET',
    path: '/ticketreport/reports',
    access: 'user',
    query: reportQuery,
    response: z.object({ tickets: z.array(reportRowSchema), totalTickets: z.object({ total: z.number() }) }),
  }),
  /** The survey report: a page of answers, their number and their NPS. */
  surveys: defineRoute({
    method: 'GET',
    path: '/ticketreport/surveys',
    access: 'user',
    query: reportQuery,
    response: z.object({
      ratings: z.array(surveyRowSchema),
      total: z.number(),
      summary: surveySummarySchema,
    }),
  }),
  /**
   * Every row of the report's filters (`kind`) as an xlsx file (relatorio-de-atendimentos.xlsx for the
   * tickets), streamed while it is written.
   */
  export: defineRoute({
    method: 'GET',
    path: '/ticketreport/reports/export',
    access: 'user',
    query: exportReportQuery,
    response: z.unknown(),
  }),
};

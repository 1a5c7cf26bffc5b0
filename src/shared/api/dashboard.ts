import { z } from 'zod';
import { defineRoute } from './contract';

/** A local calendar day of the company (YYYY-MM-DD). */
const localDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/**
 * 2-administration §5: the dashboard's period. `days` (the last N local days, today included) wins;
 * otherwise date_from..date_to, a missing end being the other one (date_to alone) or today (date_from
 * alone). None of the three: "Parametrize o filtro".
 */
export const dashboardQuery = z.object({
  days: z.coerce.number().int().min(1).max(3660).optional(),
  date_from: localDay.optional(),
  date_to: localDay.optional(),
});
export type DashboardQuery = z.output<typeof dashboardQuery>;

/** The same period as the chart calls name it (GET /dashboard/ticketsUsers and ticketsDay). */
export const chartQuery = z.object({
  initialDate: localDay,
  finalDate: localDay,
});

/** Median and 90th percentile of a duration, in minutes (null when nothing was measured). */
const spread = z.object({ median: z.number().nullable(), p90: z.number().nullable() });

/** 2-administration §3 Dashboard counters; each one is defined in docs/metrics.md. */
export const dashboardCountersSchema = z.object({
  supportHappening: z.number(),
  supportPending: z.number(),
  supportFinished: z.number(),
  supportGroups: z.number(),
  leads: z.number(),
  avgSupportTime: z.number(),
  avgWaitTime: z.number(),
  activeTickets: z.number(),
  passiveTickets: z.number(),
  npsScore: z.number(),
  npsPromotersPerc: z.number(),
  npsDetractorsPerc: z.number(),
  npsPassivePerc: z.number(),
  tickets: z.number(),
  waitRating: z.number(),
  withoutRating: z.number(),
  withRating: z.number(),
  percRating: z.number(),
});
export type DashboardCounters = z.output<typeof dashboardCountersSchema>;

/** 2-administration §3 Attendant row. */
export const attendantRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  rating: z.number(),
  countRating: z.number(),
  tickets: z.number(),
  avgWaitTime: z.number(),
  avgSupportTime: z.number(),
  online: z.boolean(),
});
export type AttendantRow = z.output<typeof attendantRowSchema>;

/** One queue's share of the period (queueId null: attendances without a queue). */
export const queueRowSchema = z.object({
  queueId: z.number().nullable(),
  name: z.string().nullable(),
  color: z.string().nullable(),
  finished: z.number(),
  pending: z.number(),
  avgWaitTime: z.number(),
  avgSupportTime: z.number(),
});
export type QueueRow = z.output<typeof queueRowSchema>;

export const dashboardSchema = z.object({
  counters: dashboardCountersSchema,
  attendants: z.array(attendantRowSchema),
  /** Beyond the spec (docs/metrics.md "Insights"): time to a first answer and to the end of an attendance. */
  firstResponse: spread,
  resolution: spread,
  /** Received messages by local weekday (0 Sunday) and hour; cells without messages are left out. */
  heatmap: z.array(z.object({ weekday: z.number(), hour: z.number(), count: z.number() })),
  queues: z.array(queueRowSchema),
  /** The period answered, as local days: what the screen shows under its filter. */
  period: z.object({ from: z.string(), to: z.string() }),
});
export type Dashboard = z.output<typeof dashboardSchema>;

export const ticketsDaySchema = z.object({
  /** Per local hour ("HH") for a single day, per local day ("YYYY-MM-DD") otherwise. */
  data: z.array(z.object({ horario: z.string().optional(), data: z.string().optional(), total: z.number() })),
  count: z.number(),
});
export type TicketsDay = z.output<typeof ticketsDaySchema>;

export const momentUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  profile: z.string(),
  online: z.boolean(),
});
export type MomentUser = z.output<typeof momentUserSchema>;

export const dashboardRoutes = {
  show: defineRoute({
    method: 'GET',
    path: '/dashboard',
    access: 'user',
    query: dashboardQuery,
    response: dashboardSchema,
  }),
  ticketsUsers: defineRoute({
    method: 'GET',
    path: '/dashboard/ticketsUsers',
    access: 'user',
    query: chartQuery,
    response: z.array(z.object({ nome: z.string(), quantidade: z.number() })),
  }),
  ticketsDay: defineRoute({
    method: 'GET',
    path: '/dashboard/ticketsDay',
    access: 'user',
    query: chartQuery,
    response: ticketsDaySchema,
  }),
  messagesAllMe: defineRoute({
    method: 'GET',
    path: '/messages-allMe',
    access: 'user',
    query: z.object({
      fromMe: z.enum(['true', 'false']).transform((v) => v === 'true'),
      dateStart: localDay,
      dateEnd: localDay,
    }),
    response: z.object({ count: z.number() }),
  }),
  usersMoments: defineRoute({
    method: 'GET',
    path: '/usersMoments',
    access: 'user',
    response: z.array(momentUserSchema),
  }),
};

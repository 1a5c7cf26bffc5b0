import type { z } from 'zod';
import type {
  AttendantRow,
  Dashboard,
  DashboardQuery,
  dashboardRoutes,
  MomentUser,
  TicketsDay,
} from '../../../shared/api/dashboard';
import { wallClock } from '../../../shared/wall-clock';
import { type Actor, actorCan, actorIsAdmin } from '../../platform/actor';
import { AppError, forbidden } from '../../platform/app-error';
import type { Context } from '../../platform/deps';
import { companyTimeZone } from '../tickets/queries';
import * as q from './queries';

type ChartQuery = z.output<(typeof dashboardRoutes)['ticketsUsers']['query']>;
type MessagesQuery = z.output<(typeof dashboardRoutes)['messagesAllMe']['query']>;

/** 2-administration §5: the dashboard filter needs days, date_from or date_to. */
const NO_FILTER = 'Parametrize o filtro';

/**
 * 2-administration §6 and 1-attendance §6: admins see the whole company; a user only with showDashboard,
 * and then only the tickets of her queues (docs/metrics.md "Who sees what").
 */
function scopeOf(actor: Actor): q.Scope {
  if (!actorCan(actor, 'dashboard:view')) throw forbidden();
  return actorIsAdmin(actor) ? null : actor.queueIds;
}

/** The local days asked for, in the company's time zone, as the instants they span. */
async function periodOf(ctx: Context, from: string, to: string) {
  const timezone = await companyTimeZone(ctx.db);
  return q.spanOf(ctx.db, from, to, timezone);
}

function shiftDay(day: string, days: number) {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** GET /dashboard: every counter of 2-administration §3, the attendants and the insights of docs/metrics.md. */
export async function showDashboard(ctx: Context, query: DashboardQuery): Promise<Dashboard> {
  const scope = scopeOf(ctx.actor);
  if (query.days === undefined && !query.date_from && !query.date_to) throw new AppError(NO_FILTER, 400);
  const timezone = await companyTimeZone(ctx.db);
  const today = wallClock(new Date(), timezone).day;
  const [from, to] =
    query.days !== undefined
      ? [shiftDay(today, 1 - query.days), today]
      : [query.date_from ?? query.date_to!, query.date_to ?? today];
  const span = await q.spanOf(ctx.db, from, to, timezone);
  const [attendance, nps, creation, leads, firstResponse, heatmap, queues, people] = await Promise.all([
    q.attendanceFigures(ctx.db, span, scope),
    q.npsFigures(ctx.db, span, scope),
    q.creationFigures(ctx.db, span, scope),
    q.leads(ctx.db, span, scope),
    q.firstResponse(ctx.db, span, scope),
    q.inboundHeatmap(ctx.db, span, scope),
    q.queueBreakdown(ctx.db, span, scope),
    q.attendantFigures(ctx.db, span, scope),
  ]);
  const { resolution, ...counts } = attendance;
  const online = await ctx.deps.presence.online(people.map((p) => p.id));
  const attendants: AttendantRow[] = people.map((p) => ({ ...p, online: online.has(p.id) }));
  return {
    counters: { ...counts, ...nps, ...creation, leads },
    attendants,
    firstResponse,
    resolution,
    heatmap,
    queues,
    period: { from, to },
  };
}

/** GET /dashboard/ticketsUsers: attendances started in the period, per attendant. */
export async function ticketsUsers(ctx: Context, query: ChartQuery) {
  const scope = scopeOf(ctx.actor);
  const span = await periodOf(ctx, query.initialDate, query.finalDate);
  return q.ticketsPerUser(ctx.db, span, scope);
}

/** GET /dashboard/ticketsDay: tickets created per local hour (one day) or per local day. */
export async function ticketsDay(ctx: Context, query: ChartQuery): Promise<TicketsDay> {
  const scope = scopeOf(ctx.actor);
  const span = await periodOf(ctx, query.initialDate, query.finalDate);
  const byHour = query.initialDate === query.finalDate;
  const buckets = await q.ticketsCreatedBy(ctx.db, span, scope, byHour ? 'hour' : 'day');
  return {
    data: buckets.map((b) =>
      byHour ? { horario: b.bucket, total: b.total } : { data: b.bucket, total: b.total },
    ),
    count: buckets.reduce((sum, b) => sum + b.total, 0),
  };
}

/** GET /messages-allMe: messages sent (fromMe) or received in the period. */
export async function messagesAllMe(ctx: Context, query: MessagesQuery) {
  const scope = scopeOf(ctx.actor);
  const span = await periodOf(ctx, query.dateStart, query.dateEnd);
  return { count: await q.countMessages(ctx.db, span, scope, query.fromMe) };
}

/** 2-administration §6: the attendance panel is for admins and users whose allowRealTime is not disabled. */
export function requireRealTime(actor: Actor) {
  if (!actorIsAdmin(actor) && actor.flags.allowRealTime === 'disabled') throw forbidden();
}

/** GET /usersMoments: the company's users with their online state, for the attendance panel. */
export async function usersMoments(ctx: Context): Promise<MomentUser[]> {
  requireRealTime(ctx.actor);
  const users = await q.companyUsers(ctx.db);
  const online = await ctx.deps.presence.online(users.map((u) => u.id));
  return users.map((u) => ({ ...u, online: online.has(u.id) }));
}

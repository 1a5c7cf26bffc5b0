import { type SQL, sql } from 'drizzle-orm';
import type { Dashboard, QueueRow } from '../../../shared/api/dashboard';
import type { TenantDb } from '../../platform/tenant';

/**
 * The dashboard's statements (docs/metrics.md defines every figure). Each is one aggregate over the
 * company's attendance records, logs, ratings or messages in a period, written as SQL over the raw
 * database because the handle does not scope `execute`: every statement binds `db.companyId` itself.
 */

/** From the first instant to before the second: the local days of the filter in the company's time zone. */
export interface Span {
  from: Date;
  to: Date;
  timezone: string;
  /** The same local days, 'YYYY-MM-DD': the rollup's keys. */
  fromDay: string;
  toDay: string;
}

/**
 * Which tickets the caller's figures are about: every one for admins, the tickets of her queues for a
 * user with showDashboard (queueIds null = no restriction). `queue` is the ticket's current queue, or the
 * attendance's own queue for the figures of attendances (docs/metrics.md "Who sees what").
 */
export type Scope = number[] | null;

function visible(scope: Scope, queue: SQL = sql`t.queue_id`): SQL {
  if (scope === null) return sql`true`;
  if (scope.length === 0) return sql`false`;
  return sql`${queue} in (${sql.join(
    scope.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
 * Rows of records, logs or ratings (`ticketId` their ticket's column) whose ticket is not a group ticket:
 * an anti-join on the company's few group tickets (their partial index), not a join of every row to its
 * ticket, which read all the company's tickets.
 */
const notGroup = (db: TenantDb, ticketId: SQL) =>
  sql`not exists (select 1 from tickets g where g.company_id = ${db.companyId} and g.is_group and g.id = ${ticketId})`;

/** Rows whose ticket the caller sees by its current queue; no lookup at all for whoever sees everything. */
function ticketVisible(db: TenantDb, ticketId: SQL, scope: Scope): SQL {
  if (scope === null) return sql`true`;
  return sql`exists (select 1 from tickets t where t.id = ${ticketId} and t.company_id = ${db.companyId}
    and ${visible(scope)})`;
}

const within = (column: SQL, span: Span) =>
  sql`(${column} >= ${span.from.toISOString()}::timestamptz and ${column} < ${span.to.toISOString()}::timestamptz)`;

/**
 * Minutes between two instants as double precision: date_part gives float8 where extract gives numeric, and
 * the spreads sort one value per record (numeric made PGlite's 30-day resolution spread 2.6 times slower).
 */
const minutes = (later: SQL, earlier: SQL) => sql`date_part('epoch', ${later} - ${earlier}) / 60`;

async function rows<R>(db: TenantDb, query: SQL): Promise<R[]> {
  const result = await db.unscoped.execute(query);
  return result.rows as R[];
}

/** Rounded to 2 decimals; null (nothing measured) as 0 for averages the spec shows as numbers. */
const num = (value: unknown) =>
  value === null || value === undefined ? 0 : Math.round(Number(value) * 100) / 100;
const maybe = (value: unknown) => (value === null || value === undefined ? null : num(value));

/** The rollup's rows of the period (docs/metrics.md "The rollup"), seen by the caller. */
function rollup(db: TenantDb, span: Span, scope: Scope): SQL {
  return sql`select * from attendance_days d
    where d.company_id = ${db.companyId} and d.day between ${span.fromDay}::date and ${span.toDay}::date
      and ${visible(scope, sql`d.queue_id`)}`;
}

/** Seconds summed over a count, as the mean in minutes (null when nothing was counted). */
const meanMinutes = (seconds: SQL, count: SQL, where: SQL = sql`true`) =>
  sql`sum(${seconds}) filter (where ${where}) / nullif(sum(${count}) filter (where ${where}), 0) / 60.0`;

interface AttendanceFigures {
  happening: string | null;
  pending: string | null;
  finished: string | null;
  groups: string | null;
  avg_support: string | null;
  avg_wait: string | null;
  with_rating: string | null;
  without_rating: string | null;
  wait_rating: string | null;
}

/** The counters of the attendances, from the rollup; the resolution spread from the records closed in P. */
export async function attendanceFigures(db: TenantDb, span: Span, scope: Scope) {
  const [[row], [spread]] = await Promise.all([
    rows<AttendanceFigures>(
      db,
      sql`with d as (${rollup(db, span, scope)})
      select
        sum(happening) filter (where not is_group) as happening,
        sum(pending) filter (where not is_group) as pending,
        sum(closed) filter (where not is_group) as finished,
        sum(queued_open) filter (where is_group) as groups,
        ${meanMinutes(sql`support_seconds`, sql`support_count`, sql`not is_group`)} as avg_support,
        ${meanMinutes(sql`wait_seconds`, sql`wait_count`, sql`not is_group`)} as avg_wait,
        sum(closed_rated) filter (where not is_group) as with_rating,
        sum(closed - closed_rated) filter (where not is_group) as without_rating,
        sum(wait_rating) filter (where not is_group) as wait_rating
      from d`,
    ),
    rows<{ median: number | null; p90: number | null }>(
      db,
      sql`select
        percentile_cont(0.5) within group (order by ${minutes(sql`tr.closed_at`, sql`tr.queued_at`)}) as median,
        percentile_cont(0.9) within group (order by ${minutes(sql`tr.closed_at`, sql`tr.queued_at`)}) as p90
      from ticket_tracking tr
      where tr.company_id = ${db.companyId} and ${notGroup(db, sql`tr.ticket_id`)}
        and ${visible(scope, sql`tr.queue_id`)} and ${within(sql`tr.closed_at`, span)}`,
    ),
  ]);
  const withRating = Number(row?.with_rating ?? 0);
  const withoutRating = Number(row?.without_rating ?? 0);
  const waitRating = Number(row?.wait_rating ?? 0);
  const tickets = withRating + withoutRating + waitRating;
  return {
    supportHappening: Number(row?.happening ?? 0),
    supportPending: Number(row?.pending ?? 0),
    supportFinished: Number(row?.finished ?? 0),
    supportGroups: Number(row?.groups ?? 0),
    avgSupportTime: num(row?.avg_support),
    avgWaitTime: num(row?.avg_wait),
    withRating,
    withoutRating,
    waitRating,
    tickets,
    percRating: tickets === 0 ? 0 : num((withRating / tickets) * 100),
    resolution: { median: maybe(spread?.median), p90: maybe(spread?.p90) },
  };
}

/** NPS over the ratings given in the period: promoters 9–10, passives 7–8, detractors 0–6. */
export async function npsFigures(db: TenantDb, span: Span, scope: Scope) {
  const [row] = await rows<{ total: string; promoters: string; passives: string; detractors: string }>(
    db,
    sql`select count(*) as total,
      count(*) filter (where r.rate >= 9) as promoters,
      count(*) filter (where r.rate between 7 and 8) as passives,
      count(*) filter (where r.rate <= 6) as detractors
    from user_ratings r
    where r.company_id = ${db.companyId} and ${ticketVisible(db, sql`r.ticket_id`, scope)}
      and ${within(sql`r.created_at`, span)}`,
  );
  const total = Number(row?.total ?? 0);
  const perc = (n: unknown) => (total === 0 ? 0 : num((Number(n) / total) * 100));
  const npsPromotersPerc = perc(row?.promoters);
  const npsDetractorsPerc = perc(row?.detractors);
  return {
    npsPromotersPerc,
    npsPassivePerc: perc(row?.passives),
    npsDetractorsPerc,
    npsScore: num(npsPromotersPerc - npsDetractorsPerc),
  };
}

/** Tickets created in the period: by a user (active) or by the contact writing in (passive). */
export async function creationFigures(db: TenantDb, span: Span, scope: Scope) {
  const [row] = await rows<{ active: string; passive: string }>(
    db,
    sql`select count(*) filter (where l.user_id is not null) as active,
      count(*) filter (where l.user_id is null) as passive
    from ticket_logs l
    where l.company_id = ${db.companyId} and l.type = 'create' and ${notGroup(db, sql`l.ticket_id`)}
      and ${ticketVisible(db, sql`l.ticket_id`, scope)} and ${within(sql`l.created_at`, span)}`,
  );
  return { activeTickets: Number(row?.active ?? 0), passiveTickets: Number(row?.passive ?? 0) };
}

/** Contacts (not groups) first known in the period; for a queue-bound viewer, those with a ticket she sees. */
export async function leads(db: TenantDb, span: Span, scope: Scope) {
  const [row] = await rows<{ leads: string }>(
    db,
    sql`select count(*) as leads from contacts c
    where c.company_id = ${db.companyId} and not c.is_group and ${within(sql`c.created_at`, span)}
      ${
        scope === null
          ? sql``
          : sql`and exists (select 1 from tickets t where t.company_id = ${db.companyId}
              and t.contact_id = c.id and ${visible(scope)})`
      }`,
  );
  return Number(row?.leads ?? 0);
}

/**
 * Minutes from an attendance's queueing to its first response (the stored `first_response_at`: the first
 * text a user sent in it, not a bot's, not a private note), for the attendances queued in the period that
 * got one.
 */
export async function firstResponse(
  db: TenantDb,
  span: Span,
  scope: Scope,
): Promise<Dashboard['firstResponse']> {
  const wait = minutes(sql`tr.first_response_at`, sql`tr.queued_at`);
  const [row] = await rows<{ median: number | null; p90: number | null }>(
    db,
    sql`select percentile_cont(0.5) within group (order by ${wait}) as median,
      percentile_cont(0.9) within group (order by ${wait}) as p90
    from ticket_tracking tr
    where tr.company_id = ${db.companyId} and tr.first_response_at is not null
      and ${notGroup(db, sql`tr.ticket_id`)} and ${visible(scope, sql`tr.queue_id`)}
      and ${within(sql`tr.queued_at`, span)}`,
  );
  return { median: maybe(row?.median), p90: maybe(row?.p90) };
}

/** The message rollup's rows of the period (docs/metrics.md "The rollup"), seen by the caller. */
function messageHours(db: TenantDb, span: Span, scope: Scope, fromMe: boolean): SQL {
  return sql`select * from message_hours h
    where h.company_id = ${db.companyId} and h.day between ${span.fromDay}::date and ${span.toDay}::date
      and h.from_me = ${fromMe} and ${visible(scope, sql`h.queue_id`)}`;
}

/** Received messages of the period by local weekday (0 Sunday) and hour, from the message rollup. */
export async function inboundHeatmap(db: TenantDb, span: Span, scope: Scope): Promise<Dashboard['heatmap']> {
  const found = await rows<{ weekday: number; hour: number; count: string }>(
    db,
    sql`with h as (${messageHours(db, span, scope, false)})
    select extract(dow from h.day)::int as weekday, h.hour, sum(h.count) as count
    from h group by 1, 2 having sum(h.count) > 0 order by 1, 2`,
  );
  return found.map((r) => ({ weekday: r.weekday, hour: Number(r.hour), count: Number(r.count) }));
}

/** The attendances of the period by their queue (0 in the rollup: without one), from the rollup. */
export async function queueBreakdown(db: TenantDb, span: Span, scope: Scope): Promise<QueueRow[]> {
  const found = await rows<{
    queue_id: number;
    name: string | null;
    color: string | null;
    finished: string;
    pending: string;
    avg_wait: string | null;
    avg_support: string | null;
  }>(
    db,
    sql`with d as (${rollup(db, span, scope)})
    select d.queue_id, q.name, q.color, sum(d.closed) as finished, sum(d.pending) as pending,
      ${meanMinutes(sql`d.wait_seconds`, sql`d.wait_count`)} as avg_wait,
      ${meanMinutes(sql`d.support_seconds`, sql`d.support_count`)} as avg_support
    from d left join queues q on q.id = d.queue_id and q.company_id = ${db.companyId}
    where not d.is_group
    group by d.queue_id, q.name, q.color
    having sum(d.queued + d.started + d.closed + d.rating_asked) > 0
    order by q.name nulls last`,
  );
  return found.map((r) => ({
    queueId: r.queue_id === 0 ? null : r.queue_id,
    name: r.name,
    color: r.color,
    finished: Number(r.finished),
    pending: Number(r.pending),
    avgWaitTime: num(r.avg_wait),
    avgSupportTime: num(r.avg_support),
  }));
}

export interface AttendantFigures {
  id: number;
  name: string;
  tickets: number;
  avgWaitTime: number;
  avgSupportTime: number;
  rating: number;
  countRating: number;
}

/** Per user of the company: the attendances they closed in the period (the rollup), their times and ratings. */
export async function attendantFigures(db: TenantDb, span: Span, scope: Scope): Promise<AttendantFigures[]> {
  const found = await rows<{
    id: number;
    name: string;
    tickets: string;
    avg_wait: string | null;
    avg_support: string | null;
    rating: string | null;
    count_rating: string;
  }>(
    db,
    sql`with d as (${rollup(db, span, scope)}),
    done as (
      select user_id, sum(closed) as tickets,
        ${meanMinutes(sql`closed_wait_seconds`, sql`closed_wait_count`)} as avg_wait,
        ${meanMinutes(sql`support_seconds`, sql`support_count`)} as avg_support
      from d where not is_group group by user_id),
    rated as (
      select r.user_id, avg(r.rate) as rating, count(*) as count_rating
      from user_ratings r
      where r.company_id = ${db.companyId} and ${ticketVisible(db, sql`r.ticket_id`, scope)}
        and ${within(sql`r.created_at`, span)}
      group by r.user_id)
    select u.id, u.name, coalesce(done.tickets, 0) as tickets, done.avg_wait, done.avg_support,
      rated.rating, coalesce(rated.count_rating, 0) as count_rating
    from users u left join done on done.user_id = u.id left join rated on rated.user_id = u.id
    where u.company_id = ${db.companyId} and not u.super
    order by u.name`,
  );
  return found.map((r) => ({
    id: r.id,
    name: r.name,
    tickets: Number(r.tickets),
    avgWaitTime: num(r.avg_wait),
    avgSupportTime: num(r.avg_support),
    rating: num(r.rating),
    countRating: Number(r.count_rating),
  }));
}

/** Attendances started in the period, per user (the chart of tickets per attendant). */
export async function ticketsPerUser(db: TenantDb, span: Span, scope: Scope) {
  const found = await rows<{ nome: string; quantidade: string }>(
    db,
    sql`with d as (${rollup(db, span, scope)})
    select u.name as nome, sum(d.started) as quantidade
    from d join users u on u.id = d.user_id and u.company_id = ${db.companyId}
    group by u.id, u.name having sum(d.started) > 0 order by quantidade desc, u.name`,
  );
  return found.map((r) => ({ nome: r.nome, quantidade: Number(r.quantidade) }));
}

/** Tickets created in the period, per local hour ('HH') or per local day ('YYYY-MM-DD'). */
export async function ticketsCreatedBy(db: TenantDb, span: Span, scope: Scope, unit: 'hour' | 'day') {
  const local = sql`(l.created_at at time zone ${span.timezone})`;
  const bucket = unit === 'hour' ? sql`to_char(${local}, 'HH24')` : sql`to_char(${local}, 'YYYY-MM-DD')`;
  const found = await rows<{ bucket: string; total: string }>(
    db,
    sql`select ${bucket} as bucket, count(*) as total
    from ticket_logs l
    where l.company_id = ${db.companyId} and l.type = 'create' and ${ticketVisible(db, sql`l.ticket_id`, scope)}
      and ${within(sql`l.created_at`, span)}
    group by 1 order by 1`,
  );
  return found.map((r) => ({ bucket: r.bucket, total: Number(r.total) }));
}

/** Messages sent (fromMe) or received in the period, private notes left out, from the message rollup. */
export async function countMessages(db: TenantDb, span: Span, scope: Scope, fromMe: boolean) {
  const [row] = await rows<{ count: string | null }>(
    db,
    sql`with h as (${messageHours(db, span, scope, fromMe)}) select sum(h.count) as count from h`,
  );
  return Number(row?.count ?? 0);
}

/** The instants where the local days `from`..`to` (inclusive) of `timezone` begin and end. */
export async function spanOf(db: TenantDb, from: string, to: string, timezone: string): Promise<Span> {
  const [row] = await rows<{ start: number; end: number }>(
    db,
    sql`select extract(epoch from (${from}::date::timestamp at time zone ${timezone}))::float8 as start,
      extract(epoch from ((${to}::date + 1)::timestamp at time zone ${timezone}))::float8 as end`,
  );
  return {
    from: new Date(Number(row!.start) * 1000),
    to: new Date(Number(row!.end) * 1000),
    timezone,
    fromDay: from,
    toDay: to,
  };
}

export async function companyUsers(db: TenantDb) {
  return rows<{ id: number; name: string; profile: string }>(
    db,
    sql`select id, name, profile from users where company_id = ${db.companyId} and not super order by name`,
  );
}

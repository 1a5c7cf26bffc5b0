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
}

/**
 * Which tickets the caller's figures are about: every one for admins, the tickets of her queues for a
 * user with showDashboard (queueIds null = no restriction). `t` is the tickets alias of the statement.
 */
export type Scope = number[] | null;

function visible(scope: Scope): SQL {
  if (scope === null) return sql`true`;
  if (scope.length === 0) return sql`false`;
  return sql`t.queue_id in (${sql.join(
    scope.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

const within = (column: SQL, span: Span) =>
  sql`(${column} >= ${span.from.toISOString()}::timestamptz and ${column} < ${span.to.toISOString()}::timestamptz)`;

const minutes = (later: SQL, earlier: SQL) => sql`extract(epoch from (${later} - ${earlier})) / 60.0`;

async function rows<R>(db: TenantDb, query: SQL): Promise<R[]> {
  const result = await db.unscoped.execute(query);
  return result.rows as R[];
}

/** Rounded to 2 decimals; null (nothing measured) as 0 for averages the spec shows as numbers. */
const num = (value: unknown) =>
  value === null || value === undefined ? 0 : Math.round(Number(value) * 100) / 100;
const maybe = (value: unknown) => (value === null || value === undefined ? null : num(value));

/**
 * The attendance records that touch the period (queued, started, closed or asked to rate in it), with
 * their ticket's group flag: every counter of the attendances is a filter over these.
 */
function attendances(db: TenantDb, span: Span, scope: Scope): SQL {
  return sql`select tr.*, t.is_group
    from ticket_tracking tr join tickets t on t.id = tr.ticket_id and t.company_id = ${db.companyId}
    where tr.company_id = ${db.companyId} and ${visible(scope)} and (
      ${within(sql`tr.queued_at`, span)} or ${within(sql`tr.started_at`, span)}
      or ${within(sql`tr.closed_at`, span)} or ${within(sql`tr.rating_at`, span)})`;
}

interface AttendanceFigures {
  happening: string;
  pending: string;
  finished: string;
  groups: string;
  avg_support: string | null;
  avg_wait: string | null;
  with_rating: string;
  without_rating: string;
  wait_rating: string;
  resolution_median: number | null;
  resolution_p90: number | null;
}

export async function attendanceFigures(db: TenantDb, span: Span, scope: Scope) {
  const closed = within(sql`closed_at`, span);
  const [row] = await rows<AttendanceFigures>(
    db,
    sql`with a as (${attendances(db, span, scope)})
    select
      count(*) filter (where not is_group and started_at is not null and closed_at is null and rating_at is null
        and ${within(sql`started_at`, span)}) as happening,
      count(*) filter (where not is_group and started_at is null and closed_at is null
        and ${within(sql`queued_at`, span)}) as pending,
      count(*) filter (where not is_group and ${closed}) as finished,
      count(*) filter (where is_group and closed_at is null and ${within(sql`queued_at`, span)}) as groups,
      avg(${minutes(sql`closed_at`, sql`started_at`)}) filter (where not is_group and ${closed}) as avg_support,
      avg(${minutes(sql`started_at`, sql`queued_at`)})
        filter (where not is_group and ${within(sql`started_at`, span)}) as avg_wait,
      count(*) filter (where not is_group and ${closed} and rated) as with_rating,
      count(*) filter (where not is_group and ${closed} and not rated) as without_rating,
      count(*) filter (where not is_group and closed_at is null and ${within(sql`rating_at`, span)}) as wait_rating,
      percentile_cont(0.5) within group (order by ${minutes(sql`closed_at`, sql`queued_at`)})
        filter (where not is_group and ${closed}) as resolution_median,
      percentile_cont(0.9) within group (order by ${minutes(sql`closed_at`, sql`queued_at`)})
        filter (where not is_group and ${closed}) as resolution_p90
    from a`,
  );
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
    resolution: { median: maybe(row?.resolution_median), p90: maybe(row?.resolution_p90) },
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
    from user_ratings r join tickets t on t.id = r.ticket_id and t.company_id = ${db.companyId}
    where r.company_id = ${db.companyId} and ${visible(scope)} and ${within(sql`r.created_at`, span)}`,
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
    from ticket_logs l join tickets t on t.id = l.ticket_id and t.company_id = ${db.companyId}
    where l.company_id = ${db.companyId} and l.type = 'create' and not t.is_group and ${visible(scope)}
      and ${within(sql`l.created_at`, span)}`,
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
 * Minutes from an attendance's queueing to the first text a user sent in it (not a bot's, not a private
 * note), for the attendances queued in the period that got one.
 */
export async function firstResponse(
  db: TenantDb,
  span: Span,
  scope: Scope,
): Promise<Dashboard['firstResponse']> {
  const [row] = await rows<{ median: number | null; p90: number | null }>(
    db,
    sql`with waits as (
      select ${minutes(sql`first.at`, sql`tr.queued_at`)} as wait
      from ticket_tracking tr join tickets t on t.id = tr.ticket_id and t.company_id = ${db.companyId}
      cross join lateral (
        select m.created_at as at from messages m
        where m.ticket_id = tr.ticket_id and m.from_me and m.user_id is not null and not m.is_private
          and m.created_at >= tr.queued_at
        order by m.created_at limit 1) first
      where tr.company_id = ${db.companyId} and not t.is_group and ${visible(scope)}
        and ${within(sql`tr.queued_at`, span)})
    select percentile_cont(0.5) within group (order by wait) as median,
      percentile_cont(0.9) within group (order by wait) as p90
    from waits`,
  );
  return { median: maybe(row?.median), p90: maybe(row?.p90) };
}

/** Received messages of the period by local weekday (0 Sunday) and hour. */
export async function inboundHeatmap(db: TenantDb, span: Span, scope: Scope): Promise<Dashboard['heatmap']> {
  const local = sql`(m.created_at at time zone ${span.timezone})`;
  const found = await rows<{ weekday: number; hour: number; count: string }>(
    db,
    sql`select extract(dow from ${local})::int as weekday, extract(hour from ${local})::int as hour,
      count(*) as count
    from messages m join tickets t on t.id = m.ticket_id and t.company_id = ${db.companyId}
    where m.company_id = ${db.companyId} and not m.from_me and not m.is_private and ${visible(scope)}
      and ${within(sql`m.created_at`, span)}
    group by 1, 2 order by 1, 2`,
  );
  return found.map((r) => ({ weekday: r.weekday, hour: r.hour, count: Number(r.count) }));
}

/** The attendances of the period by their queue. */
export async function queueBreakdown(db: TenantDb, span: Span, scope: Scope): Promise<QueueRow[]> {
  const found = await rows<{
    queue_id: number | null;
    name: string | null;
    color: string | null;
    finished: string;
    pending: string;
    avg_wait: string | null;
    avg_support: string | null;
  }>(
    db,
    sql`with a as (${attendances(db, span, scope)})
    select a.queue_id, q.name, q.color,
      count(*) filter (where ${within(sql`a.closed_at`, span)}) as finished,
      count(*) filter (where a.started_at is null and a.closed_at is null and ${within(sql`a.queued_at`, span)}) as pending,
      avg(${minutes(sql`a.started_at`, sql`a.queued_at`)}) filter (where ${within(sql`a.started_at`, span)}) as avg_wait,
      avg(${minutes(sql`a.closed_at`, sql`a.started_at`)}) filter (where ${within(sql`a.closed_at`, span)}) as avg_support
    from a left join queues q on q.id = a.queue_id and q.company_id = ${db.companyId}
    where not a.is_group
    group by a.queue_id, q.name, q.color
    order by q.name nulls last`,
  );
  return found.map((r) => ({
    queueId: r.queue_id,
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

/** Per user of the company: the attendances they closed in the period, their times and their ratings. */
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
    sql`with a as (${attendances(db, span, scope)}),
    done as (
      select user_id, count(*) as tickets,
        avg(${minutes(sql`started_at`, sql`queued_at`)}) as avg_wait,
        avg(${minutes(sql`closed_at`, sql`started_at`)}) as avg_support
      from a where not is_group and ${within(sql`closed_at`, span)} group by user_id),
    rated as (
      select r.user_id, avg(r.rate) as rating, count(*) as count_rating
      from user_ratings r join tickets t on t.id = r.ticket_id and t.company_id = ${db.companyId}
      where r.company_id = ${db.companyId} and ${visible(scope)} and ${within(sql`r.created_at`, span)}
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
    sql`select u.name as nome, count(*) as quantidade
    from ticket_tracking tr join tickets t on t.id = tr.ticket_id and t.company_id = ${db.companyId}
    join users u on u.id = tr.user_id and u.company_id = ${db.companyId}
    where tr.company_id = ${db.companyId} and ${visible(scope)} and ${within(sql`tr.started_at`, span)}
    group by u.id, u.name order by quantidade desc, u.name`,
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
    from ticket_logs l join tickets t on t.id = l.ticket_id and t.company_id = ${db.companyId}
    where l.company_id = ${db.companyId} and l.type = 'create' and ${visible(scope)}
      and ${within(sql`l.created_at`, span)}
    group by 1 order by 1`,
  );
  return found.map((r) => ({ bucket: r.bucket, total: Number(r.total) }));
}

/** Messages sent (fromMe) or received in the period, private notes left out. */
export async function countMessages(db: TenantDb, span: Span, scope: Scope, fromMe: boolean) {
  const [row] = await rows<{ count: string }>(
    db,
    sql`select count(*) as count
    from messages m join tickets t on t.id = m.ticket_id and t.company_id = ${db.companyId}
    where m.company_id = ${db.companyId} and m.from_me = ${fromMe} and not m.is_private and ${visible(scope)}
      and ${within(sql`m.created_at`, span)}`,
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
  return { from: new Date(Number(row!.start) * 1000), to: new Date(Number(row!.end) * 1000), timezone };
}

export async function companyUsers(db: TenantDb) {
  return rows<{ id: number; name: string; profile: string }>(
    db,
    sql`select id, name, profile from users where company_id = ${db.companyId} and not super order by name`,
  );
}

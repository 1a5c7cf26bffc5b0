import { type SQL, sql } from 'drizzle-orm';
import type { ReportFilters, ReportRow, SurveyRow } from '../../../shared/api/reports';
import type { TenantDb } from '../../platform/tenant';

/**
 * The ticket report's statements (2-administration §2.12): raw SQL over the database, binding the company
 * itself. A page (or an export batch) is chosen from `tickets` alone, along its (company, created_at, id)
 * index; only its rows are then joined to their names, newest attendance and newest rating, each read
 * for the whole page at once.
 */

interface RawRow {
  id: number;
  uuid: string;
  whatsapp_name: string | null;
  contact_name: string;
  user_name: string | null;
  queue_name: string | null;
  status: string;
  last_message: string;
  created_at: number;
  closed_at: number | null;
  support_time: number | null;
  nps: number | null;
  started_at: number | null;
  wait_time: number | null;
  total_time: number | null;
}

/**
 * The filters as one condition on `tickets`; `visible` is the caller's ticket visibility. The period
 * bounds `at`: the tickets' opening, or the answers' time in the survey report.
 */
export function reportWhere(
  db: TenantDb,
  filters: ReportFilters,
  visible: SQL,
  period: { from?: Date | undefined; to?: Date | undefined; at?: SQL },
): SQL {
  const where: SQL[] = [sql`tickets.company_id = ${db.companyId}`, visible];
  if (filters.kind === 'groups') where.push(sql`tickets.is_group`);
  if (filters.kind === 'durations') where.push(sql`not tickets.is_group`);
  const list = (ids: readonly (number | string)[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  if (filters.searchParam) {
    const like = `%${filters.searchParam.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`exists (select 1 from contacts where contacts.id = tickets.contact_id
      and contacts.company_id = ${db.companyId} and (contacts.name ilike ${like} or contacts.number ilike ${like}))`);
  }
  if (filters.contactId) where.push(sql`tickets.contact_id = ${filters.contactId}`);
  if (filters.whatsappId?.length) where.push(sql`tickets.whatsapp_id in (${list(filters.whatsappId)})`);
  if (filters.users?.length) where.push(sql`tickets.user_id in (${list(filters.users)})`);
  if (filters.queueIds?.length) {
    // 0 is "without queue" (2-administration §2.12).
    const ids = filters.queueIds.filter((id) => id !== 0);
    const parts: SQL[] = [];
    if (ids.length) parts.push(sql`tickets.queue_id in (${list(ids)})`);
    if (filters.queueIds.includes(0)) parts.push(sql`tickets.queue_id is null`);
    where.push(sql`(${sql.join(parts, sql` or `)})`);
  }
  if (filters.status?.length) where.push(sql`tickets.status in (${list(filters.status)})`);
  const at = period.at ?? sql`tickets.created_at`;
  if (period.from) where.push(sql`${at} >= ${period.from.toISOString()}::timestamptz`);
  if (period.to) where.push(sql`${at} < ${period.to.toISOString()}::timestamptz`);
  if (filters.onlyRated) {
    where.push(
      sql`exists (select 1 from user_ratings r where r.ticket_id = tickets.id and r.company_id = ${db.companyId})`,
    );
  }
  return sql.join(where, sql` and `);
}

/** Rows newest first, after the keyset `afterId` (the export's batches) or from `offset` (the pages). */
export async function reportRows(
  db: TenantDb,
  where: SQL,
  page: { limit: number; offset?: number; afterId?: number },
): Promise<ReportRow[]> {
  // The last row's own created_at, read here: the rows carry it in milliseconds, PostgreSQL keeps microseconds.
  const after =
    page.afterId !== undefined
      ? sql`and (tickets.created_at, tickets.id) < ((select t0.created_at from tickets t0 where t0.id = ${page.afterId}), ${page.afterId})`
      : sql``;
  const result = await db.unscoped.execute(sql`with page as materialized (
      select tickets.id, tickets.created_at from tickets where ${where} ${after}
      order by tickets.created_at desc, tickets.id desc
      limit ${page.limit} offset ${page.offset ?? 0}),
    tr as (
      select distinct on (t2.ticket_id) t2.ticket_id, t2.closed_at, t2.started_at, t2.queued_at from ticket_tracking t2
      where t2.ticket_id in (select id from page) order by t2.ticket_id, t2.id desc),
    rating as (
      select distinct on (r.ticket_id) r.ticket_id, r.rate from user_ratings r
      where r.ticket_id in (select id from page) order by r.ticket_id, r.id desc)
    select tickets.id, tickets.uuid, w.name as whatsapp_name,
      contacts.name as contact_name, u.name as user_name, q.name as queue_name, tickets.status,
      tickets.last_message, extract(epoch from tickets.created_at)::float8 * 1000 as created_at,
      extract(epoch from tr.closed_at)::float8 * 1000 as closed_at,
      round((extract(epoch from (tr.closed_at - tr.started_at)) / 60.0)::numeric, 2)::float8 as support_time,
      rating.rate as nps,
      extract(epoch from tr.started_at)::float8 * 1000 as started_at,
      round((extract(epoch from (tr.started_at - tr.queued_at)) / 60.0)::numeric, 2)::float8 as wait_time,
      round((extract(epoch from (tr.closed_at - tickets.created_at)) / 60.0)::numeric, 2)::float8 as total_time
    from page join tickets on tickets.id = page.id
    join contacts on contacts.id = tickets.contact_id
    left join whatsapps w on w.id = tickets.whatsapp_id
    left join users u on u.id = tickets.user_id
    left join queues q on q.id = tickets.queue_id
    left join tr on tr.ticket_id = page.id
    left join rating on rating.ticket_id = page.id
    order by page.created_at desc, page.id desc`);
  return (result.rows as unknown as RawRow[]).map((r) => ({
    id: r.id,
    uuid: r.uuid,
    whatsappName: r.whatsapp_name,
    contactName: r.contact_name,
    userName: r.user_name,
    queueName: r.queue_name,
    status: r.status,
    lastMessage: r.last_message,
    createdAt: new Date(Number(r.created_at)).toISOString(),
    closedAt: r.closed_at === null ? null : new Date(Number(r.closed_at)).toISOString(),
    supportTime: r.support_time === null ? null : Number(r.support_time),
    NPS: r.nps,
    startedAt: r.started_at === null ? null : new Date(Number(r.started_at)).toISOString(),
    waitTime: r.wait_time === null ? null : Number(r.wait_time),
    totalTime: r.total_time === null ? null : Number(r.total_time),
  }));
}

export async function countReport(db: TenantDb, where: SQL) {
  const result = await db.unscoped.execute(sql`select count(*)::int as total from tickets where ${where}`);
  return Number((result.rows[0] as { total: number } | undefined)?.total ?? 0);
}

/** The survey report's answers: `where` is reportWhere's over the answers' tickets, the period on `r`. */
const ANSWERS = (db: TenantDb, where: SQL) => sql`from user_ratings r
  join tickets on tickets.id = r.ticket_id and tickets.company_id = ${db.companyId}
  where r.company_id = ${db.companyId} and ${where}`;

/** The period of the survey report: the answers' time. */
export const answeredAt = sql`r.created_at`;

/** Answers newest first, after the keyset `afterId` (the export's batches) or from `offset` (the pages). */
export async function surveyRows(
  db: TenantDb,
  where: SQL,
  page: { limit: number; offset?: number; afterId?: number },
): Promise<SurveyRow[]> {
  // As reportRows: the keyset compares the database's own created_at of the last answer.
  const after =
    page.afterId !== undefined
      ? sql`and (r.created_at, r.id) < ((select r0.created_at from user_ratings r0 where r0.id = ${page.afterId}), ${page.afterId})`
      : sql``;
  const result = await db.unscoped.execute(sql`with page as materialized (
      select r.id, r.created_at ${ANSWERS(db, where)} ${after}
      order by r.created_at desc, r.id desc
      limit ${page.limit} offset ${page.offset ?? 0})
    select r.id, r.ticket_id, tickets.uuid, w.name as whatsapp_name, contacts.name as contact_name,
      u.name as user_name, q.name as queue_name, r.rate,
      extract(epoch from r.created_at)::float8 * 1000 as answered_at
    from page join user_ratings r on r.id = page.id
    join tickets on tickets.id = r.ticket_id
    join contacts on contacts.id = tickets.contact_id
    left join whatsapps w on w.id = tickets.whatsapp_id
    left join users u on u.id = r.user_id
    left join queues q on q.id = tickets.queue_id
    order by page.created_at desc, page.id desc`);
  return (
    result.rows as unknown as {
      id: number;
      ticket_id: number;
      uuid: string;
      whatsapp_name: string | null;
      contact_name: string;
      user_name: string | null;
      queue_name: string | null;
      rate: number;
      answered_at: number;
    }[]
  ).map((r) => ({
    id: r.id,
    ticketId: r.ticket_id,
    uuid: r.uuid,
    whatsappName: r.whatsapp_name,
    contactName: r.contact_name,
    userName: r.user_name,
    queueName: r.queue_name,
    rate: Number(r.rate),
    answeredAt: new Date(Number(r.answered_at)).toISOString(),
  }));
}

/** How many answers match, and their promoters (9–10), passives (7–8) and detractors (0–6). */
export async function surveySummary(db: TenantDb, where: SQL) {
  const result = await db.unscoped.execute(sql`select count(*)::int as total,
      count(*) filter (where r.rate >= 9)::int as promoters,
      count(*) filter (where r.rate between 7 and 8)::int as passives,
      count(*) filter (where r.rate <= 6)::int as detractors
    ${ANSWERS(db, where)}`);
  const row = result.rows[0] as { total: number; promoters: number; passives: number; detractors: number };
  const total = Number(row.total);
  const promoters = Number(row.promoters);
  const detractors = Number(row.detractors);
  return {
    total,
    summary: {
      promoters,
      passives: Number(row.passives),
      detractors,
      // docs/metrics.md: the share of promoters less that of detractors, 2 decimals.
      npsScore: total === 0 ? 0 : Math.round(((promoters - detractors) / total) * 10_000) / 100,
    },
  };
}

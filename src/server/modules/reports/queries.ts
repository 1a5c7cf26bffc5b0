import { type SQL, sql } from 'drizzle-orm';
import type { ReportFilters, ReportRow } from '../../../shared/api/reports';
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
}

/** The filters as one condition on `tickets`; `visible` is the caller's ticket visibility. */
export function reportWhere(
  db: TenantDb,
  filters: ReportFilters,
  visible: SQL,
  period: { from?: Date | undefined; to?: Date | undefined },
): SQL {
  const where: SQL[] = [sql`tickets.company_id = ${db.companyId}`, visible];
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
  if (period.from) where.push(sql`tickets.created_at >= ${period.from.toISOString()}::timestamptz`);
  if (period.to) where.push(sql`tickets.created_at < ${period.to.toISOString()}::timestamptz`);
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
      select distinct on (t2.ticket_id) t2.ticket_id, t2.closed_at, t2.started_at from ticket_tracking t2
      where t2.ticket_id in (select id from page) order by t2.ticket_id, t2.id desc),
    rating as (
      select distinct on (r.ticket_id) r.ticket_id, r.rate from user_ratings r
      where r.ticket_id in (select id from page) order by r.ticket_id, r.id desc)
    select tickets.id, tickets.uuid, w.name as whatsapp_name,
      contacts.name as contact_name, u.name as user_name, q.name as queue_name, tickets.status,
      tickets.last_message, extract(epoch from tickets.created_at)::float8 * 1000 as created_at,
      extract(epoch from tr.closed_at)::float8 * 1000 as closed_at,
      round((extract(epoch from (tr.closed_at - tr.started_at)) / 60.0)::numeric, 2)::float8 as support_time,
      rating.rate as nps
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
  }));
}

export async function countReport(db: TenantDb, where: SQL) {
  const result = await db.unscoped.execute(sql`select count(*)::int as total from tickets where ${where}`);
  return Number((result.rows[0] as { total: number } | undefined)?.total ?? 0);
}

import type { z } from 'zod';
import type { exportReportQuery, ReportFilters, ReportRow, reportQuery } from '../../../shared/api/reports';
import reportsText from '../../../shared/i18n/reports';
import type { Actor } from '../../platform/actor';
import { actorCan, viewerOf } from '../../platform/actor';
import type { Context, HandlerContext } from '../../platform/deps';
import { type SheetCell, streamDownload, writeXlsx, XLSX_TYPE } from '../contacts/export';
import { spanOf } from '../dashboard/queries';
import { companyTimeZone, visibleTicketsWhere } from '../tickets/queries';
import * as q from './queries';

/** Rows read per statement of an export: any number of rows holds at most this many in memory. */
export const EXPORT_BATCH = 1000;

/**
 * The report's condition: its filters, the days in the company's time zone, and the caller's ticket
 * visibility (1-attendance §6; showAll where the caller may show all). No other gate (2-administration §2.12).
 */
async function whereOf(ctx: Context, filters: ReportFilters) {
  const { dateFrom, dateTo } = filters;
  const span =
    dateFrom || dateTo
      ? await spanOf(ctx.db, (dateFrom ?? dateTo)!, (dateTo ?? dateFrom)!, await companyTimeZone(ctx.db))
      : undefined;
  const visible = visibleTicketsWhere(viewerOf(ctx.actor), {
    showAll: actorCan(ctx.actor, 'tickets-manager:showall'),
  });
  return q.reportWhere(ctx.db, filters, visible, {
    from: dateFrom ? span?.from : undefined,
    to: dateTo ? span?.to : undefined,
  });
}

/** GET /ticketreport/reports: a page of the report and the number of matching tickets. */
export async function ticketReport(ctx: Context, query: z.output<typeof reportQuery>) {
  const where = await whereOf(ctx, query);
  const [tickets, total] = await Promise.all([
    q.reportRows(ctx.db, where, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    q.countReport(ctx.db, where),
  ]);
  return { tickets, totalTickets: { total } };
}

/** The report's columns as the sheet shows them, in the asked language. */
function sheetRow(row: ReportRow, status: Record<string, string>): SheetCell[] {
  return [
    row.id,
    row.whatsappName ?? '',
    row.contactName,
    row.userName ?? '',
    row.queueName ?? '',
    status[row.status] ?? row.status,
    row.lastMessage,
    new Date(row.createdAt),
    row.closedAt === null ? null : new Date(row.closedAt),
    row.supportTime,
    row.NPS,
  ];
}

/**
 * GET /ticketreport/reports/export: every matching ticket, newest first, read a batch at a time by keyset
 * and written to the answer as it goes (no page of 9,999,999 rows, 2-administration §5).
 */
export async function exportTicketReport(
  ctx: HandlerContext<Actor>,
  query: z.output<typeof exportReportQuery>,
) {
  const text = reportsText[query.lang];
  const where = await whereOf(ctx, query);
  const status = text.status as Record<string, string>;
  async function* rows(out: { destroyed: boolean }) {
    let afterId: number | undefined;
    for (;;) {
      if (out.destroyed) return;
      const batch = await q.reportRows(ctx.db, where, { limit: EXPORT_BATCH, afterId });
      for (const row of batch) yield sheetRow(row, status);
      if (batch.length < EXPORT_BATCH) return;
      afterId = batch[batch.length - 1]!.id;
    }
  }
  const columns = text.table as Record<string, string>;
  const header = [
    'id',
    'connection',
    'contact',
    'user',
    'queue',
    'status',
    'lastMessage',
    'createdAt',
    'closedAt',
    'supportTime',
    'nps',
  ].map((key) => columns[key] ?? key);
  return streamDownload(
    ctx,
    { type: XLSX_TYPE, fileName: 'relatorio-de-atendimentos.xlsx', what: 'report' },
    (out) => writeXlsx(out, { header, sheetName: text.title as string }, rows(out)),
  );
}

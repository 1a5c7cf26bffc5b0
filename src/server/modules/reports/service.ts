import type { z } from 'zod';
import type {
  exportReportQuery,
  ReportFilters,
  ReportKind,
  ReportRow,
  reportQuery,
  SurveyRow,
} from '../../../shared/api/reports';
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
    at: filters.kind === 'surveys' ? q.answeredAt : undefined,
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

/** GET /ticketreport/surveys: a page of the survey answers, their number and their NPS. */
export async function surveyReport(ctx: Context, query: z.output<typeof reportQuery>) {
  const where = await whereOf(ctx, { ...query, kind: 'surveys' });
  const [ratings, { total, summary }] = await Promise.all([
    q.surveyRows(ctx.db, where, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    q.surveySummary(ctx.db, where),
  ]);
  return { ratings, total, summary };
}

const date = (at: string | null) => (at === null ? null : new Date(at));

/**
 * Each report's sheet (2-administration §2.12): its file, its columns (keys of the translated table
 * header) and a row's cells in the asked language.
 */
const SHEETS = {
  tickets: {
    fileName: 'relatorio-de-atendimentos.xlsx',
    columns: [
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
    ],
    cells: (row: ReportRow, status: Record<string, string>): SheetCell[] => [
      row.id,
      row.whatsappName ?? '',
      row.contactName,
      row.userName ?? '',
      row.queueName ?? '',
      status[row.status] ?? row.status,
      row.lastMessage,
      new Date(row.createdAt),
      date(row.closedAt),
      row.supportTime,
      row.NPS,
    ],
  },
  durations: {
    fileName: 'relatorio-de-duracao.xlsx',
    columns: [
      'id',
      'connection',
      'contact',
      'user',
      'queue',
      'status',
      'createdAt',
      'startedAt',
      'closedAt',
      'waitTime',
      'supportTime',
      'totalTime',
    ],
    cells: (row: ReportRow, status: Record<string, string>): SheetCell[] => [
      row.id,
      row.whatsappName ?? '',
      row.contactName,
      row.userName ?? '',
      row.queueName ?? '',
      status[row.status] ?? row.status,
      new Date(row.createdAt),
      date(row.startedAt),
      date(row.closedAt),
      row.waitTime,
      row.supportTime,
      row.totalTime,
    ],
  },
  surveys: {
    fileName: 'relatorio-de-pesquisas.xlsx',
    columns: ['id', 'connection', 'contact', 'user', 'queue', 'rate', 'answeredAt'],
    cells: (row: SurveyRow): SheetCell[] => [
      row.ticketId,
      row.whatsappName ?? '',
      row.contactName,
      row.userName ?? '',
      row.queueName ?? '',
      row.rate,
      new Date(row.answeredAt),
    ],
  },
} as const;

/** The group tickets' report is the ticket report of group tickets: the same sheet, its own file. */
const sheetOf = (kind: ReportKind) =>
  kind === 'groups' ? { ...SHEETS.tickets, fileName: 'relatorio-de-grupos.xlsx' } : SHEETS[kind];

/**
 * Batches of EXPORT_BATCH rows by keyset (each after the last id of the one before) until one comes short
 * or `out` is closed. The next batch is read while this one is written: the database and the writer work
 * at once.
 */
async function* batches<R extends { id: number }>(
  read: (afterId?: number) => Promise<R[]>,
  out: { destroyed: boolean },
) {
  let next = read();
  for (;;) {
    const batch = await next;
    if (out.destroyed) return;
    const more = batch.length === EXPORT_BATCH;
    if (more) {
      next = read(batch[batch.length - 1]!.id);
      // Awaited on the next turn; a download given up before that leaves its failure to no one.
      next.catch(() => undefined);
    }
    yield batch;
    if (!more) return;
  }
}

/**
 * GET /ticketreport/reports/export: every matching row of the report `kind`, newest first, read a batch at
 * a time by keyset and written to the answer as it goes (no page of 9,999,999 rows, 2-administration §5).
 */
export async function exportTicketReport(
  ctx: HandlerContext<Actor>,
  query: z.output<typeof exportReportQuery>,
) {
  const text = reportsText[query.lang];
  const where = await whereOf(ctx, query);
  const status = text.status as Record<string, string>;
  const sheet = sheetOf(query.kind);
  async function* rows(out: { destroyed: boolean }) {
    if (query.kind === 'surveys') {
      const read = (afterId?: number) => q.surveyRows(ctx.db, where, { limit: EXPORT_BATCH, afterId });
      for await (const batch of batches(read, out)) for (const row of batch) yield SHEETS.surveys.cells(row);
    } else {
      const cells = query.kind === 'durations' ? SHEETS.durations.cells : SHEETS.tickets.cells;
      const read = (afterId?: number) => q.reportRows(ctx.db, where, { limit: EXPORT_BATCH, afterId });
      for await (const batch of batches(read, out)) for (const row of batch) yield cells(row, status);
    }
  }
  const columns = text.table as Record<string, string>;
  const header = sheet.columns.map((key) => columns[key] ?? key);
  return streamDownload(ctx, { type: XLSX_TYPE, fileName: sheet.fileName, what: 'report' }, (out) =>
    writeXlsx(out, { header, sheetName: text.tabs[query.kind] }, rows(out)),
  );
}

import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type { z } from 'zod';
import type { ExportFormat, exportContactsQuery } from '../../../shared/api/contacts';
import { contactSheetHeader, contactSheetRow } from '../../../shared/contact-sheet';
import contactsText from '../../../shared/i18n/contacts';
import type { Language } from '../../../shared/i18n/types';
import { presentContact } from '../../../shared/ticket-visibility';
import type { Actor } from '../../platform/actor';
import { hidesNumbersFor } from '../../platform/actor';
import type { Context, HandlerContext } from '../../platform/deps';
import * as q from './queries';

/** Contacts read per query: an export of any size holds at most this many in memory. */
export const EXPORT_BATCH = 1000;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: XLSX_TYPE,
};

/**
 * OWASP's CSV-injection rule: a cell a spreadsheet would read as a formula (or a DDE call) starts with a
 * quote, so it shows as the text it is.
 */
export const formulaSafe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const csvCell = (value: string) => {
  const safe = formulaSafe(value);
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

interface SheetText {
  header: string[];
  sheetName: string;
  fileName: string;
}

function sheetText(lang: Language): SheetText {
  const text = contactsText[lang];
  return {
    header: contactSheetHeader(text.export.columns),
    sheetName: text.page.title,
    fileName: text.export.fileName,
  };
}

/** Every matching contact, batch after batch, as the caller may see it; no more once `out` is closed. */
async function* contactRows(ctx: Context, query: z.output<typeof exportContactsQuery>, out: Writable) {
  const where = q.contactsMatching({
    search: query.searchParam,
    tagIds: [...new Set(query.contactTag ?? [])],
    channel: query.channel,
    isGroup: query.isGroup,
  });
  const hideNumbers = hidesNumbersFor(ctx.actor);
  let after: { name: string; id: number } | undefined;
  for (;;) {
    // The client went away (Fastify destroys the stream): the rest would be read for no one.
    if (out.destroyed) return;
    const batch = await q.contactSheetBatch(ctx.db, where, after, EXPORT_BATCH);
    for (const contact of batch) yield contactSheetRow(presentContact(contact, ctx.actor, hideNumbers));
    if (batch.length < EXPORT_BATCH) return;
    const last = batch[batch.length - 1]!;
    after = { name: last.name, id: last.id };
  }
}

/** Back-pressure: waits until the client has taken what is buffered in `out`, or has gone. */
async function drained(out: Writable) {
  const waiting = new AbortController();
  const { signal } = waiting;
  await Promise.race([once(out, 'drain', { signal }), once(out, 'close', { signal })]).finally(() =>
    waiting.abort(),
  );
}

/** RFC 4180 with a UTF-8 byte-order mark, so spreadsheet programs read the accents right. */
async function writeCsv(out: Writable, text: SheetText, rows: AsyncIterable<string[]>) {
  const write = async (chunk: string) => {
    if (out.write(chunk) || out.destroyed) return;
    await drained(out);
  };
  await write(`\uFEFF${csvLine(text.header)}`);
  for await (const row of rows) await write(csvLine(row));
  if (!out.destroyed) out.end();
}

/** A cell of a written sheet: text (made formula-safe), a number or a date, or empty. */
export type SheetCell = string | number | Date | null;

/**
 * The styles of written cells, one object each: exceljs finds a style it has seen by the object's identity,
 * and otherwise renders the style's XML to look it up, per cell (every cell gets an object of its own),
 * which took more than half of the writer's time. Dates keep exceljs's own default format (built-in 14).
 */
const PLAIN_STYLE = {};
const DATE_STYLE = { numFmt: 'mm-dd-yy' };

/**
 * An XLSX written row by row to `out` (exceljs's streaming writer): each row is committed as it comes, so a
 * sheet of any length holds one row in memory. Also the ticket report's export.
 */
export async function writeXlsx(
  out: Writable,
  text: Pick<SheetText, 'header' | 'sheetName'>,
  rows: AsyncIterable<SheetCell[]>,
) {
  // Loaded on first use: exceljs is large, and every server start (the desktop's too) would pay for it.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(text.sheetName);
  const header = sheet.addRow(text.header);
  header.font = { bold: true };
  header.commit();
  for await (const cells of rows) {
    const row = sheet.addRow(cells.map((cell) => (typeof cell === 'string' ? formulaSafe(cell) : cell)));
    cells.forEach((cell, i) => {
      row.getCell(i + 1).style = cell instanceof Date ? DATE_STYLE : PLAIN_STYLE;
    });
    row.commit();
    // exceljs writes without heeding back-pressure: rows wait while the client is behind, rather than
    // piling up as XML and zip output in memory.
    if (out.writableNeedDrain && !out.destroyed) await drained(out);
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * Answers with a file that `write` writes into the answer while it goes out. A failure after the first
 * bytes breaks the download (rather than ending a file that looks complete); a client that went away is
 * no failure.
 */
export function streamDownload(
  ctx: HandlerContext<Actor>,
  file: { type: string; fileName: string; what: string },
  write: (out: PassThrough) => Promise<void>,
) {
  const out = new PassThrough();
  write(out).catch((error: unknown) => {
    if (out.destroyed) return;
    ctx.deps.log.error({ err: error }, `${file.what} export failed`);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return ctx.reply
    .type(file.type)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('cache-control', 'no-store')
    .send(out);
}

/**
 * GET /contacts/export: the file goes out while it is written, a batch of contacts at a time, so neither
 * the server nor the client holds the whole list.
 */
export function exportContacts(ctx: HandlerContext<Actor>, query: z.output<typeof exportContactsQuery>) {
  const text = sheetText(query.lang);
  const write = query.format === 'csv' ? writeCsv : writeXlsx;
  return streamDownload(
    ctx,
    { type: TYPES[query.format], fileName: `${text.fileName}.${query.format}`, what: 'contact' },
    (out) => write(out, text, contactRows(ctx, query, out)),
  );
}

import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { SHEET_LIMITS, type UploadedSheet } from '../../../shared/api/contacts';
import { AppError } from '../../platform/app-error';
import { readXlsRows } from './xls';

const invalidFile = () => new AppError('ERR_INVALID_FILE', 400);
const tooLarge = () => new AppError('ERR_FILE_TOO_LARGE', 413);

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);
/** XLSX is a zip archive. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** The old binary XLS (and other Office 97 files) is an OLE2 compound file, read by ./xls. */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Loaded on first use: exceljs is large, and every server start (the desktop's too) would pay for it. */
const loadExcel = async () => (await import('exceljs')).default;

/** A cell's value as the text a person sees. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  return '';
}

/** The texts of a row of exceljs values (1-based, sparse). */
function rowTexts(values: ExcelJS.CellValue[]) {
  const cells: string[] = [];
  for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
  return cells;
}

/** Rows of texts into a header and numbered rows; empty rows are left out. */
class SheetBuilder {
  columns: string[] | undefined;
  rows: UploadedSheet['rows'] = [];
  add(line: number, cells: string[]) {
    if (!cells.some((c) => c.trim())) return;
    if (!this.columns) this.columns = cells.map((c, i) => (i === 0 ? c.replace(/^\uFEFF/, '') : c).trim());
    else if (this.rows.length >= SHEET_LIMITS.rows) throw tooLarge();
    else this.rows.push({ line, cells });
  }
  result(): UploadedSheet {
    if (!this.columns) throw invalidFile();
    let width = this.columns.length;
    for (const row of this.rows) width = Math.max(width, row.cells.length);
    const pad = (cells: string[]) =>
      cells.length < width ? [...cells, ...Array<string>(width - cells.length).fill('')] : cells;
    return {
      columns: pad(this.columns),
      rows: this.rows.map((r) => ({ line: r.line, cells: pad(r.cells) })),
    };
  }
}

const EOCD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;

/**
 * What a zip says its files unpack to, from its central directory, read before anything is unpacked.
 * Undefined when the directory cannot be read (not a well-formed zip, or ZIP64, which no spreadsheet of
 * this size needs).
 */
export function unpackedSize(zip: Buffer): number | undefined {
  // The end-of-central-directory record: 22 bytes, then a comment of up to 65,535.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_ENTRY) return undefined;
    const size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff) return undefined;
    total += size;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}

async function readXlsx(data: Buffer): Promise<UploadedSheet> {
  const unpacked = unpackedSize(data);
  if (unpacked === undefined) throw invalidFile();
  if (unpacked > SHEET_LIMITS.unpackedBytes) throw tooLarge();
  const sheet = new SheetBuilder();
  const Excel = await loadExcel();
  // The streaming reader keeps a 50,000-row file fast and small in memory.
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from(data), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      sheet.add(row.number, rowTexts(row.values as ExcelJS.CellValue[]));
    }
    break; // the first sheet only
  }
  return sheet.result();
}

/** UTF-8, or Windows-1252 as spreadsheet programs save CSV in Portuguese and Spanish locales. */
function decodeText(data: Buffer) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** The separator of the header line: comma, semicolon (Excel in pt/es/tr locales) or tab. */
function delimiterOf(text: string) {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => header.split(c).length;
  return [';', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

async function readCsv(data: Buffer): Promise<UploadedSheet> {
  const text = decodeText(data);
  const workbook = new (await loadExcel()).Workbook();
  const worksheet = await workbook.csv.read(Readable.from([text]), {
    // Every cell stays text: a number such as 011… keeps its leading zero.
    map: (value: string) => value,
    parserOptions: { delimiter: delimiterOf(text) },
  });
  const sheet = new SheetBuilder();
  worksheet.eachRow((row, line) => sheet.add(line, rowTexts(row.values as ExcelJS.CellValue[])));
  return sheet.result();
}

/** An .xls is not compressed, so the file's own size cap bounds what it holds (and BIFF8 has 65,536 rows). */
async function readXls(data: Buffer): Promise<UploadedSheet> {
  const sheet = new SheetBuilder();
  for (const [row, cells] of readXlsRows(data)) sheet.add(row + 1, cells);
  return sheet.result();
}

/**
 * POST /contacts/upload and the contact lists' import: the first sheet of an XLSX or a BIFF8 XLS (Excel
 * 97–2003) file, or a CSV file, as text. A broken, encrypted or pre-97 XLS is ERR_INVALID_FILE ('Arquivo
 * inválido!'). Past SHEET_LIMITS (size, rows, what an XLSX unpacks to), 413 ERR_FILE_TOO_LARGE.
 */
export async function readSpreadsheet(data: Buffer | undefined): Promise<UploadedSheet> {
  if (!data?.length) throw invalidFile();
  if (data.length > SHEET_LIMITS.bytes) throw tooLarge();
  // A refusal of ours stands; anything the reader throws means the file is not what it claims.
  const refuse = (err: unknown) => Promise.reject(err instanceof AppError ? err : invalidFile());
  if (startsWith(data, ZIP)) return readXlsx(data).catch(refuse);
  if (startsWith(data, OLE2)) return readXls(data).catch(refuse);
  // Binary content that is not a zip is no CSV either.
  if (data.subarray(0, 4096).includes(0)) throw invalidFile();
  return readCsv(data).catch(refuse);
}

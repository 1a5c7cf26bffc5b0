import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { UploadedSheet } from '../../../shared/api/contacts';
import { AppError } from '../../platform/app-error';

const invalidFile = () => new AppError('ERR_INVALID_FILE', 400);

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);
/** XLSX is a zip archive. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** The old binary XLS (and other Office 97 files) is an OLE2 compound file, which exceljs cannot read. */
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

/** Rows of exceljs values (1-based, sparse) into a header and numbered rows; empty rows are left out. */
class SheetBuilder {
  columns: string[] | undefined;
  rows: UploadedSheet['rows'] = [];
  add(line: number, values: ExcelJS.CellValue[]) {
    const cells: string[] = [];
    for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
    if (!cells.some((c) => c.trim())) return;
    if (!this.columns) this.columns = cells.map((c, i) => (i === 0 ? c.replace(/^\uFEFF/, '') : c).trim());
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

async function readXlsx(data: Buffer): Promise<UploadedSheet> {
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
      sheet.add(row.number, row.values as ExcelJS.CellValue[]);
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
  worksheet.eachRow((row, line) => sheet.add(line, row.values as ExcelJS.CellValue[]));
  return sheet.result();
}

/**
 * POST /contacts/upload: the first sheet of an XLSX file, or a CSV file, as text. Old binary XLS files
 * are refused with ERR_INVALID_FILE ('Arquivo inválido!'): exceljs reads only the XML formats, and the
 * screen asks to save the file as XLSX or CSV.
 */
export async function readSpreadsheet(data: Buffer | undefined): Promise<UploadedSheet> {
  if (!data?.length || startsWith(data, OLE2)) throw invalidFile();
  if (startsWith(data, ZIP)) return readXlsx(data).catch(() => Promise.reject(invalidFile()));
  // Binary content that is not a zip is no CSV either.
  if (data.subarray(0, 4096).includes(0)) throw invalidFile();
  return readCsv(data).catch(() => Promise.reject(invalidFile()));
}

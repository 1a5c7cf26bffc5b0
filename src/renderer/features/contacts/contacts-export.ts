import type { Contact } from '../../../shared/api/contacts';
import type { ContactsPage } from './contacts-cache';

/** Every contact of the list's filters: page after page of 20 until the server says no more follow. */
export async function fetchAllContacts(
  page: (pageNumber: number) => Promise<ContactsPage>,
): Promise<Contact[]> {
  const all: Contact[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const { contacts, hasMore } = await page(pageNumber);
    all.push(...contacts);
    if (!hasMore) return all;
  }
}

const csvCell = (value: string) => (/[",;\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** RFC 4180 CSV with a UTF-8 byte-order mark, so spreadsheet programs read the accents right. */
export function toCsv(rows: string[][]): Blob {
  const text = rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
  return new Blob([`\uFEFF${text}\r\n`], { type: 'text/csv;charset=utf-8' });
}

/** An XLSX workbook of one sheet; exceljs loads only when someone exports. */
export async function toXlsx(rows: string[][], sheetName: string): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRows(rows);
  sheet.getRow(1).font = { bold: true };
  const data = await workbook.xlsx.writeBuffer();
  return new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

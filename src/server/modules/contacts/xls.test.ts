import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error';
import { readSpreadsheet } from './spreadsheet';
import { compoundStream } from './xls';

/*
 * The fixtures are real Excel 97–2003 files written by LibreOffice Calc (`soffice --headless --convert-to
 * xls`) from spreadsheets made with exceljs:
 * - contacts.xls: accented text (ç, ã, é, ü, ş, ı, ğ), numbers (a phone number, an integer, decimals, a
 *   negative), an empty cell in the middle, an empty row, formulas with a number and a boolean result, and a
 *   second sheet that is not read;
 * - long.xls: 160 distinct long names, half with ğ (UTF-16) and half Latin-1 only, so that the shared
 *   string table runs over into a CONTINUE record, a string split across the two.
 */
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

/** The long names, as the fixture was made. */
const longName = (i: number) =>
  `Pessoa ${i}: ação, pão, café, Müller${i % 2 ? '' : ', Ğüneş'} ${'x'.repeat(i % 7)}`;

/** One BIFF record. */
const record = (type: number, ...parts: Buffer[]) => {
  const data = Buffer.concat(parts);
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
};
const u16 = (...values: number[]) => Buffer.from(Uint16Array.from(values).buffer);
const u32 = (...values: number[]) => Buffer.from(Uint32Array.from(values).buffer);
const f64 = (value: number) => Buffer.from(Float64Array.of(value).buffer);
const wide = (text: string) => Buffer.from(text, 'utf16le');
const narrow = (text: string) => Buffer.from(text, 'latin1');
/** A cell record's row, column and format index. */
const at = (row: number, column: number) => u16(row, column, 15);

/**
 * A workbook stream with the records LibreOffice does not write in its files: a string whose CONTINUE
 * switches it to UTF-16, rich-text runs split across CONTINUE records, LABEL, RK (×100 too), MULRK,
 * BOOLERR, a formula's STRING.
 */
function handMadeWorkbook() {
  const sst = [
    record(0xfc, u32(3, 3), u16(6), Buffer.from([0]), narrow('abc')),
    record(
      0x3c,
      Buffer.from([1]),
      wide('déf'),
      u16(2),
      Buffer.from([1]),
      wide('ğü'),
      u16(3),
      Buffer.from([8]),
      u16(1),
    ),
    record(0x3c, Buffer.from([0]), narrow('xyz'), u16(0)),
    record(0x3c, u16(0)),
  ];
  const bof = (kind: number) => record(0x0809, u16(0x0600, kind, 0, 0), u32(0, 0));
  const eof = record(0x0a);
  const globals = (offset: number) =>
    Buffer.concat([bof(5), ...sst, record(0x85, u32(offset), Buffer.from([0, 0, 1, 0]), narrow('A')), eof]);
  const rk = (value: number) => (value << 2) | 2;
  const sheet = Buffer.concat([
    bof(0x10),
    record(0xfd, at(0, 0), u32(0)),
    record(0xfd, at(0, 1), u32(1)),
    record(0xfd, at(0, 2), u32(2)),
    record(0x204, at(1, 0), u16(3), Buffer.from([0]), narrow('Olá')),
    record(0x27e, at(1, 1), u32(rk(5511))),
    record(0x27e, at(1, 2), u32(rk(12345) | 1)),
    record(0xbd, u16(2, 0), u16(15), u32(rk(-7)), u16(15), u32(f64(1.5).readUInt32LE(4)), u16(1)),
    record(0x203, at(2, 2), f64(5511999990000)),
    record(0x205, at(3, 0), Buffer.from([1, 0])),
    record(0x205, at(3, 1), Buffer.from([0x2a, 1])),
    record(0x06, at(3, 2), Buffer.from([0, 0, 0, 0, 0, 0, 0xff, 0xff]), u16(0), u32(0), u16(0)),
    record(0x207, u16(7), Buffer.from([0]), narrow('fórmula')),
    record(0x201, at(3, 3)),
    eof,
  ]);
  const size = globals(0).length;
  return Buffer.concat([globals(size), sheet]);
}

/** A version 3 compound file holding one stream named Workbook (under 4,096 bytes: in the mini stream). */
function compoundFile(workbook: Buffer) {
  const SECTOR = 512;
  const END = 0xfffffffe;
  const FREE = 0xffffffff;
  const mini = workbook.length < 4096;
  const body = Buffer.alloc(Math.ceil(workbook.length / SECTOR) * SECTOR);
  workbook.copy(body);
  const bodySectors = body.length / SECTOR;
  // Sector 0 the FAT, 1 the directory, 2 the mini FAT when there is one, then the body.
  const first = mini ? 3 : 2;
  const fat = Array<number>(128).fill(FREE);
  fat[0] = 0xfffffffd;
  fat[1] = END;
  if (mini) fat[2] = END;
  for (let i = 0; i < bodySectors; i++) fat[first + i] = i === bodySectors - 1 ? END : first + i + 1;
  const miniSectors = Math.ceil(workbook.length / 64);
  const miniFat = Array<number>(128).fill(FREE);
  for (let i = 0; i < miniSectors; i++) miniFat[i] = i === miniSectors - 1 ? END : i + 1;

  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  u16(0x3e, 3, 0xfffe, 9, 6).copy(header, 24);
  u32(0, 1, 1, 0, 4096, mini ? 2 : END, mini ? 1 : 0, END, 0, 0).copy(header, 40);
  u32(...Array<number>(108).fill(FREE)).copy(header, 80);
  const entry = (name: string, type: number, child: number, start: number, size: number) => {
    const e = Buffer.alloc(128);
    wide(name).copy(e);
    e.writeUInt16LE((name.length + 1) * 2, 64);
    e[66] = type;
    u32(FREE, FREE, child).copy(e, 68);
    u32(start, size).copy(e, 116);
    return e;
  };
  const directory = Buffer.concat([
    entry('Root Entry', 5, 1, mini ? first : END, mini ? body.length : 0),
    entry('Workbook', 2, FREE, mini ? 0 : first, workbook.length),
    entry('', 0, FREE, 0, 0),
    entry('', 0, FREE, 0, 0),
  ]);
  return Buffer.concat([header, u32(...fat), directory, ...(mini ? [u32(...miniFat)] : []), body]);
}

async function refusal(data: Buffer) {
  try {
    await readSpreadsheet(data);
    return 'read';
  } catch (err) {
    return err instanceof AppError ? err.message : `crashed: ${String(err)}`;
  }
}

describe('reading a BIFF8 .xls', () => {
  it('reads the first sheet as text: accents, numbers as their digits, empty cells and formula results', async () => {
    expect(await readSpreadsheet(fixture('contacts.xls'))).toEqual({
      columns: ['Nome', 'Número', 'E-mail', 'Valor'],
      rows: [
        { line: 2, cells: ['Conceição', '5511999990000', 'conceicao@example.com', '42'] },
        { line: 3, cells: ['João Müller', '5521988887777', '', '1.5'] },
        { line: 5, cells: ['Ayşe Yıldız ğ', '011912345678', 'ayse@example.com', '-3'] },
        { line: 6, cells: ['Fórmula', 'Conceição S.', '42', 'true'] },
        { line: 7, cells: ['Zoë', '12345678.25', '', '0.1'] },
      ],
    });
  });

  it('reads a shared-string table that runs over CONTINUE records, strings split across them', async () => {
    const sheet = await readSpreadsheet(fixture('long.xls'));
    expect(sheet.columns).toEqual(['Nome', 'Número']);
    expect(sheet.rows).toHaveLength(160);
    sheet.rows.forEach((row, i) => {
      expect(row).toEqual({ line: i + 2, cells: [longName(i), String(5511900000000 + i)] });
    });
  });

  it('reads the records LibreOffice does not write, in the mini stream or in sectors', async () => {
    const expected = {
      columns: ['abcdéf', 'ğü', 'xyz'],
      rows: [
        { line: 2, cells: ['Olá', '5511', '123.45'] },
        { line: 3, cells: ['-7', '1.5', '5511999990000'] },
        { line: 4, cells: ['true', '', 'fórmula'] },
      ],
    };
    const workbook = handMadeWorkbook();
    expect(workbook.length).toBeLessThan(4096);
    expect(await readSpreadsheet(compoundFile(workbook))).toEqual(expected);
    // The same records, padded past the mini stream's cutoff with a record nobody reads.
    const padded = Buffer.concat([workbook, record(0x1234, Buffer.alloc(5000))]);
    expect(await readSpreadsheet(compoundFile(padded))).toEqual(expected);
  });

  it('reads small streams from the mini stream', () => {
    // The document's summary is a few hundred bytes: it lives in 64-byte mini sectors.
    const summary = compoundStream(fixture('contacts.xls'), '\u0005SummaryInformation');
    expect(summary?.length).toBeLessThan(4096);
    expect(summary?.readUInt16LE(0)).toBe(0xfffe);
  });

  it('refuses truncated, encrypted, pre-97 and broken files as ERR_INVALID_FILE', async () => {
    const data = fixture('contacts.xls');
    const invalid = 'ERR_INVALID_FILE';
    expect(await refusal(data.subarray(0, data.length / 2))).toBe(invalid);
    expect(await refusal(data.subarray(0, 600))).toBe(invalid);
    expect(await refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]))).toBe(
      invalid,
    );

    // The workbook's BOF (BIFF8, globals), and the record after it.
    const bof = data.indexOf(Buffer.from([0x09, 0x08, 0x10, 0x00, 0x00, 0x06, 0x05, 0x00]));
    expect(bof).toBeGreaterThan(0);
    const encrypted = Buffer.from(data);
    encrypted.writeUInt16LE(0x002f, bof + 20); // FILEPASS: the rest is encrypted
    expect(await refusal(encrypted)).toBe(invalid);
    const biff5 = Buffer.from(data);
    biff5.writeUInt16LE(0x0500, bof + 4);
    expect(await refusal(biff5)).toBe(invalid);
  });

  it('never crashes or hangs on corrupted bytes: each file is read or refused as ERR_INVALID_FILE', async () => {
    const data = fixture('contacts.xls');
    // A fixed pseudo-random sequence, so that a failure repeats.
    let seed = 19;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 400; i++) {
      const broken = Buffer.from(data);
      // Mostly the header, the FAT and the directory, where a wrong byte sends the reader elsewhere.
      const span = i % 2 ? 2048 : broken.length;
      for (let k = 0; k < 4; k++) broken[random(span)] = random(256);
      expect(['read', 'ERR_INVALID_FILE']).toContain(await refusal(broken));
    }
  });
});

/**
 * A reader of the old binary Excel file (.xls, BIFF8: Excel 97–2003, what every spreadsheet program still
 * writes as "Excel 97-2003"), for the imports: the text of the first worksheet's cells, nothing else.
 * exceljs reads only the XML formats. Layouts from Microsoft's [MS-CFB] (the compound file) and [MS-XLS].
 *
 * Numbers come out as JavaScript writes them (5511999990000, 1.5), as the XLSX reader gives them; dates
 * come out as their serial number, since no import reads a date. Anything malformed, encrypted, truncated or
 * older than BIFF8 throws, and the caller refuses the file.
 */

class BadXls extends Error {}
const fail = (why: string): never => {
  throw new BadXls(why);
};

const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const NO_STREAM = 0xffffffff;

/** The compound file (OLE2) container: a small FAT file system inside the file. */
class CompoundFile {
  private readonly sectorSize: number;
  private readonly sectors: number;
  private readonly fat: number[] = [];

  constructor(private readonly data: Buffer) {
    if (data.length < 512) fail('shorter than its header');
    if (data.readUInt16LE(28) !== 0xfffe) fail('byte order');
    const shift = data.readUInt16LE(30);
    if (shift !== 9 && shift !== 12) fail('sector size');
    this.sectorSize = 1 << shift;
    this.sectors = Math.ceil((data.length - this.sectorSize) / this.sectorSize);
    if (this.sectors <= 0) fail('no sectors');

    // The FAT's own sectors: 109 listed in the header, the rest in a chain of DIFAT sectors.
    const fatSectors: number[] = [];
    const fatCount = data.readUInt32LE(44);
    if (fatCount > this.sectors) fail('a FAT larger than the file');
    for (let i = 0; i < 109 && fatSectors.length < fatCount; i++)
      fatSectors.push(data.readUInt32LE(76 + 4 * i));
    let difat = data.readUInt32LE(68);
    const perDifat = this.sectorSize / 4 - 1;
    for (let hops = 0; fatSectors.length < fatCount; hops++) {
      if (difat >= this.sectors || hops > this.sectors) fail('DIFAT chain');
      const sector = this.sector(difat);
      for (let i = 0; i < perDifat && fatSectors.length < fatCount; i++)
        fatSectors.push(sector.readUInt32LE(4 * i));
      difat = sector.readUInt32LE(4 * perDifat);
    }
    for (const n of fatSectors) {
      const sector = this.sector(n);
      for (let i = 0; i < this.sectorSize; i += 4) this.fat.push(sector.readUInt32LE(i));
    }
  }

  private sector(n: number) {
    if (n >= this.sectors) fail('sector past the end');
    const start = (n + 1) * this.sectorSize;
    return this.data.subarray(start, start + this.sectorSize);
  }

  /** A chain of sectors (or mini sectors) as one buffer, cut to `size` when given. */
  private chain(first: number, table: number[], read: (n: number) => Buffer, size?: number) {
    const parts: Buffer[] = [];
    let length = 0;
    for (let n = first; n !== END_OF_CHAIN; n = table[n] ?? fail('chain leaves its table')) {
      if (n === FREE || parts.length > table.length) fail('broken chain');
      const part = read(n);
      parts.push(part);
      length += part.length;
      if (size !== undefined && length >= size) break;
    }
    const all = Buffer.concat(parts);
    if (size === undefined) return all;
    if (all.length < size) fail('stream shorter than its size');
    return all.subarray(0, size);
  }

  /** The stream named `name` (any case) among the root storage's children, or undefined. */
  stream(name: string): Buffer | undefined {
    const dir = this.chain(this.data.readUInt32LE(48), this.fat, (n) => this.sector(n));
    const entry = (i: number) => {
      if ((i + 1) * 128 > dir.length) fail('directory entry past the end');
      return dir.subarray(i * 128, i * 128 + 128);
    };
    const root = entry(0);
    if (root[66] !== 5) fail('no root entry');
    // The root's children are a binary tree of siblings; walked without recursion, each entry once.
    const seen = new Set<number>();
    const pending = [root.readUInt32LE(76)];
    let found: Buffer | undefined;
    while (pending.length && !found) {
      const i = pending.pop() as number;
      if (i === NO_STREAM || seen.has(i)) continue;
      seen.add(i);
      const e = entry(i);
      const nameLength = Math.min(e.readUInt16LE(64), 64);
      const entryName = e.toString('utf16le', 0, Math.max(0, nameLength - 2));
      if (e[66] === 2 && entryName.toLowerCase() === name.toLowerCase()) found = e;
      pending.push(e.readUInt32LE(68), e.readUInt32LE(72));
    }
    if (!found) return undefined;
    const start = found.readUInt32LE(116);
    // Only the low half counts in version 3 files, whose sizes stay below 4 GB.
    const size = found.readUInt32LE(120);
    if (size >= this.data.readUInt32LE(56)) return this.chain(start, this.fat, (n) => this.sector(n), size);

    // Small streams live in 64-byte mini sectors inside the root's stream, chained by the mini FAT.
    const miniStream = this.chain(
      root.readUInt32LE(116),
      this.fat,
      (n) => this.sector(n),
      root.readUInt32LE(120),
    );
    const miniFatBytes = this.chain(this.data.readUInt32LE(60), this.fat, (n) => this.sector(n));
    const miniFat: number[] = [];
    for (let i = 0; i + 4 <= miniFatBytes.length; i += 4) miniFat.push(miniFatBytes.readUInt32LE(i));
    const mini = (n: number) => {
      if ((n + 1) * 64 > miniStream.length) fail('mini sector past the end');
      return miniStream.subarray(n * 64, n * 64 + 64);
    };
    return this.chain(start, miniFat, mini, size);
  }
}

/**
 * A record's data with its CONTINUE records after it. Bytes read across a boundary as if it were not
 * there, except inside a string's characters, where each CONTINUE starts with a new option byte (its
 * characters one byte each, or UTF-16).
 */
class Segments {
  private part = 0;
  private at = 0;
  constructor(private readonly parts: Buffer[]) {}

  private current() {
    while (this.at >= (this.parts[this.part]?.length ?? fail('past the end of the record'))) {
      this.part++;
      this.at = 0;
    }
    return this.parts[this.part] as Buffer;
  }

  get done() {
    for (let p = this.part, at = this.at; p < this.parts.length; p++, at = 0) {
      if (at < (this.parts[p] as Buffer).length) return false;
    }
    return true;
  }

  byte() {
    const part = this.current();
    return part[this.at++] as number;
  }
  u16() {
    return this.byte() | (this.byte() << 8);
  }
  u32() {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }
  skip(count: number) {
    for (let left = count; left > 0; ) {
      const part = this.current();
      const step = Math.min(left, part.length - this.at);
      this.at += step;
      left -= step;
    }
  }

  /** `count` characters, one byte each (Latin-1) or UTF-16 as `wide` says, re-read at each CONTINUE. */
  chars(count: number, wide: boolean) {
    let text = '';
    let isWide = wide;
    for (let left = count; left > 0; ) {
      let part = this.parts[this.part];
      if (!part || this.at >= part.length) {
        this.part++;
        this.at = 0;
        part = this.parts[this.part] ?? fail('string past the end of the record');
        isWide = (this.byte() & 1) === 1;
      }
      const size = isWide ? 2 : 1;
      const fit = Math.min(left, Math.floor((part.length - this.at) / size));
      if (fit === 0) fail('character split across records');
      text += part.toString(isWide ? 'utf16le' : 'latin1', this.at, this.at + fit * size);
      this.at += fit * size;
      left -= fit;
    }
    return text;
  }

  /** An XLUnicodeRichExtendedString (the shared strings) or, without its extras, an XLUnicodeString. */
  string() {
    const count = this.u16();
    const flags = this.byte();
    const runs = flags & 0x08 ? this.u16() : 0;
    const extended = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(count, (flags & 1) === 1);
    this.skip(runs * 4 + extended);
    return text;
  }
}

const BOF = 0x0809;
const EOF = 0x000a;
const CONTINUE = 0x003c;
const FILEPASS = 0x002f;
const BOUNDSHEET = 0x0085;
const SST = 0x00fc;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const FORMULA = 0x0006;
const STRING = 0x0207;
const BOOLERR = 0x0205;
const BIFF8 = 0x0600;
/** BIFF8 has 256 columns (A to IV); a larger index is a broken file, not a wider sheet. */
const COLUMNS = 256;

/** Each record at and after `offset`: its type and its data with the CONTINUE records that follow it. */
function* records(stream: Buffer, offset: number): Generator<{ type: number; data: Segments; head: Buffer }> {
  let at = offset;
  while (at + 4 <= stream.length) {
    const type = stream.readUInt16LE(at);
    const parts = [stream.subarray(at + 4, at + 4 + stream.readUInt16LE(at + 2))];
    at += 4 + stream.readUInt16LE(at + 2);
    while (at + 4 <= stream.length && stream.readUInt16LE(at) === CONTINUE) {
      parts.push(stream.subarray(at + 4, at + 4 + stream.readUInt16LE(at + 2)));
      at += 4 + stream.readUInt16LE(at + 2);
    }
    if (at > stream.length) fail('record past the end of the stream');
    yield { type, data: new Segments(parts), head: parts[0] as Buffer };
  }
}

/** An RK number: 30 bits of an integer or of a double's high half, divided by 100 when bit 0 says. */
function rkNumber(rk: number) {
  let value: number;
  if (rk & 2) value = rk >> 2;
  else {
    const double = Buffer.alloc(8);
    double.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    value = double.readDoubleLE(0);
  }
  return rk & 1 ? value / 100 : value;
}

/** The stream named `name` (any case) in the root storage of a compound file, or undefined. */
export const compoundStream = (data: Buffer, name: string) => new CompoundFile(data).stream(name);

/** The first worksheet of a BIFF8 .xls as rows of text, in order: [0-based row, cells (holes as '')]. */
export function readXlsRows(data: Buffer): Array<[number, string[]]> {
  const stream =
    compoundStream(data, 'Workbook') ?? fail('no BIFF8 Workbook stream (Excel 5/95 files have "Book")');

  // The workbook globals: the shared strings and where the first worksheet starts.
  const strings: string[] = [];
  let sheetAt = -1;
  let first = true;
  for (const { type, data: record, head } of records(stream, 0)) {
    if (first) {
      if (type !== BOF || head.length < 4 || head.readUInt16LE(0) !== BIFF8 || head.readUInt16LE(2) !== 5) {
        fail('not a BIFF8 workbook');
      }
      first = false;
    } else if (type === FILEPASS) fail('encrypted');
    else if (type === BOUNDSHEET && sheetAt < 0 && head.length >= 6 && head[5] === 0)
      sheetAt = head.readUInt32LE(0);
    else if (type === SST) {
      record.skip(8);
      while (!record.done) strings.push(record.string());
    } else if (type === EOF) break;
  }
  if (sheetAt < 0 || sheetAt >= stream.length) fail('no worksheet');

  const rows = new Map<number, string[]>();
  const put = (row: number, column: number, text: string) => {
    if (column >= COLUMNS) fail('column past IV');
    const cells = rows.get(row) ?? [];
    cells[column] = text;
    rows.set(row, cells);
  };
  // A formula whose result is text has it in the STRING record that follows.
  let pending: [number, number] | undefined;
  // A chart drawn on the sheet nests its own BOF…EOF inside the sheet's.
  let depth = 0;
  for (const { type, data: record, head } of records(stream, sheetAt)) {
    if (depth === 0 && type !== BOF) fail('the worksheet does not start with BOF');
    if (type === BOF) depth++;
    if (type === EOF) depth--;
    if (depth === 0) break;
    if (type === BOF || type === EOF) continue;
    if (type === STRING && pending) {
      put(pending[0], pending[1], record.string());
      pending = undefined;
      continue;
    }
    if (head.length < 6) continue;
    const row = record.u16();
    const column = record.u16();
    if (type === LABELSST) {
      record.skip(2);
      put(row, column, strings[record.u32()] ?? fail('shared string out of range'));
    } else if (type === LABEL) {
      record.skip(2);
      put(row, column, record.string());
    } else if (type === NUMBER) {
      put(row, column, String(head.readDoubleLE(6)));
    } else if (type === RK) {
      put(row, column, String(rkNumber(head.readUInt32LE(6))));
    } else if (type === MULRK) {
      for (let c = column, at = 4; at + 6 <= head.length - 2; c++, at += 6) {
        put(row, c, String(rkNumber(head.readUInt32LE(at + 2))));
      }
    } else if (type === BOOLERR) {
      // A boolean as the XLSX reader writes it; an error (#N/A…) as an empty cell, like there.
      if (head.length >= 8 && head[7] === 0) put(row, column, head[6] ? 'true' : 'false');
    } else if (type === FORMULA && head.length >= 14) {
      // The cached result: a double, unless its last two bytes are 0xFFFF and its first says what it is.
      if (head.readUInt16LE(12) !== 0xffff) put(row, column, String(head.readDoubleLE(6)));
      else if (head[6] === 0) pending = [row, column];
      else if (head[6] === 1) put(row, column, head[8] ? 'true' : 'false');
    }
  }
  return [...rows.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([row, cells]) => [row, Array.from(cells, (c) => c ?? '')] as [number, string[]]);
}

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Reads a small state file; a missing or unreadable file is simply "nothing stored". */
export function readFileOrNull(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

export function readJson(file: string): unknown {
  const data = readFileOrNull(file);
  if (!data) return null;
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
}

/** Writes through a temporary file so a crash mid-write never leaves half a file behind. */
export function writeFileAtomic(file: string, data: string | Buffer) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

export function writeJson(file: string, value: unknown) {
  writeFileAtomic(file, JSON.stringify(value, null, 2));
}

export function removeFile(file: string) {
  rmSync(file, { force: true });
}

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stageRelease } from './release-stage.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'atendo-release-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// What electron-builder writes beside an installer (the blockmap is what differential downloads read).
const latest = `version: 1.2.0
files:
  - url: Atendo-Setup-1.2.0.exe
    sha512: abc==
    size: 100
path: Atendo-Setup-1.2.0.exe
sha512: abc==
releaseDate: '2025-01-01T00:00:00.000Z'
`;

describe('a staged rollout (scripts/release-stage.mjs)', () => {
  it('sets, changes and at 100 removes stagingPercentage in every update file, leaving the rest', () => {
    for (const name of ['latest.yml', 'latest-mac.yml', 'beta-linux.yml'])
      writeFileSync(path.join(dir, name), latest);
    writeFileSync(path.join(dir, 'Atendo-Setup-1.2.0.exe.blockmap'), 'binary');
    expect(stageRelease(dir, 10).sort()).toEqual(['beta-linux.yml', 'latest-mac.yml', 'latest.yml']);
    const staged = readFileSync(path.join(dir, 'latest.yml'), 'utf8');
    expect(staged).toBe(`${latest}stagingPercentage: 10\n`);
    stageRelease(dir, 50);
    expect(readFileSync(path.join(dir, 'latest-mac.yml'), 'utf8').match(/stagingPercentage: \d+/g)).toEqual([
      'stagingPercentage: 50',
    ]);
    stageRelease(dir, 100);
    expect(readFileSync(path.join(dir, 'beta-linux.yml'), 'utf8')).toBe(latest);
    expect(readFileSync(path.join(dir, 'Atendo-Setup-1.2.0.exe.blockmap'), 'utf8')).toBe('binary');
  });

  it('refuses a share outside 0–100 or a folder without update files', () => {
    expect(() => stageRelease(dir, 150)).toThrow();
    expect(() => stageRelease(dir, 12.5)).toThrow();
    expect(() => stageRelease(mkdtempSync(path.join(dir, 'empty-')), 10)).toThrow(/no update files/);
  });
});

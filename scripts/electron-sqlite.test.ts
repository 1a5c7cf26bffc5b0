import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronSqliteFile, electronTarget, ensureElectronSqlite } from './electron-sqlite.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'atendo-electron-sqlite-'));
const nodeBuild = path.join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

// A stand-in for better-sqlite3's release downloads: any prebuilt asked for is this archive.
const requested: string[] = [];
const host = createServer((req, res) => {
  requested.push(req.url ?? '');
  res.end(readFileSync(path.join(dir, 'prebuilt.tar.gz')));
});
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  mkdirSync(path.join(dir, 'prebuilt/build/Release'), { recursive: true });
  writeFileSync(path.join(dir, 'prebuilt/build/Release/better_sqlite3.node'), 'the Electron build');
  const tar = spawnSync('tar', [
    '-czf',
    path.join(dir, 'prebuilt.tar.gz'),
    '-C',
    path.join(dir, 'prebuilt'),
    'build',
  ]);
  expect(tar.status).toBe(0);
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  env = {
    PATH: process.env.PATH,
    ATENDO_ELECTRON_NATIVE_DIR: path.join(dir, 'native'),
    npm_config_cache: path.join(dir, 'npm-cache'),
    npm_config_better_sqlite3_binary_host: `http://127.0.0.1:${(host.address() as AddressInfo).port}`,
  };
});
afterAll(() => {
  host.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the Electron build of better-sqlite3 (scripts/electron-sqlite.mjs)', () => {
  it('is fetched once for Electron’s ABI into a folder of its own, leaving the Node build alone', async () => {
    const before = digest(nodeBuild);
    const target = electronTarget();
    const abi = readFileSync(path.join(root, 'node_modules/electron/abi_version'), 'utf8').trim();
    const file = await ensureElectronSqlite(target, { env, log: () => undefined });
    expect(file).toBe(electronSqliteFile(target, env));
    expect(file.startsWith(path.join(dir, 'native'))).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('the Electron build');
    expect(requested).toEqual([
      `/v${target.sqlite}/better-sqlite3-v${target.sqlite}-electron-v${abi}-${target.platform}-${target.arch}.tar.gz`,
    ]);
    // Made once: the next start finds it.
    await ensureElectronSqlite(target, { env, log: () => undefined });
    expect(requested).toHaveLength(1);
    expect(digest(nodeBuild)).toBe(before);
  }, 60_000);

  it('keeps one file per Electron version, system and architecture', () => {
    const target = electronTarget({ platform: 'darwin', arch: 'arm64' });
    expect(path.basename(path.dirname(electronSqliteFile(target, env)))).toBe(
      `better-sqlite3-${target.sqlite}-electron-${target.electron}-darwin-arm64`,
    );
    expect(electronSqliteFile(target, {})).toContain(`${path.sep}.electron-native${path.sep}`);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ELECTRON_SQLITE_ENV as SCRIPT_ENV } from '../../scripts/electron-sqlite.mjs';
import type { SessionInfo } from '../shared/bridge';
import { openCacheStore } from './cache/store';
import { createSyncEngine } from './cache/sync-engine';
import { ELECTRON_SQLITE_ENV, sqliteBinding } from './sqlite-binding';

const MIGRATIONS = path.join(import.meta.dirname, 'cache/migrations');
const electronBuild = '/repo/.electron-native/better-sqlite3-12-electron-45-linux-x64/better_sqlite3.node';
const dir = mkdtempSync(path.join(os.tmpdir(), 'atendo-binding-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('which build of better-sqlite3 opens the offline cache', () => {
  it('is, in the main process from the repository, the Electron build the start script names', () => {
    expect(ELECTRON_SQLITE_ENV).toBe(SCRIPT_ENV);
    expect(sqliteBinding({ packaged: false, env: { [ELECTRON_SQLITE_ENV]: electronBuild } })).toBe(
      electronBuild,
    );
    // Installed, electron-builder has rebuilt the package's own copy for Electron.
    expect(sqliteBinding({ packaged: true, env: { [ELECTRON_SQLITE_ENV]: electronBuild } })).toBeUndefined();
  });

  it('is handed by the sync engine to better-sqlite3, which loads that file and no other', async () => {
    const engine = createSyncEngine({
      cacheDir: dir,
      migrationsFolder: MIGRATIONS,
      sqliteBinding: electronBuild,
      request: async () => null,
      push: () => undefined,
      emit: () => undefined,
    });
    const user = { id: 7 } as SessionInfo['user'];
    await expect(engine.start({ user } as SessionInfo, 'http://127.0.0.1:1')).rejects.toThrow(electronBuild);
    expect(() => openCacheStore(':memory:', MIGRATIONS, electronBuild)).toThrow(electronBuild);
  });

  it('is, in the Node tests, the Node build in node_modules', () => {
    expect(process.env[ELECTRON_SQLITE_ENV]).toBeUndefined();
    openCacheStore(':memory:', MIGRATIONS).close();
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) =>
      file.endsWith('better_sqlite3.node'),
    );
    expect(loaded).toHaveLength(1);
    expect(loaded[0]!.split(path.sep).join('/')).toMatch(/node_modules\/better-sqlite3\/build\/Release\//);
  });
});

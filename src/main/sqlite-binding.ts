/**
 * The variable `npm start` and `npm run dev:desktop` (scripts/electron-sqlite.mjs) set to the Electron
 * build of better-sqlite3; node_modules keeps the Node build for the tests.
 */
export const ELECTRON_SQLITE_ENV = 'ATENDO_ELECTRON_SQLITE';

/**
 * The native binding the offline cache opens better-sqlite3 with in the main process: in the repository,
 * the Electron build the start script made; in an installed app none, since electron-builder rebuilt the
 * package's own copy for Electron when packing.
 */
export function sqliteBinding(where: { packaged: boolean; env: NodeJS.ProcessEnv }): string | undefined {
  if (where.packaged) return undefined;
  return where.env[ELECTRON_SQLITE_ENV] || undefined;
}

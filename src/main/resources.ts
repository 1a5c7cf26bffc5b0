/**
 * Where a packaged app finds what electron-builder.yml copies next to it (under process.resourcesPath),
 * and where the same files are in the repository during development.
 */
export const PACKAGED_RESOURCES = {
  /** The platform server's SQL migrations (the embedded server reads them). */
  serverMigrations: { packaged: 'migrations', source: 'src/server/db/migrations' },
  /** The offline cache's SQLite migrations. */
  cacheMigrations: { packaged: 'cache-migrations', source: 'src/main/cache/migrations' },
  /** Tray and taskbar icons (resources/tray). */
  icons: { packaged: 'resources', source: 'resources' },
} as const;

/**
 * The platform server the desktop runs embedded: the same bundle `npm run serve` runs (vite.server.config.ts),
 * under the app's path (the repository, or app.asar once installed).
 */
export const SERVER_ENTRY = 'dist/server/main.js';

/** The folder of one of them: under the resources of an installed app, else in the repository. */
export function resourceDir(
  which: keyof typeof PACKAGED_RESOURCES,
  where: { packaged: boolean; resourcesPath: string; appPath: string },
  join: (...parts: string[]) => string,
) {
  const entry = PACKAGED_RESOURCES[which];
  return where.packaged ? join(where.resourcesPath, entry.packaged) : join(where.appPath, entry.source);
}

export const ELECTRON_SQLITE_ENV: string;
export interface ElectronTarget {
  sqlite: string;
  electron: string;
  platform: string;
  arch: string;
}
export function electronTarget(options?: { platform?: string; arch?: string }): ElectronTarget;
export function electronSqliteFile(target: ElectronTarget, env?: NodeJS.ProcessEnv): string;
export function ensureElectronSqlite(
  target?: ElectronTarget,
  options?: { env?: NodeJS.ProcessEnv; log?(line: string): void },
): Promise<string>;

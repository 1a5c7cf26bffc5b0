import path from 'node:path';
import { type ServerMode, serverModeSchema } from '../shared/desktop-settings';
import { readJson, writeJson } from './json-file';

export interface ServerModeStore {
  /** The mode chosen by the user, or null before the first choice (the app then runs Local). */
  get(): ServerMode | null;
  set(mode: ServerMode): ServerMode;
}

export const SERVER_MODE_FILE = 'server-mode.json';

/** The chosen mode, as a small JSON file in the user-data folder. */
export function createServerModeStore(userDataDir: string): ServerModeStore {
  const file = path.join(userDataDir, SERVER_MODE_FILE);
  return {
    get() {
      const parsed = serverModeSchema.safeParse(readJson(file));
      return parsed.success ? parsed.data : null;
    },
    set(mode) {
      const valid = serverModeSchema.parse(mode);
      writeJson(file, valid);
      return valid;
    },
  };
}

/** Local unless the user chose otherwise. */
export const effectiveMode = (stored: ServerMode | null): ServerMode => stored ?? { mode: 'local' };

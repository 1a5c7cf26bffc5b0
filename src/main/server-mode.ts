import path from 'node:path';
import { z } from 'zod';
import type { ServerMode } from '../shared/bridge';
import { readJson, writeJson } from './json-file';

const remoteUrl = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'Invalid url')
  // The API lives at /api and Socket.IO at /socket.io of the server's origin; a path would break both.
  .transform((value) => new URL(value).origin);

/** What the renderer may send to setServerMode (and what a stored file must hold). */
export const serverModeSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('local') }),
  z.object({ mode: z.literal('remote'), url: remoteUrl }),
]);

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

import { z } from 'zod';

// The desktop app's own settings, apart from src/shared/bridge.ts so that the web client, which reads the
// bridge's types and its ApiError, does not load zod with its first paint.

const remoteUrl = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'Invalid url')
  // The API lives at /api and Socket.IO at /socket.io of the server's origin; a path would break both.
  .transform((value) => new URL(value).origin);

/** Where the desktop app gets its server: the embedded one (Local) or a team server (Remote). */
export const serverModeSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('local') }),
  z.object({ mode: z.literal('remote'), url: remoteUrl }),
]);
export type ServerMode = z.output<typeof serverModeSchema>;

/** The desktop app's own choices, kept on the computer. */
export const desktopSettingsSchema = z.object({
  /** Start hidden in the tray (the app keeps running, notifications come). */
  startMinimized: z.boolean(),
  /** beta also installs pre-release versions. */
  updateChannel: z.enum(['stable', 'beta']),
});
export type DesktopSettings = z.output<typeof desktopSettingsSchema>;
export const DEFAULT_DESKTOP_SETTINGS: DesktopSettings = { startMinimized: false, updateChannel: 'stable' };

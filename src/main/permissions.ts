import { originOf } from './security';

const ALWAYS_GRANTED = new Set(['notifications', 'clipboard-sanitized-write']);

/** What the app's own pages may ask for at all (Electron's synchronous permission check). */
export function mayAsk(permission: string, requestingUrl: string | undefined, rendererOrigin: string | null) {
  const ours = rendererOrigin !== null && originOf(requestingUrl) === rendererOrigin;
  return ours && (ALWAYS_GRANTED.has(permission) || permission === 'media');
}

export interface PermissionContext {
  /** The renderer's own origin: nothing else is granted anything. */
  rendererOrigin: string | null;
  platform: NodeJS.Platform;
  /** macOS asks the user itself, once per app, before an app may use the microphone or the camera. */
  askSystem(device: 'microphone' | 'camera'): Promise<boolean>;
}

export interface PermissionDetails {
  requestingUrl?: string;
  /** For `media`: what the page asks for. */
  mediaTypes?: ('audio' | 'video')[];
}

/**
 * Main decides what the renderer may use: notifications, writing to the clipboard, and the microphone
 * (1-attendance §4 audio recording) and camera (photos from the chat), for the app's own pages only.
 */
export async function grantsPermission(
  permission: string,
  details: PermissionDetails,
  context: PermissionContext,
): Promise<boolean> {
  if (!mayAsk(permission, details.requestingUrl, context.rendererOrigin)) return false;
  if (ALWAYS_GRANTED.has(permission)) return true;
  const devices = details.mediaTypes ?? [];
  if (devices.length === 0) return false;
  if (context.platform !== 'darwin') return true;
  for (const device of devices) {
    if (!(await context.askSystem(device === 'audio' ? 'microphone' : 'camera'))) return false;
  }
  return true;
}

import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The packaged renderer is served as app://atendo/ rather than file:// (Electron's security checklist):
 * a real origin of its own and response headers we control.
 */
export const RENDERER_SCHEME = 'app';
export const RENDERER_URL = `${RENDERER_SCHEME}://atendo/index.html`;

/** `protocol//host` of a URL; also right for custom schemes, whose WHATWG origin is "null". */
export function originOf(url: string | undefined | null): string | null {
  if (!url || !URL.canParse(url)) return null;
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}`;
}

/** The ws(s) origin Socket.IO uses next to an http(s) origin. */
const socketOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/**
 * The renderer's Content-Security-Policy: its own files, and the chosen server only (images and
 * media it serves, and connections). In development Vite's dev server also needs its inline
 * React-refresh preamble and its HMR socket.
 */
export function contentSecurityPolicy(serverOrigin: string | null, devServerUrl?: string): string {
  const server = serverOrigin ? [serverOrigin] : [];
  const connect = serverOrigin ? [serverOrigin, socketOrigin(serverOrigin)] : [];
  const dev = devServerUrl ? originOf(devServerUrl) : null;
  const script = ["'self'"];
  if (dev) {
    script.push("'unsafe-inline'");
    connect.push(dev, socketOrigin(dev));
  }
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    // MUI (emotion) writes its styles into <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...server].join(' '),
    ['media-src', "'self'", 'blob:', ...server].join(' '),
    "font-src 'self' data:",
    ['connect-src', "'self'", ...connect].join(' '),
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Where a navigation or window.open may go: our own pages stay, https links open in the browser. */
export function navigationTarget(url: string, rendererUrl: string): 'stay' | 'external' | 'deny' {
  if (originOf(url) === originOf(rendererUrl)) return 'stay';
  return URL.canParse(url) && new URL(url).protocol === 'https:' ? 'external' : 'deny';
}

/** The file an app:// request maps to, when it is a file under the renderer folder (and only then). */
export function rendererFile(rendererDir: string, requestUrl: string): string | null {
  const root = path.resolve(rendererDir);
  const pathname = decodeURIComponent(new URL(requestUrl).pathname);
  const file = path.resolve(root, `.${path.posix.normalize(pathname === '/' ? '/index.html' : pathname)}`);
  if (!file.startsWith(root + path.sep)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

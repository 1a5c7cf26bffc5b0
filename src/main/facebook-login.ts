import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FacebookLogin } from '../shared/api/graph';
import { FACEBOOK_GRAPH, type FacebookLoginRequest, loginDialogUrl } from '../shared/facebook-login';
import type { Messages } from './messages';

/**
 * The loopback port Facebook sends the browser back to. Fixed, because Facebook matches a redirect URI
 * exactly: the Meta app lists http://localhost:47615/facebook/callback (docs/desktop.md).
 */
export const FACEBOOK_REDIRECT_PORT = 47615;
export const FACEBOOK_REDIRECT_PATH = '/facebook/callback';
const DONE_PATH = '/facebook/done';
/** A login nobody finishes gives up after this long (the browser tab was closed, say). */
const LOGIN_TIMEOUT_MS = 5 * 60_000;

/**
 * The redirect's page, run in the browser: the token comes in the URL's fragment, which browsers never
 * send, so the page hands it (or the query of a declined login) back to the loopback server.
 */
export const CALLBACK_SCRIPT = `location.replace(${JSON.stringify(DONE_PATH)} + '?' + (location.hash.slice(1) || location.search.slice(1)));`;
const scriptHash = createHash('sha256').update(CALLBACK_SCRIPT).digest('base64');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, title: string, body: string, script?: string) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    // Only the page's own script runs; the token never leaves in a Referer or a cache.
    'Content-Security-Policy': `default-src 'none'; script-src 'sha256-${scriptHash}'`,
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  });
  const scriptTag = script ? `<script>${script}</script>` : '';
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><p>${escapeHtml(body)}</p>${scriptTag}</body></html>`,
  );
}

const sameState = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

export interface FacebookLoginOptions {
  /** Electron's shell.openExternal: the login runs in the user's own browser, where they are signed in. */
  openExternal(url: string): Promise<void>;
  /** For the Graph API's /me (who logged in). */
  fetch: typeof fetch;
  text(): Messages;
  port?: number;
  graphUrl?: string;
  timeoutMs?: number;
  log?(message: string, error?: unknown): void;
}

/**
 * Facebook Login in the desktop app (the renderer's content policy keeps Facebook's SDK out): Facebook's
 * manual flow in the system browser, which comes back to a loopback redirect on this computer with the
 * user's token; main asks the Graph API whose it is, and answers what POST /facebook takes, as the web
 * client's SDK login does. A new login replaces one still waiting.
 */
export function createFacebookLogin(options: FacebookLoginOptions) {
  const port = options.port ?? FACEBOOK_REDIRECT_PORT;
  const graphUrl = options.graphUrl ?? FACEBOOK_GRAPH;
  const timeoutMs = options.timeoutMs ?? LOGIN_TIMEOUT_MS;
  const log = options.log ?? (() => undefined);
  let waiting: (() => void) | null = null;

  /** Opens the dialog and waits for the browser to come back: the user's token, or null. */
  function tokenFromBrowser(request: FacebookLoginRequest): Promise<string | null> {
    const state = randomBytes(24).toString('base64url');
    return new Promise((resolve, reject) => {
      let settled = false;
      const server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const text = options.text();
        if (req.method !== 'GET') return page(res, 405, text.facebookLoginTitle, text.facebookLoginFailed);
        if (url.pathname === FACEBOOK_REDIRECT_PATH)
          return page(res, 200, text.facebookLoginTitle, '', CALLBACK_SCRIPT);
        if (url.pathname !== DONE_PATH || settled)
          return page(res, 404, text.facebookLoginTitle, text.facebookLoginFailed);
        // Only the browser this login opened knows the state: anything else is turned away, and the login
        // goes on waiting.
        if (!sameState(url.searchParams.get('state') ?? '', state))
          return page(res, 400, text.facebookLoginTitle, text.facebookLoginFailed);
        const token = url.searchParams.get('access_token');
        page(res, 200, text.facebookLoginTitle, token ? text.facebookLoginDone : text.facebookLoginFailed);
        finish(token || null);
      });
      const timer = setTimeout(() => finish(null), timeoutMs);
      function finish(token: string | null) {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (waiting === cancel) waiting = null;
        // After the last page has gone out.
        setImmediate(() => {
          server.close();
          server.closeAllConnections();
        });
        resolve(token);
      }
      const cancel = () => finish(null);
      waiting?.();
      waiting = cancel;
      server.once('error', (err) => {
        settled = true;
        clearTimeout(timer);
        if (waiting === cancel) waiting = null;
        reject(err);
      });
      server.listen(port, '127.0.0.1', () => {
        const { port: listening } = server.address() as AddressInfo;
        const redirectUri = `http://localhost:${listening}${FACEBOOK_REDIRECT_PATH}`;
        options.openExternal(loginDialogUrl(request, redirectUri, state)).catch((err) => {
          log('could not open the browser for the Facebook login', err);
          server.close();
          settled = true;
          clearTimeout(timer);
          reject(err);
        });
      });
    });
  }

  return {
    async login(request: FacebookLoginRequest): Promise<FacebookLogin | null> {
      const token = await tokenFromBrowser(request);
      if (!token) return null;
      const me = new URL(`/${request.version}/me`, graphUrl);
      me.search = new URLSearchParams({ fields: 'id', access_token: token }).toString();
      const res = await options.fetch(me);
      const { id } = (await res.json().catch(() => ({}))) as { id?: unknown };
      if (!res.ok || typeof id !== 'string')
        throw new Error(`the Graph API did not say who logged in (${res.status})`);
      return { facebookUserId: id, facebookUserToken: token, addInstagram: request.instagram };
    },
    /** Gives up a login still waiting (the app is quitting). */
    cancel() {
      waiting?.();
    },
  };
}

import path from 'node:path';
import { api, type RouteDef } from '../shared/api';
import type { Session } from '../shared/api/auth';
import { decodeBody, encodeBody, routeUrl } from '../shared/api/wire';
import { ApiError, type ExpiryReason, expiryReasonOf, type SessionInfo } from '../shared/bridge';
import type { DownloadedFile, IpcRequest } from '../shared/ipc';
import { readFileOrNull, removeFile, writeFileAtomic } from './json-file';

/** The part of Electron's `safeStorage` the session needs. */
export interface SecretStorage {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface SessionOptions {
  fetch: typeof fetch;
  /** The current server origin; waits while the embedded server starts. */
  origin(): Promise<string>;
  secrets: SecretStorage;
  userDataDir: string;
  /** The transport ended the session by itself (401, refused refresh), saying why. */
  onExpired(reason: ExpiryReason): void;
  /** Every new access token (login, refresh) and null when the session ends; realtime follows it. */
  onToken(access: AccessToken | null): void;
  log?(message: string, error?: unknown): void;
  /** How long a session started offline waits before asking the server again (15 s). */
  retryMs?: number;
}

export interface AccessToken {
  token: string;
  origin: string;
  /** Changes only with a new sign-in; a refresh keeps it. */
  sessionId: string;
}

export interface SessionManager {
  login(credentials: { email: string; password: string; code?: string }): Promise<SessionInfo>;
  /**
   * Signs in again from the kept refresh token; null when there is none or the server refuses it. When the
   * server cannot be reached, the last session's user, without an access token until the server answers.
   */
  restore(): Promise<SessionInfo | null>;
  logout(): Promise<void>;
  /** Performs a contract route for the renderer; rejects with ApiError. */
  request(request: IpcRequest): Promise<unknown>;
  /** Performs a contract route that answers a file. */
  download(request: IpcRequest): Promise<DownloadedFile>;
  /** A new access token from the refresh token (once at a time); false when the server refuses it. */
  refresh(): Promise<boolean>;
  /** Refreshes, and ends the session (telling the renderer) when the server refuses. */
  revalidate(): Promise<void>;
  /** Forgets the session without telling anyone (the server changed). */
  reset(): void;
}

const REFRESH_COOKIE = 'jrt';
export const SESSION_FILE = 'session.bin';
const RETRY_MS = 15_000;

/** What the session file keeps, sealed: the refresh token and who it signs in (for starting offline). */
interface Kept {
  refreshToken: string;
  info: SessionInfo | null;
}

/** The file's text: this shape, or the bare refresh token that earlier versions kept. */
function parseKept(text: string): Kept | null {
  if (!text) return null;
  try {
    const kept = JSON.parse(text) as Partial<Kept>;
    if (typeof kept.refreshToken === 'string')
      return { refreshToken: kept.refreshToken, info: kept.info ?? null };
  } catch {
    // Not JSON: an earlier version's bare token.
  }
  return { refreshToken: text, info: null };
}

const routes = new Map<string, RouteDef>(
  Object.values(api).flatMap((domain) =>
    Object.values(domain as Record<string, RouteDef>).map(
      (def) => [`${def.method} ${def.path}`, def] as const,
    ),
  ),
);
// These carry the tokens themselves; the renderer reaches them through login/restore/logout only.
const sessionRoutes = new Set<RouteDef>([api.auth.login, api.auth.refresh, api.auth.logout]);

/** The contract route of a renderer request; anything else (or a session route) is refused. */
function contractRoute(request: IpcRequest): RouteDef {
  const def = routes.get(`${request.method} ${request.path}`);
  if (!def || sessionRoutes.has(def)) throw new ApiError(404, { error: 'ERR_NOT_FOUND' });
  return def;
}

function refreshCookie(res: Response): string | null {
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const at = pair!.indexOf('=');
    if (at > 0 && pair!.slice(0, at).trim() === REFRESH_COOKIE) return pair!.slice(at + 1).trim() || null;
  }
  return null;
}

const withoutToken = ({ token: _token, ...info }: Session): SessionInfo => info;
const networkError = () => new ApiError(0, null);
const expiredError = () => new ApiError(401, { error: 'ERR_SESSION_EXPIRED' });

/**
 * The desktop's session: main holds the access token and the refresh token (the `jrt` cookie the
 * server sets), keeps the refresh token encrypted with safeStorage, refreshes on 403 and performs
 * every REST call for the renderer, which only ever sees the session without its tokens.
 */
export function createSessionManager(options: SessionOptions): SessionManager {
  const file = path.join(options.userDataDir, SESSION_FILE);
  const log = options.log ?? (() => undefined);
  let token: string | null = null;
  let refreshToken: string | null = null;
  let info: SessionInfo | null = null;
  // Bumped whenever the session ends, so an answer that arrives afterwards is ignored.
  let generation = 0;
  let refreshing: Promise<boolean> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  function persist() {
    if (!options.secrets.isEncryptionAvailable()) return;
    try {
      if (refreshToken)
        writeFileAtomic(file, options.secrets.encryptString(JSON.stringify({ refreshToken, info })));
      else removeFile(file);
    } catch (err) {
      log('could not store the session', err);
    }
  }

  function stored(): Kept | null {
    if (!options.secrets.isEncryptionAvailable()) return null;
    const data = readFileOrNull(file);
    if (!data) return null;
    try {
      return parseKept(options.secrets.decryptString(data));
    } catch {
      return null;
    }
  }

  /** A session started offline asks the server again until it answers: a token, or the session's end. */
  function retryLater() {
    if (retry) return;
    retry = setTimeout(() => {
      retry = null;
      if (token !== null || refreshToken === null) return;
      refresh().then(
        (renewed) => {
          if (!renewed) expire(refusal);
        },
        () => retryLater(),
      );
    }, options.retryMs ?? RETRY_MS);
  }

  function adopt(session: Session, cookie: string | null, origin: string): SessionInfo {
    token = session.token;
    refreshToken = cookie;
    info = withoutToken(session);
    persist();
    options.onToken({ token: session.token, origin, sessionId: session.sessionId });
    return info;
  }

  function clear() {
    generation += 1;
    if (retry) clearTimeout(retry);
    retry = null;
    const hadSession = token !== null || refreshToken !== null;
    token = null;
    refreshToken = null;
    info = null;
    refreshing = null;
    persist();
    if (hadSession) options.onToken(null);
    return hadSession;
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await options.fetch(url, init);
    } catch (err) {
      log(`request failed: ${init.method} ${url}`, err);
      throw networkError();
    }
  }

  async function origin(): Promise<string> {
    try {
      return await options.origin();
    } catch (err) {
      log('no server to talk to', err);
      throw networkError();
    }
  }

  /** Why the server last refused the refresh token. */
  let refusal: ExpiryReason = 'expired';

  /** true: new tokens; false: the server refused the refresh token (the session is over). */
  async function doRefresh(): Promise<boolean> {
    const presented = refreshToken ?? stored()?.refreshToken;
    if (!presented) return false;
    const started = generation;
    const base = await origin();
    const res = await send(`${base}/api${api.auth.refresh.path}`, {
      method: 'POST',
      headers: { cookie: `${REFRESH_COOKIE}=${presented}` },
    });
    const body = await decodeBody(res);
    // Signed in or out meanwhile: that newer state stands.
    if (started !== generation) return token !== null;
    if (!res.ok) {
      if (res.status >= 500) throw new ApiError(res.status, body);
      refusal = expiryReasonOf(body);
      return false;
    }
    adopt(body as Session, refreshCookie(res), base);
    return true;
  }

  function refresh(): Promise<boolean> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function expire(reason: ExpiryReason) {
    if (clear()) options.onExpired(reason);
  }

  /** A successful answer, after at most one refresh; rejects with ApiError. */
  async function exchange(def: RouteDef, input: IpcRequest['input'], retried: boolean): Promise<Response> {
    // Started offline: a token first, now that the server may answer (status 0 again when it does not).
    if (token === null && refreshToken !== null && !(await refresh())) {
      expire(refusal);
      throw expiredError();
    }
    const base = await origin();
    const { body, contentType } = encodeBody(input);
    const headers: Record<string, string> = {};
    if (contentType) headers['content-type'] = contentType;
    const sent = token;
    if (sent) headers.authorization = `Bearer ${sent}`;
    const res = await send(routeUrl(base, def, input), { method: def.method, headers, body });
    if (res.ok) return res;
    const answer = await decodeBody(res);
    const authenticated = sent !== null && def.access !== 'public';
    // docs/behaviour.md "Auth and sessions": 403 is an expired access token (refresh once and retry), 401 is a session that is over.
    if (res.status === 403 && authenticated && !retried) {
      if (token !== sent || (await refresh())) return exchange(def, input, true);
      expire(refusal);
      throw expiredError();
    }
    // An answer to a token from before a newer sign-in says nothing about the current session.
    if (res.status === 401 && authenticated && token === sent) expire(expiryReasonOf(answer));
    throw new ApiError(res.status, answer);
  }

  return {
    async login(credentials) {
      const base = await origin();
      const res = await send(`${base}/api${api.auth.login.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: credentials.email,
          password: credentials.password,
          // The second step of a two-factor sign-in: the server asks for it with ERR_2FA_REQUIRED.
          ...(credentials.code && { code: credentials.code }),
        }),
      });
      const body = await decodeBody(res);
      if (!res.ok) throw new ApiError(res.status, body);
      generation += 1;
      return adopt(body as Session, refreshCookie(res), base);
    },

    async restore() {
      try {
        if (!(await refresh())) {
          clear();
          return null;
        }
        return info;
      } catch (err) {
        // Unreachable or failing (not refusing): the desktop opens on its cache as the last user.
        const kept = stored();
        const unavailable = err instanceof ApiError && (err.status === 0 || err.status >= 500);
        if (!unavailable || !kept?.info) throw err;
        log('the server cannot be reached: starting from the last session', err);
        refreshToken = kept.refreshToken;
        info = kept.info;
        retryLater();
        return info;
      }
    },

    async logout() {
      const presented = refreshToken;
      const sent = token;
      clear();
      if (!presented && !sent) return;
      const headers: Record<string, string> = {};
      if (presented) headers.cookie = `${REFRESH_COOKIE}=${presented}`;
      if (sent) headers.authorization = `Bearer ${sent}`;
      // Signed out locally whatever the server answers: a server that is down cannot keep us in.
      await origin()
        .then((base) => send(`${base}/api${api.auth.logout.path}`, { method: 'DELETE', headers }))
        .catch(() => undefined);
    },

    async request(request) {
      return decodeBody(await exchange(contractRoute(request), request.input ?? {}, false));
    },

    async download(request) {
      const res = await exchange(contractRoute(request), request.input ?? {}, false);
      return {
        data: new Uint8Array(await res.arrayBuffer()),
        type: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },

    refresh,
    async revalidate() {
      try {
        if (!(await refresh())) expire(refusal);
      } catch (err) {
        log('could not refresh the session', err);
      }
    },
    reset() {
      clear();
    },
  };
}

import { io } from 'socket.io-client';
import type { Session } from '../../shared/api/auth';
import type { RouteDef, RouteInput, RouteOutput } from '../../shared/api/contract';
import { api } from '../../shared/api/index';
import type { Message } from '../../shared/api/messages';
import type { SyncPage } from '../../shared/api/sync';
import { decodeBody, encodeBody, routeUrl, type WireInput } from '../../shared/api/wire';
import {
  ApiError,
  type Bridge,
  type ExpiryReason,
  expiryReasonOf,
  type RealtimeStatus,
  type SessionInfo,
  type Unsubscribe,
} from '../../shared/bridge';
import { sendInputOf } from '../../shared/outbox';
import { REALTIME } from '../../shared/realtime';
import { createSyncClient, type SyncEvent } from '../../shared/sync';
import { sdkFacebookLogin } from './facebook-sdk';
import { createRealtimeListeners } from './realtime-listeners';

/** 1-attendance §7: the bearer token lives in local storage under this key. */
export const TOKEN_KEY = 'token';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The part of a socket.io-client socket the bridge uses (a fake stands in for it in tests). */
export interface SocketLike {
  readonly connected: boolean;
  connect(): void;
  disconnect(): void;
  on(event: string, listener: (...args: never[]) => void): void;
  onAny(listener: (event: string, ...args: unknown[]) => void): void;
  emit(event: string, ...args: unknown[]): void;
  io: { on(event: string, listener: () => void): void };
}

export interface SocketOptions {
  path: string;
  transports: ['websocket'];
  auth: (cb: (data: { token: string | null }) => void) => void;
  reconnectionDelay: number;
  reconnectionDelayMax: number;
  reconnectionAttempts: number;
}

export interface HttpBridgeOptions {
  fetch?: typeof fetch;
  storage?: KeyValueStore;
  connectSocket?: (url: string | undefined, options: SocketOptions) => SocketLike;
}

// Their own failures are answers, not an expired session: a wrong password must not log anyone out.
const AUTH_PATHS = new Set<string>(
  [api.auth.login, api.auth.refresh, api.auth.logout, api.auth.signup, api.auth.twoFactorEnrol].map(
    (def) => def.path,
  ),
);

const toInfo = ({ token: _token, ...info }: Session): SessionInfo => info;

/** The browser transport: fetch for REST, socket.io-client for realtime, the token in local storage. */
export function createHttpBridge(baseUrl = '', options: HttpBridgeOptions = {}): Bridge {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const storage = options.storage ?? globalThis.localStorage;
  const connectSocket =
    options.connectSocket ??
    // socket.io's typed event maps are wider than SocketLike; the bridge only uses string events.
    ((url, socketOptions) => io(url ?? '', socketOptions) as unknown as SocketLike);

  let token = storage.getItem(TOKEN_KEY);
  const setToken = (value: string | null) => {
    token = value;
    if (value) storage.setItem(TOKEN_KEY, value);
    else storage.removeItem(TOKEN_KEY);
  };

  const expiredListeners = new Set<(reason: ExpiryReason) => void>();
  const syncListeners = new Set<(event: SyncEvent) => void>();
  const emitSync = (event: SyncEvent) => {
    for (const listener of [...syncListeners]) listener(event);
  };
  // The page's place in the change feed lives as long as the page: a reload loads every list anew.
  let place: { cursor: string; scope: string } | null = null;
  // The signed-in user's company, whose live events a catch-up leaves their rows to.
  let companyId: number | null = null;
  const sync = createSyncClient({
    fetchPage: (cursor) => call(api.sync.changes, { query: { cursor } }, true) as Promise<SyncPage>,
    store: {
      cursor: () => place?.cursor ?? null,
      scope: () => place?.scope ?? null,
      save: (cursor, scope) => {
        place = { cursor, scope };
      },
    },
    apply: (changes) => {
      if (changes.length > 0) emitSync({ kind: 'changes', changes });
    },
    reset: () => emitSync({ kind: 'reset' }),
  });
  /** After every (re)connect: what happened while no events could arrive. */
  const catchUp = () =>
    sync.catchUp().catch(() => {
      // The feed could not be read: reloading everything is the only way to show nothing stale.
      emitSync({ kind: 'reset' });
    });
  /** A new session: its place in the feed is now, taken before any list loads. */
  const beginSync = async (session: Session) => {
    place = null;
    companyId = session.user.companyId;
    await sync.begin().catch(() => undefined);
  };

  const realtime = createRealtimeConnection(baseUrl, connectSocket, {
    token: () => token,
    refresh: () => refreshShared(),
    expire: () => expire(refusal),
    onConnect: () => void catchUp(),
    onEvent: (event, payload) => {
      if (companyId !== null) sync.noteEvent(companyId, event, payload);
    },
  });

  function expire(reason: ExpiryReason) {
    setToken(null);
    place = null;
    realtime.stop();
    for (const listener of [...expiredListeners]) listener(reason);
  }

  async function send(def: RouteDef, input: WireInput, bearer: string | null): Promise<Response> {
    const { body, contentType } = encodeBody(input);
    const headers: Record<string, string> = {};
    if (contentType) headers['Content-Type'] = contentType;
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    return fetchImpl(routeUrl(baseUrl, def, input), {
      method: def.method,
      headers,
      body,
      credentials: 'include',
    });
  }

  /** One refresh at a time: rotation makes a second concurrent refresh revoke the whole session. */
  let refreshing: Promise<Session | null> | null = null;
  /** Why the last refused refresh was refused. */
  let refusal: ExpiryReason = 'expired';
  function refreshShared(): Promise<Session | null> {
    refreshing ??= (async () => {
      const response = await send(api.auth.refresh, {}, null);
      const body = await decodeBody(response);
      if (response.ok) {
        const session = body as Session;
        setToken(session.token);
        realtime.start();
        return session;
      }
      if (response.status >= 400 && response.status < 500) {
        refusal = expiryReasonOf(body);
        return null;
      }
      throw new ApiError(response.status, body);
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** A successful answer, after at most one refresh; rejects with ApiError. */
  async function exchange(def: RouteDef, input: WireInput, mayRefresh: boolean): Promise<Response> {
    const used = token;
    const response = await send(def, input, used);
    if (response.ok) return response;
    const body = await decodeBody(response);
    if (!AUTH_PATHS.has(def.path)) {
      // 1-attendance §4: 403 → refresh once and retry; 401 → the session is over.
      if (response.status === 403 && mayRefresh) {
        // Another call refreshed while this one was in flight: its token is already fresh.
        if (token && token !== used) return exchange(def, input, false);
        if (await refreshShared()) return exchange(def, input, false);
        expire(refusal);
      } else if (response.status === 401) {
        expire(expiryReasonOf(body));
      }
    }
    throw new ApiError(response.status, body);
  }

  const call = async (def: RouteDef, input: WireInput, mayRefresh: boolean) =>
    decodeBody(await exchange(def, input, mayRefresh));

  return {
    kind: 'web',

    request<D extends RouteDef>(def: D, input: RouteInput<D>) {
      return call(def, input as WireInput, true) as Promise<RouteOutput<D>>;
    },

    async download<D extends RouteDef>(
      def: D,
      input: RouteInput<D>,
      onProgress?: (bytesReceived: number) => void,
    ) {
      const response = await exchange(def, input as WireInput, true);
      if (!onProgress || !response.body) return response.blob();
      // Read chunk by chunk so a long download (a streamed export) can show how much has come.
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      const reader = response.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        chunks.push(part.value);
        received += part.value.byteLength;
        onProgress(received);
      }
      return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
    },

    session: {
      async login(credentials) {
        const session = (await call(api.auth.login, { body: credentials }, false)) as Session;
        setToken(session.token);
        await beginSync(session);
        realtime.start();
        return toInfo(session);
      },
      async restore() {
        const session = await refreshShared();
        if (session) await beginSync(session);
        return session ? toInfo(session) : null;
      },
      async logout() {
        try {
          await call(api.auth.logout, {}, false);
        } finally {
          setToken(null);
          place = null;
          realtime.stop();
        }
      },
      onExpired(listener) {
        expiredListeners.add(listener);
        return () => expiredListeners.delete(listener);
      },
    },

    realtime: {
      on: realtime.on,
      emit: (event, ...args) => realtime.emit(event, ...args),
      onStatus: (listener) => realtime.onStatus(listener),
    },

    sync: {
      onChanges(listener) {
        syncListeners.add(listener);
        return () => syncListeners.delete(listener);
      },
    },

    // A browser keeps no offline cache: lists load from the server.
    cache: {
      tickets: async () => null,
      messages: async () => null,
    },

    // Nor an outbox: a message goes at once, and a failed one waits in its bubble for a retry.
    outbox: {
      async send(message) {
        const sent = (await call(api.messages.send, sendInputOf(message) as WireInput, true)) as Message;
        return { state: 'sent', message: sent };
      },
      pending: async () => [],
      discard: async () => {},
      onChange: () => () => undefined,
    },

    app: {
      async version() {
        const answer = (await call(api.settings.version, {}, true)) as { version: string };
        return answer.version;
      },
      getServerMode: async () => null,
      // The web client always talks to the server that served it.
      setServerMode: async () => {},
      // The page title carries the count in a browser (1-attendance §2); there is no tray or taskbar.
      setUnreadCount: async () => {},
      // A browser tab is not updated by the app; nothing waits for its recordings.
      setRecording: async () => {},
      facebookLogin: sdkFacebookLogin,
      // Links open the web client's own /tickets/{uuid} address; there are no native notifications.
      onOpenTicket: () => () => undefined,
      getDesktopSettings: async () => null,
      setDesktopSettings: async () => {},
    },
  };
}

interface RealtimeHooks {
  token(): string | null;
  refresh(): Promise<Session | null>;
  expire(): void;
  /** Every (re)connection. */
  onConnect(): void;
  /** Every server event, before its handlers. */
  onEvent(event: string, payload: unknown): void;
}

/**
 * One socket per signed-in session (1-attendance §4): reconnects every 1000 ms without limit, takes the
 * current token on every (re)connect, refreshes on a 403 handshake and pings userStatus every 5 minutes.
 */
function createRealtimeConnection(
  baseUrl: string,
  connectSocket: NonNullable<HttpBridgeOptions['connectSocket']>,
  auth: RealtimeHooks,
) {
  const listeners = createRealtimeListeners();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  let socket: SocketLike | null = null;
  let ping: ReturnType<typeof setInterval> | undefined;

  let lastStatus: RealtimeStatus | undefined;
  const setStatus = (status: RealtimeStatus) => {
    lastStatus = status;
    for (const listener of [...statusListeners]) listener(status);
  };
  const stopPing = () => {
    clearInterval(ping);
    ping = undefined;
  };

  function start() {
    if (socket) {
      if (!socket.connected) socket.connect();
      return;
    }
    const current = connectSocket(baseUrl || undefined, {
      path: '/socket.io',
      // WebSocket from the start (as the desktop's): HTTP long-polling would need every request of a
      // socket to reach the same server, and several servers behind a balancer need no sticky sessions.
      transports: ['websocket'],
      auth: (cb) => cb({ token: auth.token() }),
      reconnectionDelay: REALTIME.reconnectDelayMs,
      reconnectionDelayMax: REALTIME.reconnectDelayMs,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
    });
    socket = current;
    setStatus('connecting');
    current.onAny((event, payload) => {
      auth.onEvent(event, payload);
      listeners.dispatch(event, payload);
    });
    current.on('connect', () => {
      auth.onConnect();
      setStatus('connected');
      stopPing();
      ping = setInterval(() => current.emit('userStatus'), REALTIME.statusPingMs);
    });
    current.on('disconnect', () => {
      stopPing();
      setStatus('disconnected');
    });
    current.io.on('reconnect_attempt', () => setStatus('connecting'));
    current.on('connect_error', (error: { data?: { status?: number } }) => {
      setStatus('disconnected');
      // A refused handshake is not retried by socket.io itself: the token decides what comes next.
      const status = error.data?.status;
      // A successful refresh reconnects through start(); a failed one ends the session.
      if (status === 401) auth.expire();
      else if (status === 403)
        auth.refresh().then(
          (session) => {
            if (!session) auth.expire();
          },
          () => setTimeout(() => current.connect(), REALTIME.reconnectDelayMs),
        );
    });
  }

  function stop() {
    stopPing();
    socket?.disconnect();
    socket = null;
  }

  return {
    start,
    stop,
    on: listeners.on,
    emit(event: string, ...args: unknown[]) {
      socket?.emit(event, ...args);
    },
    /** As the desktop bridge: a new listener hears the current status at once, then every change. */
    onStatus(listener: (status: RealtimeStatus) => void): Unsubscribe {
      statusListeners.add(listener);
      if (lastStatus) listener(lastStatus);
      return () => statusListeners.delete(listener);
    },
  };
}

import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type { RealtimeStatus } from '../shared/bridge';
import { type ClientToServerEvents, clientEventNames, REALTIME } from '../shared/realtime';
import type { AccessToken } from './session';

const isClientEvent = (name: string): name is keyof ClientToServerEvents =>
  Object.hasOwn(clientEventNames, name);

export type Connect = (url: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface RealtimeOptions {
  /** socket.io-client's `io`. */
  connect: Connect;
  onEvent(event: string, payload: unknown): void;
  onStatus(status: RealtimeStatus): void;
  /** The server refused the handshake token (expired or revoked): the session should refresh it. */
  onAuthError(): void;
  statusPingMs?: number;
}

export interface RealtimeClient {
  /** Follows the session: a new sign-in or server opens a new socket, a refresh only feeds the next handshake. */
  update(access: AccessToken | null): void;
  emit(event: string, args: unknown[]): void;
  status(): RealtimeStatus;
  stop(): void;
}

/**
 * Main's Socket.IO connection for the renderer: handshake with the current access token, reconnect
 * every second without limit, every server event forwarded, presence ping every five minutes.
 */
export function createRealtime(options: RealtimeOptions): RealtimeClient {
  const pingMs = options.statusPingMs ?? REALTIME.statusPingMs;
  let socket: Socket | null = null;
  let current: AccessToken | null = null;
  let status: RealtimeStatus = 'disconnected';
  let ping: NodeJS.Timeout | undefined;
  // The token a refresh was already asked for: a handshake refused twice with it stops there.
  let refreshedFor: string | null = null;

  function setStatus(next: RealtimeStatus) {
    if (next === status) return;
    status = next;
    options.onStatus(next);
  }

  function close() {
    clearInterval(ping);
    if (!socket) return;
    socket.offAny();
    socket.removeAllListeners();
    socket.io.removeAllListeners();
    socket.disconnect();
    socket = null;
  }

  function open(access: AccessToken) {
    const s = options.connect(access.origin, {
      path: '/socket.io',
      transports: ['websocket'],
      // Read at every handshake, so a reconnection after a refresh uses the fresh token.
      auth: (cb) => cb({ token: current?.token }),
      reconnection: true,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      reconnectionDelay: REALTIME.reconnectDelayMs,
      reconnectionDelayMax: REALTIME.reconnectDelayMs,
    });
    socket = s;
    s.onAny((event: string, payload: unknown) => options.onEvent(event, payload));
    s.on('connect', () => {
      setStatus('connected');
      clearInterval(ping);
      ping = setInterval(() => s.emit('userStatus'), pingMs);
    });
    s.on('disconnect', () => {
      clearInterval(ping);
      setStatus('disconnected');
    });
    s.on('connect_error', () => {
      // A refused handshake leaves the socket inactive: only a new token (after a refresh) revives it.
      if (s.active) return;
      setStatus('disconnected');
      if (current && current.token !== refreshedFor) {
        refreshedFor = current.token;
        options.onAuthError();
      }
    });
    s.io.on('reconnect_attempt', () => setStatus('connecting'));
    setStatus('connecting');
  }

  return {
    update(access) {
      const previous = current;
      current = access;
      if (!access) {
        close();
        setStatus('disconnected');
        return;
      }
      if (!socket || previous?.origin !== access.origin || previous.sessionId !== access.sessionId) {
        close();
        open(access);
      } else if (!socket.active) {
        setStatus('connecting');
        socket.connect();
      }
    },
    emit(event, args) {
      if (!isClientEvent(event) || !socket) return;
      socket.emit(event, ...(args as []));
    },
    status: () => status,
    stop() {
      current = null;
      close();
      setStatus('disconnected');
    },
  };
}

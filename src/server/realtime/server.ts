import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  type ClientToServerEvents,
  deliveredTo,
  type Publication,
  rooms,
  sameForAll,
} from '../../shared/realtime';
import type { Viewer } from '../../shared/ticket-visibility';
import { type Actor, viewerOf } from '../platform/actor';
import type { Emitter } from '../platform/events';

/** A signed-in socket's caller and how long its access token has left (milliseconds). */
export type SocketAuthenticator = (
  token: string,
) => Promise<{ actor: Actor; expiresInMs: number } | { error: string; status: number }>;

/** Who a socket's user is now; undefined when they may no longer be connected (deleted, moved). */
export type ActorLoader = (actor: Actor) => Promise<Actor | undefined>;

/** What a signed-in socket keeps: its caller and the caller as the per-viewer rules read them. */
export interface SocketData {
  actor: Actor;
  viewer: Viewer;
}

export type RealtimeSocket = Socket<
  ClientToServerEvents,
  Record<string, never>,
  Record<string, never>,
  SocketData
>;

export interface Realtime extends Emitter {
  io: Server<ClientToServerEvents, Record<string, never>, Record<string, never>, SocketData>;
  /** Resolves once every event published so far has been handed to the sockets (tests wait on it). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface RealtimeHooks {
  onConnect?(actor: Actor): void;
  onDisconnect?(actor: Actor): void;
  onStatusPing?(actor: Actor): void;
}

/** The sockets of one sign-in: what ending a session disconnects (on every server, through the adapter). */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Rooms a signed-in socket belongs to from the start; domain modules add their own on request. */
export function baseRooms(actor: Actor): string[] {
  const list = [rooms.company(actor.companyId), rooms.user(actor.userId), sessionRoom(actor.sessionId)];
  if (actor.profile === 'admin' || actor.super) list.push(rooms.companyAdmins(actor.companyId));
  return list;
}

// Names are built per company at run time, so the socket cannot type them as a fixed map; the realtime
// table (deliveredTo) is what names and types every event.
type UntypedEmit = { emit(event: string, payload: unknown): void };

/**
 * Socket.IO on the server's HTTP server. Events come as publications of the realtime table: one payload
 * for the whole room, or (per-viewer rows) decided for each socket from the published data and the
 * viewer the socket keeps, so no closure crosses from the services to the sockets.
 */
export function createRealtime(
  server: HttpServer,
  options: { reloadActor: ActorLoader; onError?: (err: unknown) => void },
): Realtime {
  const io: Realtime['io'] = new Server(server, { path: '/socket.io', serveClient: false });
  // Per-viewer events look the sockets up asynchronously; every emit goes through one chain so a
  // socket still receives events in the order they were published.
  let chain = Promise.resolve();
  const enqueue = (send: () => void | Promise<void>) => {
    chain = chain.then(send).catch((err) => options.onError?.(err));
  };
  const send = async (publication: Publication) => {
    const target = io.to([publication.to].flat());
    if (sameForAll(publication)) {
      const { name, payload } = deliveredTo(publication, undefined);
      return (target as unknown as UntypedEmit).emit(name, payload);
    }
    for (const socket of await target.fetchSockets()) {
      const { name, payload } = deliveredTo(publication, socket.data.viewer);
      if (payload !== undefined) (socket as unknown as UntypedEmit).emit(name, payload);
    }
  };
  return {
    io,
    publish(publication) {
      enqueue(() => send(publication));
    },
    refreshViewers(userId) {
      // In the same chain as events: whatever is published after the change is judged by the new viewer.
      enqueue(async () => {
        const sockets = await io.in(rooms.user(userId)).local.fetchSockets();
        const known = sockets[0]?.data.actor;
        if (!known) return;
        // One read for all of the user's sockets; each keeps its own session.
        const fresh = await options.reloadActor(known);
        for (const socket of sockets) {
          if (!fresh) {
            socket.disconnect(true);
            continue;
          }
          const actor = { ...fresh, sessionId: socket.data.actor.sessionId };
          socket.data.actor = actor;
          socket.data.viewer = viewerOf(actor);
        }
      });
    },
    endSessions(userId, keep) {
      // In the chain: the company-{id}-auth event published just before reaches the sockets first.
      enqueue(() => {
        const target = io.in(rooms.user(userId));
        (keep === undefined ? target : target.except(sessionRoom(keep))).disconnectSockets(true);
      });
    },
    settled: () => chain,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}

/** Socket authentication by access token (handshake `auth.token`), then the base rooms. */
export function acceptSockets(
  realtime: Realtime,
  authenticate: SocketAuthenticator,
  hooks: RealtimeHooks = {},
) {
  realtime.io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token)
      return next(Object.assign(new Error('ERR_SESSION_EXPIRED'), { data: { status: 401 } }));
    const result = await authenticate(token).catch(() => ({ error: 'ERR_SESSION_EXPIRED', status: 401 }));
    if ('error' in result)
      return next(Object.assign(new Error(result.error), { data: { status: result.status } }));
    socket.data.actor = result.actor;
    socket.data.viewer = viewerOf(result.actor);
    // Once the token expires the connection is closed: the client reconnects, is answered 403, refreshes.
    const expiry = setTimeout(() => socket.conn.close(), result.expiresInMs);
    socket.once('disconnect', () => clearTimeout(expiry));
    next();
  });
  realtime.io.on('connection', (socket: RealtimeSocket) => {
    const { actor } = socket.data;
    socket.join(baseRooms(actor));
    hooks.onConnect?.(actor);
    socket.on('userStatus', () => hooks.onStatusPing?.(actor));
    socket.on('disconnect', () => hooks.onDisconnect?.(actor));
  });
}

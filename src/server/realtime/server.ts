import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
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
import type { Cluster } from '../platform/redis';

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

/**
 * What the servers of a cluster tell each other (serverSideEmit): every publication and viewer change,
 * as JSON — what the sockets would receive anyway —, so each server decides for its own sockets.
 */
export interface InterServerEvents {
  publication: (publication: string) => void;
  viewerChanged: (userId: number) => void;
}

export type RealtimeSocket = Socket<
  ClientToServerEvents,
  Record<string, never>,
  InterServerEvents,
  SocketData
>;

export interface Realtime extends Emitter {
  io: Server<ClientToServerEvents, Record<string, never>, InterServerEvents, SocketData>;
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
  const list = [
    rooms.company(actor.companyId),
    rooms.user(actor.userId),
    sessionRoom(actor.sessionId),
    rooms.platform,
  ];
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
 *
 * With a cluster (REDIS_URL), the Redis streams adapter joins the servers: each publication and viewer
 * change is relayed to the others (serverSideEmit), and every server hands it to its own sockets only —
 * one message per event whatever the number of sockets, never a cluster-wide socket lookup.
 */
export function createRealtime(
  server: HttpServer,
  options: { reloadActor: ActorLoader; onError?: (err: unknown) => void; cluster?: Cluster },
): Realtime {
  const io: Realtime['io'] = new Server(server, { path: '/socket.io', serveClient: false });
  const { cluster } = options;
  if (cluster) {
    io.adapter(
      createAdapter(cluster.redis, {
        streamName: `${cluster.prefix}:socket.io`,
        channelPrefix: `${cluster.prefix}:socket.io`,
        // A stopping server's reader ends within this time.
        blockTimeInMs: 1_000,
      }),
    );
  }
  // Per-viewer events look the sockets up asynchronously; every emit goes through one chain so a
  // socket still receives events in the order they were published.
  let chain = Promise.resolve();
  const enqueue = (send: () => void | Promise<void>) => {
    chain = chain.then(send).catch((err) => options.onError?.(err));
  };
  const sendHere = async (publication: Publication) => {
    const target = io.local.to([publication.to].flat());
    if (sameForAll(publication)) {
      const { name, payload } = deliveredTo(publication, undefined);
      return (target as unknown as UntypedEmit).emit(name, payload);
    }
    for (const socket of await target.fetchSockets()) {
      const { name, payload } = deliveredTo(publication, socket.data.viewer);
      if (payload !== undefined) (socket as unknown as UntypedEmit).emit(name, payload);
    }
  };
  const refreshHere = async (userId: number) => {
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
  };
  if (cluster) {
    // The other servers' events, in the order they published them, in the same chain as ours.
    io.on('publication', (json) => enqueue(() => sendHere(JSON.parse(json) as Publication)));
    io.on('viewerChanged', (userId) => enqueue(() => refreshHere(userId)));
  }
  return {
    io,
    publish(publication) {
      if (cluster) io.serverSideEmit('publication', JSON.stringify(publication));
      enqueue(() => sendHere(publication));
    },
    refreshViewers(userId) {
      if (cluster) io.serverSideEmit('viewerChanged', userId);
      // In the same chain as events: whatever is published after the change is judged by the new viewer.
      enqueue(() => refreshHere(userId));
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

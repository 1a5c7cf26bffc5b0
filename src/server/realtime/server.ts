import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { type ClientToServerEvents, rooms } from '../../shared/realtime';
import type { Actor } from '../platform/actor';
import type { Emitter, SocketViewer } from '../platform/events';

export type SocketAuthenticator = (token: string) => Promise<Actor | { error: string; status: number }>;

/** Who a socket's user is now; undefined when they may no longer be connected (deleted, moved). */
export type ViewerLoader = (actor: Actor) => Promise<SocketViewer | undefined>;

export interface Realtime extends Emitter {
  io: Server<ClientToServerEvents>;
  /** Set by the module that knows how to load a viewer (ticket rooms). */
  loadViewersWith(loader: ViewerLoader): void;
  close(): Promise<void>;
}

export interface RealtimeHooks {
  onConnect?(actor: Actor): void;
  onDisconnect?(actor: Actor): void;
  onStatusPing?(actor: Actor): void;
}

/** Rooms a signed-in socket belongs to from the start; domain modules add their own on request. */
export function baseRooms(actor: Actor): string[] {
  const list = [rooms.company(actor.companyId), rooms.user(actor.userId)];
  if (actor.profile === 'admin' || actor.super) list.push(rooms.companyAdmins(actor.companyId));
  return list;
}

// Event names are built per company at run time, so they cannot be typed as a fixed map.
type UntypedEmit = { emit(event: string, payload: unknown): void };

export function createRealtime(server: HttpServer, onError: (err: unknown) => void = () => {}): Realtime {
  const io = new Server<ClientToServerEvents>(server, { path: '/socket.io', serveClient: false });
  // Per-socket events look the sockets up asynchronously; every emit goes through one chain so a
  // socket still receives events in the order they were emitted.
  let chain = Promise.resolve();
  const enqueue = (send: () => void | Promise<void>) => {
    chain = chain.then(send).catch(onError);
  };
  let loadViewer: ViewerLoader | undefined;
  return {
    io,
    loadViewersWith(loader) {
      loadViewer = loader;
    },
    refreshViewers(userId) {
      // In the same chain as events: whatever is emitted after the change is judged by the new viewer.
      enqueue(async () => {
        const sockets = await io.in(rooms.user(userId)).local.fetchSockets();
        const actorOf = (socket: (typeof sockets)[number]) => (socket.data as { actor?: Actor }).actor;
        const known = sockets.map(actorOf).find((actor) => actor !== undefined);
        if (!loadViewer || !known) return;
        // One read for all of the user's sockets; each keeps its own session.
        const viewer = await loadViewer(known);
        for (const socket of sockets) {
          const own = actorOf(socket);
          if (!viewer || !own) {
            socket.disconnect(true);
            continue;
          }
          const actor = { ...viewer.actor, sessionId: own.sessionId };
          Object.assign(socket.data as object, { actor, viewer: { ...viewer, actor } });
        }
      });
    },
    emitTo(room, event, payload) {
      enqueue(() => (io.to(room) as unknown as UntypedEmit).emit(event, payload));
    },
    emitEach(room, event, payloadFor) {
      enqueue(async () => {
        for (const socket of await io.in(room).fetchSockets()) {
          const viewer = (socket.data as { viewer?: SocketViewer }).viewer;
          const payload = viewer && payloadFor(viewer);
          if (payload !== undefined) (socket as unknown as UntypedEmit).emit(event, payload);
        }
      });
    },
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
    socket.data.actor = result;
    next();
  });
  realtime.io.on('connection', (socket: Socket<ClientToServerEvents>) => {
    const actor = socket.data.actor as Actor;
    socket.join(baseRooms(actor));
    hooks.onConnect?.(actor);
    socket.on('userStatus', () => hooks.onStatusPing?.(actor));
    socket.on('disconnect', () => hooks.onDisconnect?.(actor));
  });
}

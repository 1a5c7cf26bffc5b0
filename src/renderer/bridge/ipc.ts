import type { RouteDef, RouteInput, RouteOutput, UploadFile } from '../../shared/api/contract';
import { ApiError, type Bridge, type RealtimeStatus } from '../../shared/bridge';
import type { AtendoPreloadApi, IpcOutcome, IpcRequest } from '../../shared/ipc';
import { createRealtimeListeners } from './realtime-listeners';

declare global {
  interface Window {
    /** Present only in the desktop app, exposed by its preload script. */
    atendo?: AtendoPreloadApi;
  }
}

function unwrap<T>(outcome: IpcOutcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw new ApiError(outcome.status, outcome.body);
}

/** Ipc carries bytes, not Blobs. */
async function asBytes(file: UploadFile): Promise<NonNullable<IpcRequest['input']['files']>[number]> {
  const data = file.data instanceof Uint8Array ? file.data : new Uint8Array(await file.data.arrayBuffer());
  return { field: file.field, name: file.name, type: file.type, data };
}

/** A route call as it crosses the ipc boundary: method and path, never a schema object. */
async function toIpcRequest(def: RouteDef, input: unknown): Promise<IpcRequest> {
  const { params, query, body, files } = input as IpcRequest['input'] & { files?: UploadFile[] };
  return {
    method: def.method,
    path: def.path,
    input: { params, query, body, files: files && (await Promise.all(files.map(asBytes))) },
  };
}

/**
 * The desktop bridge: every call goes to the main process, which holds the tokens and talks to the
 * server. Realtime events arrive on one ipc subscription and are dispatched here by event name.
 */
export function createIpcBridge(atendo: AtendoPreloadApi | undefined = window.atendo): Bridge {
  if (!atendo) throw new Error('The desktop bridge needs the Atendo preload script');
  const preload = atendo;

  const listeners = createRealtimeListeners();
  let listening = false;

  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  let lastStatus: RealtimeStatus | null = null;
  preload.realtimeStatus((status) => {
    lastStatus = status;
    for (const listener of statusListeners) listener(status);
  });

  // A notification clicked or a link opened before the app's screens listen is kept for the first listener.
  const openListeners = new Set<(ticketUuid: string) => void>();
  let unopened: string | null = null;
  preload.openTicket((ticketUuid) => {
    if (openListeners.size === 0) unopened = ticketUuid;
    for (const listener of openListeners) listener(ticketUuid);
  });

  return {
    kind: 'desktop',

    async request<D extends RouteDef>(def: D, input: RouteInput<D>): Promise<RouteOutput<D>> {
      return unwrap(await preload.request(await toIpcRequest(def, input))) as RouteOutput<D>;
    },

    async download<D extends RouteDef>(
      def: D,
      input: RouteInput<D>,
      onProgress?: (bytesReceived: number) => void,
    ): Promise<Blob> {
      const file = unwrap(await preload.download(await toIpcRequest(def, input)));
      onProgress?.(file.data.byteLength);
      return new Blob([new Uint8Array(file.data)], { type: file.type });
    },

    session: {
      login: async (credentials) => unwrap(await preload.login(credentials)),
      restore: async () => unwrap(await preload.restore()),
      logout: async () => {
        unwrap(await preload.logout());
      },
      onExpired: (listener) => preload.expired(listener),
    },

    realtime: {
      on(event, handler) {
        if (!listening) {
          listening = true;
          preload.realtimeEvent(listeners.dispatch);
        }
        return listeners.on(event, handler);
      },
      emit(event, ...args) {
        preload.realtimeEmit(event, args);
      },
      /** A new listener hears the current status at once, then every change. */
      onStatus(listener) {
        statusListeners.add(listener);
        if (lastStatus) listener(lastStatus);
        return () => {
          statusListeners.delete(listener);
        };
      },
    },

    sync: {
      onChanges: (listener) => preload.syncChanges(listener),
    },

    cache: {
      tickets: async (query) => unwrap(await preload.cacheTickets({ ...query })),
      messages: async (ticketUuid) => unwrap(await preload.cacheMessages(ticketUuid)),
    },

    outbox: {
      send: async (message) => unwrap(await preload.outboxSend(message)),
      pending: async (ticketId) => unwrap(await preload.outboxPending(ticketId)),
      discard: async (clientId) => {
        unwrap(await preload.outboxDiscard(clientId));
      },
      onChange: (listener) => preload.outboxChanged(listener),
    },

    app: {
      version: async () => unwrap(await preload.version()),
      getServerMode: async () => unwrap(await preload.getServerMode()),
      setServerMode: async (mode) => {
        unwrap(await preload.setServerMode(mode));
      },
      setUnreadCount: async (count) => {
        unwrap(await preload.setUnreadCount(count));
      },
      setRecording: async (recording) => {
        unwrap(await preload.setRecording(recording));
      },
      facebookLogin: async (request) => unwrap(await preload.facebookLogin(request)),
      onOpenTicket(listener) {
        openListeners.add(listener);
        if (unopened) {
          listener(unopened);
          unopened = null;
        }
        return () => {
          openListeners.delete(listener);
        };
      },
      getDesktopSettings: async () => unwrap(await preload.getDesktopSettings()),
      setDesktopSettings: async (settings) => {
        unwrap(await preload.setDesktopSettings(settings));
      },
    },
  };
}

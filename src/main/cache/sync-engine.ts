import { createHash } from 'node:crypto';
import path from 'node:path';
import { api } from '../../shared/api';
import type { SyncPage } from '../../shared/api/sync';
import type { Ticket } from '../../shared/api/tickets';
import {
  ApiError,
  type MessagesPage,
  type RealtimeStatus,
  type SessionInfo,
  type TicketsPage,
} from '../../shared/bridge';
import type { IpcRequest } from '../../shared/ipc';
import { events, matches } from '../../shared/realtime';
import { isCompanySettingKey } from '../../shared/settings';
import {
  changesOfEvent,
  createSyncClient,
  type SyncClient,
  type SyncEvent,
  sessionViewScope,
} from '../../shared/sync';
import { type Viewer, viewerOfUser } from '../../shared/ticket-visibility';
import { cachedMessagesPage, cachedTicketsPage } from './offline-lists';
import { type CacheStore, openCacheStore } from './store';

export interface SyncEngineOptions {
  /** Where the cache databases live (the user-data folder's cache/). */
  cacheDir: string;
  migrationsFolder: string;
  /** better-sqlite3's native binding for this runtime (sqlite-binding.ts); its default build without. */
  sqliteBinding?: string;
  /** A contract route through the session (GET /sync/changes). */
  request(request: IpcRequest): Promise<unknown>;
  /** Tells the renderer what a catch-up changed, or that everything is to be reloaded. */
  push(event: SyncEvent): void;
  /** Emits on main's socket. */
  emit(event: string, args: unknown[]): void;
  /** Runs when the connection is back, after its catch-up (done or failed): the outbox sends then. */
  afterCatchUp?(): void;
  log?(message: string, error?: unknown): void;
}

/**
 * The signed-in user as live events left them (queues, flags, the company's settings), and as the inbox
 * rules read them: the viewer is made once per change of the user, not per event or list.
 */
export interface SignedInUser {
  user: SessionInfo['user'];
  viewer: Viewer;
}

const signedInAs = (user: SessionInfo['user']): SignedInUser => ({ user, viewer: viewerOfUser(user) });

export interface SyncEngine {
  /** A session began on `origin`: opens that server's and user's cache and takes its place in the feed. */
  start(info: SessionInfo, origin: string): Promise<void>;
  /** The session ended: the cache is closed (and kept for the next sign-in). */
  stop(): void;
  /** Every server event main receives. */
  onEvent(event: string, payload: unknown): void;
  onStatus(status: RealtimeStatus): void;
  /**
   * A renderer request: what the server answers goes into the cache (lists, chats); when the server
   * cannot be reached, the cache answers lists and chats it holds.
   */
  request(request: IpcRequest, perform: () => Promise<unknown>): Promise<unknown>;
  /** GET /tickets and GET /messages/:ticketUuid as the cache would answer them; null without a cache. */
  cachedTickets(query: unknown): TicketsPage | null;
  cachedMessages(ticketUuid: string): MessagesPage | null;
  /** The open cache, for the outbox. */
  store(): CacheStore | null;
  /** The signed-in user; null signed out. */
  signedIn(): SignedInUser | null;
}

/** One database per server and user: the server's origin, hashed, and the user's id. */
export function cacheFileOf(cacheDir: string, origin: string, userId: number) {
  const server = createHash('sha256').update(origin).digest('hex').slice(0, 16);
  return path.join(cacheDir, `${server}-${userId}.sqlite`);
}

const isRoute = (request: IpcRequest, def: { method: string; path: string }) =>
  request.method === def.method && request.path === def.path;

/**
 * The desktop's offline cache kept equal to the server: realtime events as they come, the change feed
 * after every (re)connection, and the answers of the lists the renderer loads. It never holds a ticket
 * the user may not see: the feed removes those that leave their sight, and a session whose visibility
 * scope differs from the cache's starts from an empty cache.
 */
export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const log = options.log ?? (() => undefined);
  let current: { file: string; store: CacheStore; sync: SyncClient; signedIn: SignedInUser } | null = null;
  let status: RealtimeStatus = 'disconnected';

  function catchUp() {
    const session = current;
    if (!session || status !== 'connected') return;
    session.sync
      .catchUp()
      .catch((err) => log('catching up failed; the next connection tries again', err))
      .finally(() => options.afterCatchUp?.());
  }

  function open(info: SessionInfo, origin: string) {
    const file = cacheFileOf(options.cacheDir, origin, info.user.id);
    if (current?.file === file) return current;
    current?.store.close();
    const store = openCacheStore(file, options.migrationsFolder, options.sqliteBinding);
    const sync = createSyncClient({
      fetchPage: (cursor) =>
        options.request({
          method: api.sync.changes.method,
          path: api.sync.changes.path,
          input: { query: { cursor } },
        }) as Promise<SyncPage>,
      store: {
        cursor: () => store.place()?.cursor ?? null,
        scope: () => store.place()?.scope ?? null,
        save: (cursor, scope) => store.savePlace(cursor, scope),
      },
      apply: (changes) => {
        store.apply(changes);
        if (changes.length > 0) options.push({ kind: 'changes', changes });
      },
      reset: () => {
        store.clearSynced();
        options.push({ kind: 'reset' });
      },
    });
    current = { file, store, sync, signedIn: signedInAs(info.user) };
    return current;
  }

  return {
    async start(info, origin) {
      const session = open(info, origin);
      session.signedIn = signedInAs(info.user);
      // Rows chosen under other visibility rules (queues, flags, masking changed meanwhile) are not shown.
      const kept = session.store.place();
      if (kept && kept.scope !== sessionViewScope(info.user)) session.store.clearSynced();
      await session.sync.begin().catch((err) => log('could not take the place in the change feed', err));
      catchUp();
    },

    stop() {
      current?.store.close();
      current = null;
    },

    onEvent(event, payload) {
      const session = current;
      if (!session) return;
      const { user } = session.signedIn;
      session.sync.noteEvent(user.companyId, event, payload);
      session.store.apply(changesOfEvent(user.companyId, event, payload));
      // The user's own changes (queues, flags) change which cached tickets the offline lists show, and
      // the company's settings what notifies.
      if (matches(events.user(user.companyId), event, payload)) {
        if (payload.action === 'update' && payload.user.id === user.id)
          session.signedIn = signedInAs({ ...user, ...payload.user });
      } else if (matches(events.settings(user.companyId), event, payload)) {
        const { setting } = payload;
        if (isCompanySettingKey(setting.key)) {
          const companieSettings = { ...user.company.companieSettings, [setting.key]: setting.value };
          session.signedIn = {
            ...session.signedIn,
            user: { ...user, company: { ...user.company, companieSettings } },
          };
        }
      }
    },

    onStatus(next) {
      status = next;
      if (next !== 'connected') return;
      // Main's own socket hears every new message of the tickets its user may see.
      options.emit('joinNotification', []);
      catchUp();
    },

    async request(request, perform) {
      try {
        const answer = await perform();
        remember(request, answer);
        return answer;
      } catch (err) {
        const cached = err instanceof ApiError && err.status === 0 ? fromCache(request) : null;
        if (cached) return cached;
        throw err;
      }
    },

    cachedTickets(query) {
      return current ? cachedTicketsPage(current.store, query, current.signedIn.viewer) : null;
    },

    cachedMessages(ticketUuid) {
      return current ? cachedMessagesPage(current.store, ticketUuid) : null;
    },

    store: () => current?.store ?? null,
    signedIn: () => current?.signedIn ?? null,
  };

  /** What the server answered the lists and chats the user opened. */
  function remember(request: IpcRequest, answer: unknown) {
    const store = current?.store;
    if (!store || request.method !== 'GET') return;
    const ticketChanges = (list: Ticket[]) => list.map((ticket) => ({ kind: 'ticket' as const, ticket }));
    if (isRoute(request, api.tickets.list)) store.apply(ticketChanges((answer as TicketsPage).tickets));
    else if (isRoute(request, api.tickets.showByUuid)) store.apply(ticketChanges([answer as Ticket]));
    else if (isRoute(request, api.messages.list)) {
      const ticketUuid = String(request.input.params?.ticketUuid);
      store.apply(
        (answer as MessagesPage).messages.map((message) => ({
          kind: 'message' as const,
          message,
          ticketUuid,
        })),
      );
    }
  }

  /** The cache's answer to a request the server could not take; null when it has none. */
  function fromCache(request: IpcRequest): unknown {
    const session = current;
    if (!session || request.method !== 'GET') return null;
    if (isRoute(request, api.tickets.list))
      return cachedTicketsPage(session.store, request.input.query, session.signedIn.viewer);
    if (isRoute(request, api.tickets.showByUuid))
      return session.store.ticketByUuid(String(request.input.params?.uuid)) ?? null;
    if (isRoute(request, api.messages.list)) {
      const pageNumber = Number(request.input.query?.pageNumber ?? 1);
      return cachedMessagesPage(session.store, String(request.input.params?.ticketUuid), pageNumber);
    }
    return null;
  }
}

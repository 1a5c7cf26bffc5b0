import type { Session } from './api/auth';
import type { RouteDef, RouteInput, RouteOutput } from './api/contract';
import type { FacebookLogin } from './api/graph';
import type { Message, messagesRoutes } from './api/messages';
import type { ticketsRoutes } from './api/tickets';
import type { DesktopSettings, ServerMode } from './desktop-settings';
import type { FacebookLoginRequest } from './facebook-login';
import type { OutboxMessage } from './ipc';
import type { ClientToServerEvents, EventName } from './realtime';
import type { SyncEvent } from './sync';

/**
 * Why a session ended by itself: 'replaced' when the same account signed in elsewhere (the server answers
 * ERR_SESSION_REPLACED, 1-attendance §4), which the screen must say; 'expired' for anything else.
 */
export type ExpiryReason = 'expired' | 'replaced';

/** The reason an answer refusing the session gives. */
export const expiryReasonOf = (body: unknown): ExpiryReason =>
  (body as { error?: unknown } | null | undefined)?.error === 'ERR_SESSION_REPLACED' ? 'replaced' : 'expired';

/** The session as the renderer sees it: everything but the tokens, which stay in the transport. */
export type SessionInfo = Omit<Session, 'token'>;

export type Unsubscribe = () => void;

export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected';

export type { DesktopSettings, ServerMode } from './desktop-settings';

/** A message of the outbox: waiting to go out, or refused by the server (with its answer). */
export interface OutboxEntry {
  message: OutboxMessage;
  state: 'pending' | 'failed';
  error: { status: number; body: unknown } | null;
}

/** What sending through the outbox gave: the server's message, or kept to send when the connection allows. */
export type OutboxOutcome = { state: 'sent'; message: Message } | { state: 'pending' };

/** A message of the outbox sent (or refused) later, when the connection came back. */
export type OutboxChange = { clientId: string; ticketUuid: string } & (
  | { state: 'sent'; message: Message }
  | { state: 'failed'; error: { status: number; body: unknown } }
);

/** A failed call: the HTTP status and the server's `{ error }` body (or a plain string). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(
      typeof body === 'object' && body && 'error' in body
        ? String((body as { error: unknown }).error)
        : `HTTP ${status}`,
    );
    this.name = 'ApiError';
  }
}

export type TicketsPage = RouteOutput<typeof ticketsRoutes.list>;
export type MessagesPage = RouteOutput<typeof messagesRoutes.list>;

/**
 * The renderer's only way to the platform. Two implementations: http (browser) and ipc (desktop,
 * where the main process holds the tokens and performs REST and Socket.IO). Feature code never
 * knows which one it has.
 */
export interface Bridge {
  readonly kind: 'web' | 'desktop';

  /** Calls a contract route; rejects with ApiError. 403 is refreshed once and retried inside. */
  request<D extends RouteDef>(def: D, input: RouteInput<D>): Promise<RouteOutput<D>>;

  /**
   * Like request, for routes that answer a file (avatars, message media, exports): the bytes as a Blob.
   * `onProgress` hears the bytes received so far (the desktop receives the file whole: once, at the end).
   */
  download<D extends RouteDef>(
    def: D,
    input: RouteInput<D>,
    onProgress?: (bytesReceived: number) => void,
  ): Promise<Blob>;

  session: {
    /** The e-mail and password, and on a two-factor user's second step their code (or a recovery code). */
    login(credentials: { email: string; password: string; code?: string }): Promise<SessionInfo>;
    /** Restores a session on start (refresh cookie or stored refresh token); null when signed out. */
    restore(): Promise<SessionInfo | null>;
    logout(): Promise<void>;
    /** Fired when the transport ends the session by itself (401, revoked refresh), saying why. */
    onExpired(listener: (reason: ExpiryReason) => void): Unsubscribe;
  };

  realtime: {
    /** Listens to one event, its payload typed by the realtime table through the event's name. */
    on<P>(event: EventName<P>, handler: (payload: P) => void): Unsubscribe;
    emit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): void;
    onStatus(listener: (status: RealtimeStatus) => void): Unsubscribe;
  };

  sync: {
    /**
     * The changes a catch-up found after a reconnect (the transport runs it: the web bridge itself, the
     * desktop's main process), to apply to the renderer's caches; or that everything is to be reloaded.
     */
    onChanges(listener: (event: SyncEvent) => void): Unsubscribe;
  };

  cache: {
    /**
     * A list's first page (GET /tickets query) as the desktop's offline cache holds it, to show while the
     * server answers; null where there is no cache (the web) or nothing in it.
     */
    tickets(query: RouteInput<typeof ticketsRoutes.list>['query']): Promise<TicketsPage | null>;
    /** A chat's newest messages as the offline cache holds them; null without. */
    messages(ticketUuid: string): Promise<MessagesPage | null>;
  };

  outbox: {
    /**
     * Sends a message the user wrote. The desktop keeps it first (so it survives a restart) and, when the
     * server cannot be reached, answers `pending` and sends it once the connection is back; the web sends
     * it at once. Rejects with ApiError when the server refuses it (the desktop keeps it to retry).
     */
    send(message: OutboxMessage): Promise<OutboxOutcome>;
    /** A chat's messages still in the outbox (after a restart too); none on the web. */
    pending(ticketId: number): Promise<OutboxEntry[]>;
    /** The user gave up on a refused message. */
    discard(clientId: string): Promise<void>;
    onChange(listener: (change: OutboxChange) => void): Unsubscribe;
  };

  app: {
    version(): Promise<string>;
    /** Desktop: Local or Remote server mode; the web client always talks to the server that served it. */
    getServerMode(): Promise<ServerMode | null>;
    setServerMode(mode: ServerMode): Promise<void>;
    /** Desktop: how many conversations the bell counts, for the tray, dock and taskbar badge. */
    setUnreadCount(count: number): Promise<void>;
    /** Desktop: an audio recording started or ended (an update never installs during one). */
    setRecording(recording: boolean): Promise<void>;
    /**
     * Facebook's login for the server's Meta app: the user id and token as POST /facebook takes them, or
     * null when the person did not log in. The web client runs Facebook's SDK in the page; the desktop
     * app the system browser, which comes back to the app. Throws when the login cannot be opened.
     */
    facebookLogin(request: FacebookLoginRequest): Promise<FacebookLogin | null>;
    /** Desktop: a clicked notification or an atendo://tickets/{uuid} link asks to open a ticket. */
    onOpenTicket(listener: (ticketUuid: string) => void): Unsubscribe;
    /** Desktop: the app's own settings (start in the tray, update channel); null on the web. */
    getDesktopSettings(): Promise<DesktopSettings | null>;
    setDesktopSettings(settings: DesktopSettings): Promise<void>;
  };
}

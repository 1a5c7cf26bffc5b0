import { z } from 'zod';
import type { FacebookLogin } from './api/graph';
import { messageSchema } from './api/messages';
import type {
  ExpiryReason,
  MessagesPage,
  OutboxChange,
  OutboxEntry,
  OutboxOutcome,
  RealtimeStatus,
  SessionInfo,
  TicketsPage,
  Unsubscribe,
} from './bridge';
import {
  type DesktopSettings,
  desktopSettingsSchema,
  type ServerMode,
  serverModeSchema,
} from './desktop-settings';
import type { FacebookLoginRequest } from './facebook-login';
import { clientEventNames } from './realtime';
import type { SyncEvent } from './sync';

const facebookLoginRequestSchema = z.object({
  appId: z.string().regex(/^\d{1,32}$/),
  version: z.string().regex(/^v\d{1,3}\.\d{1,3}$/),
  instagram: z.boolean(),
}) satisfies z.ZodType<FacebookLoginRequest>;

/** Bytes over any buffer (z.instanceof would narrow them to an ArrayBuffer's), as files cross ipc. */
const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

/** What crosses the ipc boundary for a request: a route by method and path, never a schema object. */
export const ipcRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
  path: z.string().max(500),
  input: z
    .object({
      params: z.record(z.string(), z.unknown()).optional(),
      query: z.record(z.string(), z.unknown()).optional(),
      body: z.unknown().optional(),
      files: z
        .array(z.object({ field: z.string(), name: z.string(), type: z.string(), data: bytes }))
        .optional(),
    })
    .default({}),
});
export type IpcRequest = z.output<typeof ipcRequestSchema>;

/**
 * A message written in the app: what POST /messages/:ticketId sends, with the client id the server
 * deduplicates by. The desktop keeps it in its outbox until the server confirms it.
 */
export const outboxMessageSchema = z.object({
  clientId: z.string().min(1).max(64),
  ticketId: z.number().int().positive(),
  /** The chat it is shown in. */
  ticketUuid: z.string().max(36),
  body: z.string().max(65_536),
  isPrivate: z.boolean(),
  quotedMsg: messageSchema.shape.quotedMsg,
  vCard: z.object({ name: z.string(), number: z.string() }).optional(),
  file: z.object({ name: z.string().max(255), type: z.string().max(255), data: bytes }).optional(),
});
export type OutboxMessage = z.output<typeof outboxMessageSchema>;

const credentialsSchema = z.object({
  email: z.string().max(320),
  password: z.string().max(200),
  // A two-factor user's second step: the authenticator's code or a recovery code.
  code: z.string().max(40).optional(),
});

/** A file answer as it crosses the ipc boundary. */
export interface DownloadedFile {
  data: Uint8Array;
  type: string;
}

/** A call's answer over ipc: failures travel as data because ipc keeps only an Error's message. */
export type IpcOutcome<T> = { ok: true; value: T } | { ok: false; status: number; body: unknown };

declare const carried: unique symbol;
/** A type a row carries for the compiler only: what a call answers, what a push hands its listener. */
interface Carries<T> {
  readonly [carried]?: T;
}

type Arguments = z.ZodTuple;

/** Renderer → main, answered (ipcMain.handle): arguments validated by `args`, the answer an IpcOutcome. */
interface CallRow<A extends Arguments, R> extends Carries<R> {
  kind: 'call';
  args: A;
}

/** Renderer → main, one way (ipcMain.on): arguments validated by `args`. */
interface SendRow<A extends Arguments> {
  kind: 'send';
  args: A;
}

/** Main → renderer (webContents.send): trusted, so its arguments are types only. */
interface PushRow<A extends unknown[]> extends Carries<A> {
  kind: 'push';
}

const call = <A extends Arguments>(args: A) => ({
  answers: <R>(): CallRow<A, R> => ({ kind: 'call', args }),
});
const send = <A extends Arguments>(args: A): SendRow<A> => ({ kind: 'send', args });
const push = <A extends unknown[]>(): PushRow<A> => ({ kind: 'push' });

/**
 * The desktop's ipc contract: one row per channel, its direction, its arguments (zod schemas main
 * validates for what comes from the renderer) and what a call answers. The channel names, the preload's
 * `window.atendo`, main's handlers and registration and its pushers all derive from it: a new channel is
 * a row here and its handler in main.
 */
export const ipcTable = {
  request: call(z.tuple([ipcRequestSchema])).answers<unknown>(),
  download: call(z.tuple([ipcRequestSchema])).answers<DownloadedFile>(),
  login: call(z.tuple([credentialsSchema])).answers<SessionInfo>(),
  restore: call(z.tuple([])).answers<SessionInfo | null>(),
  logout: call(z.tuple([])).answers<null>(),
  expired: push<[reason: ExpiryReason]>(),
  realtimeEvent: push<[event: string, payload: unknown]>(),
  realtimeEmit: send(z.tuple([z.enum(clientEventNames), z.array(z.unknown())])),
  realtimeStatus: push<[status: RealtimeStatus]>(),
  syncChanges: push<[event: SyncEvent]>(),
  /** A GET /tickets query, which main parses as the server would. */
  cacheTickets: call(z.tuple([z.record(z.string(), z.unknown())])).answers<TicketsPage | null>(),
  cacheMessages: call(z.tuple([z.string().max(36)])).answers<MessagesPage | null>(),
  outboxSend: call(z.tuple([outboxMessageSchema])).answers<OutboxOutcome>(),
  outboxPending: call(z.tuple([z.number().int().positive()])).answers<OutboxEntry[]>(),
  outboxDiscard: call(z.tuple([z.string().max(64)])).answers<null>(),
  outboxChanged: push<[change: OutboxChange]>(),
  setUnreadCount: call(z.tuple([z.number().int().min(0).max(100_000)])).answers<null>(),
  setRecording: call(z.tuple([z.boolean()])).answers<null>(),
  facebookLogin: call(z.tuple([facebookLoginRequestSchema])).answers<FacebookLogin | null>(),
  openTicket: push<[ticketUuid: string]>(),
  getDesktopSettings: call(z.tuple([])).answers<DesktopSettings>(),
  setDesktopSettings: call(z.tuple([desktopSettingsSchema])).answers<null>(),
  version: call(z.tuple([])).answers<string>(),
  getServerMode: call(z.tuple([])).answers<ServerMode | null>(),
  setServerMode: call(z.tuple([serverModeSchema])).answers<null>(),
};

type Table = typeof ipcTable;
export type IpcName = keyof Table;
export type IpcKind = Table[IpcName]['kind'];
type NamesOf<K extends IpcKind> = { [N in IpcName]: Table[N]['kind'] extends K ? N : never }[IpcName];
export type CallName = NamesOf<'call'>;
export type SendName = NamesOf<'send'>;
export type PushName = NamesOf<'push'>;
/** The channels that come in from the renderer. */
export type InName = CallName | SendName;

export const ipcNames = Object.keys(ipcTable) as IpcName[];

/** The names of one kind's channels. */
export const ipcNamesOf = <K extends IpcKind>(kind: K) =>
  ipcNames.filter((name): name is NamesOf<K> => ipcTable[name].kind === kind);

/** The channel Electron carries a row on. */
export const channelOf = <N extends IpcName>(name: N) => `atendo:${name}` as const;

/** A channel's arguments as the renderer passes them. */
export type Passed = { [N in InName]: z.input<Table[N]['args']> };
/** A channel's arguments as main receives them, parsed by the row's schema. */
export type Received = { [N in InName]: z.output<Table[N]['args']> };
/** What a call answers. */
export type Answer = { [N in CallName]: Table[N] extends CallRow<Arguments, infer R> ? R : never };
/** What a push hands the renderer's listener. */
export type Pushed = { [N in PushName]: Table[N] extends PushRow<infer A> ? A : never };

/**
 * What the desktop preload exposes as `window.atendo`: one member per channel. Calls answer an
 * IpcOutcome; sends answer nothing; pushes take a listener and return its unsubscribe.
 */
export type AtendoPreloadApi = { [N in CallName]: (...args: Passed[N]) => Promise<IpcOutcome<Answer[N]>> } & {
  [N in SendName]: (...args: Passed[N]) => void;
} & { [N in PushName]: (listener: (...args: Pushed[N]) => void) => Unsubscribe };

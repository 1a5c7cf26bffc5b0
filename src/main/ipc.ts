import { z } from 'zod';
import { messageSchema } from '../shared/api/messages';
import {
  ApiError,
  type AtendoPreloadApi,
  desktopSettingsSchema,
  IPC,
  type IpcOutcome,
  serverModeSchema,
} from '../shared/bridge';
import { originOf } from './security';

/** How each channel is used: `call` answers (ipcMain.handle), `send` is one-way in, `push` one-way out. */
export const CHANNEL_KINDS = {
  request: 'call',
  download: 'call',
  login: 'call',
  restore: 'call',
  logout: 'call',
  expired: 'push',
  realtimeEvent: 'push',
  realtimeEmit: 'send',
  realtimeStatus: 'push',
  syncChanges: 'push',
  cacheTickets: 'call',
  cacheMessages: 'call',
  outboxSend: 'call',
  outboxPending: 'call',
  outboxDiscard: 'call',
  outboxChanged: 'push',
  setUnreadCount: 'call',
  openTicket: 'push',
  getDesktopSettings: 'call',
  setDesktopSettings: 'call',
  version: 'call',
  getServerMode: 'call',
  setServerMode: 'call',
} as const satisfies Record<keyof typeof IPC, 'call' | 'send' | 'push'>;

type Kinds = typeof CHANNEL_KINDS;
type ChannelOf<K extends string> = { [C in keyof Kinds]: Kinds[C] extends K ? C : never }[keyof Kinds];
export type CallChannel = ChannelOf<'call'>;
export type PushChannel = ChannelOf<'push'>;

type OutcomeValue<P> = Awaited<P> extends IpcOutcome<infer T> ? T : never;

/** Main's side of each call and send channel, typed from the preload API the renderer sees. */
export type MainHandlers = {
  [C in CallChannel]: (
    ...args: Parameters<AtendoPreloadApi[C]>
  ) => Promise<OutcomeValue<ReturnType<AtendoPreloadApi[C]>>> | OutcomeValue<ReturnType<AtendoPreloadApi[C]>>;
} & { realtimeEmit: AtendoPreloadApi['realtimeEmit'] };

/** Main's side of each push channel: what it sends to the renderer. */
export type Pushers = {
  [C in PushChannel]: (...args: Parameters<Parameters<AtendoPreloadApi[C]>[0]>) => void;
};

/** The part of an Electron ipc event used to tell our renderer from anything else. */
export interface IpcSenderEvent {
  sender: unknown;
  senderFrame: { url: string } | null;
}

/** The part of Electron's `ipcMain` used here. */
export interface IpcMainApi {
  handle(channel: string, listener: (event: IpcSenderEvent, ...args: unknown[]) => unknown): void;
  on(channel: string, listener: (event: IpcSenderEvent, ...args: unknown[]) => void): void;
}

const credentialsSchema = z.object({ email: z.string().max(320), password: z.string().max(200) });

const ipcRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
  path: z.string().max(500),
  input: z
    .object({
      params: z.record(z.string(), z.unknown()).optional(),
      query: z.record(z.string(), z.unknown()).optional(),
      body: z.unknown().optional(),
      files: z
        .array(
          z.object({ field: z.string(), name: z.string(), type: z.string(), data: z.instanceof(Uint8Array) }),
        )
        .optional(),
    })
    .default({}),
});

const outboxMessageSchema = z.object({
  clientId: z.string().min(1).max(64),
  ticketId: z.number().int().positive(),
  ticketUuid: z.string().max(36),
  body: z.string().max(65_536),
  isPrivate: z.boolean(),
  quotedMsg: messageSchema.shape.quotedMsg,
  vCard: z.object({ name: z.string(), number: z.string() }).optional(),
  file: z
    .object({ name: z.string().max(255), type: z.string().max(255), data: z.instanceof(Uint8Array) })
    .optional(),
});

/** What each call channel accepts from the renderer; anything else is refused before a handler runs. */
const callArguments: { [C in CallChannel]: z.ZodType<Parameters<AtendoPreloadApi[C]>> } = {
  request: z.tuple([ipcRequestSchema]),
  download: z.tuple([ipcRequestSchema]),
  login: z.tuple([credentialsSchema]),
  restore: z.tuple([]),
  logout: z.tuple([]),
  version: z.tuple([]),
  getServerMode: z.tuple([]),
  setServerMode: z.tuple([serverModeSchema]),
  cacheTickets: z.tuple([z.record(z.string(), z.unknown())]),
  cacheMessages: z.tuple([z.string().max(36)]),
  outboxSend: z.tuple([outboxMessageSchema]),
  outboxPending: z.tuple([z.number().int().positive()]),
  outboxDiscard: z.tuple([z.string().max(64)]),
  setUnreadCount: z.tuple([z.number().int().min(0).max(100_000)]),
  getDesktopSettings: z.tuple([]),
  setDesktopSettings: z.tuple([desktopSettingsSchema]),
};

function failure(err: unknown, log: (message: string, error?: unknown) => void): IpcOutcome<never> {
  if (err instanceof ApiError) return { ok: false, status: err.status, body: err.body };
  if (err instanceof z.ZodError) {
    const issues = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return { ok: false, status: 400, body: { error: issues[0]?.message ?? 'Invalid', issues } };
  }
  log('ipc handler failed', err);
  return { ok: false, status: 500, body: { error: 'ERR_INTERNAL' } };
}

export interface RegisterIpcOptions {
  ipcMain: IpcMainApi;
  handlers: MainHandlers;
  /** Only the app's own renderer may use the bridge. */
  isTrustedSender(event: IpcSenderEvent): boolean;
  log?(message: string, error?: unknown): void;
}

/** Registers main's side of every IPC channel that comes in from the renderer. */
export function registerIpc({
  ipcMain,
  handlers,
  isTrustedSender,
  log = () => undefined,
}: RegisterIpcOptions) {
  for (const channel of Object.keys(callArguments) as CallChannel[]) {
    ipcMain.handle(IPC[channel], async (event, ...args): Promise<IpcOutcome<unknown>> => {
      if (!isTrustedSender(event)) {
        log(`refused ${IPC[channel]} from ${event.senderFrame?.url ?? 'an unknown frame'}`);
        return { ok: false, status: 403, body: { error: 'ERR_NO_PERMISSION' } };
      }
      try {
        const parsed = callArguments[channel].parse(args);
        const handler = handlers[channel] as (...a: unknown[]) => unknown;
        return { ok: true, value: await handler(...parsed) };
      } catch (err) {
        return failure(err, log);
      }
    });
  }
  ipcMain.on(IPC.realtimeEmit, (event, name, args) => {
    if (!isTrustedSender(event) || typeof name !== 'string' || !Array.isArray(args)) return;
    handlers.realtimeEmit(name as Parameters<MainHandlers['realtimeEmit']>[0], args);
  });
}

/** The push channels, over a `send` that reaches the renderer (webContents.send). */
export function createPushers(send: (channel: string, ...args: unknown[]) => void): Pushers {
  return {
    expired: () => send(IPC.expired),
    realtimeEvent: (event, payload) => send(IPC.realtimeEvent, event, payload),
    realtimeStatus: (status) => send(IPC.realtimeStatus, status),
    syncChanges: (event) => send(IPC.syncChanges, event),
    outboxChanged: (change) => send(IPC.outboxChanged, change),
    openTicket: (ticketUuid) => send(IPC.openTicket, ticketUuid),
  };
}

/** Trusts a sender only when it is our window's page, loaded from the renderer's own origin. */
export function createSenderCheck(rendererUrl: string, ownSender: () => unknown) {
  const expected = originOf(rendererUrl);
  return (event: IpcSenderEvent) =>
    event.sender === ownSender() && expected !== null && originOf(event.senderFrame?.url) === expected;
}

import { z } from 'zod';
import { ApiError } from '../shared/bridge';
import {
  type Answer,
  type CallName,
  channelOf,
  type InName,
  type IpcOutcome,
  ipcNamesOf,
  ipcTable,
  type Pushed,
  type PushName,
  type Received,
} from '../shared/ipc';
import { originOf } from './security';

/** What main's side of a channel gives back: a call's answer (or its promise); a send's is ignored. */
type Returned = { [N in InName]: N extends CallName ? Answer[N] | Promise<Answer[N]> : unknown };

/** Main's side of each call and send channel, typed from the ipc table. */
export type MainHandlers = { [N in InName]: (...args: Received[N]) => Returned[N] };

/** Main's side of each push channel: what it sends to the renderer. */
export type Pushers = { [N in PushName]: (...args: Pushed[N]) => void };

// The incoming rows seen per channel, so a handler and its parsed arguments share one channel's types.
const incoming: { [N in InName]: { args: z.ZodType<Received[N]> } } = ipcTable;

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

/**
 * Registers main's side of every channel of the ipc table that comes in from the renderer: calls answer
 * an IpcOutcome, sends nothing; a stranger's message or arguments the row's schema refuses never reach
 * a handler.
 */
export function registerIpc({
  ipcMain,
  handlers,
  isTrustedSender,
  log = () => undefined,
}: RegisterIpcOptions) {
  const trusted = (event: IpcSenderEvent, channel: string) => {
    if (isTrustedSender(event)) return true;
    log(`refused ${channel} from ${event.senderFrame?.url ?? 'an unknown frame'}`);
    return false;
  };

  /** Runs a channel's handler on its arguments as its row's schema parses them (a ZodError otherwise). */
  function handle<N extends InName>(name: N, args: unknown[]): Returned[N] {
    const parsed = incoming[name].args.parse(args);
    const handler: MainHandlers[N] = handlers[name];
    return handler(...parsed);
  }

  for (const name of ipcNamesOf('call')) {
    const channel = channelOf(name);
    ipcMain.handle(channel, async (event, ...args): Promise<IpcOutcome<unknown>> => {
      if (!trusted(event, channel)) return { ok: false, status: 403, body: { error: 'ERR_NO_PERMISSION' } };
      try {
        return { ok: true, value: await handle(name, args) };
      } catch (err) {
        return failure(err, log);
      }
    });
  }
  for (const name of ipcNamesOf('send')) {
    const channel = channelOf(name);
    ipcMain.on(channel, (event, ...args) => {
      if (!trusted(event, channel)) return;
      try {
        handle(name, args);
      } catch (err) {
        // A one-way message has no one to answer: what it should have done is not done.
        log(`ignored ${channel}`, err);
      }
    });
  }
}

/** The push channels, over a `send` that reaches the renderer (webContents.send). */
export function createPushers(send: (channel: string, ...args: unknown[]) => void): Pushers {
  // Each pusher sends its row's arguments as they are: Pushers types them from the same table.
  return Object.fromEntries(
    ipcNamesOf('push').map((name) => [name, (...args: unknown[]) => send(channelOf(name), ...args)]),
  ) as Pushers;
}

/** Trusts a sender only when it is our window's page, loaded from the renderer's own origin. */
export function createSenderCheck(rendererUrl: string, ownSender: () => unknown) {
  const expected = originOf(rendererUrl);
  return (event: IpcSenderEvent) =>
    event.sender === ownSender() && expected !== null && originOf(event.senderFrame?.url) === expected;
}

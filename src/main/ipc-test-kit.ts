import {
  createSenderCheck,
  type IpcMainApi,
  type IpcSenderEvent,
  type MainHandlers,
  registerIpc,
} from './ipc';

type Listener = (event: IpcSenderEvent, ...args: unknown[]) => unknown;

/** The app's own window, as the tests' ipc events name their sender. */
export const ownSender = { id: 'main window' };

/**
 * Registers main's ipc side on a stand-in `ipcMain` that records its handlers (`handle`) and listeners
 * (`on`) in maps, trusting only the packaged renderer in `sender`.
 */
export function registerOnFakeIpcMain(
  handlers: MainHandlers,
  {
    handled = new Map<string, Listener>(),
    listened = new Map<string, Listener>(),
    sender = ownSender as unknown,
  } = {},
) {
  const ipcMain: IpcMainApi = {
    handle: (channel, listener) => handled.set(channel, listener),
    on: (channel, listener) => listened.set(channel, listener),
  };
  registerIpc({
    ipcMain,
    handlers,
    isTrustedSender: createSenderCheck('app://atendo/index.html', () => sender),
  });
  return { handled, listened };
}

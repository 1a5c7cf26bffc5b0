import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron';
import { type AtendoPreloadApi, channelOf, type IpcName, ipcNames, ipcTable } from '../shared/ipc';

/** A push channel as a subscription; the listener never sees the ipc event (it would leak ipcRenderer). */
function subscribe(channel: string, listener: (...args: unknown[]) => void) {
  const wrapped = (_event: IpcRendererEvent, ...args: unknown[]) => listener(...args);
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

/** One channel's member of `window.atendo`, by its row's kind. */
function memberOf(name: IpcName) {
  const channel = channelOf(name);
  switch (ipcTable[name].kind) {
    case 'call':
      return (...args: unknown[]) => ipcRenderer.invoke(channel, ...args);
    case 'send':
      return (...args: unknown[]) => ipcRenderer.send(channel, ...args);
    case 'push':
      return (listener: (...args: unknown[]) => void) => subscribe(channel, listener);
  }
}

/**
 * Exactly the bridge surface of src/shared/ipc.ts: one function per channel of the table, nothing else.
 * Electron's ipc is untyped; main registers the same table, so each member has its row's types.
 */
const atendo = Object.fromEntries(ipcNames.map((name) => [name, memberOf(name)])) as AtendoPreloadApi;

contextBridge.exposeInMainWorld('atendo', atendo);

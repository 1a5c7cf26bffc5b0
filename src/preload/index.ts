import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron';
import { type AtendoPreloadApi, IPC } from '../shared/bridge';

/** A push channel as a subscription; the listener never sees the ipc event (it would leak ipcRenderer). */
function subscribe<A extends unknown[]>(channel: string, listener: (...args: A) => void) {
  const wrapped = (_event: IpcRendererEvent, ...args: unknown[]) => listener(...(args as A));
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

/** Exactly the bridge surface of src/shared/bridge.ts: one function per IPC channel, nothing else. */
const atendo: AtendoPreloadApi = {
  request: (request) => ipcRenderer.invoke(IPC.request, request),
  download: (request) => ipcRenderer.invoke(IPC.download, request),
  login: (credentials) => ipcRenderer.invoke(IPC.login, credentials),
  restore: () => ipcRenderer.invoke(IPC.restore),
  logout: () => ipcRenderer.invoke(IPC.logout),
  expired: (listener) => subscribe(IPC.expired, listener),
  realtimeEvent: (listener) => subscribe(IPC.realtimeEvent, listener),
  realtimeEmit: (event, args) => ipcRenderer.send(IPC.realtimeEmit, event, args),
  realtimeStatus: (listener) => subscribe(IPC.realtimeStatus, listener),
  syncChanges: (listener) => subscribe(IPC.syncChanges, listener),
  cacheTickets: (query) => ipcRenderer.invoke(IPC.cacheTickets, query),
  cacheMessages: (ticketUuid) => ipcRenderer.invoke(IPC.cacheMessages, ticketUuid),
  outboxSend: (message) => ipcRenderer.invoke(IPC.outboxSend, message),
  outboxPending: (ticketId) => ipcRenderer.invoke(IPC.outboxPending, ticketId),
  outboxDiscard: (clientId) => ipcRenderer.invoke(IPC.outboxDiscard, clientId),
  outboxChanged: (listener) => subscribe(IPC.outboxChanged, listener),
  setUnreadCount: (count) => ipcRenderer.invoke(IPC.setUnreadCount, count),
  openTicket: (listener) => subscribe(IPC.openTicket, listener),
  getDesktopSettings: () => ipcRenderer.invoke(IPC.getDesktopSettings),
  setDesktopSettings: (settings) => ipcRenderer.invoke(IPC.setDesktopSettings, settings),
  version: () => ipcRenderer.invoke(IPC.version),
  getServerMode: () => ipcRenderer.invoke(IPC.getServerMode),
  setServerMode: (mode) => ipcRenderer.invoke(IPC.setServerMode, mode),
};

contextBridge.exposeInMainWorld('atendo', atendo);

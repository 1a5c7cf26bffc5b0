import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpBridge } from '../renderer/bridge/http';
import { createIpcBridge } from '../renderer/bridge/ipc';
import { api } from '../shared/api';
import { ApiError, type Bridge, type SessionInfo } from '../shared/bridge';
import { type AtendoPreloadApi, channelOf, type IpcName, ipcNames, ipcTable } from '../shared/ipc';
import { events } from '../shared/realtime';
import { createPushers, type MainHandlers } from './ipc';
import { registerOnFakeIpcMain } from './ipc-test-kit';

// The preload script runs against this stand-in for Electron: its ipcRenderer talks straight to the
// handlers main registers, as Electron's ipc would.
const electron = vi.hoisted(() => {
  type Listener = (event: unknown, ...args: unknown[]) => unknown;
  const handled = new Map<string, Listener>();
  const listened = new Map<string, Listener>();
  const subscribers = new Map<string, Set<Listener>>();
  const sender = { id: 'main window' };
  const event = { sender, senderFrame: { url: 'app://atendo/index.html' } };
  const exposed = new Map<string, unknown>();
  return {
    handled,
    listened,
    subscribers,
    sender,
    exposed,
    /** What webContents.send does: every renderer listener of the channel hears it. */
    push: (channel: string, ...args: unknown[]) => {
      for (const listener of subscribers.get(channel) ?? []) listener({}, ...args);
    },
    module: {
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
      ipcRenderer: {
        invoke: async (channel: string, ...args: unknown[]) => handled.get(channel)!(event, ...args),
        send: (channel: string, ...args: unknown[]) => listened.get(channel)?.(event, ...args),
        on: (channel: string, listener: Listener) => {
          if (!subscribers.has(channel)) subscribers.set(channel, new Set());
          subscribers.get(channel)!.add(listener);
        },
        removeListener: (channel: string, listener: Listener) => subscribers.get(channel)?.delete(listener),
      },
    },
  };
});
vi.mock('electron', () => electron.module);

/** Bridge method → the IPC channel that carries it. */
const CARRIED_BY: Record<string, IpcName> = {
  request: 'request',
  download: 'download',
  'session.login': 'login',
  'session.restore': 'restore',
  'session.logout': 'logout',
  'session.onExpired': 'expired',
  'realtime.on': 'realtimeEvent',
  'realtime.emit': 'realtimeEmit',
  'realtime.onStatus': 'realtimeStatus',
  'sync.onChanges': 'syncChanges',
  'cache.tickets': 'cacheTickets',
  'cache.messages': 'cacheMessages',
  'outbox.send': 'outboxSend',
  'outbox.pending': 'outboxPending',
  'outbox.discard': 'outboxDiscard',
  'outbox.onChange': 'outboxChanged',
  'app.setUnreadCount': 'setUnreadCount',
  'app.setRecording': 'setRecording',
  'app.facebookLogin': 'facebookLogin',
  'app.onOpenTicket': 'openTicket',
  'app.getDesktopSettings': 'getDesktopSettings',
  'app.setDesktopSettings': 'setDesktopSettings',
  'app.version': 'version',
  'app.getServerMode': 'getServerMode',
  'app.setServerMode': 'setServerMode',
};

/** Every method of a bridge object, as `group.method` paths. */
function methodsOf(bridge: Bridge): string[] {
  return Object.entries(bridge)
    .flatMap(([key, value]) =>
      typeof value === 'function'
        ? [key]
        : typeof value === 'object' && value !== null
          ? Object.entries(value)
              .filter(([, member]) => typeof member === 'function')
              .map(([name]) => `${key}.${name}`)
          : [],
    )
    .sort();
}

const session = { sessionId: 'abc', user: { id: 1 }, dueDate: null } as unknown as SessionInfo;
const handlers: MainHandlers = {
  request: vi.fn(async () => ({ users: [], count: 0, hasMore: false })),
  download: vi.fn(async () => ({ data: new Uint8Array([137, 80, 78, 71]), type: 'image/png' })),
  login: vi.fn(async ({ password }: { password: string }) => {
    if (password !== 'right') throw new ApiError(401, { error: 'ERR_INVALID_CREDENTIALS' });
    return session;
  }),
  restore: vi.fn(async () => null),
  logout: vi.fn(async () => null),
  version: vi.fn(() => '0.1.0'),
  getServerMode: vi.fn(() => ({ mode: 'local' as const })),
  setServerMode: vi.fn(async () => null),
  realtimeEmit: vi.fn(),
  cacheTickets: vi.fn(() => ({ tickets: [], count: 0, hasMore: false })),
  cacheMessages: vi.fn(() => null),
  outboxSend: vi.fn(async () => ({ state: 'pending' as const })),
  outboxPending: vi.fn(() => []),
  outboxDiscard: vi.fn(() => null),
  setUnreadCount: vi.fn(() => null),
  setRecording: vi.fn(() => null),
  facebookLogin: vi.fn(async () => ({ facebookUserId: '42', facebookUserToken: 'tok', addInstagram: true })),
  getDesktopSettings: vi.fn(() => ({ startMinimized: false, updateChannel: 'stable' as const })),
  setDesktopSettings: vi.fn(() => null),
};
const pushers = createPushers(electron.push);

let preload: AtendoPreloadApi;
let ipcBridge: Bridge;
const httpBridge = createHttpBridge('http://server.test', {
  fetch: async () => Response.json({}),
  storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
});

beforeAll(async () => {
  registerOnFakeIpcMain(handlers, {
    handled: electron.handled,
    listened: electron.listened,
    sender: electron.sender,
  });
  await import('../preload/index');
  preload = electron.exposed.get('atendo') as AtendoPreloadApi;
  ipcBridge = createIpcBridge(preload);
});

describe('the bridge contract', () => {
  it('carries every Bridge method over an IPC channel, and every channel carries one', () => {
    expect(methodsOf(httpBridge)).toEqual(Object.keys(CARRIED_BY).sort());
    expect([...new Set(Object.values(CARRIED_BY))].sort()).toEqual([...ipcNames].sort());
  });

  it('is implemented by both transports, the ipc one method for method like the http one', () => {
    expect(methodsOf(ipcBridge)).toEqual(methodsOf(httpBridge));
    expect(ipcBridge.kind).toBe('desktop');
    expect(httpBridge.kind).toBe('web');
  });

  it('has main’s side for every channel', () => {
    for (const name of ipcNames) {
      const { kind } = ipcTable[name];
      const channel = channelOf(name);
      const present =
        kind === 'call'
          ? electron.handled.has(channel)
          : kind === 'send'
            ? electron.listened.has(channel)
            : name in pushers;
      expect(present, `${kind} ${channel}`).toBe(true);
    }
  });

  it('exposes through the preload exactly one function per channel, and nothing else', () => {
    expect([...electron.exposed.keys()]).toEqual(['atendo']);
    expect(Object.keys(preload).sort()).toEqual([...ipcNames].sort());
    for (const member of Object.values(preload)) expect(typeof member).toBe('function');
  });

  it('goes from the renderer to main and back for every call', async () => {
    await expect(
      ipcBridge.request(api.users.list, { query: { searchParam: 'ana', pageNumber: 2 } }),
    ).resolves.toEqual({ users: [], count: 0, hasMore: false });
    expect(handlers.request).toHaveBeenCalledWith({
      method: 'GET',
      path: '/users',
      input: { query: { searchParam: 'ana', pageNumber: 2 } },
    });
    await expect(ipcBridge.session.login({ email: 'a@b.c', password: 'right' })).resolves.toEqual(session);
    await expect(ipcBridge.session.restore()).resolves.toBeNull();
    await expect(ipcBridge.session.logout()).resolves.toBeUndefined();
    await expect(ipcBridge.app.version()).resolves.toBe('0.1.0');
    await expect(ipcBridge.app.getServerMode()).resolves.toEqual({ mode: 'local' });
    await ipcBridge.app.setServerMode({ mode: 'remote', url: 'https://team.example.com' });
    expect(handlers.setServerMode).toHaveBeenCalledWith({ mode: 'remote', url: 'https://team.example.com' });
    await expect(ipcBridge.cache.tickets({ status: 'open', pageNumber: 1 })).resolves.toMatchObject({
      count: 0,
    });
    expect(handlers.cacheTickets).toHaveBeenCalledWith({ status: 'open', pageNumber: 1 });
    await expect(ipcBridge.cache.messages('uuid-1')).resolves.toBeNull();
    const message = {
      clientId: 'c-1',
      ticketId: 7,
      ticketUuid: 'uuid-7',
      body: 'Olá',
      isPrivate: false,
      quotedMsg: null,
      file: { name: 'a.mp3', type: 'audio/mpeg', data: new Uint8Array([1]) },
    };
    await expect(ipcBridge.outbox.send(message)).resolves.toEqual({ state: 'pending' });
    expect(handlers.outboxSend).toHaveBeenCalledWith(message);
    await expect(ipcBridge.outbox.pending(7)).resolves.toEqual([]);
    await ipcBridge.outbox.discard('c-1');
    expect(handlers.outboxDiscard).toHaveBeenCalledWith('c-1');
    await ipcBridge.app.setUnreadCount(4);
    expect(handlers.setUnreadCount).toHaveBeenCalledWith(4);
    await ipcBridge.app.setRecording(true);
    expect(handlers.setRecording).toHaveBeenCalledWith(true);
    const facebook = { appId: '123', version: 'v21.0', instagram: true };
    await expect(ipcBridge.app.facebookLogin(facebook)).resolves.toEqual({
      facebookUserId: '42',
      facebookUserToken: 'tok',
      addInstagram: true,
    });
    expect(handlers.facebookLogin).toHaveBeenCalledWith(facebook);
    await expect(ipcBridge.app.getDesktopSettings()).resolves.toEqual({
      startMinimized: false,
      updateChannel: 'stable',
    });
    await ipcBridge.app.setDesktopSettings({ startMinimized: true, updateChannel: 'beta' });
    expect(handlers.setDesktopSettings).toHaveBeenCalledWith({ startMinimized: true, updateChannel: 'beta' });
  });

  it('keeps a ticket to open that main asked for before the screens listened', () => {
    pushers.openTicket('uuid-early');
    const opened: string[] = [];
    const off = ipcBridge.app.onOpenTicket((uuid) => opened.push(uuid));
    pushers.openTicket('uuid-later');
    off();
    pushers.openTicket('uuid-unheard');
    expect(opened).toEqual(['uuid-early', 'uuid-later']);
  });

  it('refuses an outbox message that is not one', async () => {
    const err = await ipcBridge.outbox.send({ clientId: '', ticketId: -1 } as never).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400 });
  });

  it('turns main’s failures back into ApiError in the renderer', async () => {
    const err = await ipcBridge.session.login({ email: 'a@b.c', password: 'wrong' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    expect((err as Error).message).toBe('ERR_INVALID_CREDENTIALS');
  });

  it('brings file answers back to the renderer as a Blob of the same bytes and type', async () => {
    const blob = await ipcBridge.download(api.users.avatar, { params: { id: 3 } });
    expect(handlers.download).toHaveBeenCalledWith({
      method: 'GET',
      path: api.users.avatar.path,
      input: { params: { id: 3 }, query: undefined, body: undefined, files: undefined },
    });
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([137, 80, 78, 71]);
  });

  it('sends files over ipc as bytes', async () => {
    await ipcBridge.request(api.users.uploadMedia, {
      params: { id: 3 },
      body: { typeArch: 'user' },
      files: [
        {
          field: 'profileImage',
          name: 'me.png',
          type: 'image/png',
          data: new Blob([new Uint8Array([7, 8])]),
        },
      ],
    });
    const sent = vi.mocked(handlers.request).mock.lastCall![0];
    expect(sent.input.files).toEqual([
      { field: 'profileImage', name: 'me.png', type: 'image/png', data: new Uint8Array([7, 8]) },
    ]);
  });

  it('brings realtime events, statuses and expiry from main to the renderer, and emits back', () => {
    const users: unknown[] = [];
    const settings: unknown[] = [];
    const statuses: string[] = [];
    const expired = vi.fn();
    const offUsers = ipcBridge.realtime.on(events.user(1), (payload) => users.push(payload));
    ipcBridge.realtime.on(events.settings(1), (payload) => settings.push(payload));
    const offStatus = ipcBridge.realtime.onStatus((status) => statuses.push(status));
    const offExpired = ipcBridge.session.onExpired(expired);

    pushers.realtimeEvent('company-1-user', { action: 'delete', userId: 2 });
    pushers.realtimeStatus('connected');
    pushers.expired('replaced');
    offUsers();
    offStatus();
    offExpired();
    pushers.realtimeEvent('company-1-user', { action: 'delete', userId: 3 });
    pushers.realtimeStatus('disconnected');
    pushers.expired('expired');

    expect(users).toEqual([{ action: 'delete', userId: 2 }]);
    expect(settings).toEqual([]);
    expect(statuses).toEqual(['connected']);
    expect(expired).toHaveBeenCalledExactlyOnceWith('replaced');

    ipcBridge.realtime.emit('joinTickets', 'open');
    expect(handlers.realtimeEmit).toHaveBeenCalledExactlyOnceWith('joinTickets', ['open']);
  });

  it('brings catch-ups and the outbox’s later sends from main to the renderer', () => {
    const synced: unknown[] = [];
    const outboxed: unknown[] = [];
    const offSync = ipcBridge.sync.onChanges((event) => synced.push(event));
    const offOutbox = ipcBridge.outbox.onChange((change) => outboxed.push(change));
    pushers.syncChanges({ kind: 'reset' });
    const failed = {
      clientId: 'c',
      ticketUuid: 'u',
      state: 'failed' as const,
      error: { status: 400, body: null },
    };
    pushers.outboxChanged(failed);
    offSync();
    offOutbox();
    pushers.syncChanges({ kind: 'reset' });
    pushers.outboxChanged(failed);
    expect(synced).toEqual([{ kind: 'reset' }]);
    expect(outboxed).toEqual([failed]);
  });

  it('tells a late status listener the current status at once', () => {
    pushers.realtimeStatus('connecting');
    const statuses: string[] = [];
    ipcBridge.realtime.onStatus((status) => statuses.push(status));
    expect(statuses).toEqual(['connecting']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { ApiError, type SessionInfo } from '../shared/bridge';
import { channelOf, ipcNames, ipcNamesOf, ipcTable } from '../shared/ipc';
import { createPushers, createSenderCheck, type IpcSenderEvent, type MainHandlers } from './ipc';
import { ownSender, registerOnFakeIpcMain } from './ipc-test-kit';

const trusted: IpcSenderEvent = { sender: ownSender, senderFrame: { url: 'app://atendo/index.html#/users' } };
const foreign: IpcSenderEvent = { sender: ownSender, senderFrame: { url: 'https://evil.example/' } };

function handlers(): MainHandlers {
  return {
    request: vi.fn(async () => ({ users: [] })),
    download: vi.fn(async () => ({ data: new Uint8Array([1]), type: 'image/png' })),
    login: vi.fn(async () => ({ sessionId: 's' }) as SessionInfo),
    restore: vi.fn(async () => null),
    logout: vi.fn(async () => null),
    version: vi.fn(() => '1.2.3'),
    getServerMode: vi.fn(() => null),
    setServerMode: vi.fn(async () => null),
    realtimeEmit: vi.fn(),
    cacheTickets: vi.fn(() => null),
    cacheMessages: vi.fn(() => null),
    outboxSend: vi.fn(async () => ({ state: 'pending' as const })),
    outboxPending: vi.fn(() => []),
    outboxDiscard: vi.fn(() => null),
    setUnreadCount: vi.fn(() => null),
    setRecording: vi.fn(() => null),
    facebookLogin: vi.fn(async () => null),
    getDesktopSettings: vi.fn(() => ({ startMinimized: false, updateChannel: 'stable' as const })),
    setDesktopSettings: vi.fn(() => null),
  };
}

function setup(overrides: Partial<MainHandlers> = {}) {
  const h = { ...handlers(), ...overrides };
  const fake = registerOnFakeIpcMain(h);
  const invoke = (channel: string, event: IpcSenderEvent, ...args: unknown[]) =>
    fake.handled.get(channel)!(event, ...args);
  return { ...fake, handlers: h, invoke };
}

describe('ipc registration', () => {
  it('has main’s side for every channel of the bridge: a handler for calls and sends, a pusher for pushes', () => {
    const { handled, listened } = setup();
    const pushers = createPushers(() => undefined);
    for (const name of ipcNames) {
      const { kind } = ipcTable[name];
      const channel = channelOf(name);
      if (kind === 'call') expect(handled.has(channel), channel).toBe(true);
      if (kind === 'send') expect(listened.has(channel), channel).toBe(true);
      if (kind === 'push') expect(pushers).toHaveProperty(name);
    }
    expect(handled.size + listened.size + Object.keys(pushers).length).toBe(ipcNames.length);
  });

  it('answers a call with its value', async () => {
    const { invoke } = setup();
    await expect(invoke(channelOf('version'), trusted)).resolves.toEqual({ ok: true, value: '1.2.3' });
    await expect(
      invoke(channelOf('request'), trusted, {
        method: 'GET',
        path: '/users',
        input: { query: { pageNumber: 1 } },
      }),
    ).resolves.toEqual({ ok: true, value: { users: [] } });
  });

  it('answers a failure as data, since ipc keeps only an error’s message', async () => {
    const { invoke } = setup({
      login: async () => {
        throw new ApiError(401, { error: 'ERR_INVALID_CREDENTIALS' });
      },
      restore: async () => {
        throw new Error('boom');
      },
    });
    await expect(invoke(channelOf('login'), trusted, { email: 'a@b.c', password: 'x' })).resolves.toEqual({
      ok: false,
      status: 401,
      body: { error: 'ERR_INVALID_CREDENTIALS' },
    });
    await expect(invoke(channelOf('restore'), trusted)).resolves.toEqual({
      ok: false,
      status: 500,
      body: { error: 'ERR_INTERNAL' },
    });
  });

  it('refuses malformed arguments before any handler runs', async () => {
    const { invoke, handlers: h } = setup();
    const bad = [
      [channelOf('request'), { method: 'PATCH', path: '/users', input: {} }],
      [channelOf('request'), { method: 'GET' }],
      [channelOf('login'), { email: 'a@b.c' }],
      [channelOf('setServerMode'), { mode: 'remote', url: 'javascript:alert(1)' }],
      [channelOf('setServerMode'), { mode: 'cloud' }],
    ] as const;
    for (const [channel, arg] of bad) {
      await expect(invoke(channel, trusted, arg)).resolves.toMatchObject({ ok: false, status: 400 });
    }
    expect(h.request).not.toHaveBeenCalled();
    expect(h.login).not.toHaveBeenCalled();
    expect(h.setServerMode).not.toHaveBeenCalled();
  });

  it('refuses, on every channel from the renderer, arguments its row does not describe', async () => {
    const { invoke, listened, handlers: h } = setup();
    const junk = (count: number) => Array.from({ length: count }, () => Symbol('junk'));
    for (const name of ipcNamesOf('call')) {
      const count = ipcTable[name].args.def.items.length;
      // One argument too many, and (where the row takes any) each of the wrong kind.
      for (const args of count > 0 ? [junk(count + 1), junk(count)] : [junk(1)]) {
        await expect(invoke(channelOf(name), trusted, ...args), name).resolves.toMatchObject({
          ok: false,
          status: 400,
        });
      }
    }
    for (const name of ipcNamesOf('send')) {
      const count = ipcTable[name].args.def.items.length;
      listened.get(channelOf(name))!(trusted, ...junk(count + 1));
      listened.get(channelOf(name))!(trusted, ...junk(count));
    }
    listened.get(channelOf('realtimeEmit'))!(trusted, 'notAClientEvent', []);
    for (const [name, handler] of Object.entries(h)) expect(handler, name).not.toHaveBeenCalled();
  });

  it('serves only the app’s own renderer', async () => {
    const { invoke, listened, handlers: h } = setup();
    const strangers: IpcSenderEvent[] = [
      foreign,
      { sender: { id: 'another window' }, senderFrame: trusted.senderFrame },
      { sender: ownSender, senderFrame: null },
      { sender: ownSender, senderFrame: { url: 'file:///tmp/page.html' } },
    ];
    for (const event of strangers) {
      await expect(invoke(channelOf('version'), event)).resolves.toEqual({
        ok: false,
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
      listened.get(channelOf('realtimeEmit'))!(event, 'joinTickets', ['open']);
    }
    expect(h.version).not.toHaveBeenCalled();
    expect(h.realtimeEmit).not.toHaveBeenCalled();
  });

  it('passes renderer emits on to realtime', () => {
    const { listened, handlers: h } = setup();
    listened.get(channelOf('realtimeEmit'))!(trusted, 'joinTickets', ['open']);
    listened.get(channelOf('realtimeEmit'))!(trusted, 'joinTickets', 'not an array');
    expect(h.realtimeEmit).toHaveBeenCalledExactlyOnceWith('joinTickets', ['open']);
  });

  it('pushes events, statuses and expiry to the renderer', () => {
    const sent: unknown[][] = [];
    const pushers = createPushers((...args) => sent.push(args));
    pushers.realtimeEvent('company-1-user', { action: 'delete', userId: 2 });
    pushers.realtimeStatus('connected');
    pushers.expired('replaced');
    expect(sent).toEqual([
      [channelOf('realtimeEvent'), 'company-1-user', { action: 'delete', userId: 2 }],
      [channelOf('realtimeStatus'), 'connected'],
      [channelOf('expired'), 'replaced'],
    ]);
  });

  it('trusts the development renderer by its origin', () => {
    const check = createSenderCheck('http://localhost:5173', () => ownSender);
    expect(check({ sender: ownSender, senderFrame: { url: 'http://localhost:5173/#/login' } })).toBe(true);
    expect(check({ sender: ownSender, senderFrame: { url: 'http://localhost:5174/' } })).toBe(false);
  });
});

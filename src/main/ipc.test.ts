import { describe, expect, it, vi } from 'vitest';
import { ApiError, IPC, type SessionInfo } from '../shared/bridge';
import {
  CHANNEL_KINDS,
  createPushers,
  createSenderCheck,
  type IpcSenderEvent,
  type MainHandlers,
} from './ipc';
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
    for (const [name, channel] of Object.entries(IPC) as [keyof typeof IPC, string][]) {
      const kind = CHANNEL_KINDS[name];
      if (kind === 'call') expect(handled.has(channel), channel).toBe(true);
      if (kind === 'send') expect(listened.has(channel), channel).toBe(true);
      if (kind === 'push') expect(pushers).toHaveProperty(name);
    }
    expect(handled.size + listened.size + Object.keys(pushers).length).toBe(Object.keys(IPC).length);
  });

  it('answers a call with its value', async () => {
    const { invoke } = setup();
    await expect(invoke(IPC.version, trusted)).resolves.toEqual({ ok: true, value: '1.2.3' });
    await expect(
      invoke(IPC.request, trusted, { method: 'GET', path: '/users', input: { query: { pageNumber: 1 } } }),
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
    await expect(invoke(IPC.login, trusted, { email: 'a@b.c', password: 'x' })).resolves.toEqual({
      ok: false,
      status: 401,
      body: { error: 'ERR_INVALID_CREDENTIALS' },
    });
    await expect(invoke(IPC.restore, trusted)).resolves.toEqual({
      ok: false,
      status: 500,
      body: { error: 'ERR_INTERNAL' },
    });
  });

  it('refuses malformed arguments before any handler runs', async () => {
    const { invoke, handlers: h } = setup();
    const bad = [
      [IPC.request, { method: 'PATCH', path: '/users', input: {} }],
      [IPC.request, { method: 'GET' }],
      [IPC.login, { email: 'a@b.c' }],
      [IPC.setServerMode, { mode: 'remote', url: 'javascript:alert(1)' }],
      [IPC.setServerMode, { mode: 'cloud' }],
    ] as const;
    for (const [channel, arg] of bad) {
      await expect(invoke(channel, trusted, arg)).resolves.toMatchObject({ ok: false, status: 400 });
    }
    expect(h.request).not.toHaveBeenCalled();
    expect(h.login).not.toHaveBeenCalled();
    expect(h.setServerMode).not.toHaveBeenCalled();
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
      await expect(invoke(IPC.version, event)).resolves.toEqual({
        ok: false,
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
      listened.get(IPC.realtimeEmit)!(event, 'joinTickets', ['open']);
    }
    expect(h.version).not.toHaveBeenCalled();
    expect(h.realtimeEmit).not.toHaveBeenCalled();
  });

  it('passes renderer emits on to realtime', () => {
    const { listened, handlers: h } = setup();
    listened.get(IPC.realtimeEmit)!(trusted, 'joinTickets', ['open']);
    listened.get(IPC.realtimeEmit)!(trusted, 'joinTickets', 'not an array');
    expect(h.realtimeEmit).toHaveBeenCalledExactlyOnceWith('joinTickets', ['open']);
  });

  it('pushes events, statuses and expiry to the renderer', () => {
    const sent: unknown[][] = [];
    const pushers = createPushers((...args) => sent.push(args));
    pushers.realtimeEvent('company-1-user', { action: 'delete', userId: 2 });
    pushers.realtimeStatus('connected');
    pushers.expired();
    expect(sent).toEqual([
      [IPC.realtimeEvent, 'company-1-user', { action: 'delete', userId: 2 }],
      [IPC.realtimeStatus, 'connected'],
      [IPC.expired],
    ]);
  });

  it('trusts the development renderer by its origin', () => {
    const check = createSenderCheck('http://localhost:5173', () => ownSender);
    expect(check({ sender: ownSender, senderFrame: { url: 'http://localhost:5173/#/login' } })).toBe(true);
    expect(check({ sender: ownSender, senderFrame: { url: 'http://localhost:5174/' } })).toBe(false);
  });
});

import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUPER, startTestServer, type TestServer } from '../server/test/server';
import type { RealtimeStatus } from '../shared/bridge';
import { rooms } from '../shared/realtime';
import { type Connect, createRealtime, type RealtimeClient } from './realtime';
import type { AccessToken } from './session';

let server: TestServer;
const received: string[] = [];
beforeAll(async () => {
  server = await startTestServer();
  server.realtime.io.on('connection', (socket) => socket.onAny((event: string) => received.push(event)));
});
afterAll(() => server.stop());

const clients: RealtimeClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.stop();
  received.length = 0;
});

function client(options: { statusPingMs?: number } = {}) {
  const events: [string, unknown][] = [];
  const statuses: RealtimeStatus[] = [];
  const onAuthError = vi.fn();
  const connectOptions: Parameters<Connect>[1][] = [];
  const realtime = createRealtime({
    connect: (url, opts) => {
      connectOptions.push(opts);
      return io(url, opts);
    },
    onEvent: (event, payload) => events.push([event, payload]),
    onStatus: (status) => statuses.push(status),
    onAuthError,
    ...options,
  });
  clients.push(realtime);
  return { realtime, events, statuses, onAuthError, connectOptions };
}

async function access(on: TestServer): Promise<AccessToken> {
  const session = await on.signIn(SUPER.email, SUPER.password);
  return { token: session.token, origin: on.url, sessionId: session.sessionId };
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000 });

describe('realtime in the main process', () => {
  it('connects with the access token and forwards every server event to the renderer', async () => {
    const { realtime, events, statuses } = client();
    realtime.update(await access(server));
    await until(() => realtime.status() === 'connected');
    expect(statuses).toEqual(['connecting', 'connected']);
    const payload = { action: 'update' as const, setting: { key: 'userRating', value: 'enabled' } };
    server.realtime.publish({ kind: 'settings', companyId: 1, to: rooms.company(1), data: payload });
    await until(() => events.length === 1);
    expect(events).toEqual([['company-1-settings', payload]]);
  });

  it('reconnects every second without limit', async () => {
    const { realtime, connectOptions } = client();
    realtime.update(await access(server));
    expect(connectOptions[0]).toMatchObject({
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 1000,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
    });
  });

  it('emits only the events a client may emit', async () => {
    const { realtime } = client();
    realtime.update(await access(server));
    await until(() => realtime.status() === 'connected');
    realtime.emit('disconnect', []);
    realtime.emit('company-1-user', [{ action: 'delete' }]);
    realtime.emit('joinTickets', ['open']);
    await until(() => received.includes('joinTickets'));
    expect(received).toEqual(['joinTickets']);
  });

  it('pings userStatus while connected', async () => {
    const { realtime } = client({ statusPingMs: 50 });
    realtime.update(await access(server));
    await until(() => received.filter((event) => event === 'userStatus').length >= 2);
  });

  it('asks for a refresh once when the handshake token is refused, and reconnects with the fresh one', async () => {
    const { realtime, onAuthError, statuses } = client();
    const old = await access(server);
    server.expireAccessTokens();
    realtime.update(old);
    await until(() => onAuthError.mock.calls.length === 1);
    expect(realtime.status()).toBe('disconnected');
    const refreshed = await server.signIn(SUPER.email, SUPER.password);
    // Same session id: the refreshed token revives the same socket.
    realtime.update({ ...old, token: refreshed.token });
    await until(() => realtime.status() === 'connected');
    expect(statuses).toEqual(['connecting', 'disconnected', 'connecting', 'connected']);
    expect(onAuthError).toHaveBeenCalledOnce();
  });

  it('disconnects when the session ends', async () => {
    const { realtime, statuses } = client();
    realtime.update(await access(server));
    await until(() => realtime.status() === 'connected');
    realtime.update(null);
    expect(realtime.status()).toBe('disconnected');
    expect(statuses.at(-1)).toBe('disconnected');
  });

  it('opens a new socket for a new sign-in, and keeps it across a refresh', async () => {
    const { realtime, connectOptions } = client();
    const first = await access(server);
    realtime.update(first);
    await until(() => realtime.status() === 'connected');
    realtime.update({ ...first, token: 'refreshed' });
    expect(connectOptions).toHaveLength(1);
    realtime.update(await access(server));
    expect(connectOptions).toHaveLength(2);
    await until(() => realtime.status() === 'connected');
  });
});

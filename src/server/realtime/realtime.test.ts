import { randomUUID } from 'node:crypto';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api';
import { rooms } from '../../shared/realtime';
import { aCompany, aUser, FIXTURE_PASSWORD, startTestServer, type TestServer } from '../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** Every `event` the socket receives from now on. */
function collect(socket: Socket, event: string): unknown[] {
  const received: unknown[] = [];
  socket.on(event, (payload) => received.push(payload));
  return received;
}

/**
 * Sends a marker to a room the socket is in and waits for it. Events reach one socket in the order
 * they were sent, so anything sent before the marker that was meant for this socket has arrived.
 */
async function drain(socket: Socket, room: string) {
  const id = randomUUID();
  const arrived = new Promise<void>((resolve) =>
    socket.on('marker', (payload: string) => payload === id && resolve()),
  );
  await server.realtime.settled();
  server.realtime.io.to(room).emit('marker', id);
  await arrived;
}

describe('socket authentication', () => {
  it('accepts a socket with a valid access token', async () => {
    const company = await aCompany(server);
    const socket = await server.socket(company.admin.token);
    expect(socket.connected).toBe(true);
  });

  it('refuses a socket without a token', async () => {
    const socket = connectSocket(server.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(error).toMatchObject({ message: 'ERR_SESSION_EXPIRED', data: { status: 401 } });
    } finally {
      socket.disconnect();
    }
  });

  it('refuses a forged token and the token of a session ended by a later login', async () => {
    const company = await aCompany(server);
    const ended = company.admin.token;
    await server.signIn(company.admin.email, FIXTURE_PASSWORD);
    await expect(server.socket('eyJhbGciOiJIUzI1NiJ9.e30.x')).rejects.toMatchObject({
      message: 'ERR_SESSION_EXPIRED',
      data: { status: 401 },
    });
    await expect(server.socket(ended)).rejects.toMatchObject({ data: { status: 401 } });
  });

  it('refuses the socket of a company past its due date', async () => {
    const company = await aCompany(server, { dueDate: '2020-01-01' });
    await expect(server.socket(company.admin.token)).rejects.toMatchObject({
      message: 'ERR_SUBSCRIPTION_EXPIRED',
      data: { status: 402 },
    });
  });
});

describe('rooms', () => {
  it("delivers a company's events to its members only", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const ofA = await server.socket(a.admin.token);
    const ofB = await server.socket(b.admin.token);
    const atA = collect(ofA, 'probe');
    const atB = collect(ofB, 'probe');
    server.realtime.io.to(rooms.company(a.id)).emit('probe', 'for A');
    await drain(ofA, rooms.company(a.id));
    await drain(ofB, rooms.company(b.id));
    expect(atA).toEqual(['for A']);
    expect(atB).toEqual([]);
  });

  it("delivers the admins' room to admins and not to plain users", async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const admin = await server.socket(company.admin.token);
    const plain = await server.socket(user.token);
    const atAdmin = collect(admin, 'probe');
    const atPlain = collect(plain, 'probe');
    server.realtime.io.to(rooms.companyAdmins(company.id)).emit('probe', 'admins only');
    await drain(admin, rooms.user(company.admin.id));
    await drain(plain, rooms.user(user.id));
    expect(atAdmin).toEqual(['admins only']);
    expect(atPlain).toEqual([]);
  });

  it("delivers a user's room to that user and not to colleagues", async () => {
    const company = await aCompany(server);
    const colleague = await aUser(server, company.id);
    const own = await server.socket(company.admin.token);
    const other = await server.socket(colleague.token);
    const atOwn = collect(own, 'probe');
    const atOther = collect(other, 'probe');
    server.realtime.io.to(rooms.user(company.admin.id)).emit('probe', 'personal');
    await drain(own, rooms.company(company.id));
    await drain(other, rooms.company(company.id));
    expect(atOwn).toEqual(['personal']);
    expect(atOther).toEqual([]);
  });
});

describe('presence', () => {
  const onlineOf = async (token: string, userId: number) => {
    const res = await server.call(api.users.listAll, { query: {} }, { token });
    return (res.body as { id: number; online: boolean }[]).find((u) => u.id === userId)?.online;
  };

  it('shows a user online while one of their sockets is connected', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    expect(await onlineOf(company.admin.token, user.id)).toBe(false);
    const first = await server.socket(user.token);
    const second = await server.socket(user.token);
    expect(await onlineOf(company.admin.token, user.id)).toBe(true);
    first.disconnect();
    // The server has handled the first disconnect once the user's room holds a single socket.
    await vi.waitFor(async () =>
      expect(await server.realtime.io.in(rooms.user(user.id)).fetchSockets()).toHaveLength(1),
    );
    expect(await onlineOf(company.admin.token, user.id)).toBe(true);
    second.disconnect();
    await vi.waitFor(async () => expect(await onlineOf(company.admin.token, user.id)).toBe(false));
  });

  it('records the userStatus ping of a connected user', async () => {
    const company = await aCompany(server);
    const socket = await server.socket(company.admin.token);
    const ping = vi.spyOn(server.deps.presence, 'ping');
    try {
      socket.emit('userStatus');
      await vi.waitFor(() => expect(ping).toHaveBeenCalledWith(company.admin.id));
      expect(await onlineOf(company.admin.token, company.admin.id)).toBe(true);
    } finally {
      ping.mockRestore();
    }
  });
});

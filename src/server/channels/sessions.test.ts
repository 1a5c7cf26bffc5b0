import { hostname } from 'node:os';
import type { UserFacingSocketConfig } from 'baileys';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api';
import { connectionCommands, connectionLeases, whatsapps } from '../db/schema';
import { aCompany, startTestServer, type TestServer } from '../test/server';
import { claimCommands, finishCommand, submitCommand, takeOutcome } from './commands';
import type { ConnectionRef } from './driver';
import { leaseHolder } from './leases';
import { encodeWire } from './remote';
import { Sessions } from './sessions';
import type { FakeSocket } from './test/fake-whatsapp';
import { offlineWhatsapp } from './test/offline-whatsapp';
import { registerWhatsappChannel } from './whatsapp/channel';

/*
 * Leases at work in real servers: which server runs a WhatsApp session, takeovers, and session actions
 * that reach a server which does not run the session. Only the WhatsApp socket is fake.
 */

// A lease outlives a busy test machine's pauses; takeovers of leases other tests set up are quicker.
const TIMING = { ttlMs: 2_000, heartbeatMs: 100, commandPollMs: 40, commandTimeoutMs: 1_500 };
/** A process on another machine, as far as this server can tell. */
const ELSEWHERE = 'other-machine:4242:beef';

/** What happened to the sockets of the servers of a test, in order: `made` and `end` per server. */
interface SocketLog {
  events: { server: string; connectionId: number; event: 'made' | 'end' }[];
  /** The most sockets of one connection open at the same time, over all the servers. */
  mostOpenAtOnce(connectionId: number): number;
  made(server: string, connectionId: number): FakeSocket[];
}

function socketLog(): SocketLog & { recorder(server: string): ReturnType<typeof recordSockets> } {
  const events: SocketLog['events'] = [];
  const sockets = new Map<string, FakeSocket[]>();
  const log = {
    events,
    mostOpenAtOnce(connectionId: number) {
      let open = 0;
      let most = 0;
      for (const e of events.filter((x) => x.connectionId === connectionId)) {
        open += e.event === 'made' ? 1 : -1;
        most = Math.max(most, open);
      }
      return most;
    },
    made: (server: string, connectionId: number) => sockets.get(`${server}:${connectionId}`) ?? [],
    recorder: (server: string) => recordSockets(server, events, sockets),
  };
  return log;
}

/** Registers the WhatsApp channel on a server with offline sockets whose start and end are logged. */
function recordSockets(server: string, events: SocketLog['events'], sockets: Map<string, FakeSocket[]>) {
  const offline = offlineWhatsapp();
  return (target: TestServer) =>
    registerWhatsappChannel(target.deps, {
      makeSocket: (config: UserFacingSocketConfig, connection: ConnectionRef) => {
        const socket = offline.makeSocket(config, connection);
        events.push({ server, connectionId: connection.id, event: 'made' });
        const key = `${server}:${connection.id}`;
        sockets.set(key, [...(sockets.get(key) ?? []), socket]);
        // A socket ends when it is ended or logged out, whichever comes first.
        let ended = false;
        const endOnce = () => {
          if (!ended) events.push({ server, connectionId: connection.id, event: 'end' });
          ended = true;
        };
        const { end, logout } = socket;
        socket.end = async (error) => {
          endOnce();
          return end(error);
        };
        socket.logout = async (msg) => {
          endOnce();
          return logout(msg);
        };
        return socket;
      },
    });
}

const statusOf = async (server: TestServer, id: number) =>
  (await server.database.db.select().from(whatsapps).where(eq(whatsapps.id, id)))[0]?.status;

/** A connection row nobody connected yet, optionally already leased to `owner` for `ms`. */
async function aStoredConnection(
  server: TestServer,
  companyId: number,
  lease?: { owner: string; ms: number },
) {
  return server.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(whatsapps)
      .values({ companyId, name: 'Loja', channel: 'whatsapp' })
      .returning();
    if (lease) {
      await tx.insert(connectionLeases).values({
        whatsappId: row!.id,
        owner: lease.owner,
        expiresAt: sql`now() + ${lease.ms} * interval '1 millisecond'`,
      });
    }
    return row!;
  });
}

const afterHeartbeats = (n: number) => new Promise((resolve) => setTimeout(resolve, n * TIMING.heartbeatMs));

describe('a server and its leases', () => {
  let server: TestServer;
  const log = socketLog();
  let companyId: number;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({}, { leaseTiming: TIMING });
    log.recorder('one')(server);
    const company = await aCompany(server);
    companyId = company.id;
    adminToken = company.admin.token;
  });
  afterAll(() => server.stop());

  it('connects a new connection itself and holds its lease', async () => {
    const res = await server.call(api.whatsapps.create, { body: { name: 'Loja' } }, { token: adminToken });
    const { id } = res.body as { id: number };
    await vi.waitFor(() => expect(log.made('one', id)).toHaveLength(1), { timeout: 3_000 });
    expect(await leaseHolder(server.database.db, id)).toBe(server.deps.sessions.owner);
  });

  it('leaves alone a connection another live server runs, and takes it over once that lease expires', async () => {
    const row = await aStoredConnection(server, companyId, { owner: ELSEWHERE, ms: 500 });
    await afterHeartbeats(3);
    expect(log.made('one', row.id)).toHaveLength(0);
    await vi.waitFor(() => expect(log.made('one', row.id)).toHaveLength(1), { timeout: 3_000 });
    expect(await leaseHolder(server.database.db, row.id)).toBe(server.deps.sessions.owner);
  });

  it('takes over a stored connection no server runs', async () => {
    const row = await aStoredConnection(server, companyId);
    await vi.waitFor(() => expect(log.made('one', row.id)).toHaveLength(1), { timeout: 3_000 });
  });

  it('stops a session whose lease another server has taken over', async () => {
    const row = await aStoredConnection(server, companyId);
    await server.deps.sessions.connect(row);
    await vi.waitFor(() => expect(log.made('one', row.id)).toHaveLength(1), { timeout: 3_000 });
    // This server stalled past its lease and another took the connection meanwhile.
    await server.database.db
      .update(connectionLeases)
      .set({ owner: ELSEWHERE, expiresAt: sql`now() + interval '1 minute'` })
      .where(eq(connectionLeases.whatsappId, row.id));
    await vi.waitFor(() => expect(server.deps.channels.driverOf(row.id)).toBeUndefined(), { timeout: 3_000 });
    expect(log.events).toContainEqual({ server: 'one', connectionId: row.id, event: 'end' });
    expect(log.mostOpenAtOnce(row.id)).toBe(1);
  });

  it('asks the server that runs a session to perform a session action, and answers once it did', async () => {
    const row = await aStoredConnection(server, companyId, { owner: ELSEWHERE, ms: 60_000 });
    const asked = server.call(api.whatsapps.newQr, { params: { id: row.id } }, { token: adminToken });
    // The other server's side: it finds the command among those of its connections and runs it.
    const command = await vi.waitFor(
      async () => {
        const [found] = await claimCommands(server.database.db, ELSEWHERE, 60_000);
        if (!found) throw new Error('no command yet');
        return found;
      },
      { timeout: 3_000 },
    );
    expect(command).toMatchObject({ connectionId: row.id, action: 'newQr' });
    await finishCommand(server.database.db, command.id, {});
    expect(await asked).toMatchObject({ status: 200, body: { ok: true } });
    expect(log.made('one', row.id)).toHaveLength(0);
  });

  it('answers the pairing code the server running the session got for the number', async () => {
    const row = await aStoredConnection(server, companyId, { owner: ELSEWHERE, ms: 60_000 });
    const asked = server.call(
      api.whatsapps.pairingCode,
      { params: { id: row.id }, body: { number: '+55 11 91234-5678' } },
      { token: adminToken },
    );
    const command = await vi.waitFor(
      async () => {
        const [found] = await claimCommands(server.database.db, ELSEWHERE, 60_000);
        if (!found) throw new Error('no command yet');
        return found;
      },
      { timeout: 3_000 },
    );
    expect(command).toMatchObject({ connectionId: row.id, action: 'pair', argument: '5511912345678' });
    await finishCommand(server.database.db, command.id, { result: 'WXYZ9876' });
    expect(await asked).toMatchObject({ status: 200, body: { code: 'WXYZ9876' } });
  });

  it('answers the error the server running the session met, with its status', async () => {
    const row = await aStoredConnection(server, companyId, { owner: ELSEWHERE, ms: 60_000 });
    const asked = server.call(api.whatsapps.disconnect, { params: { id: row.id } }, { token: adminToken });
    const command = await vi.waitFor(
      async () => {
        const [found] = await claimCommands(server.database.db, ELSEWHERE, 60_000);
        if (!found) throw new Error('no command yet');
        return found;
      },
      { timeout: 3_000 },
    );
    await finishCommand(server.database.db, command.id, { error: 'ERR_NO_WAPP_FOUND', status: 404 });
    expect(await asked).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
  });

  it('answers ERR_WAPP_NOT_INITIALIZED when the server running the session never takes the action', async () => {
    const row = await aStoredConnection(server, companyId, { owner: ELSEWHERE, ms: 60_000 });
    const res = await server.call(
      api.whatsapps.retrySession,
      { params: { id: row.id } },
      { token: adminToken },
    );
    expect(res).toMatchObject({ status: 503, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    // Given up on, the action can never run late.
    expect(
      await server.database.db
        .select()
        .from(connectionCommands)
        .where(eq(connectionCommands.whatsappId, row.id)),
    ).toEqual([]);
    expect(log.made('one', row.id)).toHaveLength(0);
  });

  it('answers ERR_WAPP_NOT_INITIALIZED when the server running the session took the action and never answered', async () => {
    const row = await aStoredConnection(server, companyId, { owner: ELSEWHERE, ms: 60_000 });
    const asked = server.call(api.whatsapps.retrySession, { params: { id: row.id } }, { token: adminToken });
    // The other server takes the command (it is running there), then dies before it says how it went.
    await vi.waitFor(async () =>
      expect(await claimCommands(server.database.db, ELSEWHERE, 60_000)).toHaveLength(1),
    );
    // Whether it ran is unknown: an error after the wait, never a wait without end.
    expect(await asked).toMatchObject({ status: 503, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    expect(log.made('one', row.id)).toHaveLength(0);
  });

  it('runs the session actions other servers ask of it', async () => {
    const row = await aStoredConnection(server, companyId);
    await server.deps.sessions.connect(row);
    const socket = log.made('one', row.id).at(-1);
    await vi.waitFor(async () => expect(await statusOf(server, row.id)).toBe('qrcode'));
    socket!.open();
    await vi.waitFor(async () => expect(await statusOf(server, row.id)).toBe('CONNECTED'));
    const command = (await submitCommand(server.database.db, row.id, 'disconnect'))!;
    await vi.waitFor(async () =>
      expect(await takeOutcome(server.database.db, command)).toEqual({ state: 'done' }),
    );
    expect(socket!.calledWith('logout')).toHaveLength(1);
    expect(await statusOf(server, row.id)).toBe('DISCONNECTED');
    // Disconnected, the session stays with this server: no other takes it over to show a QR code.
    expect(await leaseHolder(server.database.db, row.id)).toBe(server.deps.sessions.owner);
  });

  it('answers a command asked while an earlier one still runs without waiting for it', async () => {
    const row = await aStoredConnection(server, companyId);
    await server.deps.sessions.connect(row);
    const socket = log.made('one', row.id).at(-1)!;
    await vi.waitFor(async () => expect(await statusOf(server, row.id)).toBe('qrcode'));
    socket.open();
    await vi.waitFor(async () => expect(await statusOf(server, row.id)).toBe('CONNECTED'));
    // A profile picture WhatsApp is slow to answer, then a number check asked meanwhile.
    let answer: ((url: string) => void) | undefined;
    socket.profilePictureUrl = () => new Promise((resolve) => (answer = resolve));
    const { db } = server.database;
    const call = (method: string, number: string) => encodeWire({ method, args: [number] });
    const slow = (await submitCommand(db, row.id, 'call', call('profilePicture', '5511911112222')))!;
    await vi.waitFor(() => expect(answer).toBeDefined());
    const quick = (await submitCommand(db, row.id, 'call', call('checkNumber', '5511933334444')))!;
    await vi.waitFor(async () => expect(await takeOutcome(db, quick)).toMatchObject({ state: 'done' }));
    expect(await takeOutcome(db, slow)).toBeUndefined();
    answer!('https://pictures.test/slow.jpg');
    await vi.waitFor(async () =>
      expect(await takeOutcome(db, slow)).toEqual({
        state: 'done',
        result: '"https://pictures.test/slow.jpg"',
      }),
    );
  });

  it('frees at start-up the leases of processes of this machine that no longer run', async () => {
    const stopped = `${hostname()}:${2 ** 22 + 7}:dead`;
    const orphan = await aStoredConnection(server, companyId, { owner: stopped, ms: 60_000 });
    const foreign = await aStoredConnection(server, companyId, { owner: ELSEWHERE, ms: 60_000 });
    const restarted = new Sessions(() => server.deps, TIMING);
    await restarted.start(['whatsapp']);
    try {
      // Freed, the connection goes to a live process here: the restarted one, or the test server's own
      // heartbeat when it looks for free connections in between.
      expect([restarted.owner, server.deps.sessions.owner]).toContain(
        await leaseHolder(server.database.db, orphan.id),
      );
      expect(await leaseHolder(server.database.db, foreign.id)).toBe(ELSEWHERE);
    } finally {
      await restarted.stop();
    }
    // Stopping gave back what the restarted process held at once.
    expect(await leaseHolder(server.database.db, orphan.id)).not.toBe(restarted.owner);
  });
});

// One PGlite database lives inside one process: only PostgreSQL is shared by servers.
describe.skipIf(!process.env.DATABASE_URL)('two servers on one PostgreSQL database', () => {
  let first: TestServer;
  let second: TestServer;
  let log: ReturnType<typeof socketLog>;
  let companyId: number;
  let adminToken: string;

  beforeAll(async () => {
    log = socketLog();
    first = await startTestServer({}, { leaseTiming: TIMING });
    second = await startTestServer({}, { leaseTiming: TIMING, database: await first.database.share() });
    log.recorder('first')(first);
    log.recorder('second')(second);
    const company = await aCompany(first);
    companyId = company.id;
    adminToken = company.admin.token;
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  const made = (id: number) => [...log.made('first', id), ...log.made('second', id)];

  it('runs a connection in the server that created it; the other never connects it', async () => {
    const res = await second.call(api.whatsapps.create, { body: { name: 'Loja' } }, { token: adminToken });
    const { id } = res.body as { id: number };
    await afterHeartbeats(5);
    expect(log.made('second', id)).toHaveLength(1);
    expect(log.made('first', id)).toHaveLength(0);
  });

  it('keeps a connection reserved in its creating transaction while its session has not started yet', async () => {
    // The window between the creating commit and the session's start, held open: heartbeats pass in it.
    const row = await second.database.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(whatsapps)
        .values({ companyId, name: 'Reservada', channel: 'whatsapp' })
        .returning();
      await second.deps.sessions.reserve(tx, created!);
      return created!;
    });
    await afterHeartbeats(5);
    // Neither server started a session of its own: the creating request starts it.
    expect(await leaseHolder(first.database.db, row.id)).toBe(second.deps.sessions.owner);
    expect(made(row.id)).toHaveLength(0);
    // A reservation whose session never starts (the request failed) is free again after the lease time.
    await vi.waitFor(() => expect(made(row.id)).toHaveLength(1), { timeout: 5_000 });
  });

  it('gives a stored connection to one of the two servers when both look for free ones', async () => {
    const row = await aStoredConnection(first, companyId);
    await vi.waitFor(() => expect(made(row.id)).toHaveLength(1), { timeout: 3_000 });
    await afterHeartbeats(5);
    expect(made(row.id)).toHaveLength(1);
  });

  it('sends session actions that reach the other server to the server that runs the session', async () => {
    const res = await first.call(api.whatsapps.create, { body: { name: 'Loja' } }, { token: adminToken });
    const { id } = res.body as { id: number };
    const [socket] = log.made('first', id);
    await vi.waitFor(async () => expect(await statusOf(first, id)).toBe('qrcode'));
    socket!.open();
    await vi.waitFor(async () => expect(await statusOf(first, id)).toBe('CONNECTED'));

    expect(await second.call(api.whatsapps.newQr, { params: { id } }, { token: adminToken })).toMatchObject({
      status: 200,
    });
    expect(socket!.calledWith('logout')).toHaveLength(1);
    expect(log.made('first', id)).toHaveLength(2);
    await vi.waitFor(async () => expect(await statusOf(first, id)).toBe('qrcode'));

    expect(
      await second.call(api.whatsapps.disconnect, { params: { id } }, { token: adminToken }),
    ).toMatchObject({
      status: 200,
    });
    expect(await statusOf(first, id)).toBe('DISCONNECTED');
    expect(
      await second.call(api.whatsapps.retrySession, { params: { id } }, { token: adminToken }),
    ).toMatchObject({ status: 200 });
    expect(log.made('first', id)).toHaveLength(3);

    // A pairing code and a restart of the company's connections, asked of the other server too.
    expect(
      await second.call(
        api.whatsapps.pairingCode,
        { params: { id }, body: { number: '5511912345678' } },
        { token: adminToken },
      ),
    ).toMatchObject({ status: 200, body: { code: 'ABCD1234' } });
    expect(log.made('first', id).at(-1)!.calledWith('requestPairingCode')).toEqual([['5511912345678']]);
    await vi.waitFor(async () => expect(await statusOf(first, id)).toBe('PAIRING'));
    expect(await second.call(api.whatsapps.restart, {}, { token: adminToken })).toMatchObject({
      status: 200,
    });
    expect(log.made('first', id)).toHaveLength(4);

    expect(log.made('second', id)).toHaveLength(0);
    expect(log.mostOpenAtOnce(id)).toBe(1);
  });

  it('hands the sessions of a server that stops over to the other at once', async () => {
    const third = await startTestServer(
      {},
      { leaseTiming: { ...TIMING, ttlMs: 60_000 }, database: await first.database.share() },
    );
    log.recorder('third')(third);
    const res = await third.call(api.whatsapps.create, { body: { name: 'Loja' } }, { token: adminToken });
    const { id } = res.body as { id: number };
    await vi.waitFor(() => expect(log.made('third', id)).toHaveLength(1), { timeout: 3_000 });
    await third.stop();
    // Long before the stopped server's lease would expire.
    await vi.waitFor(() => expect(made(id)).toHaveLength(1), { timeout: 3_000 });
    expect(log.mostOpenAtOnce(id)).toBe(1);
  });

  it('takes over the sessions of a server that lost its database once its lease expires, never running one twice', async () => {
    const doomed = await startTestServer({}, { leaseTiming: TIMING, database: await first.database.share() });
    log.recorder('doomed')(doomed);
    const res = await doomed.call(api.whatsapps.create, { body: { name: 'Loja' } }, { token: adminToken });
    const { id } = res.body as { id: number };
    await vi.waitFor(() => expect(log.made('doomed', id)).toHaveLength(1), { timeout: 3_000 });
    // The server is cut off: its heartbeat fails, it stops its session, its lease runs out.
    await doomed.database.close();
    await vi.waitFor(() => expect(made(id)).toHaveLength(1), { timeout: 10_000 });
    const ended = log.events.findIndex(
      (e) => e.server === 'doomed' && e.connectionId === id && e.event === 'end',
    );
    const taken = log.events.findIndex(
      (e) => e.server !== 'doomed' && e.connectionId === id && e.event === 'made',
    );
    expect(ended).toBeGreaterThanOrEqual(0);
    expect(ended).toBeLessThan(taken);
    expect(log.mostOpenAtOnce(id)).toBe(1);
    await doomed.stopApp();
  });
});

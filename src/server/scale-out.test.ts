import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events } from '../shared/realtime';
import { messages } from './db/schema';
import { clusterAvailable, type ServerProcess, TestCluster } from './test/cluster';
import { openTestDatabase } from './test/database';
import { startLocalS3 } from './test/s3';
import { aCompany, aQueue, aUser } from './test/server';

/** Everything a socket receives, by event name. */
function record(socket: Socket) {
  const received: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  return {
    of: (event: string) => received.filter((r) => r.event === event).map((r) => r.payload),
  };
}

const WAIT = { timeout: 15_000, interval: 100 };

// Real server processes share only PostgreSQL and Redis: the suite needs both (CI starts them).
describe.skipIf(!clusterAvailable)('several server processes on one PostgreSQL and one Redis', () => {
  let cluster: TestCluster;
  let a: ServerProcess;
  let b: ServerProcess;
  let company: Awaited<ReturnType<typeof aCompany>>;
  let queueId: number;
  let connectionId: number;

  beforeAll(async () => {
    cluster = new TestCluster(await openTestDatabase());
    // Five login attempts and three external API sends a minute, counted across the servers.
    const env = { ATENDO_LOGIN_RATE_LIMIT: '5', ATENDO_API_RATE_LIMIT: '3' };
    // Started together on an empty database: one seeds the platform, the other finds it seeded.
    [a, b] = await Promise.all([cluster.start('a', env), cluster.start('b', env)]);
    company = await aCompany(cluster);
    queueId = (await aQueue(cluster, company.id)).id;
    // A test connection created through server A: A holds its lease and runs it.
    const created = await a.call<{ id: number }>('POST', '/api/test-channel/connections', {
      token: company.admin.token,
      body: { name: 'Loja', queueIds: [queueId] },
    });
    expect(created.status).toBe(200);
    connectionId = created.body.id;
  });
  afterAll(async () => {
    await cluster?.stop();
    await cluster?.database.close();
  });

  const inbound = async (server: ServerProcess, from: string, body: string) => {
    const res = await server.call<{ ticketId: number }>('POST', `/api/test-channel/${connectionId}/inbound`, {
      body: { from, body },
    });
    expect(res.status).toBe(200);
    return res.body.ticketId;
  };
  const lastMessageOf = (payload: unknown) =>
    (payload as { ticket?: { lastMessage?: string } }).ticket?.lastMessage;
  const bodyOf = (payload: unknown) => (payload as { message?: { body?: string } }).message?.body;

  it('relays what one server stores to the sockets of another that may see it, and only those', async () => {
    const attendant = await aUser(cluster, company.id, { queueIds: [queueId] });
    const outsider = await aUser(cluster, company.id, { name: 'Other queue' });
    const attendantSocket = await b.socket(attendant.token);
    const seen = record(attendantSocket);
    const unseen = record(await b.socket(outsider.token));
    const admin = record(await a.socket(company.admin.token));

    const ticketId = await inbound(a, '5511988887777', 'olá do servidor A');
    const tickets = events.ticket(company.id);
    await vi.waitFor(() => expect(seen.of(tickets).map(lastMessageOf)).toContain('olá do servidor A'), WAIT);

    // The chat box room of server B: the ticket's next message reaches it.
    expect(await attendantSocket.emitWithAck('joinChatBox', String(ticketId))).toBe(true);
    await inbound(a, '5511988887777', 'segunda mensagem');
    const messages = events.appMessage(company.id);
    await vi.waitFor(() => expect(seen.of(messages).map(bodyOf)).toContain('segunda mensagem'), WAIT);
    // The admin's socket on the storing server got it; by then the other server has long decided.
    await vi.waitFor(() => expect(admin.of(tickets).map(lastMessageOf)).toContain('segunda mensagem'), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(unseen.of(tickets)).toEqual([]);
    expect(unseen.of(messages)).toEqual([]);
  });

  it('ends the other sessions of a user who signs in again, whichever server their socket is on', async () => {
    const user = await aUser(cluster, company.id, { queueIds: [queueId] });
    const onA = record(await a.socket(user.token));
    const again = await b.signIn(user.email, 'secret1');
    await vi.waitFor(
      () =>
        expect(onA.of(events.auth(company.id))).toContainEqual(
          expect.objectContaining({ action: 'update', user: { id: user.id }, sessionId: again.sessionId }),
        ),
      WAIT,
    );
  });

  it('reloads a user whose queues change on the sockets of every server', async () => {
    const user = await aUser(cluster, company.id, { name: 'Joins later' });
    const socket = record(await b.socket(user.token));
    // The admin gives the user the queue through server A; B's socket sees that queue's tickets after.
    const updated = await a.call('PUT', `/api/users/${user.id}`, {
      token: company.admin.token,
      body: { queueIds: [queueId] },
    });
    expect(updated.status).toBe(200);
    // The change reaches B's socket before what A publishes next: both travel A's one relay in order.
    await inbound(a, '5511977776666', 'depois da mudança');
    await vi.waitFor(
      () => expect(socket.of(events.ticket(company.id)).map(lastMessageOf)).toContain('depois da mudança'),
      WAIT,
    );
  });

  it('sends a reply posted to one server through the server that runs the connection, once', async () => {
    const ticketId = await inbound(a, '5511966665555', 'preciso de ajuda');
    const sent = await b.call('POST', `/api/messages/${ticketId}`, {
      token: company.admin.token,
      body: { body: 'resposta pelo servidor B' },
    });
    expect(sent.status).toBe(200);
    const out = await a.call<{ kind: string; body: string; to: string }[]>(
      'GET',
      `/api/test-channel/${connectionId}/sent`,
    );
    expect(out.body.filter((r) => r.body === 'resposta pelo servidor B')).toEqual([
      expect.objectContaining({ kind: 'text', to: '5511966665555' }),
    ]);
    // Server B never ran the connection: it has no driver of it.
    expect((await b.call('GET', `/api/test-channel/${connectionId}/sent`)).status).toBe(404);
  });

  it('runs a session action asked of another server on the server that holds the connection', async () => {
    const before = await a.call<unknown[]>('GET', `/api/test-channel/${connectionId}/sent`);
    expect(before.body.length).toBeGreaterThan(0);
    const retried = await b.call('POST', `/api/whatsappsession/${connectionId}`, {
      token: company.admin.token,
    });
    expect(retried.status).toBe(200);
    // Server A started the session over: a new driver, nothing sent yet; B still runs nothing.
    expect((await a.call<unknown[]>('GET', `/api/test-channel/${connectionId}/sent`)).body).toEqual([]);
    expect((await b.call('GET', `/api/test-channel/${connectionId}/sent`)).status).toBe(404);
  });

  it('imports the history asked for through another server on the server that runs the connection, and shows the outcome on every server', async () => {
    const importQueue = await aQueue(cluster, company.id, 'Importados');
    const admin = record(await b.socket(company.admin.token));
    const daysAgo = (days: number) => Date.now() - days * 24 * 60 * 60_000;
    // Through server B: the connection imports the last 30 days, and a new login (new QR) asks for them.
    const updated = await b.call('PUT', `/api/whatsapp/${connectionId}`, {
      token: company.admin.token,
      body: {
        enableImportMessage: true,
        importOldMessages: new Date(daysAgo(30)).toISOString(),
        importRecentMessages: new Date().toISOString(),
        queueIdImportMessages: importQueue.id,
      },
    });
    expect(updated).toMatchObject({ status: 200 });
    const renewed = await b.call('PUT', `/api/whatsappsession/${connectionId}`, {
      token: company.admin.token,
    });
    expect(renewed.status).toBe(200);

    // The new login ran on server A, and asked the channel for the history.
    const handed = await a.call('POST', `/api/test-channel/${connectionId}/history`, {
      body: {
        complete: true,
        messages: [
          { id: 'HIST-1', from: '5511955550001', body: 'pedido de ontem', timestamp: daysAgo(1) },
          { id: 'HIST-2', from: '5511955550002', body: 'orçamento', timestamp: daysAgo(3) },
          { id: 'HIST-3', from: '5511955550003', body: 'antigo demais', timestamp: daysAgo(90) },
        ],
      },
    });
    expect(handed.body).toEqual({ asked: true });

    // Its outcome comes back through server B: the progress, the refresh, the button, the tickets.
    const progress = () => admin.of(events.importMessages(company.id));
    await vi.waitFor(
      () => expect(progress()).toContainEqual({ action: 'refresh', whatsappId: connectionId }),
      WAIT,
    );
    expect(progress()).toContainEqual({
      action: 'update',
      whatsappId: connectionId,
      status: { processed: 2, all: 2, date: expect.any(String) },
    });
    const shown = await b.call<{ statusImportMessages: string }>('GET', `/api/whatsapp/${connectionId}`, {
      token: company.admin.token,
    });
    expect(shown.body.statusImportMessages).toBe('renderButtonCloseTickets');
    const closed = await b.call('POST', `/api/closedimported/${connectionId}`, {
      token: company.admin.token,
    });
    expect(closed).toMatchObject({ status: 200, body: { closed: 2 } });
    await b.call('PUT', `/api/whatsapp/${connectionId}`, {
      token: company.admin.token,
      body: { enableImportMessage: false },
    });
  });

  it('shows on every server the number of the phone linked to a connection another server runs', async () => {
    const admin = record(await b.socket(company.admin.token));
    expect(
      (await a.call('POST', `/api/test-channel/${connectionId}/login`, { body: { number: '5511900001111' } }))
        .status,
    ).toBe(200);
    await vi.waitFor(
      () =>
        expect(admin.of(events.whatsappSession(company.id))).toContainEqual({
          action: 'update',
          session: expect.objectContaining({
            id: connectionId,
            status: 'CONNECTED',
            number: '5511900001111',
          }),
        }),
      WAIT,
    );
    for (const server of [a, b]) {
      const shown = await server.call<{ number: string | null }>('GET', `/api/whatsapp/${connectionId}`, {
        token: company.admin.token,
      });
      expect(shown.body.number).toBe('5511900001111');
    }
  });

  it('counts login attempts across the servers', async () => {
    const attempt = (server: ServerProcess) =>
      server.call('POST', '/api/auth/login', {
        body: { email: 'nobody@atendo.test', password: 'wrong' },
        headers: { 'x-forwarded-for': '192.0.2.7' },
      });
    const statuses = [];
    for (const server of [a, b, a, b, a, b]) statuses.push((await attempt(server)).status);
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
  });

  it('counts external API sends of one connection token across the servers', async () => {
    const send = (server: ServerProcess) =>
      server.call('POST', '/api/messages/send', {
        headers: { authorization: 'Bearer scale-out-token' },
        body: { number: '5511922221111', body: 'pela API' },
      });
    const statuses = [];
    for (const server of [a, b, a, b]) statuses.push((await send(server)).status);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it('answers liveness and readiness on every server', async () => {
    for (const server of [a, b]) {
      expect(await server.call('GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await server.call('GET', '/api/ready')).toMatchObject({
        status: 200,
        body: { status: 'ready', database: true, redis: true },
      });
    }
  });

  it('shows a user online on every server while a socket of theirs is connected to one', async () => {
    const user = await aUser(cluster, company.id, { name: 'Present' });
    const onlineOn = async (server: ServerProcess) => {
      const res = await server.call<{ online: boolean }>('GET', `/api/users/${user.id}`, {
        token: company.admin.token,
      });
      return res.body.online;
    };
    expect(await onlineOn(a)).toBe(false);
    const socket = await b.socket(user.token);
    await vi.waitFor(async () => expect(await onlineOn(a)).toBe(true), WAIT);
    expect(await onlineOn(b)).toBe(true);
    socket.disconnect();
    await vi.waitFor(async () => expect(await onlineOn(a)).toBe(false), WAIT);
  });

  it('serves through one server a file sent through another', async () => {
    const ticketId = await inbound(a, '5511944443333', 'manda o arquivo');
    const bytes = Buffer.from('%PDF-1.4 scale-out test file');
    const form = new FormData();
    form.append('medias', new File([bytes], 'contrato.pdf', { type: 'application/pdf' }));
    form.append('body', 'o contrato');
    const sent = await b.call<{ id: number; mediaUrl: string }>('POST', `/api/messages/${ticketId}`, {
      token: company.admin.token,
      form,
    });
    expect(sent.status).toBe(200);
    // The file went out through server A, which runs the connection, whole.
    const out = await a.call<{ kind: string; media?: { size: number } }[]>(
      'GET',
      `/api/test-channel/${connectionId}/sent`,
    );
    expect(out.body.filter((r) => r.kind === 'media')).toEqual([
      expect.objectContaining({ media: expect.objectContaining({ size: bytes.length }) }),
    ]);
    const served = await a.call<Buffer>('GET', sent.body.mediaUrl, { token: company.admin.token });
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body, bytes)).toBe(0);
  });

  it('stops a server gracefully: not ready at once, still serving while the balancer notices, its connection taken over', async () => {
    // A third server that runs a connection of its own, and waits 3 s before it stops listening.
    const c = await cluster.start('c', { ATENDO_DRAIN_MS: '3000' });
    const created = await c.call<{ id: number }>('POST', '/api/test-channel/connections', {
      token: company.admin.token,
      body: { name: 'Filial', queueIds: [queueId] },
    });
    const own = created.body.id;
    const ticket = await c.call<{ ticketId: number }>('POST', `/api/test-channel/${own}/inbound`, {
      body: { from: '5511911110000', body: 'antes de parar' },
    });
    const exited = c.kill('SIGTERM');

    await vi.waitFor(async () => {
      expect(await c.call('GET', '/api/ready')).toMatchObject({
        status: 503,
        body: { status: 'unavailable', stopping: true },
      });
    }, WAIT);
    // Requests that still reach it are served, sessions included: a reply posted to B goes out through C.
    expect((await c.call('GET', '/api/health')).status).toBe(200);
    const sent = await b.call('POST', `/api/messages/${ticket.body.ticketId}`, {
      token: company.admin.token,
      body: { body: 'enquanto C para' },
    });
    expect(sent.status).toBe(200);
    const out = await c.call<{ body: string }[]>('GET', `/api/test-channel/${own}/sent`);
    expect(out.body.map((r) => r.body)).toEqual(['enquanto C para']);
    // The others keep serving.
    expect((await b.call('GET', '/api/ready')).status).toBe(200);

    await exited;
    await expect(c.call('GET', '/api/health')).rejects.toThrow();
    // Its lease was freed on the way out: A or B runs the connection by its next heartbeat (10 s).
    await vi.waitFor(
      async () => {
        const running = await Promise.all([a, b].map((s) => s.call('GET', `/api/test-channel/${own}/sent`)));
        expect(running.map((r) => r.status)).toContain(200);
      },
      { timeout: 20_000, interval: 500 },
    );
  }, 60_000);

  // Last: it kills server A.
  it('loses and doubles nothing of a burst when the server running the connection is killed mid-way, and another takes it over', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => `burst-${i}`);
    const deliver = (server: ServerProcess, id: string) =>
      server
        .call('POST', `/api/test-channel/${connectionId}/inbound`, {
          body: { from: `55119${String(ids.indexOf(id)).padStart(8, '0')}`, body: id, id },
        })
        .then(
          (res) => res.status === 200,
          () => false,
        );
    const acknowledged = new Set<string>();
    let next = 0;
    const killed = (async () => {
      await vi.waitFor(() => expect(acknowledged.size).toBeGreaterThanOrEqual(100), WAIT);
      await a.kill('SIGKILL');
    })();
    // Ten senders at a time, as a phone's backlog arrives, until server A is gone.
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < ids.length) {
          const id = ids[next++]!;
          if (await deliver(a, id)) acknowledged.add(id);
        }
      }),
    );
    await killed;
    expect(acknowledged.size).toBeLessThan(ids.length);

    // Server B takes the connection over once A's lease expires (30 s, then its next heartbeat).
    await vi.waitFor(
      async () => expect((await b.call('GET', `/api/test-channel/${connectionId}/sent`)).status).toBe(200),
      { timeout: 60_000, interval: 1_000 },
    );
    // The channel delivers again what it holds no acknowledgement of; repeating all of it must change nothing.
    for (const id of ids) expect(await deliver(b, id)).toBe(true);

    const stored = await cluster.database.db
      .select({ wid: messages.wid })
      .from(messages)
      .where(and(eq(messages.companyId, company.id), like(messages.wid, 'burst-%')));
    expect(stored).toHaveLength(ids.length);
    expect(new Set(stored.map((m) => m.wid)).size).toBe(ids.length);
  }, 180_000);
});

describe.skipIf(!clusterAvailable)('several servers keeping media in an S3-compatible bucket', () => {
  let cluster: TestCluster;
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    s3 = await startLocalS3();
    cluster = new TestCluster(await openTestDatabase());
    // Separate data folders: only the bucket can carry a file from one server to the other.
    const own = () => mkdtempSync(path.join(cluster.dataDir, 'server-'));
    [a, b] = await Promise.all([
      cluster.start('a', { ...s3.env, ATENDO_DATA_DIR: own() }),
      cluster.start('b', { ...s3.env, ATENDO_DATA_DIR: own() }),
    ]);
  });
  afterAll(async () => {
    await cluster?.stop();
    await cluster?.database.close();
    await s3?.stop();
  });

  it('serves through one server a file sent through another, each with a data folder of its own', async () => {
    const company = await aCompany(cluster);
    const created = await a.call<{ id: number }>('POST', '/api/test-channel/connections', {
      token: company.admin.token,
      body: { name: 'Loja' },
    });
    const inbound = await a.call<{ ticketId: number }>(
      'POST',
      `/api/test-channel/${created.body.id}/inbound`,
      { body: { from: '5511933332222', body: 'a nota fiscal?' } },
    );
    const bytes = Buffer.from('%PDF-1.4 nota fiscal');
    const form = new FormData();
    form.append('medias', new File([bytes], 'nota.pdf', { type: 'application/pdf' }));
    const sent = await b.call<{ mediaUrl: string }>('POST', `/api/messages/${inbound.body.ticketId}`, {
      token: company.admin.token,
      form,
    });
    expect(sent.status).toBe(200);
    for (const server of [a, b]) {
      const served = await server.call<Buffer>('GET', sent.body.mediaUrl, { token: company.admin.token });
      expect(served.status).toBe(200);
      expect(Buffer.compare(served.body, bytes)).toBe(0);
    }
    // Through the app's checks only: without a token nothing is served.
    expect((await a.call('GET', sent.body.mediaUrl)).status).toBe(401);
  });

  it('serves through one server a profile image uploaded through another', async () => {
    const company = await aCompany(cluster);
    // The eight bytes of PNG's signature are all the upload checks.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const form = new FormData();
    form.append('profileImage', new File([png], 'me.png', { type: 'image/png' }));
    const uploaded = await b.call('POST', `/api/users/${company.admin.id}/media-upload`, {
      token: company.admin.token,
      form,
    });
    expect(uploaded.status).toBe(200);
    const served = await a.call<Buffer>('GET', `/api/users/${company.admin.id}/avatar`, {
      token: company.admin.token,
    });
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body, png)).toBe(0);
  });
});

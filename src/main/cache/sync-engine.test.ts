import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, tickets } from '../../server/db/schema';
import { aConnection, testChannel } from '../../server/test/builders';
import {
  aCompany,
  aQueue,
  aUser,
  FIXTURE_PASSWORD,
  startTestServer,
  type TestServer,
} from '../../server/test/server';
import { api } from '../../shared/api';
import { TICKET_STATUSES, type Ticket } from '../../shared/api/tickets';
import { ApiError } from '../../shared/bridge';
import type { IpcRequest } from '../../shared/ipc';
import { type SyncEvent, sessionViewScope } from '../../shared/sync';
import { createRealtime } from '../realtime';
import { type AccessToken, createSessionManager } from '../session';
import { cacheFileOf, createSyncEngine } from './sync-engine';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
  dir = mkdtempSync(path.join(os.tmpdir(), 'atendo-sync-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const noSecrets = {
  isEncryptionAvailable: () => false,
  encryptString: () => Buffer.alloc(0),
  decryptString: () => '',
};

/** The desktop's main process as index.ts wires it: session, realtime, sync engine and its cache. */
function aDesktop() {
  const pushed: SyncEvent[] = [];
  let access: AccessToken | null = null;
  let caughtUp = 0;
  const realtime = createRealtime({
    connect: io,
    onEvent: (event, payload) => engine.onEvent(event, payload),
    onStatus: (status) => engine.onStatus(status),
    onAuthError: () => undefined,
  });
  const session = createSessionManager({
    fetch,
    origin: async () => server.url,
    secrets: noSecrets,
    userDataDir: dir,
    onExpired: () => undefined,
    onToken: (next) => {
      access = next;
      realtime.update(next);
    },
  });
  const engine = createSyncEngine({
    cacheDir: path.join(dir, 'cache'),
    migrationsFolder: path.join(import.meta.dirname, 'migrations'),
    request: (request) => session.request(request),
    push: (event) => pushed.push(event),
    emit: (event, args) => realtime.emit(event, args),
    afterCatchUp: () => {
      caughtUp++;
    },
  });
  /** A renderer request, as main's ipc handler performs it. */
  const load = (request: IpcRequest) => engine.request(request, () => session.request(request));
  return {
    engine,
    realtime,
    session,
    pushed,
    caughtUps: () => caughtUp,
    token: () => access!.token,
    load,
    /** The connection drops. */
    drop: () => realtime.update(null),
    /** It comes back: answers once the catch-up is done. */
    async reconnect() {
      const before = caughtUp;
      realtime.update(access);
      await vi.waitFor(() => expect(caughtUp).toBeGreaterThan(before), { timeout: 10_000 });
    },
    stop: () => {
      realtime.stop();
      engine.stop();
    },
  };
}

type Desktop = ReturnType<typeof aDesktop>;

/** Every page of a status list, as the user's own request. */
async function serverList(token: string) {
  const all: Ticket[] = [];
  for (const status of TICKET_STATUSES) {
    for (let pageNumber = 1; ; pageNumber++) {
      const res = await server.call(
        api.tickets.list,
        { query: { status, showAll: 'true', pageNumber } as never },
        { token },
      );
      const page = res.body as { tickets: Ticket[]; hasMore: boolean };
      all.push(...page.tickets);
      if (!page.hasMore) break;
    }
  }
  return all.sort((a, b) => a.id - b.id);
}

/** The renderer opens the inbox: every list, and every chat in it. */
async function openInbox(desktop: Desktop) {
  for (const status of TICKET_STATUSES) {
    await desktop.load({ method: 'GET', path: '/tickets', input: { query: { status, showAll: 'true' } } });
  }
  for (const ticket of desktop.engine.store()!.tickets()) {
    await desktop.load({
      method: 'GET',
      path: '/messages/:ticketUuid',
      input: { params: { ticketUuid: ticket.uuid } },
    });
  }
}

const byId = (list: Ticket[]) => [...list].sort((a, b) => a.id - b.id);

describe('the sync engine', () => {
  it('after a dropped connection, holds exactly what the server says the user may see', async () => {
    const company = await aCompany(server);
    const admin = { token: company.admin.token };
    const sales = await aQueue(server, company.id, 'Vendas');
    const support = await aQueue(server, company.id, 'Suporte');
    const ana = await aUser(server, company.id, { queueIds: [sales.id], allTicket: 'enable' });
    const connection = await aConnection(server, company.id);
    const channel = testChannel(server, connection.id);
    const write = async (from: string, body: string) => {
      const { body: stored } = await channel.inbound({ from, body });
      return { ticketId: stored.ticketId as number, messageId: stored.messageId as number };
    };
    const carla = await write('5511900000001', 'Olá');
    const davi = await write('5511900000002', 'Bom dia');
    const gabi = await write('5511900000003', 'Oi');
    const hugo = await write('5511900000004', 'Preciso de ajuda');
    const eva = await write('5511900000005', 'Sou de outra fila');
    await server.database.db.update(tickets).set({ queueId: sales.id }).where(eq(tickets.id, carla.ticketId));
    await server.database.db.update(tickets).set({ queueId: support.id }).where(eq(tickets.id, eva.ticketId));

    const desktop = aDesktop();
    const info = await desktop.session.login({ email: ana.email, password: FIXTURE_PASSWORD });
    await desktop.engine.start(info, server.url);
    await openInbox(desktop);
    await vi.waitFor(() => expect(desktop.realtime.status()).toBe('connected'));
    const store = desktop.engine.store()!;
    expect(store.tickets().map((t) => t.id)).not.toContain(eva.ticketId);

    desktop.drop();
    // Meanwhile, as others: a new customer, a new message, a colleague's reply, an edit, a deletion, a
    // ticket moved to a queue Ana lacks, and a contact renamed.
    const fiona = await write('5511900000006', 'Primeira vez aqui');
    await write('5511900000001', 'Ainda aí?');
    const reply = await server.call(
      api.messages.send,
      { params: { ticketId: carla.ticketId }, body: { body: 'Resposta do colega' } },
      admin,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const [daviMessage] = await server.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, davi.messageId));
    await channel.edit(daviMessage!.wid, 'Bom dia (editado)');
    expect((await server.call(api.tickets.remove, { params: { id: gabi.ticketId } }, admin)).status).toBe(
      200,
    );
    const moved = await server.call(
      api.tickets.update,
      { params: { id: hugo.ticketId }, body: { queueId: support.id } },
      admin,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [daviTicket] = await server.database.db.select().from(tickets).where(eq(tickets.id, davi.ticketId));
    const renamed = await server.call(
      api.contacts.update,
      {
        params: { id: daviTicket!.contactId },
        body: { name: 'Davi Souza', number: '5511900000002' } as never,
      },
      admin,
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    await desktop.reconnect();

    const seen = await serverList(desktop.token());
    expect(byId(store.tickets())).toEqual(seen);
    expect(seen.map((t) => t.id)).toEqual(
      expect.arrayContaining([carla.ticketId, davi.ticketId, fiona.ticketId]),
    );
    for (const gone of [gabi.ticketId, hugo.ticketId, eva.ticketId]) {
      expect(seen.map((t) => t.id)).not.toContain(gone);
    }
    for (const ticket of seen) {
      const stored = await server.database.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
      const cached = store.messages(ticket.id, { limit: 100, offset: 0 }).messages;
      expect(cached.map((m) => [m.id, m.body, m.isEdited]).sort(), `messages of ticket ${ticket.id}`).toEqual(
        stored.map((m) => [m.id, m.body, m.isEdited]).sort(),
      );
    }
    expect(store.tickets().find((t) => t.id === davi.ticketId)?.contact.name).toBe('Davi Souza');
    // The renderer was told too.
    const told = desktop.pushed.flatMap((event) => (event.kind === 'changes' ? event.changes : []));
    expect(told).toContainEqual({ kind: 'ticketRemoved', ticketId: hugo.ticketId });
    desktop.stop();
  });

  it('keeps one cache per server and user, and starts afresh when the user’s visibility changed', async () => {
    const company = await aCompany(server);
    const sales = await aQueue(server, company.id, 'Vendas');
    const support = await aQueue(server, company.id, 'Suporte');
    const ana = await aUser(server, company.id, { queueIds: [sales.id] });
    const connection = await aConnection(server, company.id);
    const { body } = await testChannel(server, connection.id).inbound({ from: '5511911110000', body: 'Oi' });
    await server.database.db
      .update(tickets)
      .set({ queueId: sales.id })
      .where(eq(tickets.id, body.ticketId as number));

    const first = aDesktop();
    const info = await first.session.login({ email: ana.email, password: FIXTURE_PASSWORD });
    await first.engine.start(info, server.url);
    await openInbox(first);
    expect(
      first.engine
        .store()!
        .tickets()
        .map((t) => t.id),
    ).toEqual([body.ticketId]);
    expect(first.engine.store()!.place()?.scope).toBe(sessionViewScope(info.user));
    first.stop();
    expect(cacheFileOf(dir, server.url, ana.id)).not.toBe(cacheFileOf(dir, 'https://other.example', ana.id));

    // An admin moves Ana from Vendas to Suporte while the app is closed.
    const res = await server.call(
      api.users.update,
      { params: { id: ana.id }, body: { queueIds: [support.id] } as never },
      { token: company.admin.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const second = aDesktop();
    const again = await second.session.login({ email: ana.email, password: FIXTURE_PASSWORD });
    await second.engine.start(again, server.url);
    expect(second.engine.store()!.tickets()).toEqual([]);
    expect(second.engine.cachedTickets({ status: 'pending', queueIds: `[${sales.id}]` })?.tickets).toEqual(
      [],
    );
    second.stop();
  });

  it('answers lists and chats from the cache when the server cannot be reached', async () => {
    const company = await aCompany(server);
    const connection = await aConnection(server, company.id);
    const { body } = await testChannel(server, connection.id).inbound({ from: '5511922220000', body: 'Oi' });
    const desktop = aDesktop();
    const info = await desktop.session.login({ email: company.admin.email, password: FIXTURE_PASSWORD });
    await desktop.engine.start(info, server.url);
    await openInbox(desktop);

    const unreachable = { method: 'GET' as const, path: '/tickets', input: { query: { status: 'pending' } } };
    const offline = () => Promise.reject(new ApiError(0, null));
    const list = (await desktop.engine.request(unreachable, offline)) as { tickets: Ticket[] };
    expect(list.tickets.map((t) => t.id)).toEqual([body.ticketId]);
    const chat = (await desktop.engine.request(
      {
        method: 'GET',
        path: '/messages/:ticketUuid',
        input: { params: { ticketUuid: list.tickets[0]!.uuid } },
      },
      offline,
    )) as { messages: { body: string }[] };
    expect(chat.messages.map((m) => m.body)).toEqual(['Oi']);
    desktop.stop();
  });
});

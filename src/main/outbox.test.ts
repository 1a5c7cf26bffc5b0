import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../server/db/schema';
import { aConnection, testChannel } from '../server/test/builders';
import { aCompany, FIXTURE_PASSWORD, startTestServer, type TestServer } from '../server/test/server';
import { ApiError, type OutboxChange } from '../shared/bridge';
import type { IpcRequest, OutboxMessage } from '../shared/ipc';
import { type CacheStore, openCacheStore } from './cache/store';
import { createOutbox } from './outbox';
import { createSessionManager } from './session';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
  dir = mkdtempSync(path.join(os.tmpdir(), 'atendo-outbox-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const MIGRATIONS = path.join(import.meta.dirname, 'cache/migrations');
const offline = () => Promise.reject(new ApiError(0, null));

/** A company's conversation over the test channel, and the admin's session as main holds it. */
async function aConversation() {
  const company = await aCompany(server);
  const connection = await aConnection(server, company.id);
  const channel = testChannel(server, connection.id);
  const { body } = await channel.inbound({ from: '5511933330000', body: 'Oi' });
  const session = createSessionManager({
    fetch,
    origin: async () => server.url,
    secrets: {
      isEncryptionAvailable: () => false,
      encryptString: () => Buffer.alloc(0),
      decryptString: () => '',
    },
    userDataDir: dir,
    onExpired: () => undefined,
    onToken: () => undefined,
  });
  await session.login({ email: company.admin.email, password: FIXTURE_PASSWORD });
  return { company, connection, channel, session, ticketId: body.ticketId as number };
}

/** The desktop's outbox over a cache file; `reach` decides what happens to each request. */
function aDesktop(file: string, reach: (request: IpcRequest) => Promise<unknown>) {
  const store: CacheStore = openCacheStore(file, MIGRATIONS);
  const changes: OutboxChange[] = [];
  const outbox = createOutbox({ store: () => store, request: reach, push: (change) => changes.push(change) });
  return { store, outbox, changes, quit: () => store.close() };
}

const text = (ticketId: number, body: string): OutboxMessage => ({
  clientId: randomUUID(),
  ticketId,
  ticketUuid: 'chat',
  body,
  isPrivate: false,
  quotedMsg: null,
});

const storedWith = async (clientId: string) =>
  server.database.db.select().from(messages).where(eq(messages.clientId, clientId));

describe('the outbox', () => {
  it('keeps messages written offline and sends each once, in order, when the app starts again online', async () => {
    const { channel, session, ticketId } = await aConversation();
    const file = path.join(dir, `${randomUUID()}.sqlite`);
    const first = aDesktop(file, offline);
    const one = text(ticketId, 'Primeira');
    const two = text(ticketId, 'Segunda');
    await expect(first.outbox.send(one)).resolves.toEqual({ state: 'pending' });
    await expect(first.outbox.send(two)).resolves.toEqual({ state: 'pending' });
    expect(first.outbox.pending(ticketId).map((entry) => [entry.message.body, entry.state])).toEqual([
      ['Primeira', 'pending'],
      ['Segunda', 'pending'],
    ]);
    first.quit();

    const restarted = aDesktop(file, (request) => session.request(request));
    await restarted.outbox.flush();
    await restarted.outbox.flush();
    expect((await channel.sent()).map((sent) => sent.body)).toEqual(['Primeira', 'Segunda']);
    expect(await storedWith(one.clientId)).toHaveLength(1);
    expect(await storedWith(two.clientId)).toHaveLength(1);
    expect(restarted.changes.map((change) => [change.clientId, change.state])).toEqual([
      [one.clientId, 'sent'],
      [two.clientId, 'sent'],
    ]);
    expect(restarted.outbox.pending(ticketId)).toEqual([]);
    restarted.quit();
  });

  it('sends a message once even when the answer to its send was lost before a restart', async () => {
    const { channel, session, ticketId } = await aConversation();
    const file = path.join(dir, `${randomUUID()}.sqlite`);
    // The server takes the message, and the connection drops before its answer arrives.
    const first = aDesktop(file, async (request) => {
      await session.request(request);
      throw new ApiError(0, null);
    });
    const message = text(ticketId, 'Só uma vez');
    await expect(first.outbox.send(message)).resolves.toEqual({ state: 'pending' });
    first.quit();

    const restarted = aDesktop(file, (request) => session.request(request));
    await restarted.outbox.flush();
    expect((await channel.sent()).map((sent) => sent.body)).toEqual(['Só uma vez']);
    expect(await storedWith(message.clientId)).toHaveLength(1);
    expect(restarted.changes).toMatchObject([{ clientId: message.clientId, state: 'sent' }]);
    restarted.quit();
  });

  it('keeps a message the server refuses, with its answer, until it is retried or discarded', async () => {
    const { company, connection, session, ticketId } = await aConversation();
    await server.deps.channels.stop(connection.id);
    const desktop = aDesktop(path.join(dir, `${randomUUID()}.sqlite`), (request) => session.request(request));
    const refused = text(ticketId, 'Sem conexão com o WhatsApp');
    const failure = await desktop.outbox.send(refused).catch((err: unknown) => err);
    expect(failure).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    expect(desktop.outbox.pending(ticketId)).toMatchObject([
      { state: 'failed', error: { status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } } },
    ]);
    // Later ones are not held back by it.
    await desktop.outbox.flush();
    expect(desktop.outbox.pending(ticketId)).toHaveLength(1);

    await server.deps.sessions.connect({ ...connection, companyId: company.id });
    await expect(desktop.outbox.send(refused)).resolves.toMatchObject({
      state: 'sent',
      message: { clientId: refused.clientId, body: 'Sem conexão com o WhatsApp' },
    });
    const gaveUp = text(ticketId, '');
    await desktop.outbox.send(gaveUp).catch(() => undefined);
    desktop.outbox.discard(gaveUp.clientId);
    expect(desktop.outbox.pending(ticketId)).toEqual([]);
    desktop.quit();
  });

  it('tells whether it is sending, so an update waits for the messages to go out', async () => {
    const file = path.join(dir, `${randomUUID()}.sqlite`);
    let answer: (message: unknown) => void = () => undefined;
    const desktop = aDesktop(file, () => new Promise((resolve) => (answer = resolve)));
    expect(desktop.outbox.sending()).toBe(false);
    const sent = desktop.outbox.send(text(1, 'A caminho'));
    expect(desktop.outbox.sending()).toBe(true);
    answer({ id: 1 });
    await sent;
    await desktop.outbox.flush();
    expect(desktop.outbox.sending()).toBe(false);
    desktop.quit();
  });
});

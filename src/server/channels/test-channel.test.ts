import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, whatsappQueues } from '../db/schema';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ testChannel: true });
});
afterAll(() => server.stop());

const createConnection = (token: string | undefined, payload: object = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/test-channel/connections',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload,
  });

describe('the test channel', () => {
  it('is not there unless ATENDO_TEST_CHANNEL is set', async () => {
    const plain = await startTestServer();
    try {
      const company = await aCompany(plain);
      const calls = [
        { method: 'POST' as const, url: '/api/test-channel/connections', payload: {} },
        { method: 'POST' as const, url: '/api/test-channel/1/inbound', payload: { from: '5511999999999' } },
        { method: 'GET' as const, url: '/api/test-channel/1/sent' },
        { method: 'POST' as const, url: '/api/test-channel/1/ack', payload: { id: 'x', ack: 1 } },
      ];
      for (const call of calls) {
        const res = await plain.app.inject({
          ...call,
          headers: { authorization: `Bearer ${company.admin.token}` },
        });
        expect({ url: call.url, status: res.statusCode }).toEqual({ url: call.url, status: 404 });
      }
      expect(plain.deps.channels.supports('test')).toBe(false);
    } finally {
      await plain.stop();
    }
  });

  it('lets an admin create a connected test connection with the company’s queues', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id);
    const res = await createConnection(company.admin.token, { name: 'Loja', queueIds: [queue.id] });
    expect(res.statusCode).toBe(200);
    const connection = res.json() as { id: number; status: string; channel: string; companyId: number };
    expect(connection).toMatchObject({
      name: 'Loja',
      channel: 'test',
      status: 'CONNECTED',
      companyId: company.id,
    });
    const links = await server.database.db
      .select()
      .from(whatsappQueues)
      .where(eq(whatsappQueues.whatsappId, connection.id));
    expect(links.map((l) => l.queueId)).toEqual([queue.id]);
    expect(server.deps.channels.connected(connection.id)).toBeDefined();

    const inbound = await server.app.inject({
      method: 'POST',
      url: `/api/test-channel/${connection.id}/inbound`,
      payload: { from: '5511987654321', body: 'oi' },
    });
    expect(inbound.json()).toMatchObject({ stored: true });
  });

  it('stores a message whose text carries NUL, without the NUL (PostgreSQL text cannot hold it)', async () => {
    const company = await aCompany(server);
    const connection = (await createConnection(company.admin.token)).json() as { id: number };
    const inbound = await server.app.inject({
      method: 'POST',
      url: `/api/test-channel/${connection.id}/inbound`,
      payload: { from: '5511987650000', body: 'o\u0000i', pushName: 'A\u0000na' },
    });
    expect(inbound.json()).toMatchObject({ stored: true });
    const rows = await server.database.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.companyId, company.id));
    expect(rows).toEqual([{ body: 'oi' }]);
  });

  it('refuses users who are not admins, callers without a token and another company’s queues', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    expect((await createConnection(user.token)).statusCode).toBe(403);
    expect((await createConnection(undefined)).statusCode).toBe(401);
    const foreign = await aQueue(server, (await aCompany(server)).id);
    expect((await createConnection(company.admin.token, { queueIds: [foreign.id] })).statusCode).toBe(403);
  });

  it('validates what a contact sends and answers 404 for an unknown connection', async () => {
    const bad = await server.app.inject({
      method: 'POST',
      url: '/api/test-channel/999999/inbound',
      payload: { from: '5511987654321' },
    });
    expect(bad.statusCode).toBe(404);
    const company = await aCompany(server);
    const { id } = (await createConnection(company.admin.token)).json() as { id: number };
    const invalid = await server.app.inject({
      method: 'POST',
      url: `/api/test-channel/${id}/inbound`,
      payload: { from: 'not digits' },
    });
    expect(invalid.statusCode).toBe(400);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { QueueSummary } from '../../../shared/api/queues';
import { queues } from '../../db/schema';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const setOrder = (id: number, orderQueue: number) =>
  server.database.db.update(queues).set({ orderQueue }).where(eq(queues.id, id));

describe('GET /queue', () => {
  it("answers any member the company's queues in bot order, then by name", async () => {
    const company = await aCompany(server);
    const zulu = await aQueue(server, company.id, 'Zulu');
    const alpha = await aQueue(server, company.id, 'Alpha');
    const second = await aQueue(server, company.id, 'Second');
    const first = await aQueue(server, company.id, 'First');
    await setOrder(second.id, 2);
    await setOrder(first.id, 1);
    const user = await aUser(server, company.id);
    const res = await server.call(api.queues.list, {}, { token: user.token });
    expect(res.status).toBe(200);
    expect((res.body as QueueSummary[]).map((q) => q.id)).toEqual([first.id, second.id, alpha.id, zulu.id]);
    expect((res.body as QueueSummary[])[0]).toEqual({
      id: first.id,
      name: 'First',
      color: first.color,
      greetingMessage: null,
      orderQueue: 1,
    });
  });

  it("never shows a company another company's queues", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    await aQueue(server, a.id, 'Sales');
    const own = await aQueue(server, b.id, 'Support');
    const res = await server.call(api.queues.list, {}, { token: b.admin.token });
    expect(res.status).toBe(200);
    expect((res.body as QueueSummary[]).map((q) => q.id)).toEqual([own.id]);
  });
});

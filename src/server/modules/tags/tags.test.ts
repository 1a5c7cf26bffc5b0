import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Tag } from '../../../shared/api/tags';
import { tags } from '../../db/schema';
import { aTag } from '../../test/builders';
import { aCompany, aUser, startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function list(token: string, query: Record<string, unknown> = {}) {
  const res = await server.call(api.tags.list, { query: query as never }, { token });
  expect(res.status).toBe(200);
  return (res.body as Tag[]).map((t) => t.name);
}

describe('listing tags', () => {
  it('answers the company tags by name to a plain user, only kanban ones when asked', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    await aTag(server, company.id, 'VIP');
    const column = await aTag(server, company.id, 'Em andamento');
    await aTag(server, company.id, 'Atrasado');
    await server.database.db.update(tags).set({ kanban: 1 }).where(eq(tags.id, column.id));
    expect(await list(user.token)).toEqual(['Atrasado', 'Em andamento', 'VIP']);
    expect(await list(user.token, { kanban: '1' })).toEqual(['Em andamento']);
    expect(await list(user.token, { kanban: '0' })).toEqual(['Atrasado', 'VIP']);
  });

  it('shows nothing of another company', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    await aTag(server, a.id, 'Only in A');
    expect(await list(b.admin.token)).toEqual([]);
  });
});

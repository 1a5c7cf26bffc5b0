import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import { aConnection } from '../../test/builders';
import { aCompany, aQueue, aUser, startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('listing connections', () => {
  it('answers the company connections by name with their queues to a plain user, never the token', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const sales = await aQueue(server, company.id, 'Vendas');
    const support = await aQueue(server, company.id, 'Suporte');
    await aConnection(server, company.id, {
      name: 'Loja',
      channel: 'whatsapp',
      isDefault: true,
      token: 'secret-token',
      queueIds: [sales.id, support.id],
    });
    await aConnection(server, company.id, { name: 'Instagram', channel: 'instagram' });
    const res = await server.call(api.whatsapps.list, {}, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ name: 'Instagram', channel: 'instagram', isDefault: false, queues: [] }),
      expect.objectContaining({
        name: 'Loja',
        channel: 'whatsapp',
        status: 'DISCONNECTED',
        isDefault: true,
        queues: [
          { id: support.id, name: 'Suporte', color: support.color },
          { id: sales.id, name: 'Vendas', color: sales.color },
        ],
      }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain('secret-token');
  });

  it('shows nothing of another company', async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    await aConnection(server, a.id, { name: 'Only in A', channel: 'whatsapp' });
    expect(await server.call(api.whatsapps.list, {}, { token: b.admin.token })).toMatchObject({
      status: 200,
      body: [],
    });
  });
});

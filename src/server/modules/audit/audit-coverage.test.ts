import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { AuditRecord } from '../../../shared/api/audit';
import type { Company } from '../../../shared/api/companies';
import type { User } from '../../../shared/api/users';
import { auditLogs } from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import { aCompany, startTestServerAsSuper, type TestServer } from '../../test/server';
import { recordAudit } from './recorder';

/* Every admin and super action writes its audit entry with the change (issue 17, beyond the spec). */

let server: TestServer;
let superToken: string;
beforeAll(async () => {
  ({ server, superToken } = await startTestServerAsSuper());
});
afterAll(() => server.stop());

/** The caller's company's entries of one action about one record, newest first. */
const entriesOf = async (token: string, action: string, entityId: number | string) => {
  const res = await server.call(
    api.audit.list,
    { query: { action, searchParam: String(entityId) } as never },
    { token },
  );
  return (res.body as { records: AuditRecord[] }).records.filter((r) => r.entityId === String(entityId));
};

describe('audit coverage', () => {
  it("records users' creation, changes of profile and permissions (never the password), and removal", async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const email = `audited-${Math.random().toString(36).slice(2, 8)}@atendo.test`;
    const created = (
      await server.call(
        api.users.create,
        { body: { name: 'Bia', email, password: 'secret-123', profile: 'user' } },
        { token },
      )
    ).body as User;
    const [create] = await entriesOf(token, 'user.create', created.id);
    expect(create).toMatchObject({ userId: company.admin.id, ip: '127.0.0.1' });
    expect(create!.changes.after).toMatchObject({ name: 'Bia', email, profile: 'user' });
    expect(JSON.stringify(create!.changes)).not.toMatch(/passwordHash|secret-123/);

    await server.call(
      api.users.update,
      {
        params: { id: created.id },
        body: { profile: 'admin', allowConnections: 'enabled', password: 'other-123' },
      },
      { token },
    );
    const [update] = await entriesOf(token, 'user.update', created.id);
    expect(update!.changes).toEqual({
      before: { profile: 'user', allowConnections: 'disabled' },
      after: { profile: 'admin', allowConnections: 'enabled', password: 'changed' },
    });

    await server.call(api.users.remove, { params: { id: created.id } }, { token });
    expect(await entriesOf(token, 'user.delete', created.id)).toHaveLength(1);
  });

  it('records company settings for its admins and platform settings for the super user, before and after', async () => {
    const company = await aCompany(server);
    await server.call(
      api.settings.update,
      { params: { key: 'userRating' }, body: { value: 'enabled' } },
      { token: company.admin.token },
    );
    expect((await entriesOf(company.admin.token, 'setting.update', 'userRating'))[0]!.changes).toEqual({
      before: { userRating: 'disabled' },
      after: { userRating: 'enabled' },
    });
    await server.call(
      api.settings.update,
      { params: { key: 'appName' }, body: { value: 'Atendo Audit' } },
      { token: superToken },
    );
    const [platform] = await entriesOf(superToken, 'setting.update', 'appName');
    expect(platform).toMatchObject({ companyId: 1, changes: { after: { appName: 'Atendo Audit' } } });
  });

  it('records queues and connections created, changed and removed, without connection tokens', async () => {
    const company = await aCompany(server);
    const token = company.admin.token;
    const queue = (
      await server.call(api.queues.create, { body: { name: 'Vendas', color: '#ff0000' } }, { token })
    ).body as { id: number };
    await server.call(api.queues.update, { params: { id: queue.id }, body: { name: 'Vendas 2' } }, { token });
    expect((await entriesOf(token, 'queue.update', queue.id))[0]!.changes).toEqual({
      before: { name: 'Vendas' },
      after: { name: 'Vendas 2' },
    });

    const connection = (await server.call(api.whatsapps.create, { body: { name: 'Loja' } }, { token }))
      .body as {
      id: number;
    };
    const [create] = await entriesOf(token, 'connection.create', connection.id);
    expect(create!.changes.after).toMatchObject({ name: 'Loja', queueIds: [] });
    expect(create!.changes.after).not.toHaveProperty('token');
    await server.call(
      api.whatsapps.update,
      {
        params: { id: connection.id },
        body: { name: 'Loja 2', queueIds: [queue.id], greetingMessage: 'Oi' },
      },
      { token },
    );
    expect((await entriesOf(token, 'connection.update', connection.id))[0]!.changes).toEqual({
      before: { name: 'Loja', queueIds: [], greetingMessage: null },
      after: { name: 'Loja 2', queueIds: [queue.id], greetingMessage: 'Oi' },
    });
    await server.call(api.whatsapps.remove, { params: { id: connection.id } }, { token });
    await server.call(api.queues.remove, { params: { id: queue.id } }, { token });
    expect(await entriesOf(token, 'connection.delete', connection.id)).toHaveLength(1);
    expect(await entriesOf(token, 'queue.delete', queue.id)).toHaveLength(1);
  });

  it("records the super user's companies: created, changed, renewed, removed", async () => {
    const [plan] = (await server.call(api.plans.all, {}, { token: superToken })).body as { id: number }[];
    const body = {
      name: 'Loja Auditada',
      email: `co-${Math.random().toString(36).slice(2, 8)}@atendo.test`,
      passwordDefault: 'first-secret',
      planId: plan!.id,
      dueDate: '2027-01-31',
      recurrence: 'MENSAL' as const,
    };
    const company = (await server.call(api.companies.create, { body }, { token: superToken }))
      .body as Company;
    expect(await entriesOf(superToken, 'company.create', company.id)).toHaveLength(1);
    await server.call(
      api.companies.update,
      { params: { id: company.id }, body: { ...body, status: false } },
      { token: superToken },
    );
    expect((await entriesOf(superToken, 'company.update', company.id))[0]!.changes).toEqual({
      before: { status: true },
      after: { status: false },
    });
    await server.call(api.companies.renew, { params: { id: company.id } }, { token: superToken });
    expect((await entriesOf(superToken, 'company.renew', company.id))[0]!.changes).toEqual({
      before: { dueDate: '2027-01-31' },
      after: { dueDate: '2027-02-28' },
    });
    await server.call(api.companies.remove, { params: { id: company.id } }, { token: superToken });
    expect(await entriesOf(superToken, 'company.delete', company.id)).toHaveLength(1);
  });

  it('writes no entry when the change fails (a taken e-mail rolls the user update back with its entry)', async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const before = (await server.database.db.select().from(auditLogs)).length;
    const clash = await server.call(
      api.users.update,
      { params: { id: company.admin.id }, body: { name: 'Renamed', email: other.admin.email } },
      { token: company.admin.token },
    );
    expect(clash.status).toBeGreaterThanOrEqual(400);
    expect((await server.database.db.select().from(auditLogs)).length).toBe(before);
  });

  it('loses an entry already written when its transaction fails after it', async () => {
    const company = await aCompany(server);
    const db = tenantDb(server.database.db, company.id);
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(
          tx,
          { userId: company.admin.id, ip: null },
          {
            action: 'queue.create',
            entity: 'queue',
            entityId: 'doomed',
          },
        );
        throw new Error('the change failed after its entry');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.select().from(auditLogs).where(eq(auditLogs.entityId, 'doomed'))).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { AuditRecord } from '../../../shared/api/audit';
import type { Invoice, PixChargeAnswer } from '../../../shared/api/invoices';
import type { Plan } from '../../../shared/api/plans';
import { auditLogs } from '../../db/schema';
import { aCompany, aUser, startTestServerAsSuper, type TestServer } from '../../test/server';
import { openDueInvoices } from '../invoices/opening';

/* The audit log (issue 17, beyond the spec): entries written with the change, read by whom they concern. */

let server: TestServer;
let superToken: string;
beforeAll(async () => {
  ({ server, superToken } = await startTestServerAsSuper({ testChannel: true, pix: { provider: 'fake' } }));
});
afterAll(() => server.stop());

type Page = { records: AuditRecord[]; hasMore: boolean };
const audit = async (token: string, query: Record<string, unknown> = {}) => {
  const res = await server.call(api.audit.list, { query: query as never }, { token });
  return res as { status: number; body: Page };
};

const planInput = (name: string, amount = '10.00') => ({ name, users: 3, connections: 3, queues: 3, amount });

describe('the audit log', () => {
  it("records a super user's plan changes with the changed fields before and after, who and from where", async () => {
    const name = `Audit ${Math.random().toString(36).slice(2, 8)}`;
    const created = (await server.call(api.plans.create, { body: planInput(name) }, { token: superToken }))
      .body as Plan;
    await server.call(
      api.plans.update,
      { params: { id: created.id }, body: planInput(name, '12.50') },
      { token: superToken },
    );
    const { status, body } = await audit(superToken, {
      action: 'plan.update',
      searchParam: String(created.id),
    });
    expect(status).toBe(200);
    expect(body.records).toEqual([
      expect.objectContaining({
        companyId: 1,
        action: 'plan.update',
        entity: 'plan',
        entityId: String(created.id),
        userName: 'Admin',
        changes: { before: { amount: '10.00' }, after: { amount: '12.50' } },
      }),
    ]);
    expect(body.records[0]!.ip).toBe('127.0.0.1');
    const all = (await audit(superToken, { searchParam: String(created.id) })).body.records.map(
      (r) => r.action,
    );
    expect(all).toEqual(['plan.update', 'plan.create']);
  });

  it('writes nothing when the change fails: the entry is in its transaction', async () => {
    const taken = `Taken ${Math.random().toString(36).slice(2, 8)}`;
    await server.call(api.plans.create, { body: planInput(taken) }, { token: superToken });
    const other = (
      await server.call(api.plans.create, { body: planInput(`${taken}x`) }, { token: superToken })
    ).body as Plan;
    const before = await server.database.db.select().from(auditLogs);
    const clash = await server.call(
      api.plans.update,
      { params: { id: other.id }, body: planInput(taken) },
      { token: superToken },
    );
    expect(clash.status).toBe(409);
    expect(await server.database.db.select().from(auditLogs)).toHaveLength(before.length);
  });

  it("shows a company's admins their company's entries only (a payment), the super user any company's", async () => {
    const company = await aCompany(server, {
      dueDate: new Date().toISOString().slice(0, 10),
      timezone: 'UTC',
    });
    const other = await aCompany(server);
    await openDueInvoices(server.database.db);
    const token = company.admin.token;
    const [invoice] = (
      (await server.call(api.invoices.list, { query: {} }, { token })).body as { invoices: Invoice[] }
    ).invoices;
    const pix = (
      await server.call(
        api.invoices.subscribe,
        {
          body: {
            firstName: 'Ana',
            zipcode: '52998224725',
            plan: { kind: 'custom', users: 3, connections: 3 },
            invoiceId: invoice!.id,
          },
        },
        { token },
      )
    ).body as PixChargeAnswer;
    await fetch(`${server.url}/api/test-channel/pix/${pix.txid}/pay`, { method: 'POST' });

    // Sign-ins are audited too: this looks at the payment's entries.
    const payments = { action: 'payment.confirm' };
    const own = (await audit(token, payments)).body.records;
    expect(own).toEqual([
      expect.objectContaining({
        companyId: company.id,
        action: 'payment.confirm',
        entityId: String(invoice!.id),
        userId: null,
        changes: expect.objectContaining({
          after: expect.objectContaining({ status: 'Pago', txid: pix.txid }),
        }),
      }),
    ]);
    expect((await audit(other.admin.token, payments)).body.records).toEqual([]);
    const user = await aUser(server, company.id);
    expect((await audit(user.token)).status).toBe(403);
    const bySuper = (await audit(superToken, { ...payments, companyId: company.id })).body.records;
    expect(bySuper.map((r) => r.id)).toEqual(own.map((r) => r.id));
    const [row] = await server.database.db.select().from(auditLogs).where(eq(auditLogs.id, own[0]!.id));
    expect(row!.companyId).toBe(company.id);
  });
});

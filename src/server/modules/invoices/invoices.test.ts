import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Invoice, PixChargeAnswer, SubscriptionInput } from '../../../shared/api/invoices';
import { nextDueDate } from '../../../shared/due-date';
import { VALIDATION } from '../../../shared/errors';
import { events, type PaymentEvent } from '../../../shared/realtime';
import { companies, invoices, jobs, plans } from '../../db/schema';
import { crc16 } from '../../payments/emv';
import { collect } from '../../test/builders';
import { aCompany, aUser, startTestServer, startTestServerAsSuper, type TestServer } from '../../test/server';
import { openDueInvoices } from './opening';

/* Invoices, checkout and Pix (2-administration §2.9, §4.3) with the test mode's fake bank. */

let server: TestServer;
let superToken: string;
beforeAll(async () => {
  ({ server, superToken } = await startTestServerAsSuper({ testChannel: true, pix: { provider: 'fake' } }));
});
afterAll(() => server.stop());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A company on a plan of R$ 99,90 whose due date is `dueInDays` away (UTC days). */
async function aPayingCompany(dueInDays: number, recurrence = 'MENSAL', open = true) {
  const [plan] = await server.database.db
    .insert(plans)
    .values({
      name: `Pro ${Math.random().toString(36).slice(2, 8)}`,
      amount: '99.90',
      users: 7,
      connections: 4,
    })
    .returning();
  const company = await aCompany(server, {
    planId: plan!.id,
    dueDate: day(dueInDays),
    timezone: 'UTC',
    recurrence,
  });
  // Made straight in the database: the daily opening (not a read) opens its invoice.
  if (open) await openDueInvoices(server.database.db);
  return { plan: plan!, ...company };
}

const listInvoices = async (token: string, query: { searchParam?: string; pageNumber?: number } = {}) => {
  const res = await server.call(api.invoices.list, { query }, { token });
  return res as { status: number; body: { invoices: Invoice[]; hasMore: boolean; count: number } };
};

const checkout = (invoiceId: number, fields: Partial<SubscriptionInput> = {}): SubscriptionInput => ({
  firstName: 'Maria da Silva',
  zipcode: '529.982.247-25',
  city: 'São Paulo',
  plan: { kind: 'custom', users: 3, connections: 3 },
  invoiceId,
  ...fields,
});

const pay = (target: TestServer, txid: string) =>
  fetch(`${target.url}/api/test-channel/pix/${txid}/pay`, { method: 'POST' });

const companyDue = async (id: number) =>
  (await server.database.db.select().from(companies).where(eq(companies.id, id)))[0]!.dueDate;

describe('the daily invoice opening', () => {
  it('opens one invoice of the plan from 10 days before the due date, once, in a job that runs again a day later', async () => {
    const far = await aPayingCompany(11, 'MENSAL', false);
    const near = await aPayingCompany(10, 'MENSAL', false);
    // GET /invoices only reads: nothing is opened by looking.
    expect((await listInvoices(near.admin.token)).body).toMatchObject({ invoices: [], hasMore: false });

    await server.deps.jobs.runDue();
    expect((await listInvoices(far.admin.token)).body).toMatchObject({ invoices: [], hasMore: false });
    const first = await listInvoices(near.admin.token);
    expect(first.status).toBe(200);
    expect(first.body.invoices).toEqual([
      expect.objectContaining({
        detail: near.plan.name,
        value: '99.90',
        users: 7,
        connections: 4,
        dueDate: day(10),
        status: 'open',
      }),
    ]);
    // Idempotent: two openings at once (two servers, a retry) leave the one invoice.
    await Promise.all([openDueInvoices(server.database.db), openDueInvoices(server.database.db)]);
    const rows = await server.database.db.select().from(invoices).where(eq(invoices.companyId, near.id));
    expect(rows.map((r) => r.id)).toEqual(first.body.invoices.map((i) => i.id));
    const [job] = await server.database.db.select().from(jobs).where(eq(jobs.kind, 'invoiceOpening'));
    const inMs = job!.runAt.getTime() - Date.now();
    expect(inMs).toBeGreaterThan(23 * 3_600_000);
    expect(inMs).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it('opens the invoice with a due date set near on the companies screen, and with a renewal', async () => {
    const company = await aPayingCompany(40, 'MENSAL', false);
    await server.call(api.companies.renew, { params: { id: company.id } }, { token: superToken });
    expect((await listInvoices(company.admin.token)).body.invoices).toEqual([]);
    const [row] = await server.database.db.select().from(companies).where(eq(companies.id, company.id));
    const body = {
      name: row!.name,
      email: 'billing@atendo.test',
      planId: row!.planId,
      dueDate: day(4),
      recurrence: 'MENSAL' as const,
    };
    expect(
      (await server.call(api.companies.update, { params: { id: company.id }, body }, { token: superToken }))
        .status,
    ).toBe(200);
    expect((await listInvoices(company.admin.token)).body.invoices).toEqual([
      expect.objectContaining({ dueDate: day(4), status: 'open' }),
    ]);
  });
});

describe('GET /invoices', () => {
  it("pages and searches the company's own invoices only, for its admins; a plain user is refused", async () => {
    const company = await aPayingCompany(3);
    // Another company with an open invoice of its own: never counted here.
    await aPayingCompany(3);
    await server.database.db.insert(invoices).values(
      Array.from({ length: 21 }, (_, i) => ({
        companyId: company.id,
        detail: i === 0 ? 'Antiga especial' : 'Antiga',
        users: 1,
        connections: 1,
        value: '10.00',
        dueDate: `2020-01-${String(i + 1).padStart(2, '0')}`,
        status: 'Pago',
      })),
    );
    const page1 = await listInvoices(company.admin.token);
    expect(page1.body).toMatchObject({ count: 22, hasMore: true });
    expect(page1.body.invoices[0]).toMatchObject({ dueDate: day(3), status: 'open' });
    const page2 = await listInvoices(company.admin.token, { pageNumber: 2 });
    expect(page2.body).toMatchObject({ hasMore: false });
    expect(page2.body.invoices).toHaveLength(2);
    const found = await listInvoices(company.admin.token, { searchParam: 'especial' });
    expect(found.body.invoices.map((i) => i.detail)).toEqual(['Antiga especial']);
    const user = await aUser(server, company.id);
    expect((await listInvoices(user.token)).status).toBe(403);
  });

  it('is reached by an overdue company, and the platform company has none', async () => {
    const overdue = await aPayingCompany(-5);
    const res = await listInvoices(overdue.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.invoices[0]).toMatchObject({ dueDate: day(-5), status: 'open' });
    expect((await listInvoices(superToken)).body.invoices).toEqual([]);
  });
});

describe('POST /subscription', () => {
  it('answers the Pix of the custom plan priced on the server: 49 + 11 a user + 20 a connection over 3', async () => {
    const company = await aPayingCompany(2);
    const [invoice] = (await listInvoices(company.admin.token)).body.invoices;
    const res = await server.call(
      api.invoices.subscribe,
      { body: checkout(invoice!.id, { plan: { kind: 'custom', users: 5, connections: 4 } }) },
      { token: company.admin.token },
    );
    expect(res.status).toBe(200);
    const pix = res.body as PixChargeAnswer;
    expect(pix).toMatchObject({ valor: { original: '91.00' }, users: 5, connections: 4 });
    expect(pix.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    // The EMV payload: Pix's GUI, the amount, and a CRC that checks.
    const payload = pix.qrcode.qrcode;
    expect(payload).toContain('br.gov.bcb.pix');
    expect(payload).toContain('540591.00');
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  });

  it('charges a chosen plan its amount, and refuses what the spec refuses', async () => {
    const company = await aPayingCompany(2);
    const [invoice] = (await listInvoices(company.admin.token)).body.invoices;
    const token = company.admin.token;
    const planned = await server.call(
      api.invoices.subscribe,
      { body: checkout(invoice!.id, { plan: { kind: 'plan', planId: company.plan.id } }) },
      { token },
    );
    expect(planned.body).toMatchObject({ valor: { original: '99.90' }, users: 7, connections: 4 });
    const refused = async (fields: Partial<SubscriptionInput>) =>
      (await server.call(api.invoices.subscribe, { body: checkout(invoice!.id, fields) }, { token })).body;
    expect(await refused({ firstName: ' ' })).toMatchObject({ error: VALIDATION.fullNameRequired });
    expect(await refused({ zipcode: '' })).toMatchObject({ error: VALIDATION.required });
    expect(await refused({ zipcode: '111.111.111-11' })).toMatchObject({ error: VALIDATION.invalidDocument });
    expect(await refused({ plan: { kind: 'custom', users: 2, connections: 3 } })).toMatchObject({
      error: VALIDATION.customPlanMinimum,
    });
    const [hidden] = await server.database.db
      .insert(plans)
      .values({ name: `Hidden ${Math.random()}`, amount: '1.00', isPublic: false })
      .returning();
    expect(await refused({ plan: { kind: 'plan', planId: hidden!.id } })).toMatchObject({
      error: 'ERR_NO_PLAN_FOUND',
    });
    const other = await aPayingCompany(2);
    const [otherInvoice] = (await listInvoices(other.admin.token)).body.invoices;
    expect(await refused({ invoiceId: otherInvoice!.id })).toMatchObject({ error: 'ERR_NO_INVOICE_FOUND' });
  });

  it('says billing is not set up on a server without a Pix provider', async () => {
    const bare = await startTestServer();
    try {
      const company = await aCompany(bare, { dueDate: day(1), timezone: 'UTC' });
      await openDueInvoices(bare.database.db);
      const res = await bare.call(api.invoices.list, { query: {} }, { token: company.admin.token });
      const [invoice] = (res.body as { invoices: Invoice[] }).invoices;
      const charge = await bare.call(
        api.invoices.subscribe,
        { body: checkout(invoice!.id) },
        { token: company.admin.token },
      );
      expect(charge).toMatchObject({ status: 503, body: { error: 'ERR_BILLING_NOT_CONFIGURED' } });
      expect((await pay(bare, 'x'.repeat(30))).status).toBe(404);
    } finally {
      await bare.stop();
    }
  });
});

describe('paying by Pix', () => {
  it('pays the invoice, moves the due date one period once, lifts the overdue block and says CONCLUIDA', async () => {
    const company = await aPayingCompany(-3, 'TRIMESTRAL');
    const token = company.admin.token;
    const [invoice] = (await listInvoices(token)).body.invoices;
    const pix = (await server.call(api.invoices.subscribe, { body: checkout(invoice!.id) }, { token }))
      .body as PixChargeAnswer;
    expect((await server.call(api.tickets.list, { query: {} as never }, { token })).status).toBe(402);
    expect(
      (await server.call(api.invoices.charge, { params: { txid: pix.txid } }, { token })).body,
    ).toMatchObject({
      status: 'ATIVA',
    });
    // Someone else of the company, still able to listen: the platform's super user hears no other company.
    const listener = await aUser(server, company.id, { profile: 'admin' });
    await server.database.db
      .update(companies)
      .set({ dueDate: day(30) })
      .where(eq(companies.id, company.id));
    const socket = await server.socket(listener.token);
    const heard = collect<PaymentEvent>(socket, events.payment(company.id));
    await server.database.db
      .update(companies)
      .set({ dueDate: day(-3) })
      .where(eq(companies.id, company.id));

    expect((await pay(server, pix.txid)).status).toBe(200);
    const expected = nextDueDate(day(-3), 'TRIMESTRAL');
    expect(await companyDue(company.id)).toBe(expected);
    const [paid] = (await listInvoices(token)).body.invoices.filter((i) => i.id === invoice!.id);
    expect(paid).toMatchObject({ status: 'Pago', value: '49.00', users: 3, connections: 3 });
    expect(paid!.paidAt).not.toBeNull();
    expect((await server.call(api.tickets.list, { query: {} as never }, { token })).status).toBe(200);
    expect((await server.call(api.invoices.charge, { params: { txid: pix.txid } }, { token })).body).toEqual({
      status: 'CONCLUIDA',
      dueDate: expected,
    });
    await expect
      .poll(() => heard)
      .toEqual([{ action: 'CONCLUIDA', company: { id: company.id, dueDate: expected } }]);

    // The bank delivers again: nothing moves twice.
    expect((await pay(server, pix.txid)).status).toBe(200);
    expect(await companyDue(company.id)).toBe(expected);
    // A paid invoice is not charged again.
    const again = await server.call(api.invoices.subscribe, { body: checkout(invoice!.id) }, { token });
    expect(again).toMatchObject({ status: 409, body: { error: 'ERR_INVOICE_ALREADY_PAID' } });
  });

  it('moves the company to the plan it paid for', async () => {
    const company = await aPayingCompany(1);
    const [bigger] = await server.database.db
      .insert(plans)
      .values({ name: `Max ${Math.random()}`, amount: '199.00', users: 20, connections: 10 })
      .returning();
    const [invoice] = (await listInvoices(company.admin.token)).body.invoices;
    const pix = (
      await server.call(
        api.invoices.subscribe,
        { body: checkout(invoice!.id, { plan: { kind: 'plan', planId: bigger!.id } }) },
        { token: company.admin.token },
      )
    ).body as PixChargeAnswer;
    await pay(server, pix.txid);
    const [row] = await server.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row!.planId).toBe(bigger!.id);
  });

  it("refuses a webhook call without the bank's secret, and trusts no charge the bank has not seen paid", async () => {
    const company = await aPayingCompany(1);
    const [invoice] = (await listInvoices(company.admin.token)).body.invoices;
    const pix = (
      await server.call(
        api.invoices.subscribe,
        { body: checkout(invoice!.id) },
        { token: company.admin.token },
      )
    ).body as PixChargeAnswer;
    const forged = await server.call(api.invoices.webhook, {
      query: { hmac: 'guess' },
      body: { pix: [{ txid: pix.txid }] },
    });
    expect(forged).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_WEBHOOK' } });
    expect(await companyDue(company.id)).toBe(day(1));
  });
});

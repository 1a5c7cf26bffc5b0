import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import { PLAN_FLAGS, type Plan, type PlanInput } from '../../../shared/api/plans';
import { companies, plans } from '../../db/schema';
import { aCompany, aUser, startTestServerAsSuper, type TestServer } from '../../test/server';

let server: TestServer;
let superToken: string;
beforeAll(async () => {
  ({ server, superToken } = await startTestServerAsSuper());
});
afterAll(() => server.stop());

const aPlan = async (fields: Partial<typeof plans.$inferInsert> = {}) => {
  const [plan] = await server.database.db
    .insert(plans)
    .values({ name: `Plan ${Math.random().toString(36).slice(2, 8)}`, ...fields })
    .returning();
  return plan!;
};

describe('GET /plans/list', () => {
  it('answers the public plans by id, without a token, and never a private one', async () => {
    const hidden = await aPlan({ isPublic: false });
    const shown = await aPlan({ amount: '49.90', useKanban: false });
    const res = await server.call(api.plans.listPublic, { query: {} });
    expect(res.status).toBe(200);
    const list = res.body as Plan[];
    expect(list.map((p) => p.id)).not.toContain(hidden.id);
    expect(list.map((p) => p.id)).toEqual([...list.map((p) => p.id)].sort((a, b) => a - b));
    expect(list.find((p) => p.id === shown.id)).toMatchObject({ amount: '49.90', useKanban: false });
    expect(list.every((p) => p.isPublic)).toBe(true);
  });
});

describe('GET /companies/listPlan/:companyId', () => {
  it("answers any member the company's plan with its feature flags", async () => {
    const plan = await aPlan({ useOpenAi: false, users: 3 });
    const company = await aCompany(server);
    await server.database.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, company.id));
    const user = await aUser(server, company.id);
    const res = await server.call(
      api.plans.companyPlan,
      { params: { companyId: company.id } },
      { token: user.token },
    );
    expect(res.status).toBe(200);
    const body = res.body as { id: number; planId: number; plan: Plan };
    expect(body).toMatchObject({
      id: company.id,
      planId: plan.id,
      plan: { id: plan.id, users: 3, useOpenAi: false },
    });
    for (const flag of PLAN_FLAGS) expect(typeof body.plan[flag]).toBe('boolean');
  });

  it("refuses another company's plan to its admin", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const res = await server.call(
      api.plans.companyPlan,
      { params: { companyId: a.id } },
      { token: b.admin.token },
    );
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it("lets the super user read any company's plan, and says when the company does not exist", async () => {
    const company = await aCompany(server);
    const found = await server.call(
      api.plans.companyPlan,
      { params: { companyId: company.id } },
      { token: superToken },
    );
    const missing = await server.call(
      api.plans.companyPlan,
      { params: { companyId: 99999 } },
      { token: superToken },
    );
    expect(found).toMatchObject({ status: 200, body: { id: company.id, planId: company.planId } });
    expect(missing).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
  });
});

describe('plans managed by the super administrator', () => {
  const body = (fields: Partial<PlanInput> = {}): PlanInput => ({
    name: `Plano ${Math.random().toString(36).slice(2, 8)}`,
    users: 5,
    connections: 2,
    queues: 4,
    amount: '99,90',
    ...fields,
  });

  it('creates a plan with every feature flag on unless said otherwise, and lists it with the private ones', async () => {
    const created = await server.call(
      api.plans.create,
      { body: body({ isPublic: false, useKanban: false }) },
      { token: superToken },
    );
    expect(created.status).toBe(200);
    const plan = created.body as Plan;
    expect(plan).toMatchObject({ amount: '99.90', users: 5, isPublic: false, useKanban: false });
    for (const flag of PLAN_FLAGS.filter((f) => f !== 'useKanban')) expect(plan[flag]).toBe(true);
    const all = await server.call(api.plans.all, {}, { token: superToken });
    expect((all.body as Plan[]).find((p) => p.id === plan.id)).toEqual(plan);
  });

  it('saves a change of limits and flags, and refuses a name another plan has', async () => {
    const a = (await server.call(api.plans.create, { body: body() }, { token: superToken })).body as Plan;
    const b = (await server.call(api.plans.create, { body: body() }, { token: superToken })).body as Plan;
    const saved = await server.call(
      api.plans.update,
      { params: { id: a.id }, body: body({ name: a.name, users: 9, useCampaigns: false, amount: '10' }) },
      { token: superToken },
    );
    expect(saved).toMatchObject({
      status: 200,
      body: { id: a.id, users: 9, useCampaigns: false, amount: '10.00' },
    });
    const clash = await server.call(
      api.plans.update,
      { params: { id: b.id }, body: body({ name: a.name }) },
      { token: superToken },
    );
    expect(clash).toMatchObject({ status: 409, body: { error: 'ERR_PLAN_NAME_ALREADY_EXISTS' } });
    const missing = await server.call(
      api.plans.update,
      { params: { id: 99999 }, body: body() },
      { token: superToken },
    );
    expect(missing).toMatchObject({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } });
  });

  it('answers the spec messages for a bad plan', async () => {
    const res = await server.call(
      api.plans.create,
      { body: { ...body({ name: 'x', amount: '12.345' }), users: -1 } },
      { token: superToken },
    );
    expect(res.status).toBe(400);
    const messages = (res.body as { issues: { path: string; message: string }[] }).issues;
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'name', message: 'Too Short!' }),
        expect.objectContaining({ path: 'amount', message: 'Enter an amount such as 49.90' }),
        expect.objectContaining({ path: 'users' }),
      ]),
    );
  });

  it('refuses to delete a plan a company is on, and deletes it once none is', async () => {
    const plan = (await server.call(api.plans.create, { body: body() }, { token: superToken })).body as Plan;
    const company = await aCompany(server);
    await server.database.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, company.id));
    const refused = await server.call(api.plans.remove, { params: { id: plan.id } }, { token: superToken });
    expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_PLAN_IN_USE' } });
    await server.database.db
      .update(companies)
      .set({ planId: company.planId })
      .where(eq(companies.id, company.id));
    const removed = await server.call(api.plans.remove, { params: { id: plan.id } }, { token: superToken });
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    const [row] = await server.database.db.select().from(plans).where(eq(plans.id, plan.id));
    expect(row).toBeUndefined();
  });

  it('is the super administrator’s only: a company admin gets 403 on every plan write and on the full list', async () => {
    const { admin } = await aCompany(server);
    const [plan] = await server.database.db.select().from(plans).limit(1);
    const answers = await Promise.all([
      server.call(api.plans.all, {}, { token: admin.token }),
      server.call(api.plans.create, { body: body() }, { token: admin.token }),
      server.call(api.plans.update, { params: { id: plan!.id }, body: body() }, { token: admin.token }),
      server.call(api.plans.remove, { params: { id: plan!.id } }, { token: admin.token }),
    ]);
    for (const res of answers) expect(res.status).toBe(403);
    const [still] = await server.database.db.select().from(plans).where(eq(plans.id, plan!.id));
    expect(still).toEqual(plan);
  });
});

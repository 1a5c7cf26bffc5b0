import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import { PLAN_FLAGS, type Plan } from '../../../shared/api/plans';
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

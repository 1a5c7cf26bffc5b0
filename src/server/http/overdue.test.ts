import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/api';
import { wallClock } from '../../shared/wall-clock';
import { companies } from '../db/schema';
import { aCompany, startTestServerAsSuper, type TestServer } from '../test/server';

let server: TestServer;
let superToken: string;
beforeAll(async () => {
  ({ server, superToken } = await startTestServerAsSuper());
});
afterAll(() => server.stop());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const setDue = (companyId: number, dueDate: string, timezone = 'UTC') =>
  server.database.db.update(companies).set({ dueDate, timezone }).where(eq(companies.id, companyId));

describe('a company past its due date (2-administration §4.2)', () => {
  it('reaches its session and plan, and gets 402 ERR_SUBSCRIPTION_EXPIRED everywhere else', async () => {
    const company = await aCompany(server);
    await setDue(company.id, day(-1));
    const token = company.admin.token;
    const me = await server.call(api.auth.me, {}, { token });
    const plan = await server.call(api.plans.companyPlan, { params: { companyId: company.id } }, { token });
    expect(me.status).toBe(200);
    expect(plan.status).toBe(200);
    const blocked = await Promise.all([
      server.call(api.tickets.list, { query: {} as never }, { token }),
      server.call(api.tags.create, { body: { name: 'Vencida', color: '#112233' } }, { token }),
      server.call(api.users.list, { query: {} as never }, { token }),
    ]);
    for (const res of blocked)
      expect(res).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED' } });
  });

  it('works through its due day, in its own time zone', async () => {
    const company = await aCompany(server);
    const list = () => server.call(api.tickets.list, { query: {} as never }, { token: company.admin.token });
    // Kiritimati is 26 hours ahead of Etc/GMT+12: when it is the due day there, Kiritimati is past it.
    const dueDay = wallClock(new Date(), 'Etc/GMT+12').day;
    await setDue(company.id, dueDay, 'Etc/GMT+12');
    expect((await list()).status).toBe(200);
    await setDue(company.id, dueDay, 'Pacific/Kiritimati');
    expect((await list()).status).toBe(402);
  });

  it('is lifted at once when the due date moves, and never stops the super user', async () => {
    const company = await aCompany(server);
    await setDue(company.id, day(-3));
    const before = await server.call(
      api.tickets.list,
      { query: {} as never },
      { token: company.admin.token },
    );
    expect(before.status).toBe(402);
    await setDue(company.id, day(30));
    const after = await server.call(api.tickets.list, { query: {} as never }, { token: company.admin.token });
    expect(after.status).toBe(200);
    await setDue(1, day(-3));
    const superCall = await server.call(api.tickets.list, { query: {} as never }, { token: superToken });
    await setDue(1, '2999-12-31', 'America/Sao_Paulo');
    expect(superCall.status).toBe(200);
  });
});

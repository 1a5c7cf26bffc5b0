import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { CompanySchedules } from '../../../shared/api/companies';
import { VALIDATION } from '../../../shared/errors';
import { DEFAULT_SCHEDULES, type ScheduleInput } from '../../../shared/schedules';
import { companies } from '../../db/schema';
import { aCompany, aUser, startTestServerAsSuper, type TestServer } from '../../test/server';

let server: TestServer;
let superToken: string;
beforeAll(async () => {
  ({ server, superToken } = await startTestServerAsSuper());
});
afterAll(() => server.stop());

/** The default week with some of its days changed. */
const weekWith = (changes: Partial<Record<string, Partial<ScheduleInput>>>): ScheduleInput[] =>
  DEFAULT_SCHEDULES.map((day) => ({ ...day, ...changes[day.weekdayEn] }));

const readSchedules = (token: string, id: number) =>
  server.call(api.companies.schedules, { params: { id } }, { token });
const saveSchedules = (token: string, id: number, schedules: ScheduleInput[]) =>
  server.call(api.companies.updateSchedules, { params: { id }, body: { schedules } }, { token });

const storedSchedules = async (id: number) => {
  const [row] = await server.database.db
    .select({ schedules: companies.schedules })
    .from(companies)
    .where(eq(companies.id, id));
  return row?.schedules;
};

describe('GET /companies/:id/schedules', () => {
  it('answers the default hours (08:00–12:00, 13:00–18:00 every day) and the time zone until saved', async () => {
    const company = await aCompany(server);
    const res = await readSchedules(company.admin.token, company.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ schedules: DEFAULT_SCHEDULES, timezone: 'America/Sao_Paulo' });
    expect((res.body as CompanySchedules).schedules[0]).toEqual({
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    });
  });

  it('refuses a plain user', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const res = await readSchedules(user.token, company.id);
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it("refuses an admin another company's hours", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const res = await readSchedules(b.admin.token, a.id);
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});

describe('PUT /companies/:id/schedules', () => {
  it('saves the week and answers it; the next read shows it', async () => {
    const company = await aCompany(server);
    const schedules = weekWith({
      monday: { startTimeA: '09:00', endTimeA: '12:30', startTimeB: '14:00', endTimeB: '19:00' },
      sunday: { startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' },
    });
    const res = await saveSchedules(company.admin.token, company.id, schedules);
    expect(res.status).toBe(200);
    expect((res.body as CompanySchedules).schedules).toEqual(schedules);
    expect((await readSchedules(company.admin.token, company.id)).body).toEqual(res.body);
    expect(await storedSchedules(company.id)).toEqual(schedules);
  });

  it('answers the week Monday to Sunday with the Portuguese labels, whatever the order and labels sent', async () => {
    const company = await aCompany(server);
    const sent = [...DEFAULT_SCHEDULES]
      .reverse()
      .map(({ weekday: _label, ...day }) => ({ ...day, weekday: day.weekdayEn.toUpperCase() }));
    const res = await saveSchedules(company.admin.token, company.id, sent);
    expect(res.status).toBe(200);
    expect((res.body as CompanySchedules).schedules).toEqual(DEFAULT_SCHEDULES);
  });

  it('accepts a closed shift (both times empty) and refuses a shift with one time', async () => {
    const company = await aCompany(server);
    const closedMorning = weekWith({ saturday: { startTimeA: '', endTimeA: '' } });
    expect((await saveSchedules(company.admin.token, company.id, closedMorning)).status).toBe(200);
    const halfShift = weekWith({ saturday: { startTimeA: '09:00', endTimeA: '' } });
    const res = await saveSchedules(company.admin.token, company.id, halfShift);
    expect(res).toMatchObject({ status: 400, body: { error: VALIDATION.shiftIncomplete } });
    expect((res.body as { issues: { path: string }[] }).issues[0]?.path).toBe('schedules.5.endTimeA');
  });

  it('refuses a shift that ends before or when it starts', async () => {
    const company = await aCompany(server);
    for (const endTimeB of ['12:00', '13:00']) {
      const res = await saveSchedules(
        company.admin.token,
        company.id,
        weekWith({ tuesday: { startTimeB: '13:00', endTimeB } }),
      );
      expect(res).toMatchObject({ status: 400, body: { error: VALIDATION.shiftEndBeforeStart } });
      expect((res.body as { issues: { path: string }[] }).issues[0]?.path).toBe('schedules.1.endTimeB');
    }
  });

  it('refuses shift B starting before shift A ends', async () => {
    const company = await aCompany(server);
    const res = await saveSchedules(
      company.admin.token,
      company.id,
      weekWith({
        friday: { startTimeA: '08:00', endTimeA: '14:00', startTimeB: '13:00', endTimeB: '18:00' },
      }),
    );
    expect(res).toMatchObject({ status: 400, body: { error: VALIDATION.shiftOrder } });
    expect((res.body as { issues: { path: string }[] }).issues[0]?.path).toBe('schedules.4.startTimeB');
  });

  it('refuses times that are not HH:MM', async () => {
    const company = await aCompany(server);
    for (const startTimeA of ['8:00', '24:00', '08:60', 'morning']) {
      const res = await saveSchedules(company.admin.token, company.id, weekWith({ monday: { startTimeA } }));
      expect(res).toMatchObject({ status: 400, body: { error: 'HH:MM' } });
    }
  });

  it('refuses a week without every weekday exactly once', async () => {
    const company = await aCompany(server);
    const sixDays = DEFAULT_SCHEDULES.slice(0, 6);
    const twoMondays = [...sixDays, { ...DEFAULT_SCHEDULES[0]! }];
    expect((await saveSchedules(company.admin.token, company.id, sixDays)).status).toBe(400);
    expect((await saveSchedules(company.admin.token, company.id, twoMondays)).status).toBe(400);
    expect(await storedSchedules(company.id)).toBeNull();
  });

  it('refuses a plain user and leaves the hours unchanged', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const res = await saveSchedules(user.token, company.id, weekWith({ monday: { startTimeA: '07:00' } }));
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await storedSchedules(company.id)).toBeNull();
  });

  it("refuses an admin another company's hours and leaves them unchanged", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const res = await saveSchedules(b.admin.token, a.id, weekWith({ monday: { startTimeA: '07:00' } }));
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await storedSchedules(a.id)).toBeNull();
    expect(await storedSchedules(b.id)).toBeNull();
  });

  it("lets the super user set any company's hours, and answers ERR_NO_COMPANY_FOUND for none", async () => {
    const company = await aCompany(server);
    const schedules = weekWith({ wednesday: { startTimeA: '07:30' } });
    const res = await saveSchedules(superToken, company.id, schedules);
    expect(res.status).toBe(200);
    expect((await readSchedules(company.admin.token, company.id)).body).toMatchObject({ schedules });
    const missing = await saveSchedules(superToken, 999_999, schedules);
    expect(missing).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
    const missingRead = await readSchedules(superToken, 999_999);
    expect(missingRead).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
  });
});

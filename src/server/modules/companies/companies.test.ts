import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { Company, CompanyInput, CompanySchedules } from '../../../shared/api/companies';
import { VALIDATION } from '../../../shared/errors';
import { DEFAULT_SCHEDULES, type ScheduleInput } from '../../../shared/schedules';
import { companies, contacts, plans, tickets, users, whatsapps } from '../../db/schema';
import {
  aCompany,
  aUser,
  FIXTURE_PASSWORD,
  startTestServerAsSuper,
  type TestServer,
} from '../../test/server';

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

const aPlan = async (fields: Partial<typeof plans.$inferInsert> = {}) => {
  const [plan] = await server.database.db
    .insert(plans)
    .values({ name: `Plan ${Math.random().toString(36).slice(2, 8)}`, amount: '49.90', ...fields })
    .returning();
  return plan!;
};

const uniqueEmail = () => `owner-${Math.random().toString(36).slice(2, 8)}@atendo.test`;
const companyInput = (planId: number, fields: Partial<CompanyInput> = {}): CompanyInput => ({
  name: 'Loja Azul',
  email: uniqueEmail(),
  passwordDefault: 'first-secret',
  planId,
  dueDate: '2027-01-31',
  recurrence: 'MENSAL',
  ...fields,
});
const createCompany = (body: CompanyInput, token = superToken) =>
  server.call(api.companies.create, { body }, { token });

describe('POST /companies', () => {
  it('creates the company and its first admin, who signs in with its e-mail and passwordDefault', async () => {
    const plan = await aPlan();
    const input = companyInput(plan.id, { document: '12345678000199', numberAttendants: 2 });
    const res = await createCompany(input);
    expect(res.status).toBe(200);
    const company = res.body as Company;
    expect(company).toMatchObject({
      name: 'Loja Azul',
      email: input.email,
      plan: { id: plan.id, name: plan.name, amount: '49.90' },
      status: true,
      dueDate: '2027-01-31',
      recurrence: 'MENSAL',
      document: '12345678000199',
      numberAttendants: 2,
      numberConections: null,
      lastLogin: null,
      folderSize: 0,
      numberFileFolder: 0,
      updatedAtFolder: null,
    });
    const session = await server.signIn(input.email, 'first-secret');
    expect(session.user).toMatchObject({ companyId: company.id, profile: 'admin' });
    const listed = await server.call(
      api.companies.show,
      { params: { id: company.id } },
      { token: superToken },
    );
    expect((listed.body as Company).lastLogin).not.toBeNull();
  });

  it("answers the spec's messages for the name and the e-mail, and requires the first admin's password", async () => {
    const plan = await aPlan();
    const noName = await createCompany(companyInput(plan.id, { name: ' ' }));
    expect(noName).toMatchObject({ status: 400, body: { error: VALIDATION.companyNameRequired } });
    const short = await createCompany(companyInput(plan.id, { name: 'A' }));
    expect(short).toMatchObject({ status: 400, body: { error: VALIDATION.tooShort } });
    const noEmail = await createCompany(companyInput(plan.id, { email: '' }));
    expect(noEmail).toMatchObject({ status: 400, body: { error: VALIDATION.companyEmailRequired } });
    const badEmail = await createCompany(companyInput(plan.id, { email: 'not-an-email' }));
    expect(badEmail).toMatchObject({ status: 400, body: { error: VALIDATION.companyEmailInvalid } });
    const noPassword = await createCompany(companyInput(plan.id, { passwordDefault: '' }));
    expect(noPassword).toMatchObject({ status: 400, body: { error: VALIDATION.required } });
    const noPlan = await createCompany(companyInput(99999));
    expect(noPlan).toMatchObject({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } });
  });

  it('refuses an e-mail a user already has, creating nothing', async () => {
    const plan = await aPlan();
    const taken = await aCompany(server);
    const email = (await server.database.db.select().from(users).where(eq(users.companyId, taken.id)))[0]!
      .email;
    const name = `Dup ${Math.random()}`.slice(0, 20);
    const res = await createCompany(companyInput(plan.id, { email, name }));
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
    expect(await server.database.db.select().from(companies).where(eq(companies.name, name))).toEqual([]);
  });

  it("is the super administrator's alone", async () => {
    const plan = await aPlan();
    const company = await aCompany(server);
    const res = await createCompany(companyInput(plan.id), company.admin.token);
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const token = company.admin.token;
    const reads = [
      await server.call(api.companies.list, {}, { token }),
      await server.call(api.companies.page, { query: {} }, { token }),
      await server.call(api.companies.pageWithPlan, { query: {} }, { token }),
    ];
    expect(reads.map((read) => read.status)).toEqual([403, 403, 403]);
  });
});

describe('GET /companies, /companies/list, /companiesPlan, /companies/:id', () => {
  it('lists every company with its plan and its files in the media store', async () => {
    const plan = await aPlan();
    const company = (await createCompany(companyInput(plan.id, { name: 'Arquivos Ltda' }))).body as Company;
    await server.deps.media.put(`company${company.id}/a.ogg`, Buffer.from('12345'));
    await server.deps.avatars.put(`company${company.id}/users/b.png`, Buffer.from('123'));
    const list = await server.call(api.companies.list, {}, { token: superToken });
    const row = (list.body as Company[]).find((c) => c.id === company.id)!;
    expect(row).toMatchObject({ folderSize: 8, numberFileFolder: 2 });
    expect(row.updatedAtFolder).not.toBeNull();
    expect((list.body as Company[])[0]!.id).toBe(1);
  });

  it('pages by name or e-mail: companies, count and hasMore; companiesPlan the same without count', async () => {
    const plan = await aPlan();
    const tag = Math.random().toString(36).slice(2, 8);
    await server.database.db
      .insert(companies)
      .values(Array.from({ length: 21 }, (_, i) => ({ name: `Busca ${tag} ${i}`, planId: plan.id })));
    const first = await server.call(
      api.companies.page,
      { query: { searchParam: tag } },
      { token: superToken },
    );
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect((first.body as { companies: Company[] }).companies).toHaveLength(20);
    const second = await server.call(
      api.companies.pageWithPlan,
      { query: { searchParam: tag, pageNumber: 2 } },
      { token: superToken },
    );
    expect(second.body).toMatchObject({
      hasMore: false,
      companies: [{ name: `Busca ${tag} 20`, plan: { id: plan.id } }],
    });
    const missing = await server.call(api.companies.show, { params: { id: 99999 } }, { token: superToken });
    expect(missing).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
  });
});

describe('PUT /companies/:id', () => {
  it('changes the company; company 1 stays never due whatever is sent', async () => {
    const plan = await aPlan();
    const other = await aPlan();
    const company = (await createCompany(companyInput(plan.id))).body as Company;
    const res = await server.call(
      api.companies.update,
      {
        params: { id: company.id },
        body: companyInput(other.id, {
          name: 'Loja Verde',
          email: company.email!,
          status: false,
          recurrence: 'ANUAL',
          passwordDefault: '',
        }),
      },
      { token: superToken },
    );
    expect(res.body).toMatchObject({
      name: 'Loja Verde',
      planId: other.id,
      status: false,
      recurrence: 'ANUAL',
    });
    const platform = await server.call(
      api.companies.update,
      { params: { id: 1 }, body: companyInput(plan.id, { name: 'Plataforma', dueDate: '2020-01-01' }) },
      { token: superToken },
    );
    expect(platform.body).toMatchObject({ id: 1, dueDate: '2999-12-31' });
  });
});

describe('POST /companies/:id/renew', () => {
  it.each([
    ['MENSAL', '2027-02-28'],
    ['BIMESTRAL', '2027-03-31'],
    ['TRIMESTRAL', '2027-04-30'],
    ['SEMESTRAL', '2027-07-31'],
    ['ANUAL', '2028-01-31'],
  ] as const)("moves a %s company's due date by its period", async (recurrence, next) => {
    const plan = await aPlan();
    const company = (await createCompany(companyInput(plan.id, { recurrence, dueDate: '2027-01-31' })))
      .body as Company;
    const res = await server.call(api.companies.renew, { params: { id: company.id } }, { token: superToken });
    expect(res.body).toMatchObject({ dueDate: next });
  });

  it('lifts the overdue block at once; company 1 stays never due', async () => {
    const company = await aCompany(server, { dueDate: '2020-01-01', recurrence: 'ANUAL' });
    const blocked = await server.call(
      api.settings.companySettings,
      { params: { companyId: company.id } },
      { token: company.admin.token },
    );
    expect(blocked).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED' } });
    await server.database.db
      .update(companies)
      .set({ dueDate: new Date(Date.now() - 86_400_000 * 30).toISOString().slice(0, 10) })
      .where(eq(companies.id, company.id));
    await server.call(api.companies.renew, { params: { id: company.id } }, { token: superToken });
    const open = await server.call(
      api.settings.companySettings,
      { params: { companyId: company.id } },
      { token: company.admin.token },
    );
    expect(open.status).toBe(200);
    const platform = await server.call(api.companies.renew, { params: { id: 1 } }, { token: superToken });
    expect(platform.body).toMatchObject({ dueDate: '2999-12-31' });
  });
});

describe('DELETE /companies/:id', () => {
  it('removes the company, everything it owns and its files; its users can no longer call', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const [contact] = await server.database.db
      .insert(contacts)
      .values({ companyId: company.id, name: 'Cliente', number: '5511988887777' })
      .returning();
    const [connection] = await server.database.db
      .insert(whatsapps)
      .values({ companyId: company.id, name: 'Zap' })
      .returning();
    await server.database.db.insert(tickets).values({
      companyId: company.id,
      contactId: contact!.id,
      whatsappId: connection!.id,
      userId: user.id,
      status: 'open',
    });
    await server.deps.media.put(`company${company.id}/a.ogg`, Buffer.from('12345'));
    const res = await server.call(
      api.companies.remove,
      { params: { id: company.id } },
      { token: superToken },
    );
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(await server.database.db.select().from(companies).where(eq(companies.id, company.id))).toEqual([]);
    expect(await server.database.db.select().from(users).where(eq(users.companyId, company.id))).toEqual([]);
    expect(
      await server.database.db.select().from(contacts).where(eq(contacts.companyId, company.id)),
    ).toEqual([]);
    expect(await server.deps.media.usage(`company${company.id}`)).toMatchObject({ files: 0 });
    const after = await server.call(
      api.settings.companySettings,
      { params: { companyId: company.id } },
      { token: user.token },
    );
    expect(after.status).toBe(401);
    const again = await server.call(
      api.companies.remove,
      { params: { id: company.id } },
      { token: superToken },
    );
    expect(again).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
  });

  it("refuses the platform's company", async () => {
    const res = await server.call(api.companies.remove, { params: { id: 1 } }, { token: superToken });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_PLATFORM_COMPANY' } });
  });
});

describe("a company's own limits", () => {
  it("numberAttendants and numberConections stand over the plan's users and connections", async () => {
    const plan = await aPlan({ users: 10, connections: 10 });
    const input = companyInput(plan.id, { numberAttendants: 1, numberConections: 0 });
    const company = (await createCompany(input)).body as Company;
    const admin = await server.signIn(input.email, 'first-secret');
    const user = await server.call(
      api.users.create,
      { body: { name: 'Second', email: uniqueEmail(), password: FIXTURE_PASSWORD, profile: 'user' } },
      { token: admin.token },
    );
    expect(user).toMatchObject({ status: 403, body: { error: 'ERR_USER_LIMIT_REACHED' } });
    const connection = await server.call(
      api.whatsapps.create,
      { body: { name: 'Zap' } },
      { token: admin.token },
    );
    expect(connection).toMatchObject({ status: 403, body: { error: 'ERR_CONNECTION_LIMIT_REACHED' } });
    expect(company.numberAttendants).toBe(1);
  });
});

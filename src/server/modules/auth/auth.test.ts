import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import { events } from '../../../shared/realtime';
import { companies, plans } from '../../db/schema';
import { parseTrustProxy } from '../../platform/config';
import { tenantDb } from '../../platform/tenant';
import {
  aCompany,
  aUser,
  FIXTURE_PASSWORD,
  SUPER,
  startTestServer,
  type TestServer,
} from '../../test/server';
import { writePlatformSetting } from '../settings/queries';
import { ADDRESS_LOGIN_FACTOR } from './routes';
import { REFRESH_GRACE_MS } from './service';
import { withinWorkHours } from './work-hours';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('login', () => {
  it('answers the token, the user with company, plan and settings, and the due date', async () => {
    const res = await server.call(api.auth.login, { body: { email: SUPER.email, password: SUPER.password } });
    expect(res.status).toBe(200);
    const body = res.body as { token: string; user: Record<string, unknown>; dueDate: string };
    expect(body.token).toMatch(/^ey/);
    expect(body.user).toMatchObject({ email: SUPER.email, super: true, profile: 'admin', companyId: 1 });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.user.company).toMatchObject({
      id: 1,
      dueDate: '2999-12-31',
      companieSettings: { userRating: 'disabled' },
    });
    expect(body.dueDate).toBe('2999-12-31');
    expect(String(res.headers['set-cookie'])).toMatch(/jrt=.+HttpOnly/);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const wrong = await server.call(api.auth.login, { body: { email: SUPER.email, password: 'nope' } });
    const unknown = await server.call(api.auth.login, {
      body: { email: 'ghost@atendo.test', password: 'nope' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
  });

  it("keeps an inactive company's users out with ERR_COMPANY_INACTIVE, ends their sessions at refresh, never the platform's", async () => {
    const company = await aCompany(server);
    await server.database.db.update(companies).set({ status: false }).where(eq(companies.id, company.id));
    // An access token issued before is refused at once, not when it expires.
    expect(await server.call(api.auth.me, {}, { token: company.admin.token })).toMatchObject({
      status: 401,
      body: { error: 'ERR_COMPANY_INACTIVE' },
    });
    const res = await server.call(api.auth.login, {
      body: { email: company.admin.email, password: FIXTURE_PASSWORD },
    });
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_COMPANY_INACTIVE' } });
    // A wrong password still answers as any: the company's state is told only to who knows the password.
    const wrong = await server.call(api.auth.login, {
      body: { email: company.admin.email, password: 'nope' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    const refreshed = await server.call(api.auth.refresh, {}, { cookie: company.admin.session.cookie });
    expect(refreshed).toMatchObject({ status: 401, body: { error: 'ERR_COMPANY_INACTIVE' } });

    await server.database.db.update(companies).set({ status: false }).where(eq(companies.id, 1));
    try {
      const platform = await server.call(api.auth.login, {
        body: { email: SUPER.email, password: SUPER.password },
      });
      expect(platform.status).toBe(200);
    } finally {
      await server.database.db.update(companies).set({ status: true }).where(eq(companies.id, 1));
    }
  });

  it('answers the spec validation message for a malformed email', async () => {
    const res = await server.call(api.auth.login, { body: { email: 'not-an-email', password: 'x' } });
    expect(res).toMatchObject({ status: 400, body: { error: 'Invalid email' } });
  });

  it('refuses a user outside their working hours', async () => {
    const company = await aCompany(server);
    const now = new Date();
    const start = `${String((now.getHours() + 2) % 24).padStart(2, '0')}:00`;
    const end = `${String((now.getHours() + 3) % 24).padStart(2, '0')}:00`;
    const user = await aUser(server, company.id).catch(() => undefined);
    expect(user).toBeDefined();
    await server.database.db.execute(
      `update users set start_work = '${start}', end_work = '${end}' where id = ${user!.id}`,
    );
    const res = await server.call(api.auth.login, {
      body: { email: user!.email, password: FIXTURE_PASSWORD },
    });
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_OUT_OF_HOURS' } });
  });

  describe('rate limits', () => {
    let limited: TestServer;
    beforeAll(async () => {
      limited = await startTestServer({ loginRateLimit: 3, signupRateLimit: 2 });
    });
    afterAll(() => limited.stop());
    const attempt = (email: string, from?: string) =>
      limited.call(
        api.auth.login,
        { body: { email, password: 'bad' } },
        { headers: from ? { 'x-forwarded-for': from } : {} },
      );

    it('limits guesses at the current password of one account, not other profile edits', async () => {
      const company = await aCompany(limited);
      const { id, token } = company.admin;
      const guess = () =>
        limited.call(
          api.users.update,
          { params: { id }, body: { password: 'new-one', currentPassword: 'guess' } },
          { token },
        );
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await guess()).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      const rename = await limited.call(
        api.users.update,
        { params: { id }, body: { name: 'Renamed' } },
        { token },
      );
      expect(rename.status).toBe(200);
    });

    it('limits sign-ins per e-mail, whatever X-Forwarded-For says, with Retry-After', async () => {
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await attempt('x@atendo.test', `10.0.0.${i + 1}`));
      expect(results.map((r) => r.status)).toEqual([401, 401, 401, 429, 429]);
      expect(results[3]!.body).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
      expect(Number(results[3]!.headers['retry-after'])).toBeGreaterThan(0);
      // The e-mail is read from the body: another one from the same address is not limited yet.
      expect((await attempt('X-other@atendo.test')).status).toBe(401);
    });

    it('limits one address at a higher ceiling across e-mails', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 3 * ADDRESS_LOGIN_FACTOR + 2; i++)
        statuses.push((await attempt(`many-${i}@atendo.test`)).status);
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(3 * ADDRESS_LOGIN_FACTOR - 6);
      expect(statuses.at(-1)).toBe(429);
    });

    it('limits signups per address', async () => {
      const body = { name: 'Ana', companyName: 'Acme', email: 'a@b.test', phone: '1', planId: 999 };
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.call(api.auth.signup, { body })).status);
      expect(statuses[2]).toBe(429);
    });
  });
});

describe('signup', () => {
  it('answers the same for a taken e-mail as for a new one, and creates nothing for the taken one', async () => {
    await writePlatformSetting(tenantDb(server.database.db, 1), 'allowSignup', 'enabled');
    const [plan] = await server.database.db.select().from(plans).where(eq(plans.isPublic, true)).limit(1);
    const body = (email: string) => ({
      name: 'Ana',
      companyName: 'Acme',
      email,
      password: 'secret-123',
      phone: '5511999990000',
      planId: plan!.id,
    });
    const fresh = await server.call(api.auth.signup, { body: body('fresh-signup@atendo.test') });
    const taken = await server.call(api.auth.signup, { body: body(SUPER.email.toUpperCase()) });
    expect(fresh).toMatchObject({ status: 200, body: { ok: true } });
    expect(taken).toMatchObject({ status: fresh.status, body: fresh.body });
    const named = await server.database.db
      .select()
      .from(companies)
      .where(eq(companies.email, SUPER.email.toUpperCase()));
    expect(named).toEqual([]);
  });
});

describe('work hours', () => {
  it('accepts ranges that cross midnight', () => {
    const at = (h: number, m = 0) => new Date(2026, 0, 1, h, m);
    expect(withinWorkHours('08:00', '18:00', at(12))).toBe(true);
    expect(withinWorkHours('08:00', '18:00', at(19))).toBe(false);
    expect(withinWorkHours('22:00', '06:00', at(23))).toBe(true);
    expect(withinWorkHours('22:00', '06:00', at(7))).toBe(false);
    expect(withinWorkHours('00:00', '23:59', at(23, 59))).toBe(true);
  });
});

describe('tokens and sessions', () => {
  it('answers 401 without a token and with a forged one', async () => {
    expect((await server.call(api.auth.me)).status).toBe(401);
    expect((await server.call(api.auth.me, {}, { token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' })).status).toBe(401);
  });

  it('answers 403 on an expired access token so the client refreshes', async () => {
    const company = await aCompany(server);
    const { session } = company.admin;
    server.expireAccessTokens();
    const res = await server.call(api.auth.me, {}, { token: session.token });
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } });
    const refreshed = await server.call(api.auth.refresh, {}, { cookie: session.cookie });
    expect(refreshed.status).toBe(200);
    const again = await server.call(api.auth.me, {}, { token: (refreshed.body as { token: string }).token });
    expect(again.status).toBe(200);
  });

  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['set-cookie']).split(';')[0]!;
  const backdateExchanges = (ms: number) =>
    server.database.db.execute(
      `update refresh_tokens set revoked_at = revoked_at - interval '${ms} milliseconds' where ended_by = 'rotated'`,
    );

  it('rotates the refresh token: reusing one after the grace window ends the session', async () => {
    const company = await aCompany(server);
    const first = company.admin.session;
    const second = await server.call(api.auth.refresh, {}, { cookie: first.cookie });
    expect(second.status).toBe(200);
    const secondCookie = cookieOf(second);
    expect(secondCookie).not.toBe(first.cookie);
    await backdateExchanges(REFRESH_GRACE_MS + 1000);
    // The first token again, later: refused, and the rotated one dies with it.
    expect((await server.call(api.auth.refresh, {}, { cookie: first.cookie })).status).toBe(401);
    expect((await server.call(api.auth.refresh, {}, { cookie: secondCookie })).status).toBe(401);
  });

  it('two refreshes with one cookie at once (two tabs) both succeed, and the session goes on', async () => {
    const company = await aCompany(server);
    const { cookie } = company.admin.session;
    const [a, b] = await Promise.all([
      server.call(api.auth.refresh, {}, { cookie }),
      server.call(api.auth.refresh, {}, { cookie }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await server.call(api.auth.refresh, {}, { cookie: cookieOf(b) });
    expect(again.status).toBe(200);
    expect(
      (await server.call(api.auth.me, {}, { token: (again.body as { token: string }).token })).status,
    ).toBe(200);
  });

  it('logout ends the session: the refresh cookie and access token stop working', async () => {
    const company = await aCompany(server);
    const { session } = company.admin;
    const out = await server.call(api.auth.logout, {}, { token: session.token, cookie: session.cookie });
    expect(out.status).toBe(200);
    expect((await server.call(api.auth.refresh, {}, { cookie: session.cookie })).status).toBe(401);
    expect((await server.call(api.auth.me, {}, { token: session.token })).status).toBe(401);
  });

  it('a new login tells the other session through company-{id}-auth, then disconnects it; its token is ERR_SESSION_REPLACED', async () => {
    const company = await aCompany(server);
    const first = company.admin.session;
    const socket = await server.socket(first.token);
    const seen: string[] = [];
    const notified = new Promise<{ user: { id: number }; sessionId: string }>((resolve) =>
      socket.once(events.auth(company.id), (event) => {
        seen.push('auth');
        resolve(event);
      }),
    );
    const disconnected = new Promise<string>((resolve) =>
      socket.once('disconnect', (reason) => {
        seen.push('disconnect');
        resolve(reason);
      }),
    );
    const second = await server.signIn(company.admin.email, FIXTURE_PASSWORD);
    const event = await notified;
    expect(event.user.id).toBe(company.admin.id);
    expect(event.sessionId).toBe(second.sessionId);
    expect(event.sessionId).not.toBe(first.sessionId);
    expect(await disconnected).toBe('io server disconnect');
    expect(seen).toEqual(['auth', 'disconnect']);
    expect(await server.call(api.auth.me, {}, { token: first.token })).toMatchObject({
      status: 401,
      body: { error: 'ERR_SESSION_REPLACED' },
    });
    expect(await server.call(api.auth.refresh, {}, { cookie: first.cookie })).toMatchObject({
      status: 401,
      body: { error: 'ERR_SESSION_REPLACED' },
    });
    await expect(server.socket(first.token)).rejects.toThrow('ERR_SESSION_REPLACED');
    expect((await server.call(api.auth.me, {}, { token: second.token })).status).toBe(200);
  });

  it("logout disconnects the session's sockets; a plain end stays ERR_SESSION_EXPIRED", async () => {
    const company = await aCompany(server);
    const { session } = company.admin;
    const socket = await server.socket(session.token);
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    await server.call(api.auth.logout, {}, { token: session.token, cookie: session.cookie });
    await disconnected;
    expect(await server.call(api.auth.me, {}, { token: session.token })).toMatchObject({
      status: 401,
      body: { error: 'ERR_SESSION_EXPIRED' },
    });
  });

  it('a socket is closed once its access token expires (the client reconnects and refreshes)', async () => {
    const short = await startTestServer({ accessTokenTtlSeconds: 2 });
    try {
      const company = await aCompany(short);
      const socket = await short.socket(company.admin.token);
      const reason = await new Promise((resolve) => socket.once('disconnect', resolve));
      expect(reason).toBe('transport close');
      await expect(short.socket(company.admin.token)).rejects.toThrow('ERR_SESSION_EXPIRED');
    } finally {
      await short.stop();
    }
  });
});

describe('ATENDO_TRUST_PROXY', () => {
  it('is off unless set; a hop count or a list of proxy addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.2')).toEqual(['10.0.0.1', '10.0.0.2']);
  });
});

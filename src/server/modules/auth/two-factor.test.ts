import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import type { AuditRecord } from '../../../shared/api/audit';
import type { Session, TwoFactorSetup } from '../../../shared/api/auth';
import { recoveryCodes } from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import { aCompany, aUser, FIXTURE_PASSWORD, startTestServer, type TestServer } from '../../test/server';
import { writeCompanySetting } from '../settings/queries';

/* Two-factor sign-in (issue 17, beyond the spec): enrolment, the code step, recovery codes, the company's requirement. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** The code an authenticator shows `ahead` steps of 30 s from now (the server accepts one step either side). */
const codeOf = (secret: string, ahead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 });

const login = (email: string, code?: string, password = FIXTURE_PASSWORD) =>
  server.call(api.auth.login, { body: { email, password, ...(code !== undefined && { code }) } });

/** A user of a new company who enrolled: their secret and recovery codes. */
async function anEnrolledUser() {
  const company = await aCompany(server);
  const user = await aUser(server, company.id);
  const setup = (await server.call(api.auth.twoFactorSetup, {}, { token: user.token }))
    .body as TwoFactorSetup;
  const confirmed = await server.call(
    api.auth.twoFactorConfirm,
    { body: { code: await codeOf(setup.secret) } },
    { token: user.token },
  );
  expect(confirmed.status).toBe(200);
  const codes = (confirmed.body as { recoveryCodes: string[] }).recoveryCodes;
  return { company, user, secret: setup.secret, codes };
}

const auditOf = async (token: string, action: string) =>
  (
    (await server.call(api.audit.list, { query: { action } as never }, { token })).body as {
      records: AuditRecord[];
    }
  ).records;

describe('two-factor enrolment', () => {
  it('shows the secret as a QR code and text, activates on a first valid code, and hands out 10 recovery codes once', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const setup = await server.call(api.auth.twoFactorSetup, {}, { token: user.token });
    expect(setup.status).toBe(200);
    const { secret, qrCode, otpauthUrl } = setup.body as TwoFactorSetup;
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect(otpauthUrl).toContain(`secret=${secret}`);

    const wrong = await server.call(
      api.auth.twoFactorConfirm,
      { body: { code: '000000' } },
      { token: user.token },
    );
    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_2FA_INVALID_CODE' } });
    const me = await server.call(api.auth.me, {}, { token: user.token });
    expect(me.body).toMatchObject({ twoFactor: false });

    const ok = await server.call(
      api.auth.twoFactorConfirm,
      { body: { code: await codeOf(secret) } },
      { token: user.token },
    );
    expect(ok.status).toBe(200);
    const codes = (ok.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Stored hashed: no row holds a code as given.
    const stored = await server.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);

    // Enrolled: the secret is never answered again, and a new setup is refused.
    const after = await server.call(api.auth.me, {}, { token: user.token });
    expect(after.body).toMatchObject({ twoFactor: true });
    expect(JSON.stringify(after.body)).not.toContain(secret);
    const again = await server.call(api.auth.twoFactorSetup, {}, { token: user.token });
    expect(again).toMatchObject({ status: 409, body: { error: 'ERR_2FA_ALREADY_ENABLED' } });

    const entries = await auditOf(company.admin.token, 'twoFactor.enable');
    expect(entries).toEqual([
      expect.objectContaining({
        userId: user.id,
        entityId: String(user.id),
        changes: { before: { twoFactor: false }, after: { twoFactor: true } },
      }),
    ]);
  });

  it('switches off with a current code only', async () => {
    const { user, secret } = await anEnrolledUser();
    const wrong = await server.call(
      api.auth.twoFactorDisable,
      { body: { code: '123456' } },
      { token: user.token },
    );
    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_2FA_INVALID_CODE' } });
    const ok = await server.call(
      api.auth.twoFactorDisable,
      { body: { code: await codeOf(secret, 1) } },
      { token: user.token },
    );
    expect(ok.status).toBe(200);
    expect((await login(user.email)).status).toBe(200);
  });

  it('stays on where the company requires it: switching off is refused and changes nothing', async () => {
    const { company, user, secret } = await anEnrolledUser();
    await writeCompanySetting(tenantDb(server.database.db, company.id), 'require2fa', 'enabled');
    const refused = await server.call(
      api.auth.twoFactorDisable,
      { body: { code: await codeOf(secret, 1) } },
      { token: user.token },
    );
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_2FA_REQUIRED_BY_COMPANY' } });
    expect(await login(user.email)).toMatchObject({ status: 401, body: { error: 'ERR_2FA_REQUIRED' } });
    expect(await auditOf(company.admin.token, 'twoFactor.disable')).toEqual([]);
  });
});

describe('signing in with two-factor', () => {
  it('asks for the code after the password, refuses a wrong one, and takes a current one once', async () => {
    const { company, user, secret } = await anEnrolledUser();
    expect(await login(user.email)).toMatchObject({ status: 401, body: { error: 'ERR_2FA_REQUIRED' } });
    // The password is checked first: a code with a wrong password tells nothing of the code.
    expect(await login(user.email, await codeOf(secret, 1), 'wrong')).toMatchObject({
      status: 401,
      body: { error: 'ERR_INVALID_CREDENTIALS' },
    });
    expect(await login(user.email, '000000')).toMatchObject({
      status: 401,
      body: { error: 'ERR_2FA_INVALID_CODE' },
    });

    const code = await codeOf(secret, 1);
    const ok = await login(user.email, code);
    expect(ok.status).toBe(200);
    expect((ok.body as Session).user.twoFactor).toBe(true);
    expect((ok.body as Session).recoveryCodes).toBeUndefined();
    // The same code again (replayed within its window) is refused.
    expect(await login(user.email, code)).toMatchObject({
      status: 401,
      body: { error: 'ERR_2FA_INVALID_CODE' },
    });

    const failed = await auditOf(company.admin.token, 'login.failed');
    expect(failed.map((r) => r.changes.after)).toEqual(
      expect.arrayContaining([{ step: 'code' }, { step: 'password' }]),
    );
    expect(failed[0]!.ip).toBe('127.0.0.1');
    expect((await auditOf(company.admin.token, 'login')).some((r) => r.userId === user.id)).toBe(true);
  });

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const { user, codes } = await anEnrolledUser();
    const typed = codes[3]!.toUpperCase().replace('-', ' ');
    expect((await login(user.email, typed)).status).toBe(200);
    expect(await login(user.email, codes[3]!)).toMatchObject({
      status: 401,
      body: { error: 'ERR_2FA_INVALID_CODE' },
    });
    expect((await login(user.email, codes[4]!)).status).toBe(200);
  });

  it('leads a user of a company that requires it to enrol after the password, and answers the recovery codes', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    await writeCompanySetting(tenantDb(server.database.db, company.id), 'require2fa', 'enabled');

    expect(await login(user.email)).toMatchObject({
      status: 401,
      body: { error: 'ERR_2FA_ENROLMENT_REQUIRED' },
    });
    const refused = await server.call(api.auth.twoFactorEnrol, {
      body: { email: user.email, password: 'wrong' },
    });
    expect(refused).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    const setup = await server.call(api.auth.twoFactorEnrol, {
      body: { email: user.email, password: FIXTURE_PASSWORD },
    });
    expect(setup.status).toBe(200);
    const { secret } = setup.body as TwoFactorSetup;
    expect(await login(user.email, '000000')).toMatchObject({
      status: 401,
      body: { error: 'ERR_2FA_INVALID_CODE' },
    });
    const ok = await login(user.email, await codeOf(secret));
    expect(ok.status).toBe(200);
    expect((ok.body as Session).recoveryCodes).toHaveLength(10);
    // Enrolled now: the next sign-in asks for a code like any enrolled user's.
    expect(await login(user.email)).toMatchObject({ status: 401, body: { error: 'ERR_2FA_REQUIRED' } });
  });

  it('does not start a sign-in enrolment where the company does not require it', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const res = await server.call(api.auth.twoFactorEnrol, {
      body: { email: user.email, password: FIXTURE_PASSWORD },
    });
    expect(res.status).toBe(403);
  });
});

describe("an admin's reset", () => {
  it("ends a user's enrolment in the admin's company only; plain users may not", async () => {
    const { company, user, secret } = await anEnrolledUser();
    const other = await aCompany(server);
    const colleague = await aUser(server, company.id);

    const foreign = await server.call(
      api.users.resetTwoFactor,
      { params: { id: user.id } },
      { token: other.admin.token },
    );
    expect(foreign.status).toBe(404);
    const plain = await server.call(
      api.users.resetTwoFactor,
      { params: { id: user.id } },
      { token: colleague.token },
    );
    expect(plain.status).toBe(403);
    expect(await login(user.email)).toMatchObject({ status: 401, body: { error: 'ERR_2FA_REQUIRED' } });

    const reset = await server.call(
      api.users.resetTwoFactor,
      { params: { id: user.id } },
      { token: company.admin.token },
    );
    expect(reset.status).toBe(200);
    expect((await login(user.email)).status).toBe(200);
    // The old secret is gone with the enrolment.
    expect(await login(user.email, await codeOf(secret, 1))).toMatchObject({ status: 200 });
    const entries = await auditOf(company.admin.token, 'twoFactor.reset');
    expect(entries).toEqual([
      expect.objectContaining({ userId: company.admin.id, entityId: String(user.id) }),
    ]);
    expect(await auditOf(other.admin.token, 'twoFactor.reset')).toEqual([]);
  });
});

describe('the code step is rate-limited like the password', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ loginRateLimit: 3 });
  });
  afterAll(() => limited.stop());

  it('answers 429 after the limit of wrong codes for one e-mail', async () => {
    const company = await aCompany(limited);
    const user = await aUser(limited, company.id);
    const setup = (await limited.call(api.auth.twoFactorSetup, {}, { token: user.token }))
      .body as TwoFactorSetup;
    await limited.call(
      api.auth.twoFactorConfirm,
      { body: { code: await codeOf(setup.secret) } },
      { token: user.token },
    );
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await limited.call(api.auth.login, {
        body: { email: user.email, password: FIXTURE_PASSWORD, code: '000000' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});

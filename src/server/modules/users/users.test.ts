import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../shared/api';
import { buildPath } from '../../../shared/api/contract';
import { USER_DEFAULTS, type User } from '../../../shared/api/users';
import { events, type UserEvent } from '../../../shared/realtime';
import { plans, users } from '../../db/schema';
import { tenantDb } from '../../platform/tenant';
import {
  aCompany,
  aQueue,
  aUser,
  FIXTURE_PASSWORD,
  startTestServerAsSuper,
  type TestServer,
  userRow,
} from '../../test/server';
import { writePlatformSetting } from '../settings/queries';

let server: TestServer;
let dataDir: string;
let superToken: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'atendo-users-'));
  ({ server, superToken } = await startTestServerAsSuper({ dataDir }));
});
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const as = (token: string) => ({ token });
const uniqueEmail = () => `new-${randomBytes(4).toString('hex')}@atendo.test`;
const newUser = (fields: Record<string, unknown> = {}) => ({
  name: 'New Person',
  email: uniqueEmail(),
  password: 'secret12',
  ...fields,
});

async function companyUserCount(companyId: number) {
  const rows = await server.database.db.select().from(users).where(eq(users.companyId, companyId));
  return rows.length;
}

/** A company on a plan of its own, limited to `limit` users. */
async function aCompanyWithUserLimit(limit: number) {
  const [plan] = await server.database.db
    .insert(plans)
    .values({ name: `Plan ${randomBytes(4).toString('hex')}` })
    .returning();
  await server.database.db.update(plans).set({ users: limit }).where(eq(plans.id, plan!.id));
  return aCompany(server, { planId: plan!.id });
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadAvatar(id: number, token: string, file: { type: string; data: Buffer; name?: string }) {
  const boundary = `atendo${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="${file.name ?? 'a.png'}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await server.app.inject({
    method: 'POST',
    url: `/api${buildPath(api.users.uploadMedia.path, { id })}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

async function fetchAvatar(id: number, token: string) {
  return server.app.inject({
    method: 'GET',
    url: `/api${buildPath(api.users.avatar.path, { id })}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('creating users', () => {
  it('creates a user with the default values of 1-attendance §9 and announces it', async () => {
    const company = await aCompany(server);
    const body = newUser();
    const res = await server.call(api.users.create, { body }, as(company.admin.token));
    expect(res.status).toBe(200);
    const user = res.body as User;
    expect(user).toMatchObject({
      ...USER_DEFAULTS,
      name: body.name,
      email: body.email,
      profile: 'user',
      super: false,
      companyId: company.id,
      queues: [],
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordHash');
    // The new user can sign in with the password given.
    await expect(server.signIn(body.email, body.password)).resolves.toMatchObject({ user: { id: user.id } });
  });

  it('takes the company from the caller, never from the body', async () => {
    const company = await aCompany(server);
    const other = await aCompany(server);
    const res = await server.call(
      api.users.create,
      { body: newUser({ companyId: other.id }) },
      as(company.admin.token),
    );
    expect((res.body as User).companyId).toBe(company.id);
  });

  it('links the chosen queues of the company in the same answer', async () => {
    const company = await aCompany(server);
    const [sales, support] = [await aQueue(server, company.id), await aQueue(server, company.id)];
    const res = await server.call(
      api.users.create,
      { body: newUser({ queueIds: [sales.id, support.id, sales.id] }) },
      as(company.admin.token),
    );
    expect(res.status).toBe(200);
    expect((res.body as User).queues.map((q) => q.id).sort()).toEqual([sales.id, support.id].sort());
  });

  it('refuses queues of another company and creates nothing', async () => {
    const company = await aCompany(server);
    const foreign = await aQueue(server, (await aCompany(server)).id);
    const own = await aQueue(server, company.id);
    const before = await companyUserCount(company.id);
    const res = await server.call(
      api.users.create,
      { body: newUser({ queueIds: [own.id, foreign.id] }) },
      as(company.admin.token),
    );
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await companyUserCount(company.id)).toBe(before);
  });

  it.each([
    ['a name under 2 characters', 'Too Short!', { name: 'A' }],
    ['a name over 50 characters', 'Too Long!', { name: 'x'.repeat(51) }],
    ['a missing name', 'Required', { name: undefined }],
    ['an invalid email', 'Invalid email', { email: 'not-an-email' }],
    ['a missing email', 'Required', { email: undefined }],
    ['a password under 5 characters', 'Too Short!', { password: '1234' }],
    ['a password over 50 characters', 'Too Long!', { password: 'x'.repeat(51) }],
    ['a missing password', 'Required', { password: undefined }],
    ['an empty password', 'Required', { password: '' }],
  ])('refuses %s with "%s"', async (_case, message, fields) => {
    const company = await aCompany(server);
    const res = await server.call(api.users.create, { body: newUser(fields) }, as(company.admin.token));
    expect(res).toMatchObject({ status: 400, body: { error: message } });
  });

  it('refuses an email already used on the platform, whatever its case', async () => {
    const company = await aCompany(server);
    const elsewhere = await aCompany(server);
    const res = await server.call(
      api.users.create,
      { body: newUser({ email: elsewhere.admin.email.toUpperCase() }) },
      as(company.admin.token),
    );
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
  });

  it("stops at the plan's user limit", async () => {
    const company = await aCompanyWithUserLimit(2);
    const second = await server.call(api.users.create, { body: newUser() }, as(company.admin.token));
    expect(second.status).toBe(200);
    const third = await server.call(api.users.create, { body: newUser() }, as(company.admin.token));
    expect(third).toMatchObject({ status: 403, body: { error: 'ERR_USER_LIMIT_REACHED' } });
    expect(await companyUserCount(company.id)).toBe(2);
  });

  it('refuses admins while user creation is disabled on the platform, but not the super administrator', async () => {
    const company = await aCompany(server);
    await writePlatformSetting(tenantDb(server.database.db, 1), 'userCreation', 'disabled');
    try {
      const byAdmin = await server.call(api.users.create, { body: newUser() }, as(company.admin.token));
      expect(byAdmin).toMatchObject({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } });
      const bySuper = await server.call(api.users.create, { body: newUser() }, as(superToken));
      expect(bySuper.status).toBe(200);
    } finally {
      await writePlatformSetting(tenantDb(server.database.db, 1), 'userCreation', 'enabled');
    }
  });

  it('never makes a super administrator, even when a super asks', async () => {
    const res = await server.call(api.users.create, { body: newUser({ super: true }) }, as(superToken));
    expect(res.status).toBe(200);
    expect((res.body as User).super).toBe(false);
  });

  it('is for admins only', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const res = await server.call(api.users.create, { body: newUser() }, as(plain.token));
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});

describe('listing and searching users', () => {
  it('pages by 20, ordered by name, with the total and whether more follow', async () => {
    const company = await aCompanyWithUserLimit(100);
    const names = Array.from({ length: 21 }, (_, i) => `Member ${String(i).padStart(2, '0')}`);
    await server.database.db
      .insert(users)
      .values(
        names.map((name) => ({ companyId: company.id, name, email: uniqueEmail(), passwordHash: 'unused' })),
      );
    const first = await server.call(api.users.list, { query: { pageNumber: 1 } }, as(company.admin.token));
    const body = first.body as { users: User[]; count: number; hasMore: boolean };
    expect(body.count).toBe(22);
    expect(body.hasMore).toBe(true);
    expect(body.users.map((u) => u.name)).toEqual(['Company Admin', ...names.slice(0, 19)]);
    const second = await server.call(api.users.list, { query: { pageNumber: 2 } }, as(company.admin.token));
    expect(second.body).toMatchObject({
      count: 22,
      hasMore: false,
      users: [{ name: 'Member 19' }, { name: 'Member 20' }],
    });
  });

  it('searches by name or email, ignoring case, and treats % literally', async () => {
    const company = await aCompany(server);
    await aUser(server, company.id, { name: 'Beatriz Souza' });
    await aUser(server, company.id, {
      name: 'Carlos',
      email: `carlos.${randomBytes(3).toString('hex')}@acme.test`,
    });
    const search = async (searchParam: string) =>
      (
        (await server.call(api.users.list, { query: { searchParam } }, as(company.admin.token))).body as {
          users: User[];
        }
      ).users.map((u) => u.name);
    expect(await search('SOUZA')).toEqual(['Beatriz Souza']);
    expect(await search('@ACME.test')).toEqual(['Carlos']);
    expect(await search('%')).toEqual([]);
  });

  it('lists the whole company for any signed-in user with name, profile, presence and queues only', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id);
    const plain = await aUser(server, company.id, { name: 'Ana', queueIds: [queue.id] });
    const res = await server.call(api.users.listAll, {}, as(plain.token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: plain.id,
        name: 'Ana',
        profile: 'user',
        online: false,
        queues: [{ id: queue.id, name: queue.name, color: queue.color }],
      },
      { id: company.admin.id, name: 'Company Admin', profile: 'admin', online: false, queues: [] },
    ]);
  });

  it('the paged list is for admins only', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const res = await server.call(api.users.list, { query: {} }, as(plain.token));
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});

describe('reading one user', () => {
  it('lets a user read themself but not a colleague', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const self = await server.call(api.users.show, { params: { id: plain.id } }, as(plain.token));
    expect(self).toMatchObject({ status: 200, body: { id: plain.id } });
    const colleague = await server.call(
      api.users.show,
      { params: { id: company.admin.id } },
      as(plain.token),
    );
    expect(colleague).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it('lets an admin read any user of the company', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const res = await server.call(api.users.show, { params: { id: plain.id } }, as(company.admin.token));
    expect(res).toMatchObject({ status: 200, body: { id: plain.id, email: plain.email } });
  });
});

describe('updating users', () => {
  it('lets an admin change profile, permissions and queues, replacing the queues', async () => {
    const company = await aCompany(server);
    const [first, second] = [await aQueue(server, company.id), await aQueue(server, company.id)];
    const plain = await aUser(server, company.id, { queueIds: [first.id] });
    const res = await server.call(
      api.users.update,
      {
        params: { id: plain.id },
        body: { profile: 'admin', allowGroup: true, showDashboard: 'enabled', queueIds: [second.id] },
      },
      as(company.admin.token),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ profile: 'admin', allowGroup: true, showDashboard: 'enabled' });
    expect((res.body as User).queues.map((q) => q.id)).toEqual([second.id]);
  });

  it('leaves every field the body leaves out as it was', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id, {
      allowGroup: true,
      allTicket: 'enable',
      defaultTheme: 'dark',
    });
    const res = await server.call(
      api.users.update,
      { params: { id: plain.id }, body: { name: 'Renamed' } },
      as(plain.token),
    );
    expect(res.body).toMatchObject({
      name: 'Renamed',
      allowGroup: true,
      allTicket: 'enable',
      defaultTheme: 'dark',
    });
  });

  it('lets a user change their own name, email, password and preferences; the session stays', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const email = uniqueEmail();
    const res = await server.call(
      api.users.update,
      {
        params: { id: plain.id },
        body: {
          name: 'Myself',
          email,
          password: 'brand-new',
          currentPassword: FIXTURE_PASSWORD,
          farewellMessage: 'Bye!',
          defaultTheme: 'dark',
          defaultMenu: 'closed',
          defaultTicketsManagerWidth: 600,
        },
      },
      as(plain.token),
    );
    expect(res).toMatchObject({ status: 200, body: { name: 'Myself', email, farewellMessage: 'Bye!' } });
    expect((await server.call(api.auth.me, {}, as(plain.token))).status).toBe(200);
    await expect(server.signIn(email, 'brand-new')).resolves.toBeDefined();
  });

  it("needs the current password to change one's own password or e-mail", async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const before = await userRow(server, plain.id);
    for (const [body, error] of [
      [{ password: 'brand-new' }, 'Required'],
      [{ password: 'brand-new', currentPassword: 'wrong' }, 'ERR_INVALID_CREDENTIALS'],
      [{ email: uniqueEmail() }, 'Required'],
      [{ email: uniqueEmail(), currentPassword: 'wrong' }, 'ERR_INVALID_CREDENTIALS'],
    ] as const) {
      const res = await server.call(api.users.update, { params: { id: plain.id }, body }, as(plain.token));
      expect(res).toMatchObject({ status: 400, body: { error } });
    }
    expect(await userRow(server, plain.id)).toMatchObject({
      email: before?.email,
      passwordHash: before?.passwordHash,
    });
  });

  it("an admin resetting a user's password ends that user's session: tokens, refresh cookie and sockets", async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const socket = await server.socket(plain.token);
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    const res = await server.call(
      api.users.update,
      { params: { id: plain.id }, body: { password: 'reset-by-admin' } },
      as(company.admin.token),
    );
    expect(res.status).toBe(200);
    await disconnected;
    expect((await server.call(api.auth.me, {}, as(plain.token))).status).toBe(401);
    expect((await server.call(api.auth.refresh, {}, { cookie: plain.session.cookie })).status).toBe(401);
    // The admin's own session is untouched.
    expect((await server.call(api.auth.me, {}, as(company.admin.token))).status).toBe(200);
  });

  it("changing one's own password ends the other sessions but keeps the caller's", async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    // A second refresh token of an older session (as a copy held elsewhere would be).
    await server.database.db.execute(
      `insert into refresh_tokens (id, user_id, company_id, session_id, expires_at) values ('other-${plain.id}', ${plain.id}, ${company.id}, 'other-session-${plain.id}', now() + interval '1 day')`,
    );
    const socket = await server.socket(plain.token);
    let disconnected = false;
    socket.once('disconnect', () => {
      disconnected = true;
    });
    const res = await server.call(
      api.users.update,
      { params: { id: plain.id }, body: { password: 'brand-new', currentPassword: FIXTURE_PASSWORD } },
      as(plain.token),
    );
    expect(res.status).toBe(200);
    const [other] = (
      await server.database.db.execute(`select ended_by from refresh_tokens where id = 'other-${plain.id}'`)
    ).rows as { ended_by: string | null }[];
    expect(other?.ended_by).toBe('ended');
    expect((await server.call(api.auth.me, {}, as(plain.token))).status).toBe(200);
    expect((await server.call(api.auth.refresh, {}, { cookie: plain.session.cookie })).status).toBe(200);
    await server.realtime.settled();
    expect(disconnected).toBe(false);
  });

  it('keeps the password when the form sends it empty', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const before = await userRow(server, plain.id);
    await server.call(
      api.users.update,
      { params: { id: plain.id }, body: { password: '' } },
      as(plain.token),
    );
    expect((await userRow(server, plain.id))?.passwordHash).toBe(before?.passwordHash);
  });

  it('refuses a user changing their own profile, queues or permission flags, and changes nothing', async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id);
    const plain = await aUser(server, company.id);
    for (const body of [
      { profile: 'admin' as const },
      { queueIds: [queue.id] },
      { allowConnections: 'enabled' as const },
      { startWork: '06:00' },
      { name: 'Sneaky', allTicket: 'enable' as const },
    ]) {
      const res = await server.call(api.users.update, { params: { id: plain.id }, body }, as(plain.token));
      expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    expect(await userRow(server, plain.id)).toMatchObject({
      name: 'Test User',
      profile: 'user',
      allowConnections: 'disabled',
      startWork: '00:00',
      allTicket: 'disable',
    });
  });

  it("accepts a user's own form that sends the admin-only fields back unchanged", async () => {
    const company = await aCompany(server);
    const queue = await aQueue(server, company.id);
    const plain = await aUser(server, company.id, { queueIds: [queue.id] });
    const current = (await server.call(api.users.show, { params: { id: plain.id } }, as(plain.token)))
      .body as User;
    const {
      id: _i,
      companyId: _c,
      super: _s,
      profileImage: _p,
      online: _o,
      queues,
      createdAt: _a,
      updatedAt: _u,
      ...form
    } = current;
    const res = await server.call(
      api.users.update,
      { params: { id: plain.id }, body: { ...form, name: 'Same Me', queueIds: queues.map((q) => q.id) } },
      as(plain.token),
    );
    expect(res).toMatchObject({ status: 200, body: { name: 'Same Me' } });
  });

  it('refuses a user editing a colleague', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const res = await server.call(
      api.users.update,
      { params: { id: company.admin.id }, body: { name: 'Hijack' } },
      as(plain.token),
    );
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it('refuses an email another account uses', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const res = await server.call(
      api.users.update,
      { params: { id: plain.id }, body: { email: company.admin.email, currentPassword: FIXTURE_PASSWORD } },
      as(plain.token),
    );
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
  });

  it('refuses queues of another company', async () => {
    const company = await aCompany(server);
    const foreign = await aQueue(server, (await aCompany(server)).id);
    const plain = await aUser(server, company.id);
    const res = await server.call(
      api.users.update,
      { params: { id: plain.id }, body: { queueIds: [foreign.id] } },
      as(company.admin.token),
    );
    expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it('only a super administrator alters a super administrator', async () => {
    const platformAdmin = await aUser(server, 1, { profile: 'admin' });
    const superRow = (await server.database.db.select().from(users).where(eq(users.super, true)))[0]!;
    const byAdmin = await server.call(
      api.users.update,
      { params: { id: superRow.id }, body: { profile: 'user' } },
      as(platformAdmin.token),
    );
    expect(byAdmin).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await userRow(server, superRow.id))?.profile).toBe('admin');
    // `super` is not in the contract, but nothing stops a caller from sending it.
    const body = { name: 'Platform Admin', super: true };
    const bySuper = await server.call(
      api.users.update,
      { params: { id: platformAdmin.id }, body },
      as(superToken),
    );
    expect(bySuper).toMatchObject({ status: 200, body: { name: 'Platform Admin', super: false } });
  });
});

describe('deleting users', () => {
  it('lets an admin delete a user of the company and tells the company', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const socket = await server.socket(company.admin.token);
    const told = new Promise<UserEvent>((resolve) => socket.once(events.user(company.id), resolve));
    const res = await server.call(api.users.remove, { params: { id: plain.id } }, as(company.admin.token));
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(await told).toEqual({ action: 'delete', userId: plain.id });
    expect(await userRow(server, plain.id)).toBeUndefined();
  });

  it('refuses deleting yourself, a super administrator as admin, or anyone as a plain user', async () => {
    const platformAdmin = await aUser(server, 1, { profile: 'admin' });
    const plain = await aUser(server, 1);
    const superRow = (await server.database.db.select().from(users).where(eq(users.super, true)))[0]!;
    const attempts = [
      [platformAdmin.id, platformAdmin.token],
      [superRow.id, platformAdmin.token],
      [platformAdmin.id, plain.token],
    ] as const;
    for (const [id, token] of attempts) {
      const res = await server.call(api.users.remove, { params: { id } }, as(token));
      expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    const bySuper = await server.call(api.users.remove, { params: { id: plain.id } }, as(superToken));
    expect(bySuper.status).toBe(200);
    await server.call(api.users.remove, { params: { id: platformAdmin.id } }, as(superToken));
  });
});

describe('profile images', () => {
  it('stores a PNG under the company folder and serves it back to the company', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const res = await uploadAvatar(plain.id, plain.token, { type: 'image/png', data: PNG });
    expect(res.status).toBe(200);
    const fileName = res.body.user.profileImage as string;
    expect(res.body).toEqual({
      user: { id: plain.id, profileImage: expect.stringMatching(/^[\w-]+\.png$/) },
    });
    expect(existsSync(path.join(dataDir, 'public', `company${company.id}`, 'users', fileName))).toBe(true);

    const served = await fetchAvatar(plain.id, company.admin.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('replaces the previous image file', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const first = (await uploadAvatar(plain.id, plain.token, { type: 'image/png', data: PNG })).body.user;
    await uploadAvatar(plain.id, plain.token, { type: 'image/png', data: PNG });
    expect(
      existsSync(path.join(dataDir, 'public', `company${company.id}`, 'users', first.profileImage)),
    ).toBe(false);
  });

  it('refuses files that are not images, and text posing as an image', async () => {
    const company = await aCompany(server);
    const text = await uploadAvatar(company.admin.id, company.admin.token, {
      type: 'text/plain',
      data: Buffer.from('hello'),
      name: 'a.txt',
    });
    expect(text).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_FILE' } });
    const disguised = await uploadAvatar(company.admin.id, company.admin.token, {
      type: 'image/png',
      data: Buffer.from('<script>alert(1)</script>'),
    });
    expect(disguised).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_FILE' } });
  });

  it('lets an admin set a colleague image but not a plain user', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const other = await aUser(server, company.id);
    expect((await uploadAvatar(other.id, company.admin.token, { type: 'image/png', data: PNG })).status).toBe(
      200,
    );
    expect(await uploadAvatar(other.id, plain.token, { type: 'image/png', data: PNG })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
  });

  it("serves an image to whoever sees its user's record: every user of the company (as /users/list)", async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const colleague = await aUser(server, company.id);
    const outsider = await aCompany(server);
    await uploadAvatar(colleague.id, colleague.token, { type: 'image/png', data: PNG });
    const listed = await server.call(api.users.listAll, {}, { token: plain.token });
    expect((listed.body as { id: number }[]).map((u) => u.id)).toContain(colleague.id);
    expect((await fetchAvatar(colleague.id, plain.token)).statusCode).toBe(200);
    expect((await fetchAvatar(colleague.id, outsider.admin.token)).statusCode).toBe(404);
  });

  it('answers 404 for a user without an image', async () => {
    const company = await aCompany(server);
    expect((await fetchAvatar(company.admin.id, company.admin.token)).statusCode).toBe(404);
  });
});

describe('ticket pane width', () => {
  it('saves a width between 404 and 700 for yourself', async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const call = (width: number) =>
      server.call(
        api.users.toggleChangeWidth,
        { params: { userId: plain.id }, body: { defaultTicketsManagerWidth: width } },
        as(plain.token),
      );
    expect(await call(404)).toMatchObject({
      status: 200,
      body: { id: plain.id, defaultTicketsManagerWidth: 404 },
    });
    expect(await call(700)).toMatchObject({ status: 200, body: { defaultTicketsManagerWidth: 700 } });
    expect((await call(403)).status).toBe(400);
    expect((await call(701)).status).toBe(400);
    expect((await userRow(server, plain.id))?.defaultTicketsManagerWidth).toBe(700);
  });

  it("lets an admin set a colleague's width, but not a plain user", async () => {
    const company = await aCompany(server);
    const plain = await aUser(server, company.id);
    const body = { defaultTicketsManagerWidth: 500 };
    const byUser = await server.call(
      api.users.toggleChangeWidth,
      { params: { userId: company.admin.id }, body },
      as(plain.token),
    );
    expect(byUser).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const byAdmin = await server.call(
      api.users.toggleChangeWidth,
      { params: { userId: plain.id }, body },
      as(company.admin.token),
    );
    expect(byAdmin.status).toBe(200);
  });
});

describe('tenant isolation', () => {
  it("an admin of another company finds none of a company's users through any route", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const victim = await aUser(server, a.id, { name: 'Victim' });
    await uploadAvatar(victim.id, victim.token, { type: 'image/png', data: PNG });
    const token = b.admin.token;
    const id = victim.id;
    const notFound = { status: 404, body: { error: 'ERR_NO_USER_FOUND' } };

    expect(await server.call(api.users.show, { params: { id } }, as(token))).toMatchObject(notFound);
    expect(
      await server.call(api.users.update, { params: { id }, body: { name: 'Owned' } }, as(token)),
    ).toMatchObject(notFound);
    expect(await server.call(api.users.remove, { params: { id } }, as(token))).toMatchObject(notFound);
    expect(
      await server.call(
        api.users.toggleChangeWidth,
        { params: { userId: id }, body: { defaultTicketsManagerWidth: 500 } },
        as(token),
      ),
    ).toMatchObject(notFound);
    expect(await uploadAvatar(id, token, { type: 'image/png', data: PNG })).toMatchObject(notFound);
    expect((await fetchAvatar(id, token)).statusCode).toBe(404);

    const search = await server.call(api.users.list, { query: { searchParam: victim.email } }, as(token));
    expect(search.body).toMatchObject({ users: [], count: 0, hasMore: false });
    const everyone = await server.call(api.users.list, { query: {} }, as(token));
    expect((everyone.body as { users: User[] }).users.map((u) => u.id)).toEqual([b.admin.id]);
    const listAll = await server.call(api.users.listAll, { query: { companyId: a.id } }, as(token));
    expect((listAll.body as { id: number }[]).map((u) => u.id)).toEqual([b.admin.id]);

    expect(await userRow(server, id)).toMatchObject({ name: 'Victim' });
  });

  it("tells a company's sockets about its new users, and no other company's", async () => {
    const a = await aCompany(server);
    const b = await aCompany(server);
    const socketA = await server.socket(a.admin.token);
    const socketB = await server.socket(b.admin.token);
    const seenByB: string[] = [];
    socketB.onAny((event: string) => seenByB.push(event));
    const toA = new Promise<UserEvent>((resolve) => socketA.once(events.user(a.id), resolve));
    const toB = new Promise<UserEvent>((resolve) => socketB.once(events.user(b.id), resolve));

    const created = await server.call(api.users.create, { body: newUser() }, as(a.admin.token));
    expect(await toA).toEqual({ action: 'create', user: created.body });
    // B's own event comes after A's on the same server: anything for A would have arrived by then.
    await server.call(api.users.create, { body: newUser() }, as(b.admin.token));
    await toB;
    expect(seenByB).toEqual([events.user(b.id)]);
  });
});

import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeCompanySetting } from '../server/modules/settings/queries';
import { tenantDb } from '../server/platform/tenant';
import {
  aCompany,
  aUser,
  FIXTURE_PASSWORD,
  SUPER,
  startTestServer,
  type TestServer,
} from '../server/test/server';
import { api } from '../shared/api';
import type { TwoFactorSetup } from '../shared/api/auth';
import { ApiError } from '../shared/bridge';
import type { IpcRequest } from '../shared/ipc';
import { type AccessToken, createSessionManager, SESSION_FILE, type SecretStorage } from './session';

/** Stands in for safeStorage: reversible, and visibly not the plain token. */
const fakeSecrets = (available = true): SecretStorage => ({
  isEncryptionAvailable: () => available,
  encryptString: (text) => Buffer.from(`sealed:${Buffer.from(text).toString('base64')}`),
  decryptString: (data) => Buffer.from(data.toString().replace(/^sealed:/, ''), 'base64').toString(),
});

function manager(
  origin: string,
  options: { dir?: string; secrets?: SecretStorage; fetch?: typeof fetch; retryMs?: number } = {},
) {
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'atendo-session-'));
  const onExpired = vi.fn();
  const tokens: (AccessToken | null)[] = [];
  const session = createSessionManager({
    fetch: options.fetch ?? fetch,
    origin: async () => origin,
    secrets: options.secrets ?? fakeSecrets(),
    userDataDir: dir,
    onExpired,
    onToken: (access) => tokens.push(access),
    retryMs: options.retryMs,
  });
  return { session, dir, onExpired, tokens, file: path.join(dir, SESSION_FILE) };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err,
  );
const me = { method: 'GET', path: api.auth.me.path, input: {} } satisfies IpcRequest;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('the desktop session', () => {
  it('signs in and answers the session without its token, keeping the tokens in main', async () => {
    const { session, tokens, file } = manager(server.url);
    const info = await session.login(SUPER);
    expect(info.user).toMatchObject({ email: SUPER.email, super: true });
    expect(info).not.toHaveProperty('token');
    expect(tokens).toEqual([
      { token: expect.stringMatching(/^ey/), origin: server.url, sessionId: info.sessionId },
    ]);
    // The refresh token (the jrt cookie) is kept sealed, never as plain text.
    const stored = readFileSync(file, 'utf8');
    expect(stored).toMatch(/^sealed:/);
    expect(stored).not.toContain(tokens[0]!.token);
  });

  it('answers a wrong password as the server does, without ending anything', async () => {
    const { session, onExpired } = manager(server.url);
    const err = await rejection(session.login({ email: SUPER.email, password: 'wrong' }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('performs a contract route for the renderer with the access token', async () => {
    const { session } = manager(server.url);
    await session.login(SUPER);
    await expect(session.request(me)).resolves.toMatchObject({ email: SUPER.email });
  });

  it('refuses anything that is not a route of the contract, and the session routes themselves', async () => {
    const { session } = manager(server.url);
    await session.login(SUPER);
    for (const request of [
      { method: 'GET', path: '/auth/me/../../health', input: {} },
      { method: 'DELETE', path: api.auth.me.path, input: {} },
      { method: 'POST', path: api.auth.refresh.path, input: {} },
      { method: 'POST', path: api.auth.login.path, input: { body: SUPER } },
      { method: 'DELETE', path: api.auth.logout.path, input: {} },
    ] satisfies IpcRequest[]) {
      await expect(rejection(session.request(request))).resolves.toMatchObject({
        status: 404,
        body: { error: 'ERR_NOT_FOUND' },
      });
    }
  });

  it('refreshes an expired access token once on 403 and retries the call', async () => {
    const { session, tokens, onExpired } = manager(server.url);
    const info = await session.login(SUPER);
    server.expireAccessTokens();
    // Two calls at once share one refresh: rotation would revoke the session on a second one.
    const [a, b] = await Promise.all([session.request(me), session.request(me)]);
    expect(a).toMatchObject({ email: SUPER.email });
    expect(b).toMatchObject({ email: SUPER.email });
    expect(tokens).toHaveLength(2);
    expect(tokens[1]).toMatchObject({ sessionId: info.sessionId });
    expect(tokens[1]!.token).not.toBe(tokens[0]!.token);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('ends the session on 401, forgets the tokens and tells the renderer', async () => {
    const { session, tokens, onExpired, file } = manager(server.url);
    await session.login(SUPER);
    // A sign-in elsewhere revokes this one (single session).
    await server.signIn(SUPER.email, SUPER.password);
    const err = await rejection(session.request(me));
    expect(err).toMatchObject({ status: 401 });
    expect(onExpired).toHaveBeenCalledOnce();
    expect(tokens.at(-1)).toBeNull();
    expect(existsSync(file)).toBe(false);
    await expect(session.restore()).resolves.toBeNull();
  });

  it('tells the renderer the session was replaced when the server answers ERR_SESSION_REPLACED', async () => {
    // The server of the single-session rule answers a replaced token so; stood in for on one route.
    const replacedFetch: typeof fetch = async (input, init) =>
      String(input).endsWith(api.auth.me.path)
        ? new Response(JSON.stringify({ error: 'ERR_SESSION_REPLACED' }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          })
        : fetch(input, init);
    const { session, onExpired } = manager(server.url, { fetch: replacedFetch });
    await session.login(SUPER);
    expect(await rejection(session.request(me))).toMatchObject({ status: 401 });
    expect(onExpired).toHaveBeenCalledExactlyOnceWith('replaced');
  });

  it('ends the session when the refresh after a 403 is refused', async () => {
    const { session, onExpired } = manager(server.url);
    await session.login(SUPER);
    await server.signIn(SUPER.email, SUPER.password);
    server.expireAccessTokens();
    const err = await rejection(session.request(me));
    expect(err).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect(onExpired).toHaveBeenCalledOnce();
  });

  it('restores the session after a restart from the sealed refresh token', async () => {
    const first = manager(server.url);
    const info = await first.session.login(SUPER);
    const again = manager(server.url, { dir: first.dir });
    const restored = await again.session.restore();
    expect(restored).toMatchObject({ sessionId: info.sessionId, user: { email: SUPER.email } });
    expect(restored).not.toHaveProperty('token');
    await expect(again.session.request(me)).resolves.toMatchObject({ email: SUPER.email });
  });

  it('keeps the session in memory only when the system offers no encryption', async () => {
    const first = manager(server.url, { secrets: fakeSecrets(false) });
    await first.session.login(SUPER);
    expect(existsSync(first.file)).toBe(false);
    await expect(first.session.restore()).resolves.toMatchObject({ user: { email: SUPER.email } });
    const again = manager(server.url, { dir: first.dir, secrets: fakeSecrets(false) });
    await expect(again.session.restore()).resolves.toBeNull();
  });

  it('signs out: the server revokes the refresh token and nothing is kept', async () => {
    const { session, file, dir } = manager(server.url);
    await session.login(SUPER);
    const sealed = readFileSync(file);
    await session.logout();
    expect(existsSync(file)).toBe(false);
    await expect(rejection(session.request(me))).resolves.toMatchObject({ status: 401 });
    // Even the old refresh token, had it been copied, no longer works.
    const copy = manager(server.url, { dir });
    writeFileSync(copy.file, sealed);
    await expect(copy.session.restore()).resolves.toBeNull();
  });

  it('starts from the last session when the server cannot be reached, and takes a token once it answers', async () => {
    const first = manager(server.url);
    const info = await first.session.login(SUPER);
    let down = true;
    const flaky: typeof fetch = (url, init) =>
      down ? Promise.reject(new TypeError('fetch failed')) : fetch(url, init);
    const again = manager(server.url, { dir: first.dir, fetch: flaky });
    const restored = await again.session.restore();
    expect(restored).toMatchObject({ sessionId: info.sessionId, user: { email: SUPER.email } });
    expect(again.tokens).toEqual([]);
    await expect(rejection(again.session.request(me))).resolves.toMatchObject({ status: 0 });
    down = false;
    await expect(again.session.request(me)).resolves.toMatchObject({ email: SUPER.email });
    expect(again.tokens).toEqual([expect.objectContaining({ sessionId: info.sessionId })]);
    expect(again.onExpired).not.toHaveBeenCalled();
  });

  it('asks again by itself while started offline, and ends the session if the server refuses it then', async () => {
    const first = manager(server.url);
    await first.session.login(SUPER);
    let down = true;
    const flaky: typeof fetch = (url, init) =>
      down ? Promise.reject(new TypeError('fetch failed')) : fetch(url, init);
    const again = manager(server.url, { dir: first.dir, fetch: flaky, retryMs: 20 });
    await expect(again.session.restore()).resolves.toMatchObject({ user: { email: SUPER.email } });
    down = false;
    await vi.waitFor(() => expect(again.tokens).toHaveLength(1));

    // Offline again at the next start, while a sign-in elsewhere revokes this session.
    down = true;
    const third = manager(server.url, { dir: first.dir, fetch: flaky, retryMs: 20 });
    await expect(third.session.restore()).resolves.toMatchObject({ user: { email: SUPER.email } });
    await server.signIn(SUPER.email, SUPER.password);
    down = false;
    await vi.waitFor(() => expect(third.onExpired).toHaveBeenCalledOnce());
    // No access token was ever given; the end of the session is announced (null).
    expect(third.tokens).toEqual([null]);
  });

  it('does not start offline from a session file that names no user (an earlier version’s)', async () => {
    const first = manager(server.url);
    await first.session.login(SUPER);
    const refreshToken = (
      JSON.parse(fakeSecrets().decryptString(readFileSync(first.file))) as {
        refreshToken: string;
      }
    ).refreshToken;
    writeFileSync(first.file, fakeSecrets().encryptString(refreshToken));
    const offline = manager(server.url, {
      dir: first.dir,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(rejection(offline.session.restore())).resolves.toMatchObject({ status: 0 });
    // Online, the bare token still signs in.
    await expect(manager(server.url, { dir: first.dir }).session.restore()).resolves.toMatchObject({
      user: { email: SUPER.email },
    });
  });

  it('answers status 0 when the server cannot be reached, ending nothing', async () => {
    const { session, onExpired } = manager(server.url, {
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(rejection(session.login(SUPER))).resolves.toMatchObject({ status: 0 });
    expect(onExpired).not.toHaveBeenCalled();
  });
});

describe('requests on the wire', () => {
  function recording() {
    const seen: { url: string; init: RequestInit }[] = [];
    const fake: typeof fetch = async (url, init) => {
      seen.push({ url: String(url), init: init ?? {} });
      return Response.json({ ok: true });
    };
    return { seen, fake };
  }

  it('builds the path, the query string and a JSON body', async () => {
    const { seen, fake } = recording();
    const { session } = manager('http://server.test', { fetch: fake });
    await session.request({
      method: 'PUT',
      path: api.users.update.path,
      input: {
        params: { id: 7 },
        query: { a: 'x y', b: [1, 2], c: undefined, d: true },
        body: { name: 'Ana' },
      },
    });
    expect(seen[0]!.url).toBe('http://server.test/api/users/7?a=x+y&b=1&b=2&d=true');
    expect(seen[0]!.init).toMatchObject({
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Ana"}',
    });
  });

  it('sends files as multipart, with the text fields beside them', async () => {
    const { seen, fake } = recording();
    const { session } = manager('http://server.test', { fetch: fake });
    await session.request({
      method: 'POST',
      path: api.users.uploadMedia.path,
      input: {
        params: { id: 3 },
        body: { note: 'hi', flags: { a: 1 } },
        files: [
          { field: 'profileImage', name: 'me.png', type: 'image/png', data: new Uint8Array([1, 2, 3]) },
        ],
      },
    });
    const form = seen[0]!.init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('note')).toBe('hi');
    expect(form.get('flags')).toBe('{"a":1}');
    const file = form.get('profileImage') as File;
    expect(file.name).toBe('me.png');
    expect(file.type).toBe('image/png');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([1, 2, 3]);
  });
});

describe('two-factor sign-in from the desktop', () => {
  const codeOf = (secret: string, ahead = 0) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 });

  it('hands the code step to the renderer as the server asks it, then signs in with the code', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    const { secret } = (await server.call(api.auth.twoFactorSetup, {}, { token: user.token }))
      .body as TwoFactorSetup;
    await server.call(
      api.auth.twoFactorConfirm,
      { body: { code: await codeOf(secret) } },
      { token: user.token },
    );

    const { session, onExpired, tokens } = manager(server.url);
    const credentials = { email: user.email, password: FIXTURE_PASSWORD };
    const asked = await rejection(session.login(credentials));
    expect(asked).toMatchObject({ status: 401, body: { error: 'ERR_2FA_REQUIRED' } });
    const wrong = await rejection(session.login({ ...credentials, code: '000000' }));
    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_2FA_INVALID_CODE' } });
    expect(onExpired).not.toHaveBeenCalled();
    expect(tokens).toEqual([]);

    const info = await session.login({ ...credentials, code: await codeOf(secret, 1) });
    expect(info.user).toMatchObject({ email: user.email, twoFactor: true });
    await expect(session.request(me)).resolves.toMatchObject({ email: user.email });
  });

  it('runs a required enrolment: the key through the public route, then the sign-in with a first code and its recovery codes', async () => {
    const company = await aCompany(server);
    const user = await aUser(server, company.id);
    await writeCompanySetting(tenantDb(server.database.db, company.id), 'require2fa', 'enabled');
    const { session } = manager(server.url);
    const credentials = { email: user.email, password: FIXTURE_PASSWORD };
    expect(await rejection(session.login(credentials))).toMatchObject({
      body: { error: 'ERR_2FA_ENROLMENT_REQUIRED' },
    });
    const setup = (await session.request({
      method: 'POST',
      path: api.auth.twoFactorEnrol.path,
      input: { body: credentials },
    })) as TwoFactorSetup;
    const info = await session.login({ ...credentials, code: await codeOf(setup.secret) });
    expect(info.recoveryCodes).toHaveLength(10);
  });
});

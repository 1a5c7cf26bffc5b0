import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { api } from '../../shared/api';
import type { Session } from '../../shared/api/auth';
import { buildPath, type RouteDef, type RouteInput } from '../../shared/api/contract';
import { type BuiltApp, buildApp } from '../app';
import type { LeaseTiming } from '../channels/sessions';
import { type OfflineWhatsapp, offlineWhatsapp } from '../channels/test/offline-whatsapp';
import { companies, plans, queues, userQueues, users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import { seed } from '../modules/companies/seed';
import { type Config, loadConfig } from '../platform/config';
import { FakeClock } from './clock';
import { openTestDatabase, type TestDatabase } from './database';

export const SUPER = { email: 'super@atendo.test', password: 'super-secret' };

export interface CallResult<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface TestServer extends BuiltApp {
  database: TestDatabase;
  /** The offline WhatsApp its connections run on: tests play the phone through it (scan, messages). */
  whatsapp: OfflineWhatsapp;
  url: string;
  /** The jobs' clock: tests move it forward to fire timers (jobs run only on `deps.jobs.runDue()`). */
  clock: FakeClock;
  /** Calls a contract route through Fastify inject, as a signed-in user when a token is given. */
  call<D extends RouteDef>(
    def: D,
    input?: Partial<RouteInput<D>>,
    options?: { token?: string; cookie?: string; headers?: Record<string, string> },
  ): Promise<CallResult>;
  signIn(email: string, password: string): Promise<Session & { cookie: string }>;
  socket(token: string): Promise<Socket>;
  /** Moves the token clock past the access-token lifetime: every token issued so far has expired. */
  expireAccessTokens(): void;
  /** Closes the app and its sockets, leaving the database open for another app (a restart). */
  stopApp(): Promise<void>;
  stop(): Promise<void>;
}

// Hashing with production-strength scrypt for every fixture would slow the suite; one hash serves all.
const FIXTURE_PASSWORD = 'secret1';
let fixtureHash: Promise<string> | undefined;

/**
 * A server on a database of its own, or on `database` when given (a second app on it: a restart, or
 * another server of a scale-out).
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: { database?: TestDatabase; leaseTiming?: LeaseTiming } = {},
): Promise<TestServer> {
  const database = options.database ?? (await openTestDatabase());
  await seed(database.db, SUPER);
  const clock = await FakeClock.install(database.db);
  // WhatsApp connections made by tests never open a real socket; jobs run when a test says so.
  // A files folder of its own: company ids repeat across test databases, and a shared folder would let one
  // test file's uploads into another's figures.
  const ownDataDir = overrides.dataDir ? undefined : mkdtempSync(path.join(os.tmpdir(), 'atendo-test-'));
  const config: Config = {
    ...loadConfig({}),
    ...(ownDataDir && { dataDir: ownDataDir }),
    webDir: '/nonexistent',
    updatesDir: '/nonexistent',
    loginRateLimit: 1000,
    signupRateLimit: 1000,
    whatsappSocket: 'fake',
    jobPollMs: 0,
    ...overrides,
  };
  let clockOffset = 0;
  const whatsapp = offlineWhatsapp();
  const built = await buildApp({
    db: database.db,
    config,
    logger: false,
    validateResponses: true,
    tokenClock: () => Date.now() + clockOffset,
    leaseTiming: options.leaseTiming,
    offlineWhatsapp: whatsapp,
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const sockets: Socket[] = [];

  const server: TestServer = {
    ...built,
    database,
    whatsapp,
    url,
    clock,
    async call(def, input = {}, options = {}) {
      const query = (input as { query?: Record<string, unknown> }).query;
      const qs = query
        ? `?${new URLSearchParams(
            Object.entries(query)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
          )}`
        : '';
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.cookie) headers.cookie = options.cookie;
      const res = await built.app.inject({
        method: def.method,
        url: `/api${buildPath(def.path, (input as { params?: Record<string, unknown> }).params)}${qs}`,
        headers,
        payload: (input as { body?: object }).body as object | undefined,
      });
      const text = res.body;
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // plain answers stay text
      }
      return { status: res.statusCode, body, headers: res.headers };
    },
    async signIn(email, password) {
      const res = await server.call(api.auth.login, { body: { email, password } });
      if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${JSON.stringify(res.body)}`);
      const setCookie = String(res.headers['set-cookie'] ?? '');
      return { ...(res.body as Session), cookie: setCookie.split(';')[0]! };
    },
    socket(token) {
      const socket = connectSocket(url, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    },
    expireAccessTokens() {
      clockOffset += (config.accessTokenTtlSeconds + 60) * 1000;
    },
    async stopApp() {
      for (const s of sockets) s.disconnect();
      await built.close();
    },
    async stop() {
      await server.stopApp();
      await database.close();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * A test server with the platform's super user signed in. Sign in once per server: a second sign-in
 * would end this session (single session).
 */
export async function startTestServerAsSuper(overrides: Partial<Config> = {}) {
  const server = await startTestServer(overrides);
  const superToken = (await server.signIn(SUPER.email, SUPER.password)).token;
  return { server, superToken };
}

type UserFields = Partial<typeof users.$inferInsert>;

/** What the fixtures need of a server: its database and a sign-in (a test server, or a server process). */
export type FixtureServer = Pick<TestServer, 'database' | 'signIn'>;

/** A user of a company, signed in. Password is FIXTURE_PASSWORD unless given. */
export async function aUser(
  server: FixtureServer,
  companyId: number,
  fields: UserFields & { queueIds?: number[] } = {},
): Promise<{ id: number; email: string; token: string; session: Session & { cookie: string } }> {
  // A low scrypt cost keeps fixture sign-ins fast; production hashes keep the full cost.
  fixtureHash ??= hashPassword(FIXTURE_PASSWORD, 1024);
  const { queueIds, ...rest } = fields;
  const email = fields.email ?? `user-${randomBytes(4).toString('hex')}@atendo.test`;
  const [row] = await server.database.db
    .insert(users)
    .values({
      companyId,
      name: 'Test User',
      passwordHash: await fixtureHash,
      profile: 'user',
      ...rest,
      email,
    })
    .returning();
  if (queueIds?.length) {
    await server.database.db
      .insert(userQueues)
      .values(queueIds.map((queueId) => ({ userId: row!.id, queueId })));
  }
  const session = await server.signIn(email, FIXTURE_PASSWORD);
  return { id: row!.id, email, token: session.token, session };
}

/** A company on the default plan with a signed-in admin. */
export async function aCompany(server: FixtureServer, fields: Partial<typeof companies.$inferInsert> = {}) {
  const [plan] = await server.database.db.select().from(plans).limit(1);
  const [company] = await server.database.db
    .insert(companies)
    .values({
      name: `Company ${randomBytes(3).toString('hex')}`,
      planId: plan!.id,
      dueDate: '2999-01-01',
      ...fields,
    })
    .returning();
  const admin = await aUser(server, company!.id, { profile: 'admin', name: 'Company Admin' });
  return { id: company!.id, planId: company!.planId, admin };
}

export async function aQueue(
  server: FixtureServer,
  companyId: number,
  name = `Queue ${randomBytes(3).toString('hex')}`,
) {
  const [queue] = await server.database.db
    .insert(queues)
    .values({ companyId, name, color: `#${randomBytes(3).toString('hex')}` })
    .returning();
  return queue!;
}

export async function userRow(server: TestServer, id: number) {
  const [row] = await server.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

export { FIXTURE_PASSWORD };

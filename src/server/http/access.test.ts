import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/api';
import type { RouteDef } from '../../shared/api/contract';
import { PLAN_FLAGS } from '../../shared/plan-flags';
import { plans } from '../db/schema';
import { aCompany, aUser, startTestServer, type TestServer } from '../test/server';

// Every route of the contract, so a route added later is checked without touching this file.
const routes = Object.entries(api).flatMap(([domain, defs]) =>
  Object.entries(defs as Record<string, RouteDef>).map(
    ([name, def]) => [`${domain}.${name} (${def.method} ${def.path})`, def] as const,
  ),
);
const withAccess = (...levels: RouteDef['access'][]) =>
  routes.filter(([, def]) => levels.includes(def.access));

/** Any id serves: authentication and the access level are checked before anything is looked up. */
const paramsOf = (def: RouteDef) =>
  Object.fromEntries([...def.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => [m[1]!, 1]));

let server: TestServer;
let userToken: string;
let adminToken: string;
/** The admin of a company whose plan includes no module at all. */
let barePlanAdminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  const company = await aCompany(server);
  adminToken = company.admin.token;
  userToken = (await aUser(server, company.id)).token;
  const [bare] = await server.database.db
    .insert(plans)
    .values({ name: 'bare', ...Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, false])) })
    .returning();
  barePlanAdminToken = (await aCompany(server, { planId: bare!.id })).admin.token;
});
afterAll(() => server.stop());

const callAs = (def: RouteDef, token?: string) =>
  server.call(def, { params: paramsOf(def) } as never, token ? { token } : {});

describe('access levels of every route', () => {
  it.each(routes)('%s is served', (_name, def) => {
    expect(server.app.hasRoute({ method: def.method, url: `/api${def.path}` })).toBe(true);
  });

  it.each(withAccess('user', 'admin', 'super'))('%s refuses a call without a token', async (_name, def) => {
    expect(await callAs(def)).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
  });

  it.each(withAccess('admin'))('%s refuses a plain user', async (_name, def) => {
    expect(await callAs(def, userToken)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  it.each(withAccess('super'))('%s refuses a company admin', async (_name, def) => {
    expect(await callAs(def, adminToken)).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
  });

  const planned = routes.filter(([, def]) => def.plan);
  if (planned.length) {
    it.each(planned)('%s refuses a company whose plan lacks its module', async (_name, def) => {
      expect(await callAs(def, barePlanAdminToken)).toMatchObject({
        status: 403,
        body: { error: 'ERR_PLAN_FEATURE_DISABLED' },
      });
    });
  }

  it('covers routes of every access level', () => {
    // A filter that matched nothing would make the checks above pass vacuously.
    for (const access of ['public', 'user', 'admin', 'super'] as const) {
      expect(withAccess(access).length).toBeGreaterThan(0);
    }
  });
});

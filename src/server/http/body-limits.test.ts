import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../shared/api';
import { IMPORT_BODY_LIMIT } from '../../shared/api/contacts';
import { buildPath, DEFAULT_BODY_LIMIT, type RouteDef } from '../../shared/api/contract';
import { aCompany, startTestServer, type TestServer } from '../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const routes = Object.values(api).flatMap((group) => Object.values(group) as RouteDef[]);

/** A JSON object of exactly `bytes` bytes. */
const jsonOf = (bytes: number) => {
  const shell = '{"name":""}';
  return `{"name":"${'a'.repeat(bytes - shell.length)}"}`;
};

const post = (def: RouteDef, payload: string, token?: string) =>
  server.app.inject({
    method: def.method,
    // Any id fits a path's params: the body is refused before the route reads them.
    url: `/api${buildPath(def.path, Object.fromEntries((def.path.match(/:\w+/g) ?? []).map((p) => [p.slice(1), 1])))}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });

describe('JSON body limits (generated from the contract)', () => {
  const withBody = routes.filter((def) => def.body && !def.multipart && def.method !== 'GET');

  it('refuses a body past its route’s limit with 413, before reading who calls', async () => {
    expect(withBody.length).toBeGreaterThan(30);
    for (const def of withBody) {
      const limit = def.bodyLimit ?? DEFAULT_BODY_LIMIT;
      const res = await post(def, jsonOf(limit + 1));
      expect({ route: `${def.method} ${def.path}`, status: res.statusCode, body: res.json() }).toEqual({
        route: `${def.method} ${def.path}`,
        status: 413,
        body: { error: 'ERR_FILE_TOO_LARGE' },
      });
    }
  });

  it('gives the contacts import, and only it, more than the default', async () => {
    expect(withBody.filter((def) => def.bodyLimit).map((def) => def.path)).toEqual(['/contacts/import']);
    expect(api.contacts.import.bodyLimit).toBe(IMPORT_BODY_LIMIT);
    // 2,000 rows of a wide sheet: about 3 MB of JSON, imported.
    const company = await aCompany(server);
    const wide = 'x'.repeat(1400);
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      line: i + 2,
      cells: [`Contato ${i}`, `5511${String(900000000 + i)}`, wide],
    }));
    const payload = JSON.stringify({ mapping: { name: 0, number: 1 }, rows });
    expect(payload.length).toBeGreaterThan(DEFAULT_BODY_LIMIT * 2);
    const res = await post(api.contacts.import, payload, company.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 2000 });
  });
});

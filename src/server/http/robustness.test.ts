import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '../../shared/api';
import type { RouteDef } from '../../shared/api/contract';
import { startTestServerAsSuper, type TestServer } from '../test/server';

let server: TestServer;
let superToken: string;
beforeAll(async () => {
  ({ server, superToken } = await startTestServerAsSuper());
});
afterAll(() => server.stop());

const routes = Object.values(api).flatMap((group) => Object.values(group) as RouteDef[]);

/** Keys of an object schema (the fields a client may send); a few common ones for any other shape. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  return ['name', 'body', 'searchParam'];
}

/** Every field of a part set to text that holds NUL or another control character. */
const withText = (schema: z.ZodType | undefined, text: string) =>
  Object.fromEntries(fieldsOf(schema).map((key) => [key, text]));

describe('NUL and control characters on every contract route (generated from the contract)', () => {
  // The logout route ends the session the suite runs with; it takes no text anyway.
  const withInputs = routes.filter((def) => def.params || def.query || def.body);

  for (const [family, text] of [
    ['NUL', 'a\u0000b'],
    ['control characters', '\u0001\u0008\u001b[31m\u007f\u0085'],
  ] as const) {
    it(`answers no 500 to ${family}, in path, query and body`, async () => {
      const failures: string[] = [];
      for (const def of withInputs) {
        const path = def.path.replace(/:\w+/g, encodeURIComponent(text));
        const query = new URLSearchParams(withText(def.query, text)).toString();
        const res = await server.app.inject({
          method: def.method,
          url: `/api${path}${query ? `?${query}` : ''}`,
          headers: { authorization: `Bearer ${superToken}` },
          ...(def.method === 'GET' ? {} : { payload: withText(def.body, text) }),
        });
        if (res.statusCode >= 500) failures.push(`${def.method} ${def.path}: ${res.statusCode} ${res.body}`);
      }
      expect(failures).toEqual([]);
    });
  }
});

describe('paths the spec writes with a trailing slash', () => {
  const slashed = [
    '/whatsapp/?session=0',
    '/whatsapp/all/?session=0',
    '/files/',
    '/tags/',
    '/users/',
    '/announcements/',
    '/chats/',
    '/contact-lists/',
    '/campaigns/',
    '/queueIntegration/',
    '/companiesPlan/',
    '/tag/kanban/',
  ];

  it('answer as they do without it', async () => {
    const answers = [];
    for (const path of slashed) {
      const call = (url: string) =>
        server.app.inject({
          method: 'GET',
          url: `/api${url}`,
          headers: { authorization: `Bearer ${superToken}` },
        });
      const [withSlash, without] = [await call(path), await call(path.replace(/\/(\?|$)/, '$1'))];
      answers.push({ path, status: withSlash.statusCode, same: withSlash.statusCode === without.statusCode });
    }
    expect(answers.filter((a) => !a.same)).toEqual([]);
    // The spec's routes this product has answer 200 either way.
    for (const path of ['/whatsapp/?session=0', '/files/', '/tags/', '/users/'])
      expect(answers.find((a) => a.path === path)?.status).toBe(200);
  });

  it('POST /whatsapp-restart/ reaches its route', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/whatsapp-restart/',
      headers: { authorization: `Bearer ${superToken}` },
    });
    expect(res.statusCode).not.toBe(404);
  });
});

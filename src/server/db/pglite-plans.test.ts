import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database';

// On PGlite every statement below runs through the kept plans (the third run on is an EXECUTE); on
// PostgreSQL the same assertions hold for the driver's own path.
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const RUNS = 5;

async function eachRun<T>(query: () => Promise<{ rows: unknown[] }>, expected: T) {
  for (let i = 0; i < RUNS; i++) expect((await query()).rows).toEqual(expected);
}

describe('statements whose plans are kept', () => {
  it('get every value back as sent, quotes and backslashes included', async () => {
    for (const text of ["it's", 'a\\b', 'line\nbreak', "''", '', 'ünï cødé 🚀', '$1', 'NULL']) {
      await eachRun(
        () => database.db.execute(sql`select ${text}::text as v, ${text.length}::int as n`),
        [{ v: text, n: text.length }],
      );
    }
  });

  it('get numbers, booleans, nulls and times back with their types', async () => {
    const at = new Date('2026-11-26T10:20:30.456Z');
    await eachRun(
      () =>
        database.db.execute(
          sql`select ${42}::int as i, ${-1.5}::float8 as f, ${true}::boolean as b, ${null}::text as n,
            ${at.toISOString()}::timestamptz = ${at.toISOString()}::timestamptz as same`,
        ),
      [{ i: 42, f: -1.5, b: true, n: null, same: true }],
    );
  });

  it('get arrays back element by element, whatever their elements hold', async () => {
    const words = ['a,b', 'say "hi"', "it's", 'back\\slash', '{braces}', 'NULL', ''];
    await eachRun(() => database.db.execute(sql`select ${sql.param(words)}::text[] as words`), [{ words }]);
    await eachRun(
      () =>
        database.db.execute(
          sql`select sum(n)::int as total from unnest(${sql.param([1, 2, 39])}::int[]) as t(n)`,
        ),
      [{ total: 42 }],
    );
  });

  it('send bytes as parameters, not as literals', async () => {
    const bytes = new Uint8Array([0, 39, 92, 255]);
    await eachRun(
      () => database.db.execute(sql`select encode(${bytes}::bytea, 'hex') as hex`),
      [{ hex: '00275cff' }],
    );
  });
});

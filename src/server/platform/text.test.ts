import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import { errorForLog, withoutNul } from './text';

describe('withoutNul', () => {
  it('drops NUL from strings in objects and arrays, and keeps Buffers and Dates as they are', () => {
    const data = Buffer.from([0, 1, 0]);
    const at = new Date();
    const params = Object.assign(Object.create(null), { id: 'a\u0000b' });
    expect(withoutNul({ body: 'o\u0000i', list: ['\u0000x'], data, at, params })).toEqual({
      body: 'oi',
      list: ['x'],
      data,
      at,
      params: { id: 'ab' },
    });
  });
});

describe('errorForLog', () => {
  it('keeps the failed statement and its cause but never its parameters (a message body)', async () => {
    const database = await openTestDatabase();
    try {
      const err = await database.db.execute(sql`select ${'secret message body'}::int`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(String((err as Error).message)).toContain('secret message body');
      const logged = JSON.stringify(errorForLog(err as Error));
      expect(logged).not.toContain('secret message body');
      expect(logged).toContain('Failed query');
      expect(logged).toContain('invalid input syntax');
    } finally {
      await database.close();
    }
  });
});

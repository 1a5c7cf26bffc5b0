import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

describe('openDatabase on PGlite', () => {
  it('keeps its shared buffers small and tells the size of its WebAssembly memory', async () => {
    const database = await openDatabase({});
    try {
      const shown = await database.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
      expect(shown.rows[0]?.shared_buffers).toBe('32MB');
      // initdb's default of 128 MB of buffers alone would take the memory past 128 MB.
      expect(database.memoryBytes()).toBeGreaterThan(0);
      expect(database.memoryBytes()).toBeLessThanOrEqual(128 * 2 ** 20);
    } finally {
      await database.close();
    }
  });
});

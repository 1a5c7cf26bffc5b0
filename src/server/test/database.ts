import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { dropDatabase } from '../db/drop-database';

/** A test's database; `share()` opens it once more for another server (its own pool on PostgreSQL). */
export interface TestDatabase extends Database {
  share(): Promise<TestDatabase>;
  /** On PostgreSQL: where other processes reach it (server processes of a scale-out test). */
  url?: string;
}

/** A migrated database of this test file's own: a copy of the template made in global setup. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  const template = inject('pgTemplate');
  if (url && template) {
    const name = `atendo_t_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Two files copying the template at once can collide: retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (err) {
        if (attempt > 20 || !String(err).includes('being accessed')) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const target = new URL(url);
    target.pathname = `/${name}`;
    const databaseUrl = target.toString();
    const database = await openDatabase({ databaseUrl });
    const share = async (): Promise<TestDatabase> => ({
      ...(await openDatabase({ databaseUrl })),
      share,
      url: databaseUrl,
    });
    return {
      ...database,
      share,
      url: databaseUrl,
      async close() {
        await database.close();
        await dropDatabase(admin, name);
        await admin.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteDump'));
  const database = await openDatabase({ loadDataDir: new Blob([dump]) });
  // PGlite lives in this process: another server shares the same instance, and the first one closes it.
  const shared: TestDatabase = { ...database, share: async () => shared, close: async () => {} };
  return { ...database, share: async () => shared };
}

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { dropDatabase } from '../db/drop-database';

/** A migrated database of this test file's own: a copy of the template made in global setup. */
export async function openTestDatabase(): Promise<Database> {
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
    const database = await openDatabase({ databaseUrl: target.toString() });
    return {
      ...database,
      async close() {
        await database.close();
        await dropDatabase(admin, name);
        await admin.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteDump'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

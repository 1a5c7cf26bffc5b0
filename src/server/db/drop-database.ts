import type pg from 'pg';

/**
 * Drops a database its own pool has just closed. pool.end() resolves before its connections have said
 * goodbye; forcing the drop at once would kill them mid-way and their clients would raise unhandled
 * errors, so it waits for them a little before forcing.
 */
export async function dropDatabase(admin: pg.Client, name: string) {
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (err) {
      if (!String(err).includes('being accessed')) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

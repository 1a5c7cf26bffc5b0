import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db } from '../platform/database';
import { keepingPlans } from './pglite-plans';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder =
  process.env.ATENDO_MIGRATIONS_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** A PGlite data directory dump to start from (tests start from a migrated template). */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool);
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // Several servers may start at once on one database: one migrates, the others wait.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock(727001)');
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // pg_trgm serves the contact search from an index (PostgreSQL ships it as a trusted extension).
  const client = new PGlite({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite(keepingPlans(client)) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    close: () => client.close(),
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

let newestMigration: number | undefined;

/** Whether the database has every migration this build ships (readiness: a server ahead of its schema is not ready). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  newestMigration ??= readMigrationFiles({ migrationsFolder }).at(-1)?.folderMillis ?? 0;
  const result = await db.execute<{ last: string | null }>(
    sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.last ?? 0) >= newestMigration;
}

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
  /** The bytes the database engine holds in this process: PGlite's WebAssembly memory, none for a pool. */
  memoryBytes(): number;
}

/** PGlite with its WebAssembly memory's size in view (the memory grows to the engine's peak, never shrinks). */
class MeasuredPGlite extends PGlite {
  get memoryBytes() {
    return this.mod?.HEAPU8.buffer.byteLength ?? 0;
  }
}

export const migrationsFolder =
  process.env.ATENDO_MIGRATIONS_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite's shared memory is allocated and zeroed inside its WebAssembly memory at start, so all of it is
 * resident from the first moment and for good (that memory never shrinks): initdb's 128 MB of buffers was
 * a third of an idle server. Pages outside the buffers are read from the operating system's file cache.
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB'];

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
      memoryBytes: () => 0,
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // pg_trgm serves the contact search from an index (PostgreSQL ships it as a trusted extension).
  const client = new MeasuredPGlite({
    dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
  });
  await client.waitReady;
  const db = drizzlePglite(keepingPlans(client)) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    close: () => client.close(),
    memoryBytes: () => client.memoryBytes,
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

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type OpenOptions, openDatabase } from '../src/server/db/client';
import { dropDatabase } from '../src/server/db/drop-database';

export type Row = Record<string, unknown>;

/** A database of the bench's own, with a raw SQL session for seeding and checks. */
export interface BenchDatabase {
  database: Database;
  /** PostgreSQL or PGlite, as the results name it. */
  label: 'postgresql' | 'pglite';
  /** Runs SQL text on one session (session settings such as session_replication_role stick). */
  exec(text: string): Promise<Row[]>;
  /** Where the server keeps uploaded files. */
  dataDir: string;
  /** True when a reused database already holds the seeded data (BENCH_REUSE=1). */
  seeded: boolean;
  /** How a server process opens this database. */
  open: OpenOptions;
  /**
   * Lets a server process open the database, and takes it back after. PGlite admits one process: its
   * handle here is closed in between (exec and `database` are unusable then); PostgreSQL's stays open.
   */
  handOver(): Promise<void>;
  takeBack(): Promise<void>;
  close(): Promise<void>;
}

const SEEDED_MARK = 'bench-seeded';

/** Marks a reused database as seeded, so the next run skips seeding. */
export async function markSeeded(db: BenchDatabase) {
  if (process.env.BENCH_REUSE !== '1') return;
  if (db.label === 'pglite') mkdirSync(path.join(db.dataDir, SEEDED_MARK), { recursive: true });
  else
    await db.exec(
      `insert into system_values (key, value) values ('${SEEDED_MARK}', 'yes') on conflict do nothing`,
    );
}

/**
 * PostgreSQL: a database `atendo_bench_<random>` created on the server of DATABASE_URL and dropped at
 * the end; no other database is touched. With BENCH_REUSE=1 the database is `atendo_bench_reuse_<scale>`,
 * kept for the next run, which skips seeding.
 */
async function openPostgres(url: string): Promise<BenchDatabase> {
  const reuse = process.env.BENCH_REUSE === '1';
  const name = reuse
    ? `atendo_bench_reuse_${String(process.env.BENCH_SCALE ?? '1').replace(/\W/g, '_')}`
    : `atendo_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const exists =
    reuse && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  const session = new pg.Client({ connectionString: target.toString() });
  await session.connect();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-bench-files-'));
  const seeded =
    Boolean(exists) &&
    Boolean((await session.query('select 1 from system_values where key = $1', [SEEDED_MARK])).rowCount);
  return {
    database,
    label: 'postgresql',
    exec: async (text) => (await session.query(text)).rows as Row[],
    dataDir,
    seeded,
    open: { databaseUrl: target.toString() },
    handOver: async () => undefined,
    takeBack: async () => undefined,
    async close() {
      await session.end();
      await database.close();
      if (!reuse) await dropDatabase(admin, name);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** PGlite in a temporary directory, removed at the end (kept and reused with BENCH_REUSE=1). */
async function openPglite(): Promise<BenchDatabase> {
  const reuse = process.env.BENCH_REUSE === '1';
  const dataDir = reuse
    ? path.join(os.tmpdir(), `atendo-bench-reuse-${process.env.BENCH_SCALE ?? '1'}`)
    : mkdtempSync(path.join(os.tmpdir(), 'atendo-bench-'));
  const seeded = reuse && existsSync(path.join(dataDir, SEEDED_MARK));
  let database = await openDatabase({ dataDir });
  return {
    get database() {
      return database;
    },
    label: 'pglite',
    // PGlite is one session: the drizzle instance is that session.
    exec: async (text) => (await database.db.execute(sql.raw(text))).rows as Row[],
    dataDir,
    seeded,
    open: { dataDir },
    handOver: () => database.close(),
    async takeBack() {
      database = await openDatabase({ dataDir });
    },
    async close() {
      await database.close();
      if (!reuse) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function openBenchDatabase(): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL;
  const db = url ? await openPostgres(url) : await openPglite();
  await db.database.migrate();
  return db;
}

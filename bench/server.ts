/**
 * The bench's server, run as a process of its own (see remote.ts) as the product runs it, so the memory it
 * reports is the server's alone: not the bench's seeded lists, drivers or results. It opens the database
 * the bench prepared, serves it with the real app and answers the parent over IPC: its port once
 * listening, SQL for the bench's checks (PGlite admits one process), and its memory.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { getHeapSpaceStatistics } from 'node:v8';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { type OpenOptions, openDatabase } from '../src/server/db/client';
import { type Config, loadConfig } from '../src/server/platform/config';

export interface ServerSetup {
  open: OpenOptions;
  /** The bench's settings over the defaults (all plain values). */
  config: Partial<Config>;
}

export type ServerRequest = { id: number } & ({ kind: 'exec'; text: string } | { kind: 'memory' });

/** What the server's RSS holds, in bytes; the heap figures after a full collection. */
export interface ServerMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** PGlite's WebAssembly memory (it only grows); 0 on PostgreSQL. */
  databaseEngine: number;
  /** Anonymous and file-backed resident pages (/proc/self/status RssAnon, RssFile). */
  rssAnon: number;
  rssFile: number;
  /** V8's heap spaces: their size reserved (committed) and used. */
  spaces: { name: string; size: number; used: number }[];
}

export type ServerMessage =
  | { kind: 'ready'; port: number }
  | { id: number; result?: unknown; error?: string };

function statusBytes(field: string) {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
}

async function main() {
  const setup = JSON.parse(process.argv[2]!) as ServerSetup;
  const database = await openDatabase(setup.open);
  const built = await buildApp({
    db: database.db,
    config: { ...loadConfig({}), ...setup.config },
    logger: false,
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });

  const answer = async (request: ServerRequest) => {
    if (request.kind === 'exec') return (await database.db.execute(sql.raw(request.text))).rows;
    // Started with --expose-gc: the heap after a full collection is what the server keeps.
    globalThis.gc?.();
    const usage = process.memoryUsage();
    return {
      rss: statusBytes('VmRSS'),
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      databaseEngine: database.memoryBytes(),
      rssAnon: statusBytes('RssAnon'),
      rssFile: statusBytes('RssFile'),
      spaces: getHeapSpaceStatistics().map((s) => ({
        name: s.space_name,
        size: s.physical_space_size,
        used: s.space_used_size,
      })),
    } satisfies ServerMemory;
  };
  process.on('message', (request: ServerRequest) => {
    answer(request).then(
      (result) => process.send!({ id: request.id, result } satisfies ServerMessage),
      (err: unknown) => process.send!({ id: request.id, error: String(err) } satisfies ServerMessage),
    );
  });
  // The parent going away (or asking with SIGTERM) stops the server and closes PGlite's files cleanly.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await built.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
  process.send!({
    kind: 'ready',
    port: (built.app.server.address() as AddressInfo).port,
  } satisfies ServerMessage);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

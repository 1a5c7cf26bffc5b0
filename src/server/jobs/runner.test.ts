import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, systemValues } from '../db/schema';
import type { DbOrTx } from '../platform/database';
import { startTestServer, type TestServer } from '../test/server';
import { claimNextJob, scheduleJob, takeJobs } from './queries';
import { type BatchJobHandler, type Job, type JobHandler, retryDelayMs } from './runner';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());
beforeEach(() => server.clock.reset());

const db = () => server.database.db;

/** Counts, in the run's own transaction, each run of a job: a count above 1 is a job run twice. */
async function countRun(tx: DbOrTx, key: string) {
  await tx
    .insert(systemValues)
    .values({ key: `run:${key}`, value: '1' })
    .onConflictDoUpdate({
      target: systemValues.key,
      set: { value: sql`(${systemValues.value}::int + 1)::text` },
    });
}

async function runsOf(key: string) {
  const [row] = await db()
    .select()
    .from(systemValues)
    .where(eq(systemValues.key, `run:${key}`));
  return row ? Number(row.value) : 0;
}

const counting: JobHandler = {
  async run(tx, job) {
    await countRun(tx, job.key);
    return undefined;
  },
};

/** A kind of its own per test, so jobs left by one test never run in another's handler. */
function aKind(handler: JobHandler, servers: TestServer[] = [server]) {
  const kind = `test:${randomUUID().slice(0, 8)}`;
  for (const s of servers) s.deps.jobs.register(kind, handler);
  return kind;
}

const jobsOf = (kind: string) => db().select().from(jobs).where(eq(jobs.kind, kind));

describe('the job runner', () => {
  it('runs a job once when its time comes, and not before', async () => {
    const kind = aKind(counting);
    await scheduleJob(db(), { kind, key: 'a', companyId: null, delayMs: 10 * 60_000 });
    await server.clock.advance({ minutes: 9 });
    await server.deps.jobs.runDue();
    expect(await runsOf('a')).toBe(0);

    await server.clock.advance({ minutes: 1 });
    await server.deps.jobs.runDue();
    await server.deps.jobs.runDue();
    expect(await runsOf('a')).toBe(1);
    expect(await jobsOf(kind)).toEqual([]);
  });

  it('keeps one job per kind and key: scheduling it again moves it', async () => {
    const kind = aKind(counting);
    await scheduleJob(db(), { kind, key: 'b', companyId: null, delayMs: 5 * 60_000 });
    await scheduleJob(db(), { kind, key: 'b', companyId: null, delayMs: 20 * 60_000, payload: { n: 2 } });
    const [only, ...others] = await jobsOf(kind);
    expect(others).toEqual([]);
    expect(only!.payload).toEqual({ n: 2 });

    await server.clock.advance({ minutes: 6 });
    await server.deps.jobs.runDue();
    expect(await runsOf('b')).toBe(0);
    await server.clock.advance({ minutes: 15 });
    await server.deps.jobs.runDue();
    expect(await runsOf('b')).toBe(1);
  });

  it('tries a failing job again later, waiting longer each time, and gives it up after its attempts', async () => {
    let calls = 0;
    const kind = aKind({
      maxAttempts: 3,
      async run(tx, job) {
        calls++;
        await countRun(tx, job.key);
        throw new Error('the far end is down');
      },
    });
    await scheduleJob(db(), { kind, key: 'c', companyId: null });
    await server.deps.jobs.runDue();
    expect(calls).toBe(1);
    let [job] = await jobsOf(kind);
    expect(job).toMatchObject({ attempts: 1, lastError: 'the far end is down', failedAt: null });

    await server.deps.jobs.runDue();
    expect(calls).toBe(1);
    await server.clock.advance({ seconds: retryDelayMs(1) / 1000 });
    await server.deps.jobs.runDue();
    expect(calls).toBe(2);
    await server.clock.advance({ seconds: retryDelayMs(1) / 1000 });
    await server.deps.jobs.runDue();
    expect(calls).toBe(2);
    await server.clock.advance({ seconds: retryDelayMs(2) / 1000 });
    await server.deps.jobs.runDue();
    expect(calls).toBe(3);

    [job] = await jobsOf(kind);
    expect(job!.attempts).toBe(3);
    expect(job!.failedAt).toBeInstanceOf(Date);
    await server.clock.advance({ hours: 5 });
    await server.deps.jobs.runDue();
    expect(calls).toBe(3);
    // A failed run changes nothing: its count rolled back with it.
    expect(await runsOf('c')).toBe(0);
  });

  it('changes nothing when the job was rescheduled while its run began', async () => {
    const kind = aKind({
      async lock(tx, job) {
        // Another writer moves the job between the claim and the run.
        await scheduleJob(tx, { kind: job.kind, key: job.key, companyId: null, delayMs: 60_000 });
      },
      async run(tx, job) {
        await countRun(tx, job.key);
        return undefined;
      },
    });
    await scheduleJob(db(), { kind, key: 'd', companyId: null });
    await server.deps.jobs.runDue();
    expect(await runsOf('d')).toBe(0);
    expect(await jobsOf(kind)).toHaveLength(1);
  });

  it('runs a job again when the server that claimed it died before finishing (its lease ran out)', async () => {
    const kind = aKind(counting);
    await scheduleJob(db(), { kind, key: 'e', companyId: null });
    // A server claims the job and dies: nothing else happens to it.
    const claimed = await claimNextJob(db(), 5 * 60_000);
    expect(claimed).toMatchObject({ kind, attempts: 1 });

    await server.deps.jobs.runDue();
    expect(await runsOf('e')).toBe(0);
    await server.clock.advance({ minutes: 6 });
    await server.deps.jobs.runDue();
    expect(await runsOf('e')).toBe(1);
    expect(await jobsOf(kind)).toEqual([]);
  });

  it('keeps its jobs through a restart: the new server runs them once when they are due', async () => {
    const first = await startTestServer({}, { database: await server.database.share() });
    first.deps.jobs.register('test:restart', counting);
    const key = randomUUID();
    await scheduleJob(first.database.db, {
      kind: 'test:restart',
      key,
      companyId: null,
      delayMs: 30 * 60_000,
    });
    await first.stopApp();

    const again = await startTestServer({}, { database: first.database });
    again.deps.jobs.register('test:restart', counting);
    await again.deps.jobs.runDue();
    expect(await runsOf(key)).toBe(0);
    await again.clock.advance({ minutes: 30 });
    await again.deps.jobs.runDue();
    await again.deps.jobs.runDue();
    expect(await runsOf(key)).toBe(1);
    await again.stop();
  });

  it('runs each due job exactly once with two servers on one database', async () => {
    const other = await startTestServer({}, { database: await server.database.share() });
    const kind = aKind(counting, [server, other]);
    const keys = Array.from({ length: 40 }, (_, i) => `${kind}-${i}`);
    for (const key of keys) await scheduleJob(db(), { kind, key, companyId: null });

    await Promise.all([server.deps.jobs.runDue(), other.deps.jobs.runDue()]);
    const counts = await db()
      .select()
      .from(systemValues)
      .where(and(like(systemValues.key, `run:${kind}-%`)));
    expect(counts).toHaveLength(keys.length);
    expect(counts.every((row) => row.value === '1')).toBe(true);
    await other.stop();
  });

  it('runs a batch kind’s due jobs together, each once; a failing batch runs job by job and only the bad job fails', async () => {
    const batches: string[][] = [];
    const handler: BatchJobHandler = {
      size: 3,
      maxAttempts: 1,
      async run(tx, claimed: Job[]) {
        batches.push(claimed.map((j) => j.key).sort());
        const taken = await takeJobs(tx, claimed);
        for (const job of claimed) {
          if (job.key === 'bad') throw new Error('a bad job');
          if (taken.has(job.id)) await countRun(tx, job.key);
        }
        return undefined;
      },
    };
    const kind = `test:${randomUUID().slice(0, 8)}`;
    server.deps.jobs.registerBatch(kind, handler);
    for (const key of ['k1', 'k2', 'k3', 'k4']) await scheduleJob(db(), { kind, key, companyId: null });
    await server.deps.jobs.runDue();
    expect(batches.map((b) => b.length).sort()).toEqual([1, 3]);
    for (const key of ['k1', 'k2', 'k3', 'k4']) expect(await runsOf(key)).toBe(1);
    expect(await jobsOf(kind)).toEqual([]);

    batches.length = 0;
    for (const key of ['ok1', 'bad', 'ok2']) await scheduleJob(db(), { kind, key, companyId: null });
    await server.deps.jobs.runDue();
    expect(batches[0]).toEqual(['bad', 'ok1', 'ok2']);
    expect(batches.slice(1).sort()).toEqual([['bad'], ['ok1'], ['ok2']]);
    expect(await runsOf('ok1')).toBe(1);
    expect(await runsOf('ok2')).toBe(1);
    expect(await jobsOf(kind)).toEqual([
      expect.objectContaining({ key: 'bad', lastError: 'a bad job', failedAt: expect.any(Date) }),
    ]);
  });
});

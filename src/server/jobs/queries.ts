import { and, eq, inArray, sql } from 'drizzle-orm';
import { jobs } from '../db/schema';
import type { DbOrTx, Tx } from '../platform/database';

export type JobRow = typeof jobs.$inferSelect;

/** The jobs' clock (the database function atendo_now(): one for every server; tests move it). */
export const jobsNow = sql`atendo_now()`;

const inMs = (ms: number) => sql`${jobsNow} + ${ms} * interval '1 millisecond'`;

/** A job to run `delayMs` from now on the jobs' clock. */
interface NewJob {
  kind: string;
  key: string;
  companyId: number | null;
  ticketId?: number | null;
  payload?: Record<string, unknown>;
  delayMs?: number;
  /** An absolute time instead of a delay (a scheduled message's planned time). */
  runAt?: Date;
}

/**
 * Schedules a job; one of the same kind and key still waiting is replaced (its time and payload), and a
 * run of it already claimed changes nothing (the revision moves on).
 */
export function scheduleJob(db: DbOrTx, job: NewJob) {
  return scheduleJobs(db, [job]);
}

/** scheduleJob for several jobs (of distinct kinds and keys) in one statement. */
export async function scheduleJobs(db: DbOrTx, list: NewJob[]) {
  if (list.length === 0) return;
  await db
    .insert(jobs)
    .values(
      list.map((job) => ({
        kind: job.kind,
        key: job.key,
        companyId: job.companyId,
        ticketId: job.ticketId ?? null,
        payload: job.payload ?? {},
        runAt: job.runAt ? sql`${job.runAt.toISOString()}::timestamptz` : inMs(job.delayMs ?? 0),
      })),
    )
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.key],
      targetWhere: sql`${jobs.failedAt} is null`,
      set: {
        runAt: sql`excluded.run_at`,
        payload: sql`excluded.payload`,
        attempts: 0,
        lockedUntil: null,
        lastError: null,
        revision: sql`${jobs.revision} + 1`,
        updatedAt: new Date(),
      },
    });
}

/** Schedules a job unless one of that kind and key is waiting already (a recurring job at start-up). */
export async function ensureJob(db: DbOrTx, job: NewJob) {
  await db
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key,
      companyId: job.companyId,
      payload: job.payload ?? {},
      runAt: inMs(job.delayMs ?? 0),
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.key], where: sql`${jobs.failedAt} is null` });
}

/**
 * Claims due jobs under a lease, oldest first, at most `limit` (of one kind when given): FOR UPDATE SKIP
 * LOCKED lets several servers claim at once without waiting on each other or taking the same job; a
 * lease that ran out (its server died) makes a job claimable again.
 */
function claimDue(db: DbOrTx, leaseMs: number, limit: number, kind?: string): Promise<JobRow[]> {
  const ofKind = kind === undefined ? sql`` : sql`kind = ${kind} and `;
  return db
    .update(jobs)
    .set({
      lockedUntil: inMs(leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
      revision: sql`${jobs.revision} + 1`,
      updatedAt: new Date(),
    })
    .where(
      sql`${jobs.id} in (select id from ${jobs}
          where ${ofKind}failed_at is null and run_at <= ${jobsNow}
            and (locked_until is null or locked_until <= ${jobsNow})
          order by run_at, id limit ${limit}
          for update skip locked)`,
    )
    .returning();
}

/** The next due job, claimed under a lease (claimDue). */
export async function claimNextJob(db: DbOrTx, leaseMs: number): Promise<JobRow | undefined> {
  const [row] = await claimDue(db, leaseMs, 1);
  return row;
}

/** More due jobs of one kind under the same lease, at most `limit` (a batch handler's: see BatchJobHandler). */
export async function claimJobsOfKind(
  db: DbOrTx,
  kind: string,
  limit: number,
  leaseMs: number,
): Promise<JobRow[]> {
  return limit <= 0 ? Promise.resolve([]) : claimDue(db, leaseMs, limit, kind);
}

/**
 * Inside the run's transaction: removes the job if the claim is still current (not rescheduled,
 * cancelled or claimed again since). The row lock holds until commit; a failed run brings it back.
 */
export async function takeJob(db: DbOrTx, job: JobRow): Promise<boolean> {
  const taken = await db
    .delete(jobs)
    .where(and(eq(jobs.id, job.id), eq(jobs.revision, job.revision)))
    .returning({ id: jobs.id });
  return taken.length > 0;
}

/** takeJob for several claimed jobs in one statement: the ids of those still current, now removed. */
export async function takeJobs(db: DbOrTx, claimed: JobRow[]): Promise<Set<number>> {
  if (claimed.length === 0) return new Set();
  const taken = await db
    .delete(jobs)
    .where(
      sql`(${jobs.id}, ${jobs.revision}) in (select * from unnest(${sql.param(claimed.map((j) => j.id))}::int[], ${sql.param(claimed.map((j) => j.revision))}::int[]))`,
    )
    .returning({ id: jobs.id });
  return new Set(taken.map((t) => t.id));
}

/** A failed run: again after `retryMs`, or never once its attempts are spent. */
export async function releaseFailedJob(
  db: DbOrTx,
  job: JobRow,
  error: string,
  retry: { retryMs: number } | 'spent',
) {
  await db
    .update(jobs)
    .set({
      lockedUntil: null,
      lastError: error.slice(0, 2000),
      ...(retry === 'spent' ? { failedAt: jobsNow } : { runAt: inMs(retry.retryMs) }),
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.revision, job.revision)));
}

/** What a timer sends in this transaction arms no timer (the messages trigger reads atendo.quiet_timers). */
export async function quietTimers(tx: Tx) {
  await tx.execute(sql`select set_config('atendo.quiet_timers', 'on', true)`);
}

/** Drops a waiting job of that kind and key (a run already claimed finds its claim gone and does nothing). */
export function cancelJob(db: DbOrTx, kind: string, key: string) {
  return cancelJobs(db, kind, [key]);
}

/** cancelJob for several keys of one kind in one statement. */
export async function cancelJobs(db: DbOrTx, kind: string, keys: string[]) {
  if (keys.length === 0) return;
  await db.delete(jobs).where(and(eq(jobs.kind, kind), inArray(jobs.key, keys)));
}

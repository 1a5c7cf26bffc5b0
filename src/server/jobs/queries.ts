import { and, eq, sql } from 'drizzle-orm';
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
export async function scheduleJob(db: DbOrTx, job: NewJob) {
  const runAt = job.runAt ? sql`${job.runAt.toISOString()}::timestamptz` : inMs(job.delayMs ?? 0);
  await db
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key,
      companyId: job.companyId,
      ticketId: job.ticketId ?? null,
      payload: job.payload ?? {},
      runAt,
    })
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.key],
      targetWhere: sql`${jobs.failedAt} is null`,
      set: {
        runAt,
        payload: job.payload ?? {},
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
 * Claims the next due job under a lease: FOR UPDATE SKIP LOCKED lets several servers claim at once
 * without waiting on each other or taking the same job; a lease that ran out (its server died) makes
 * the job claimable again.
 */
export async function claimNextJob(db: DbOrTx, leaseMs: number): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({
      lockedUntil: inMs(leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
      revision: sql`${jobs.revision} + 1`,
      updatedAt: new Date(),
    })
    .where(
      eq(
        jobs.id,
        sql`(select id from ${jobs}
          where failed_at is null and run_at <= ${jobsNow} and (locked_until is null or locked_until <= ${jobsNow})
          order by run_at, id limit 1
          for update skip locked)`,
      ),
    )
    .returning();
  return row;
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
export async function cancelJob(db: DbOrTx, kind: string, key: string) {
  await db.delete(jobs).where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
}

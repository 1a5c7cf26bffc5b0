import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../platform/database';
import * as q from './queries';

export type Job = q.JobRow;

/** What must follow the commit (sending, announcing): a failure is logged, the job is not run again. */
export type AfterCommit = () => Promise<void>;

/**
 * How a kind of job runs. `run` changes the database in the transaction that removes the job, so its
 * changes commit once or not at all; a thrown error rolls them back and the job is tried again later.
 */
export interface JobHandler<L = undefined> {
  /**
   * Locks taken before the job's own row, in the order every other writer takes them (a ticket's
   * conversation, then the ticket, then its jobs), so a run never deadlocks with them.
   */
  lock?(tx: Tx, job: Job): Promise<L>;
  run(tx: Tx, job: Job, locked: L): Promise<AfterCommit | undefined>;
  /** Attempts before the job is given up (failedAt). */
  maxAttempts?: number;
}

/**
 * A kind of job whose due jobs are claimed and run together (scheduled messages due at once): up to
 * `size` of them in one transaction, which saves the per-job statements a set of them can share. `run`
 * takes its jobs itself (takeJobs, after its own locks) and leaves alone those no longer current. A batch
 * that fails is run again job by job, so one bad job fails alone.
 */
export interface BatchJobHandler {
  size: number;
  run(tx: Tx, jobs: Job[]): Promise<AfterCommit | undefined>;
  maxAttempts?: number;
}

interface JobRunnerOptions {
  /** How often this server looks for due jobs; 0 only when asked (tests drive time themselves). */
  pollMs: number;
  /** How long a claim keeps other servers off a job before it counts as crashed. */
  leaseMs?: number;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_MAX_ATTEMPTS = 5;

/** Between attempts: 30 s, then doubling, at most an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);

/**
 * docs/decisions.md "Jobs and timers": durable jobs kept in the database (table `jobs`), claimed one at a time
 * (a batch kind's several at once) with FOR UPDATE SKIP LOCKED under a lease. Several servers on one database each run a job at most
 * once: a claim no longer current (rescheduled, cancelled, claimed again after a lease ran out) takes
 * nothing. Jobs survive restarts because they are rows; their times are on the database's clock.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly batchHandlers = new Map<string, BatchJobHandler>();
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobRunnerOptions,
  ) {}

  register<L>(kind: string, handler: JobHandler<L>) {
    // Each handler gets back what its own lock gave: the map forgets the type, the pairing keeps it.
    this.handlers.set(kind, handler as JobHandler<unknown>);
  }

  registerBatch(kind: string, handler: BatchJobHandler) {
    this.batchHandlers.set(kind, handler);
  }

  start() {
    if (this.options.pollMs > 0) this.poll();
  }

  /** Runs every job due now, one after another, and answers how many ran. Calls queue behind each other. */
  runDue(): Promise<number> {
    const run = this.chain.then(() => this.drain());
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** A job was just scheduled to run now: look for it without waiting for the next poll. */
  nudge() {
    this.runDue().catch((err: unknown) => this.log.error({ err }, 'running jobs failed'));
  }

  /** Stops polling and waits for the job running now; the others wait in the database. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.chain;
  }

  private poll() {
    this.timer = setTimeout(() => {
      this.runDue()
        .catch((err: unknown) => this.log.error({ err }, 'running jobs failed'))
        .finally(() => {
          if (!this.stopped) this.poll();
        });
    }, this.options.pollMs);
    this.timer.unref();
  }

  private async drain() {
    let ran = 0;
    while (!this.stopped) {
      const leaseMs = this.options.leaseMs ?? DEFAULT_LEASE_MS;
      const job = await q.claimNextJob(this.db, leaseMs);
      if (!job) break;
      const batch = this.batchHandlers.get(job.kind);
      if (batch) {
        const more = await q.claimJobsOfKind(this.db, job.kind, batch.size - 1, leaseMs);
        await this.executeBatch(batch, [job, ...more]);
        ran += 1 + more.length;
        continue;
      }
      await this.execute(job);
      ran++;
    }
    return ran;
  }

  private async execute(job: Job) {
    const handler = this.handlers.get(job.kind);
    let after: AfterCommit | undefined;
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      after = await this.db.transaction(async (tx) => {
        const locked = handler.lock ? await handler.lock(tx, job) : undefined;
        if (!(await q.takeJob(tx, job))) return undefined;
        return handler.run(tx, job, locked);
      });
    } catch (err) {
      await this.failed(job, err, handler?.maxAttempts);
      return;
    }
    await this.afterCommit(job, after);
  }

  private async executeBatch(handler: BatchJobHandler, jobs: Job[]) {
    let after: AfterCommit | undefined;
    try {
      after = await this.db.transaction((tx) => handler.run(tx, jobs));
    } catch (err) {
      if (jobs.length === 1) {
        await this.failed(jobs[0]!, err, handler.maxAttempts);
        return;
      }
      // The claims are still current: each job again on its own, so only a bad one fails.
      this.log.warn(
        { err, kind: jobs[0]!.kind, jobs: jobs.length },
        'a batch of jobs failed, run one by one',
      );
      for (const job of jobs) await this.executeBatch(handler, [job]);
      return;
    }
    await this.afterCommit(jobs[0]!, after);
  }

  private async failed(job: Job, err: unknown, maxAttempts = DEFAULT_MAX_ATTEMPTS) {
    const spent = job.attempts >= maxAttempts;
    this.log.warn(
      { err, jobId: job.id, kind: job.kind, attempts: job.attempts },
      spent ? 'job given up' : 'job failed, tried again later',
    );
    await q.releaseFailedJob(
      this.db,
      job,
      err instanceof Error ? err.message : String(err),
      spent ? 'spent' : { retryMs: retryDelayMs(job.attempts) },
    );
  }

  private async afterCommit(job: Job, after: AfterCommit | undefined) {
    await after?.().catch((err: unknown) =>
      this.log.error({ err, jobId: job.id, kind: job.kind }, 'the work after a job failed'),
    );
  }
}

declare module '../platform/deps' {
  interface ServerDeps {
    /** Durable jobs: timers, close all, pruning. */
    jobs: JobRunner;
  }
}

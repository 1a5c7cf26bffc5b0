import { ensureJob, scheduleJob } from '../../jobs/queries';
import type { JobHandler } from '../../jobs/runner';
import type { DbOrTx } from '../../platform/database';
import type { ServerDeps } from '../../platform/deps';
import { deleteRemovalsBefore, raiseHorizon } from './queries';

/** How long a tombstone stays in the change feed: a client away longer reloads what it holds. */
export const SYNC_REMOVALS_KEPT_DAYS = 30;

const SYNC_PRUNE = { kind: 'syncPrune', key: 'platform', companyId: null } as const;
const SYNC_PRUNE_EVERY_MS = 24 * 60 * 60_000;

/**
 * Deletes the tombstones older than `keptDays` and raises the horizon to the newest of their transaction
 * ids: a cursor at or before it may have missed one of them.
 */
export async function pruneRemovals(db: DbOrTx, keptDays = SYNC_REMOVALS_KEPT_DAYS) {
  const horizon = await deleteRemovalsBefore(db, keptDays);
  if (horizon) await raiseHorizon(db, horizon);
}

/** The daily prune on this server's job runner (one server runs it each day). */
export async function registerSyncPrune(deps: ServerDeps) {
  const handler: JobHandler = {
    async run(tx) {
      await pruneRemovals(tx);
      await scheduleJob(tx, { ...SYNC_PRUNE, delayMs: SYNC_PRUNE_EVERY_MS });
      return undefined;
    },
  };
  deps.jobs.register(SYNC_PRUNE.kind, handler);
  await ensureJob(deps.db, SYNC_PRUNE);
}

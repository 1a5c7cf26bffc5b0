import { and, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../../shared/ticket-visibility';
import { contacts, messages, syncRemovals, syncRenames, systemValues, tickets } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';
import type { TenantDb } from '../../platform/tenant';
import { contactPage } from '../contacts/queries';
import { findMessages } from '../messages/queries';
import { findTickets, visibleTicketsWhere } from '../tickets/queries';

/** A place in the feed: a transaction id and a revision within it. */
export interface FeedPosition {
  xid: string;
  revision: number;
}

/** Which table a feed row comes from: tickets, messages, contacts or removals. */
export type FeedSource = 't' | 'm' | 'c' | 'r';

export interface FeedRow extends FeedPosition {
  source: FeedSource;
  /** The row's id (a removal's revision). */
  id: number;
}

/** A table's columns that place its rows in the feed. */
interface FeedColumns {
  table: typeof tickets | typeof messages | typeof contacts | typeof syncRemovals;
  companyId: AnyPgColumn;
  id: AnyPgColumn;
  xid: AnyPgColumn;
  revision: AnyPgColumn;
}

const feedTables: Record<FeedSource, FeedColumns> = {
  t: {
    table: tickets,
    companyId: tickets.companyId,
    id: tickets.id,
    xid: tickets.syncXid,
    revision: tickets.syncRevision,
  },
  m: {
    table: messages,
    companyId: messages.companyId,
    id: messages.id,
    xid: messages.syncXid,
    revision: messages.syncRevision,
  },
  c: {
    table: contacts,
    companyId: contacts.companyId,
    id: contacts.id,
    xid: contacts.syncXid,
    revision: contacts.syncRevision,
  },
  r: {
    table: syncRemovals,
    companyId: syncRemovals.companyId,
    id: syncRemovals.revision,
    xid: syncRemovals.xid,
    revision: syncRemovals.revision,
  },
};

/** The rows of one source after `from` and below the watermark, in feed order. */
function sourceAfter(source: FeedSource, companyId: number, from: FeedPosition, limit: number) {
  const { table, companyId: company, id, xid, revision } = feedTables[source];
  // The row comparison starts at the index's first column, so the scan starts at the cursor.
  return sql`(select ${source}::text as source, ${id} as id, ${xid} as xid, ${revision} as revision
    from ${table}
    where ${company} = ${companyId}
      and (${company}, ${xid}, ${revision}) > (${companyId}::int, ${from.xid}::xid8, ${from.revision}::bigint)
      and ${xid} < (select xmin from watermark)
    order by ${xid}, ${revision} limit ${limit})`;
}

/**
 * Whether one source has committed rows at or above the watermark: written, but not handed out yet. Its
 * newest row is read from the end of the index (an EXISTS over `xid >= watermark` is planned before the
 * watermark is known, and PostgreSQL then scans the table).
 */
function heldBack(source: FeedSource, companyId: number) {
  const { table, companyId: company, xid } = feedTables[source];
  return sql`coalesce((select ${xid} from ${table} where ${company} = ${companyId} order by ${xid} desc limit 1) >= (select xmin from watermark), false)`;
}

/**
 * The next `limit` rows of a company's feed after `from`. Revisions are taken inside transactions, so a
 * smaller one can commit after a larger one is read; only rows written by transactions older than every
 * transaction still running (xid below the snapshot's xmin) are handed out, ordered by (xid, revision).
 * Whatever commits later has an xid at or above that watermark, so it sorts after any cursor given out:
 * nothing is passed over. `behind`: rows already committed wait behind an older transaction still running
 * (anywhere on the server), so the caller should ask again shortly.
 */
export async function feedAfter(db: TenantDb, from: FeedPosition, limit: number) {
  const { companyId } = db;
  const sources = sql.join(
    [
      sourceAfter('t', companyId, from, limit),
      sourceAfter('m', companyId, from, limit),
      sourceAfter('c', companyId, from, limit),
      sourceAfter('r', companyId, from, limit),
    ],
    sql` union all `,
  );
  const held = sql.join(
    (['t', 'm', 'c', 'r'] as const).map((source) => heldBack(source, companyId)),
    sql` or `,
  );
  // One statement, one snapshot: the page and the held-back check see the same watermark. The left join
  // keeps a row for the check when the page is empty. Its parts bind the company themselves.
  const result = await db.unscoped.execute<{
    source: FeedSource | null;
    id: number;
    xid: string;
    revision: string;
    behind: boolean;
  }>(sql`
    with watermark as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin),
    page as (select * from (${sources}) as feed order by feed.xid, feed.revision limit ${limit}),
    check_held as (select (${held}) as behind)
    select page.source, page.id, page.xid::text as xid, page.revision::text as revision, check_held.behind
    from check_held left join page on true order by page.xid, page.revision`);
  const rows = result.rows.flatMap((row): FeedRow[] =>
    row.source === null
      ? []
      : [{ source: row.source, id: Number(row.id), xid: row.xid, revision: Number(row.revision) }],
  );
  return { rows, behind: Boolean(result.rows[0]?.behind) };
}

/**
 * The position before every change not yet handed out: the watermark, ahead of any revision in it (the
 * database's snapshot: no company's rows are read).
 */
export async function feedHead(db: TenantDb): Promise<FeedPosition> {
  const result = await db.unscoped.execute<{ xid: string }>(
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xid`,
  );
  return { xid: result.rows[0]!.xid, revision: 0 };
}

export async function removalRows(db: TenantDb, revisions: number[]) {
  if (revisions.length === 0) return [];
  return db.select().from(syncRemovals).where(inArray(syncRemovals.revision, revisions));
}

/** Those of the tickets that exist and `viewer` may see (showing all), as the lists show them. */
export async function visibleTicketsByIds(db: TenantDb, viewer: Viewer, ids: number[]) {
  if (ids.length === 0) return [];
  return findTickets(db, and(inArray(tickets.id, ids), visibleTicketsWhere(viewer, { showAll: true }))!, []);
}

/** Which of the tickets exist and `viewer` may see (showing all), with their uuids. */
export async function visibleTicketUuids(db: TenantDb, viewer: Viewer, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: tickets.id, uuid: tickets.uuid })
    .from(tickets)
    .where(and(inArray(tickets.id, ids), visibleTicketsWhere(viewer, { showAll: true })));
  return new Map(rows.map((row) => [row.id, row.uuid]));
}

/** The company's messages by id, as the chat shows them. */
export async function messagesByIds(db: TenantDb, ids: number[]) {
  if (ids.length === 0) return [];
  return findMessages(db, inArray(messages.id, ids));
}

/** The company's contacts by id, as the contact list shows them. */
export async function contactsByIds(db: TenantDb, ids: number[]) {
  if (ids.length === 0) return [];
  return contactPage(db, inArray(contacts.id, ids), {
    limit: ids.length,
    offset: 0,
  });
}

/** The newest transaction id among the pruned tombstones (system_values), as decimal text. */
export const HORIZON_KEY = 'syncHorizon';

/**
 * Whether the feed after a cursor is no longer whole for the company: tombstones after it were pruned,
 * or a rename of what ticket rows show came after it (sync_renames). Both are transaction ids; one at or
 * after the cursor's may not have been seen.
 */
export async function cursorExpired(db: TenantDb, xid: string) {
  const { companyId } = db;
  const { rows } = await db.unscoped.execute<{ horizon: string | null; renamed: string | null }>(sql`
    select (select ${systemValues.value} from ${systemValues} where ${systemValues.key} = ${HORIZON_KEY}) as horizon,
      (select ${syncRenames.xid}::text from ${syncRenames} where ${syncRenames.companyId} = ${companyId}) as renamed`);
  const { horizon, renamed } = rows[0] ?? { horizon: null, renamed: null };
  const cursor = BigInt(xid);
  return (horizon !== null && cursor <= BigInt(horizon)) || (renamed !== null && cursor <= BigInt(renamed));
}

/**
 * Deletes every company's tombstones older than `keptDays` (the platform's daily prune: no one
 * company's handle) and answers the newest of their transaction ids, if any went.
 */
export async function deleteRemovalsBefore(db: DbOrTx, keptDays: number) {
  const { rows } = await db.execute<{ horizon: string | null }>(sql`
    with gone as (
      delete from sync_removals where removed_at < now() - make_interval(days => ${keptDays}) returning xid
    )
    select max(xid::text::numeric)::text as horizon from gone`);
  return rows[0]?.horizon ?? undefined;
}

/** Raises the horizon (a platform value) to `horizon`, never lowers it. */
export async function raiseHorizon(db: DbOrTx, horizon: string) {
  await db
    .insert(systemValues)
    .values({ key: HORIZON_KEY, value: horizon })
    .onConflictDoUpdate({
      target: systemValues.key,
      set: { value: sql`greatest(${systemValues.value}::numeric, ${horizon}::numeric)::text` },
    });
}

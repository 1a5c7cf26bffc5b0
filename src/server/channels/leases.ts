import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { isForeignKeyViolation } from '../db/errors';
import { connectionLeases, whatsapps } from '../db/schema';
import type { DbOrTx } from '../platform/database';

/**
 * The lease rules (docs/architecture.md "Scale-out": each connection is run by one process at a time). Every
 * time is the database's clock (`now()`), so processes on machines whose clocks differ still agree on
 * when a lease has expired.
 */

const expiryIn = (ttlMs: number) => sql`now() + ${ttlMs} * interval '1 millisecond'`;

/**
 * Takes the connection's lease for `owner`, or extends it when `owner` holds it already: in one
 * statement, so of two processes trying at once exactly one wins. A live lease of another owner is left
 * alone. Answers whether `owner` holds the lease now.
 */
export async function takeLease(db: DbOrTx, connectionId: number, owner: string, ttlMs: number) {
  const rows = await db
    .insert(connectionLeases)
    .values({ whatsappId: connectionId, owner, expiresAt: expiryIn(ttlMs) })
    .onConflictDoUpdate({
      target: connectionLeases.whatsappId,
      set: { owner, expiresAt: expiryIn(ttlMs) },
      setWhere: or(eq(connectionLeases.owner, owner), lt(connectionLeases.expiresAt, sql`now()`)),
    })
    .returning({ owner: connectionLeases.owner })
    // A connection deleted meanwhile: its foreign key refuses the lease.
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) return [];
      throw err;
    });
  return rows.length > 0;
}

/**
 * The heartbeat: every lease `owner` still holds is extended; answers their connections. A lease taken
 * over by another process (this one stalled past its expiry) or removed with its connection is missing
 * from the answer: its session must stop here.
 */
export async function renewLeases(db: DbOrTx, owner: string, ttlMs: number) {
  const rows = await db
    .update(connectionLeases)
    .set({ expiresAt: expiryIn(ttlMs) })
    .where(eq(connectionLeases.owner, owner))
    .returning({ connectionId: connectionLeases.whatsappId });
  return new Set(rows.map((row) => row.connectionId));
}

/** A graceful stop: the leases (all of `owner`'s, or those listed) are free at once for another process. */
export async function releaseLeases(db: DbOrTx, owner: string, connectionIds?: number[]) {
  const mine = eq(connectionLeases.owner, owner);
  await db
    .delete(connectionLeases)
    .where(connectionIds ? and(mine, inArray(connectionLeases.whatsappId, connectionIds)) : mine);
}

/** The processes holding live leases. */
export async function leaseOwners(db: DbOrTx) {
  const rows = await db
    .selectDistinct({ owner: connectionLeases.owner })
    .from(connectionLeases)
    .where(sql`${connectionLeases.expiresAt} >= now()`);
  return rows.map((row) => row.owner);
}

/** Frees every lease of these processes (known to have stopped). */
export async function releaseLeasesOf(db: DbOrTx, owners: string[]) {
  if (owners.length === 0) return;
  await db.delete(connectionLeases).where(inArray(connectionLeases.owner, owners));
}

/** The process whose live lease runs the connection, or undefined when none does. */
export async function leaseHolder(db: DbOrTx, connectionId: number) {
  const [row] = await db
    .select({ owner: connectionLeases.owner })
    .from(connectionLeases)
    .where(and(eq(connectionLeases.whatsappId, connectionId), sql`${connectionLeases.expiresAt} >= now()`));
  return row?.owner;
}

/** What a driver needs of a connection (ConnectionRef). */
export const refFields = {
  id: whatsapps.id,
  companyId: whatsapps.companyId,
  channel: whatsapps.channel,
  name: whatsapps.name,
};

/**
 * A connection that is CONNECTED (in the database, whichever process runs it) with the live lease holder
 * running its session, if any: one read for a send that may have to go to another server.
 */
export async function connectedWithHolder(db: DbOrTx, connectionId: number) {
  const [row] = await db
    .select({ ...refFields, holder: connectionLeases.owner })
    .from(whatsapps)
    .leftJoin(
      connectionLeases,
      and(eq(connectionLeases.whatsappId, whatsapps.id), sql`${connectionLeases.expiresAt} >= now()`),
    )
    .where(and(eq(whatsapps.id, connectionId), eq(whatsapps.status, 'CONNECTED')));
  if (!row) return undefined;
  const { holder, ...connection } = row;
  return { connection, holder: holder ?? undefined };
}

export async function findConnectionRef(db: DbOrTx, connectionId: number) {
  const [row] = await db.select(refFields).from(whatsapps).where(eq(whatsapps.id, connectionId));
  return row;
}

/** Connections of these channels that no process runs: never leased, released, or whose owner went silent. */
export async function unleasedConnections(db: DbOrTx, channels: string[]) {
  if (channels.length === 0) return [];
  return db
    .select(refFields)
    .from(whatsapps)
    .leftJoin(connectionLeases, eq(connectionLeases.whatsappId, whatsapps.id))
    .where(
      and(
        inArray(whatsapps.channel, channels),
        or(isNull(connectionLeases.whatsappId), lt(connectionLeases.expiresAt, sql`now()`)),
      ),
    )
    .orderBy(asc(whatsapps.id));
}

import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { isForeignKeyViolation } from '../db/errors';
import { connectionCommands, connectionLeases } from '../db/schema';

/** The connections screen's session buttons (2-administration §2.1): try again, new QR, disconnect. */
export type SessionAction = 'retry' | 'newQr' | 'disconnect';

/** A command's last word: done, or failed with an error code. */
type CommandOutcome = { state: 'done' } | { state: 'failed'; error: string };

/** Rows of commands nobody will read again (their caller gave up or died) are kept this long. */
const KEEP_FINISHED_MS = 60 * 60_000;

/**
 * Asks the process that runs a connection to perform a session action; answers the command's id, or
 * undefined when the connection is gone.
 */
export async function submitCommand(db: DbOrTx, connectionId: number, action: SessionAction) {
  const rows = await db
    .insert(connectionCommands)
    .values({ whatsappId: connectionId, action })
    .returning({ id: connectionCommands.id })
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) return [];
      throw err;
    });
  return rows[0]?.id;
}

/**
 * The pending commands of the connections whose lease `owner` holds, marked running so that no other
 * process (nor a later poll) takes them again. Commands older than `maxAgeMs` are left: their caller
 * has given up.
 */
export async function claimCommands(db: DbOrTx, owner: string, maxAgeMs: number) {
  const result = await db.execute<{ id: number; whatsapp_id: number; action: SessionAction }>(sql`
    update ${connectionCommands} set state = 'running'
    where ${connectionCommands.id} in (
      select c.id from ${connectionCommands} c
      join ${connectionLeases} l on l.whatsapp_id = c.whatsapp_id
      where c.state = 'pending' and l.owner = ${owner}
        and c.created_at > now() - ${maxAgeMs} * interval '1 millisecond'
      order by c.id
      for update of c skip locked)
    returning id, whatsapp_id, action`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    connectionId: Number(row.whatsapp_id),
    action: row.action,
  }));
}

export async function finishCommand(db: DbOrTx, id: number, error?: string) {
  await db
    .update(connectionCommands)
    .set(error ? { state: 'failed', error } : { state: 'done' })
    .where(eq(connectionCommands.id, id));
}

/** The command's outcome once it has one (the row is then removed), else undefined. */
export async function takeOutcome(db: DbOrTx, id: number): Promise<CommandOutcome | undefined> {
  const [row] = await db
    .delete(connectionCommands)
    .where(and(eq(connectionCommands.id, id), inArray(connectionCommands.state, ['done', 'failed'])))
    .returning({ state: connectionCommands.state, error: connectionCommands.error });
  if (!row) return undefined;
  return row.state === 'done' ? { state: 'done' } : { state: 'failed', error: row.error ?? 'ERR_INTERNAL' };
}

/**
 * The caller gives up on a command: one still pending will never run. Answers false when the owner has
 * already taken it (it runs; its outcome comes).
 */
export async function withdrawCommand(db: DbOrTx, id: number) {
  const rows = await db
    .delete(connectionCommands)
    .where(and(eq(connectionCommands.id, id), eq(connectionCommands.state, 'pending')))
    .returning({ id: connectionCommands.id });
  return rows.length > 0;
}

/** Rows whose caller is gone: left by a server that stopped while waiting for them. */
export async function removeStaleCommands(db: DbOrTx) {
  await db
    .delete(connectionCommands)
    .where(lt(connectionCommands.createdAt, sql`now() - ${KEEP_FINISHED_MS} * interval '1 millisecond'`));
}

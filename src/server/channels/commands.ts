import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { isForeignKeyViolation } from '../db/errors';
import { connectionCommands, connectionLeases } from '../db/schema';
import type { DbOrTx } from '../platform/database';

/**
 * The connections screen's session buttons (2-administration §2.1): try again, new QR, disconnect; the
 * pairing code asked for a phone number (the code is what it answers); and `call`, a driver call of
 * another server (channels/remote.ts), its JSON in the argument and the result.
 */
export type CommandAction = 'retry' | 'newQr' | 'disconnect' | 'pair' | 'call';
/** What the connections screen and the pairing code ask (a `call` comes only from another server's driver). */
export type SessionAction = Exclude<CommandAction, 'call'>;

/** A command's last word: done (with what it answers), or failed with an error code and HTTP status. */
type CommandOutcome = { state: 'done'; result?: string } | { state: 'failed'; error: string; status: number };

/** Rows of commands nobody will read again (their caller gave up or died) are kept this long. */
const KEEP_FINISHED_MS = 60 * 60_000;

/**
 * Asks the process that runs a connection to perform a session action; answers the command's id, or
 * undefined when the connection is gone.
 */
export async function submitCommand(
  db: DbOrTx,
  connectionId: number,
  action: CommandAction,
  argument?: string,
) {
  const rows = await db
    .insert(connectionCommands)
    .values({ whatsappId: connectionId, action, argument })
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
  const result = await db.execute<{
    id: number;
    whatsapp_id: number;
    action: CommandAction;
    argument: string | null;
  }>(sql`
    update ${connectionCommands} set state = 'running'
    where ${connectionCommands.id} in (
      select c.id from ${connectionCommands} c
      join ${connectionLeases} l on l.whatsapp_id = c.whatsapp_id
      where c.state = 'pending' and l.owner = ${owner}
        and c.created_at > now() - ${maxAgeMs} * interval '1 millisecond'
      order by c.id
      for update of c skip locked)
    returning id, whatsapp_id, action, argument`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    connectionId: Number(row.whatsapp_id),
    action: row.action,
    argument: row.argument ?? undefined,
  }));
}

/** The owner's report: what the action answers, or the error code and HTTP status it failed with. */
export async function finishCommand(
  db: DbOrTx,
  id: number,
  outcome: { result?: string } | { error: string; status: number },
) {
  await db
    .update(connectionCommands)
    .set(
      'error' in outcome
        ? { state: 'failed', error: outcome.error, errorStatus: outcome.status }
        : { state: 'done', result: outcome.result ?? null },
    )
    .where(eq(connectionCommands.id, id));
}

/** The command's outcome once it has one (the row is then removed), else undefined. */
export async function takeOutcome(db: DbOrTx, id: number): Promise<CommandOutcome | undefined> {
  const [row] = await db
    .delete(connectionCommands)
    .where(and(eq(connectionCommands.id, id), inArray(connectionCommands.state, ['done', 'failed'])))
    .returning();
  if (!row) return undefined;
  if (row.state === 'failed') {
    return { state: 'failed', error: row.error ?? 'ERR_INTERNAL', status: row.errorStatus ?? 500 };
  }
  return row.result === null ? { state: 'done' } : { state: 'done', result: row.result };
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

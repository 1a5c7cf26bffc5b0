import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { companies, connectionCommands, connectionLeases, plans, whatsapps } from '../db/schema';
import { openTestDatabase } from '../test/database';
import { claimCommands, finishCommand, submitCommand, takeOutcome, withdrawCommand } from './commands';
import {
  leaseHolder,
  releaseLeases,
  releaseLeasesOf,
  renewLeases,
  takeLease,
  unleasedConnections,
} from './leases';

/* The lease rules on their own, against the real database: who may run a connection, and when. */

const TTL = 60_000;
let database: Database;
let companyId: number;
const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
  const [plan] = await db().insert(plans).values({ name: 'Leases' }).returning();
  const [company] = await db().insert(companies).values({ name: 'Leases', planId: plan!.id }).returning();
  companyId = company!.id;
});
afterAll(() => database.close());

async function aConnection(channel = 'whatsapp') {
  const [row] = await db().insert(whatsapps).values({ companyId, name: 'Loja', channel }).returning();
  return row!.id;
}

/** Plays the owner going silent: its lease's time is up. */
const expire = (connectionId: number) =>
  db()
    .update(connectionLeases)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(connectionLeases.whatsappId, connectionId));

describe('connection leases', () => {
  it('gives a free connection to exactly one of two processes asking at once', async () => {
    const id = await aConnection();
    const taken = await Promise.all([takeLease(db(), id, 'a', TTL), takeLease(db(), id, 'b', TTL)]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await leaseHolder(db(), id)).toBe(taken[0] ? 'a' : 'b');
  });

  it('leaves a live lease with its owner, who may take it again to extend it', async () => {
    const id = await aConnection();
    expect(await takeLease(db(), id, 'a', TTL)).toBe(true);
    expect(await takeLease(db(), id, 'b', TTL)).toBe(false);
    expect(await takeLease(db(), id, 'a', TTL)).toBe(true);
    expect(await leaseHolder(db(), id)).toBe('a');
  });

  it('lets another process take over an expired lease; the old owner’s heartbeat no longer renews it', async () => {
    const id = await aConnection();
    const other = await aConnection();
    await takeLease(db(), id, 'stalled', TTL);
    await takeLease(db(), other, 'stalled', TTL);
    await expire(id);
    expect(await leaseHolder(db(), id)).toBeUndefined();
    expect(await takeLease(db(), id, 'successor', TTL)).toBe(true);
    expect(await renewLeases(db(), 'stalled', TTL)).toEqual(new Set([other]));
    expect(await leaseHolder(db(), id)).toBe('successor');
  });

  it('renews a lease before it expires, so no other process can take it', async () => {
    const id = await aConnection();
    await takeLease(db(), id, 'a', 50);
    expect(await renewLeases(db(), 'a', TTL)).toContain(id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await takeLease(db(), id, 'b', TTL)).toBe(false);
  });

  it('frees released leases at once, all of a process or those named', async () => {
    const [one, two, three] = [await aConnection(), await aConnection(), await aConnection()];
    for (const id of [one, two]) await takeLease(db(), id, 'a', TTL);
    await takeLease(db(), three, 'c', TTL);
    await releaseLeases(db(), 'a', [one]);
    expect(await leaseHolder(db(), one)).toBeUndefined();
    expect(await leaseHolder(db(), two)).toBe('a');
    await releaseLeases(db(), 'a');
    expect(await leaseHolder(db(), two)).toBeUndefined();
    await releaseLeasesOf(db(), ['c']);
    expect(await leaseHolder(db(), three)).toBeUndefined();
  });

  it('goes with its connection, and a deleted connection cannot be leased', async () => {
    const id = await aConnection();
    await takeLease(db(), id, 'a', TTL);
    await db().delete(whatsapps).where(eq(whatsapps.id, id));
    expect(await renewLeases(db(), 'a', TTL)).not.toContain(id);
    expect(await takeLease(db(), id, 'a', TTL)).toBe(false);
  });

  it('lists the connections of the given channels that no live process holds', async () => {
    const [free, live, expired, released] = [
      await aConnection(),
      await aConnection(),
      await aConnection(),
      await aConnection(),
    ];
    const elsewhere = await aConnection('facebook');
    await takeLease(db(), live, 'a', TTL);
    await takeLease(db(), expired, 'a', TTL);
    await expire(expired);
    await takeLease(db(), released, 'a', TTL);
    await releaseLeases(db(), 'a', [released]);
    const ids = (await unleasedConnections(db(), ['whatsapp'])).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([free, expired, released]));
    expect(ids).not.toContain(live);
    expect(ids).not.toContain(elsewhere);
  });
});

describe('session commands', () => {
  it('are taken only by the owner of the connection’s lease, once', async () => {
    const id = await aConnection();
    await takeLease(db(), id, 'owner', TTL);
    const command = await submitCommand(db(), id, 'pair', '5511912345678');
    expect(await claimCommands(db(), 'someone-else', TTL)).toEqual([]);
    expect(await claimCommands(db(), 'owner', TTL)).toEqual([
      { id: command, connectionId: id, action: 'pair', argument: '5511912345678' },
    ]);
    expect(await claimCommands(db(), 'owner', TTL)).toEqual([]);
  });

  it('answer their outcome once (what they give, or the error and its status), then are gone', async () => {
    const id = await aConnection();
    await takeLease(db(), id, 'owner', TTL);
    const ok = (await submitCommand(db(), id, 'retry'))!;
    const paired = (await submitCommand(db(), id, 'pair', '5511912345678'))!;
    const bad = (await submitCommand(db(), id, 'disconnect'))!;
    expect(await takeOutcome(db(), ok)).toBeUndefined();
    await claimCommands(db(), 'owner', TTL);
    await finishCommand(db(), ok, {});
    await finishCommand(db(), paired, { result: 'ABCD1234' });
    await finishCommand(db(), bad, { error: 'ERR_NO_WAPP_FOUND', status: 404 });
    expect(await takeOutcome(db(), ok)).toEqual({ state: 'done' });
    expect(await takeOutcome(db(), paired)).toEqual({ state: 'done', result: 'ABCD1234' });
    expect(await takeOutcome(db(), bad)).toEqual({
      state: 'failed',
      error: 'ERR_NO_WAPP_FOUND',
      status: 404,
    });
    expect(await db().select().from(connectionCommands).where(eq(connectionCommands.whatsappId, id))).toEqual(
      [],
    );
  });

  it('are never run once withdrawn, nor when older than the caller waits', async () => {
    const id = await aConnection();
    await takeLease(db(), id, 'owner', TTL);
    const withdrawn = (await submitCommand(db(), id, 'retry'))!;
    expect(await withdrawCommand(db(), withdrawn)).toBe(true);
    await submitCommand(db(), id, 'retry');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await claimCommands(db(), 'owner', 10)).toEqual([]);
  });

  it('cannot be withdrawn once the owner took them: their outcome comes', async () => {
    const id = await aConnection();
    await takeLease(db(), id, 'owner', TTL);
    const command = (await submitCommand(db(), id, 'retry'))!;
    await claimCommands(db(), 'owner', TTL);
    expect(await withdrawCommand(db(), command)).toBe(false);
  });

  it('are refused for a connection that no longer exists', async () => {
    const id = await aConnection();
    await db().delete(whatsapps).where(eq(whatsapps.id, id));
    expect(await submitCommand(db(), id, 'retry')).toBeUndefined();
  });
});

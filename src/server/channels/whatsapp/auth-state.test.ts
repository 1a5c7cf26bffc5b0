import { proto } from 'baileys';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { companies, plans, whatsappAuth, whatsapps } from '../../db/schema';
import { openTestDatabase } from '../../test/database';
import { databaseAuthStore } from './auth-state';

let database: Database;
let connectionId: number;
let otherConnectionId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  const [plan] = await db.insert(plans).values({ name: 'Auth state plan' }).returning();
  const [company] = await db.insert(companies).values({ name: 'Auth state', planId: plan!.id }).returning();
  const made = await db
    .insert(whatsapps)
    .values([
      { companyId: company!.id, name: 'Main phone' },
      { companyId: company!.id, name: 'Second phone' },
    ])
    .returning();
  connectionId = made[0]!.id;
  otherConnectionId = made[1]!.id;
});

afterAll(() => database?.close());

const rowsOf = (whatsappId: number) =>
  database.db.select().from(whatsappAuth).where(eq(whatsappAuth.whatsappId, whatsappId));

describe('the WhatsApp login stored in the database', () => {
  it('starts a connection with no stored login on fresh, unregistered creds and writes nothing yet', async () => {
    const { state } = await databaseAuthStore(database.db, otherConnectionId).load();
    expect(state.creds.registered).toBe(false);
    expect(state.creds.noiseKey.public).toBeInstanceOf(Uint8Array);
    expect(await rowsOf(otherConnectionId)).toEqual([]);
  });

  it('keeps the creds across a restart: a new store over the same rows resumes them byte for byte', async () => {
    const first = await databaseAuthStore(database.db, connectionId).load();
    first.state.creds.me = { id: '5511988887777:3@s.whatsapp.net', name: 'Loja' };
    first.state.creds.registered = true;
    await first.saveCreds();

    const again = await databaseAuthStore(database.db, connectionId).load();
    expect(again.state.creds.me).toEqual({ id: '5511988887777:3@s.whatsapp.net', name: 'Loja' });
    expect(again.state.creds.registered).toBe(true);
    expect(Buffer.from(again.state.creds.noiseKey.private)).toEqual(
      Buffer.from(first.state.creds.noiseKey.private),
    );
    expect(Buffer.from(again.state.creds.signedPreKey.signature)).toEqual(
      Buffer.from(first.state.creds.signedPreKey.signature),
    );
    expect(again.state.creds.advSecretKey).toBe(first.state.creds.advSecretKey);
  });

  it('stores the latest creds when saves overlap', async () => {
    const { state, saveCreds } = await databaseAuthStore(database.db, connectionId).load();
    const saves: Promise<void>[] = [];
    for (let n = 1; n <= 5; n++) {
      state.creds.nextPreKeyId = n;
      saves.push(saveCreds());
    }
    await Promise.all(saves);
    const again = await databaseAuthStore(database.db, connectionId).load();
    expect(again.state.creds.nextPreKeyId).toBe(5);
  });

  it('reads back the signal keys it wrote, binary values intact, and only those asked for', async () => {
    const { state } = await databaseAuthStore(database.db, connectionId).load();
    const session = Uint8Array.from([1, 2, 3, 250]);
    const preKey = { public: Uint8Array.from([9, 8, 7]), private: Uint8Array.from([6, 5, 4]) };
    await state.keys.set({
      session: { '5511988887777.0': session },
      'pre-key': { '1': preKey, '2': preKey },
      'lid-mapping': { '5511988887777': '123456789012345' },
    });

    const { state: restarted } = await databaseAuthStore(database.db, connectionId).load();
    const sessions = await restarted.keys.get('session', ['5511988887777.0', 'unknown.0']);
    expect(Object.keys(sessions)).toEqual(['5511988887777.0']);
    expect(Buffer.from(sessions['5511988887777.0']!)).toEqual(Buffer.from(session));
    const preKeys = await restarted.keys.get('pre-key', ['2']);
    expect(Buffer.from(preKeys['2']!.private)).toEqual(Buffer.from(preKey.private));
    expect(await restarted.keys.get('lid-mapping', ['5511988887777'])).toEqual({
      '5511988887777': '123456789012345',
    });
    expect(await restarted.keys.get('pre-key', [])).toEqual({});
  });

  it('answers app-state sync keys as the protobuf objects Baileys expects', async () => {
    const { state } = await databaseAuthStore(database.db, connectionId).load();
    const keyData = { keyData: Uint8Array.from([4, 4, 4]), timestamp: 1_700_000_000 };
    await state.keys.set({ 'app-state-sync-key': { AAAAAQ: keyData } });
    const found = await state.keys.get('app-state-sync-key', ['AAAAAQ']);
    expect(found.AAAAAQ).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(found.AAAAAQ!.keyData!)).toEqual(Buffer.from([4, 4, 4]));
  });

  it('replaces a key written again and deletes a key set to null', async () => {
    const { state } = await databaseAuthStore(database.db, connectionId).load();
    await state.keys.set({ 'sender-key': { 'group@g.us::5511::0': Uint8Array.from([1]) } });
    await state.keys.set({ 'sender-key': { 'group@g.us::5511::0': Uint8Array.from([2]) } });
    const replaced = await state.keys.get('sender-key', ['group@g.us::5511::0']);
    expect(Buffer.from(replaced['group@g.us::5511::0']!)).toEqual(Buffer.from([2]));

    await state.keys.set({ 'sender-key': { 'group@g.us::5511::0': null } });
    expect(await state.keys.get('sender-key', ['group@g.us::5511::0'])).toEqual({});
  });

  it('writes all the keys of one set or none of them', async () => {
    const { state } = await databaseAuthStore(database.db, connectionId).load();
    await state.keys.set({ session: { 'kept.0': Uint8Array.from([1]) } });
    // Enough keys for two INSERT statements; the last key is longer than the column allows, so the
    // second statement fails after the first one wrote its rows.
    const sessions: Record<string, Uint8Array | null> = Object.fromEntries(
      Array.from({ length: 600 }, (_, i) => [`atomic-${i}.0`, Uint8Array.from([i % 256])]),
    );
    sessions['x'.repeat(400)] = Uint8Array.from([9]);
    sessions['kept.0'] = null;
    await expect(state.keys.set({ session: sessions })).rejects.toThrow();
    expect(await state.keys.get('session', ['atomic-0.0', 'atomic-499.0'])).toEqual({});
    expect(Object.keys(await state.keys.get('session', ['kept.0']))).toEqual(['kept.0']);
  });

  it('writes a pre-key upload of hundreds of keys in one go', async () => {
    const { state } = await databaseAuthStore(database.db, otherConnectionId).load();
    const preKeys = Object.fromEntries(
      Array.from({ length: 812 }, (_, i) => [
        String(i + 1),
        { public: Uint8Array.from([i % 256]), private: Uint8Array.from([1]) },
      ]),
    );
    await state.keys.set({ 'pre-key': preKeys });
    const found = await state.keys.get('pre-key', ['1', '406', '812']);
    expect(Object.keys(found).sort()).toEqual(['1', '406', '812']);
    expect(Buffer.from(found['406']!.public)).toEqual(Buffer.from([405 % 256]));
  });

  it('clears one connection’s login on logout and leaves the other connections alone', async () => {
    const store = databaseAuthStore(database.db, otherConnectionId);
    const { saveCreds } = await store.load();
    await saveCreds();
    expect((await rowsOf(otherConnectionId)).length).toBeGreaterThan(0);
    const before = (await rowsOf(connectionId)).length;

    await store.clear();

    expect(await rowsOf(otherConnectionId)).toEqual([]);
    expect((await rowsOf(connectionId)).length).toBe(before);
    const fresh = await store.load();
    expect(fresh.state.creds.registered).toBe(false);
  });

  it('never brings a cleared login back with a creds write that was still under way', async () => {
    const store = databaseAuthStore(database.db, otherConnectionId);
    const { saveCreds } = await store.load();
    const saving = saveCreds();
    const clearing = store.clear();
    await Promise.all([saving, clearing]);
    const [creds] = await database.db
      .select()
      .from(whatsappAuth)
      .where(and(eq(whatsappAuth.whatsappId, otherConnectionId), eq(whatsappAuth.key, 'creds')));
    expect(creds).toBeUndefined();
  });

  it('goes with its connection when the connection is deleted', async () => {
    const [extra] = await database.db
      .insert(whatsapps)
      .values({ companyId: (await database.db.select().from(companies))[0]!.id, name: 'Doomed' })
      .returning();
    const { saveCreds } = await databaseAuthStore(database.db, extra!.id).load();
    await saveCreds();
    await database.db.delete(whatsapps).where(eq(whatsapps.id, extra!.id));
    expect(await rowsOf(extra!.id)).toEqual([]);
  });
});

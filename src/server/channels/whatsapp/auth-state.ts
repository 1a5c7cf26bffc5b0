import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  initAuthCreds,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
} from 'baileys';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { whatsappAuth } from '../../db/schema';
import type { Db } from '../../platform/database';

/** A connection's login as Baileys uses it, with the call that persists its creds. */
export interface WhatsappAuth {
  state: AuthenticationState;
  saveCreds(): Promise<void>;
}

/** Where a driver keeps its login: loaded at each socket start, cleared on logout. */
export interface AuthStore {
  load(): Promise<WhatsappAuth>;
  clear(): Promise<void>;
}

const CREDS_KEY = 'creds';
/** Rows per INSERT: a pre-key upload writes hundreds of keys in one `set`. */
const ROWS_PER_STATEMENT = 500;

const keyOf = (type: string, id: string) => `${type}-${id}`;
// BufferJSON keeps Buffers and Uint8Arrays (every key pair) through JSON.
const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = (text: string): unknown => JSON.parse(text, BufferJSON.reviver);

function chunks<T>(items: T[], size: number) {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The Baileys auth state of one connection in `whatsapp_auth` (docs/architecture.md "The server's layers": not in files), one
 * row per creds or signal key, so a restart or another process resumes the session without a new QR.
 */
export function databaseAuthStore(db: Db, whatsappId: number): AuthStore {
  const ofConnection = eq(whatsappAuth.whatsappId, whatsappId);

  async function readKeys<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
    const found: { [id: string]: SignalDataTypeMap[T] } = {};
    if (ids.length === 0) return found;
    const byKey = new Map(ids.map((id) => [keyOf(type, id), id]));
    const rows = await db
      .select({ key: whatsappAuth.key, value: whatsappAuth.value })
      .from(whatsappAuth)
      .where(and(ofConnection, inArray(whatsappAuth.key, [...byKey.keys()])));
    for (const row of rows) {
      let value = decode(row.value);
      // Baileys reads these as protobuf objects, not plain JSON.
      if (type === 'app-state-sync-key') {
        value = proto.Message.AppStateSyncKeyData.fromObject(value as Record<string, unknown>);
      }
      found[byKey.get(row.key)!] = value as SignalDataTypeMap[T];
    }
    return found;
  }

  /** One `set` is one transaction: the signal protocol must never see half of a change. */
  async function writeKeys(data: SignalDataSet) {
    const upserts: { whatsappId: number; key: string; value: string }[] = [];
    const removals: string[] = [];
    for (const [type, values] of Object.entries(data)) {
      for (const [id, value] of Object.entries(values ?? {})) {
        if (value) upserts.push({ whatsappId, key: keyOf(type, id), value: encode(value) });
        else removals.push(keyOf(type, id));
      }
    }
    if (upserts.length === 0 && removals.length === 0) return;
    await db.transaction(async (tx) => {
      for (const rows of chunks(upserts, ROWS_PER_STATEMENT)) {
        await tx
          .insert(whatsappAuth)
          .values(rows)
          .onConflictDoUpdate({
            target: [whatsappAuth.whatsappId, whatsappAuth.key],
            set: { value: sql`excluded.value`, updatedAt: sql`now()` },
          });
      }
      for (const keys of chunks(removals, ROWS_PER_STATEMENT)) {
        await tx.delete(whatsappAuth).where(and(ofConnection, inArray(whatsappAuth.key, keys)));
      }
    });
  }

  // Creds writes and clearing follow each other: the last creds stored are the newest, and a write
  // still under way when the login is cleared cannot bring it back.
  let writing = Promise.resolve();
  const inTurn = (work: () => Promise<void>) => {
    writing = writing.catch(() => undefined).then(work);
    return writing;
  };

  return {
    async load() {
      const [row] = await db
        .select({ value: whatsappAuth.value })
        .from(whatsappAuth)
        .where(and(ofConnection, eq(whatsappAuth.key, CREDS_KEY)));
      const creds = row ? (decode(row.value) as AuthenticationCreds) : initAuthCreds();
      const saveCreds = () =>
        inTurn(async () => {
          const value = encode(creds);
          await db
            .insert(whatsappAuth)
            .values({ whatsappId, key: CREDS_KEY, value })
            .onConflictDoUpdate({
              target: [whatsappAuth.whatsappId, whatsappAuth.key],
              set: { value, updatedAt: sql`now()` },
            });
        });
      return { state: { creds, keys: { get: readKeys, set: writeKeys } }, saveCreds };
    },

    clear() {
      return inTurn(async () => {
        await db.delete(whatsappAuth).where(ofConnection);
      });
    },
  };
}

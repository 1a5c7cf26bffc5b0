import { createHash } from 'node:crypto';
import type { DbOrTx } from '../platform/database';
import type { TenantDb } from '../platform/tenant';

interface Preparable<R> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<R> };
}

/**
 * Runs a query as a named prepared statement, named after its text: PostgreSQL then parses and plans
 * each shape of an inbox query once per connection (a generic plan after a few runs) instead of on every
 * request, where planning cost more than running. PGlite runs it as any query.
 */
export function runNamed<R>(query: Preparable<R>): Promise<R> {
  const name = `q_${createHash('sha1').update(query.toSQL().sql).digest('base64url')}`;
  return query.prepare(name).execute();
}

/**
 * One value per database, made on first use: prepared statements (built once, with placeholders, so a
 * hot path neither builds its SQL again nor plans it again) and per-database caches. Keyed by the
 * database object (a tenant handle's own: one value for all its companies, which bind themselves), so
 * test servers side by side in one process never share one; a transaction is a database of its own.
 */
export function perDatabase<T>(make: (db: DbOrTx) => T): (db: DbOrTx | TenantDb) => T {
  const made = new WeakMap<DbOrTx, T>();
  return (handle) => {
    const db = 'unscoped' in handle ? handle.unscoped : handle;
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

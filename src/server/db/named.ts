import { createHash } from 'node:crypto';
import type { Db, DbOrTx } from '../platform/database';

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
 * database object, so test servers side by side in one process never share one. `D` is the key's type:
 * the database, or what a tenant handle's `unscoped` is typed as (the database or a transaction).
 */
export function perDatabase<T, D extends DbOrTx = Db>(make: (db: D) => T): (db: D) => T {
  const made = new WeakMap<D, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

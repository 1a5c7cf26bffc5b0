import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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
  return query.prepare(statementName(query)).execute();
}

/** A statement's name, from its text: the same text has the same name on every connection. */
export const statementName = (query: Pick<Preparable<unknown>, 'toSQL'>) =>
  `q_${createHash('sha1').update(query.toSQL().sql).digest('base64url')}`;

const dialect = new PgDialect();

/** A condition as its shape and its values: see shapeOf. */
export interface Shape {
  /** The condition's text, its values written $1, $2, …: the same for every condition of this shape. */
  key: string;
  /** The values, named as the placeholders of `condition` name them. */
  values: Record<string, unknown>;
  /** The condition with placeholders for its values, for the statement prepared for the shape. */
  condition(): SQL;
}

/**
 * A condition split into its shape and its values, so that a statement built and prepared once for the
 * shape serves every request whose condition differs only in values: building a large statement in
 * drizzle cost more than PostgreSQL took to run it. Undefined when its text holds a `$` that is not one
 * of its values (the shape could not be told apart from them).
 */
export function shapeOf(condition: SQL): Shape | undefined {
  const { sql: text, params } = dialect.sqlToQuery(condition);
  // Text, value number, text, …: the numbers must be each value once, in order.
  const parts = text.split(/\$(\d+)/);
  if (parts.length !== params.length * 2 + 1) return undefined;
  for (let i = 1; i < parts.length; i += 2) if (parts[i] !== String((i + 1) / 2)) return undefined;
  return {
    key: text,
    values: Object.fromEntries(params.map((value, i) => [`w${i + 1}`, value])),
    condition: () => sql.join(parts.map((part, i) => (i % 2 ? sql.placeholder(`w${part}`) : sql.raw(part)))),
  };
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

/**
 * Values kept per database and per key, made on first use, the least recently used dropped past `kept`:
 * the statements prepared for the shapes a query takes (see shapeOf).
 */
export function perShape<T>(kept: number) {
  const shapes = perDatabase(() => new Map<string, T>());
  return (db: DbOrTx | TenantDb, key: string, make: () => T): T => {
    const made = shapes(db);
    let value = made.get(key);
    // Most recently used last: the map's order is the eviction order.
    if (value === undefined) value = make();
    else made.delete(key);
    made.set(key, value);
    if (made.size > kept) made.delete(made.keys().next().value!);
    return value;
  };
}

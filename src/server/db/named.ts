import { createHash } from 'node:crypto';

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

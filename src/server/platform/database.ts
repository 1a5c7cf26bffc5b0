import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

/**
 * One database type for both drivers (db/client.ts opens PGlite or PostgreSQL). PGlite's drizzle
 * instance has the same query API as node-postgres'; typing both as the latter keeps services
 * driver-agnostic. No schema is attached: the server writes its queries with the query builder.
 */
export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Services accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

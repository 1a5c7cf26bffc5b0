import {
  type Column,
  getTableColumns,
  type InferInsertModel,
  type InferSelectModel,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../platform/database';

/** A row as the driver answers it (column names) as the table's select model (keys, mapped values). */
function fromDriver<T extends PgTable>(columns: Record<string, Column>, raw: Record<string, unknown>) {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/**
 * Rows inserted by one statement with one parameter per column — arrays taken apart by unnest — rather
 * than one per value: for the inbound pipeline's batches, building and binding every value cost more of
 * the server's time than storing them. Every row gives the same columns (those of the first row; an
 * undefined value is a null, not the column's default); the answer is the inserted rows (with ON CONFLICT
 * DO NOTHING, those not already there).
 */
export async function insertMany<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: InferInsertModel<T>[],
  /** returning: false answers nothing (no rows read back): for bulk writes that need none. */
  options: { onConflictDoNothing?: boolean; returning?: boolean } = {},
): Promise<InferSelectModel<T>[]> {
  const [first] = rows;
  if (!first) return [];
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(first).filter((key) => columns[key] !== undefined);
  const names = keys.map((key) => sql.identifier(columns[key]!.name));
  const arrays = keys.map((key) => {
    const column = columns[key]!;
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
    return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
  });
  const conflict = options.onConflictDoNothing ? sql`on conflict do nothing` : sql``;
  const returning = options.returning === false ? sql`` : sql`returning *`;
  const result = await db.execute<Record<string, unknown>>(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)}) ${conflict} ${returning}`,
  );
  return result.rows.map((raw) => fromDriver<T>(columns, raw));
}

/** A list as one statement parameter (`column = any(…)`), where drizzle's inArray binds one per element. */
export const anyOf = (values: readonly unknown[]) => sql`any(${sql.param(values)})`;

/**
 * `select [distinct on …] * from table …rest`, its rows as the table's select model: for hot paths
 * (the inbound pipeline's reads, once per batch) whose query builder cost more than the query.
 */
export async function selectMany<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rest: SQL,
  distinctOn?: SQL,
): Promise<InferSelectModel<T>[]> {
  const columns = getTableColumns(table) as Record<string, Column>;
  const distinct = distinctOn ? sql`distinct on (${distinctOn})` : sql``;
  const result = await db.execute<Record<string, unknown>>(sql`select ${distinct} * from ${table} ${rest}`);
  return result.rows.map((raw) => fromDriver<T>(columns, raw));
}

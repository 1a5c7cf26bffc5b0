import { asc, type Column, desc, type Placeholder, type SQL, sql } from 'drizzle-orm';

/** One key of a list's order: what is compared, which way, and the type its value is read back as. */
export interface SortKey {
  on: SQL | Column;
  descending: boolean;
  type: 'timestamptz' | 'int' | 'boolean';
}

/** A value of a key as the cursor carries it (a timestamp as UTC text to the microsecond). */
export type KeyValue = string | number | boolean;

/** The ORDER BY of `keys`. */
export const orderOf = (keys: readonly SortKey[]): SQL[] =>
  keys.map((key) => (key.descending ? desc(key.on) : asc(key.on)));

/** How a key's value is read: timestamps as text, so no microsecond is lost in a JavaScript Date. */
const readKey = (key: SortKey) =>
  key.type === 'timestamptz'
    ? sql`to_char(${key.on} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql`${key.on}`;

/** A row's values of `keys` as one JSON text: what a page's last row hands on as the cursor. */
export const keyValuesOf = (keys: readonly SortKey[]) =>
  sql<string>`json_build_array(${sql.join(keys.map(readKey), sql`, `)})::text`;

/**
 * The rows after the one whose keys hold `values`, in the order of `keys`: each key past its value, or
 * equal to it and the next past, and so on (directions may differ: an ascending list still breaks ties
 * by the newest id). The first key's bound is also stated alone, the range an index serves.
 */
export function after(keys: readonly SortKey[], values: readonly (KeyValue | Placeholder)[]): SQL {
  const value = (i: number) => sql`${values[i]}::${sql.raw(keys[i]!.type)}`;
  const past = (i: number, orEqual = false) =>
    sql`${keys[i]!.on} ${sql.raw(keys[i]!.descending ? '<' : '>')}${sql.raw(orEqual ? '=' : '')} ${value(i)}`;
  let rest = past(keys.length - 1);
  for (let i = keys.length - 2; i >= 0; i--)
    rest = sql`(${past(i)} or (${keys[i]!.on} = ${value(i)} and ${rest}))`;
  return sql`(${past(0, true)} and ${rest})`;
}

/**
 * The rows up to and including the one whose keys hold `values`: all that `after` leaves out, with the
 * first key's bound also stated alone, the end of the range an index serves.
 */
export function upTo(keys: readonly SortKey[], values: readonly KeyValue[]): SQL {
  const first = keys[0]!;
  const bound = sql`${first.on} ${sql.raw(first.descending ? '>=' : '<=')} ${values[0]}::${sql.raw(first.type)}`;
  return sql`(${bound} and not ${after(keys, values)})`;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const fits = (key: SortKey, value: unknown) =>
  key.type === 'timestamptz'
    ? typeof value === 'string' && TIMESTAMP.test(value)
    : key.type === 'int'
      ? Number.isSafeInteger(value)
      : typeof value === 'boolean';

/**
 * The cursor a page hands on: the order's name (a cursor of another order is no cursor for this one) and
 * its last row's key values, opaque to clients (base64url).
 */
export const encodeCursor = (order: string, values: string) =>
  Buffer.from(`${order}:${values}`).toString('base64url');

/** A cursor's key values when it was made for `order` over `keys`; undefined for any other text. */
export function decodeCursor(
  cursor: string | undefined,
  order: string,
  keys: readonly SortKey[],
): KeyValue[] | undefined {
  if (!cursor) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString();
  if (!text.startsWith(`${order}:`)) return undefined;
  try {
    const values: unknown = JSON.parse(text.slice(order.length + 1));
    return Array.isArray(values) && values.length === keys.length && keys.every((k, i) => fits(k, values[i]))
      ? (values as KeyValue[])
      : undefined;
  } catch {
    return undefined;
  }
}

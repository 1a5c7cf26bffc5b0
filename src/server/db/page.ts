import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TenantDb } from '../platform/tenant';

/** Which slice of an ordered list a request wants. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** A select already filtered and ordered, waiting for its window. */
interface Ordered<R> {
  limit(limit: number): { offset(offset: number): PromiseLike<R[]> };
}

/**
 * A page of `ordered` (the rows of `table` that `where` keeps) and how many there are in all: the two
 * statements every paged list of a settings screen runs, side by side over the tenant handle.
 */
export async function selectPage<R>(
  db: TenantDb,
  table: PgTable,
  where: SQL | undefined,
  ordered: Ordered<R>,
  page: PageWindow,
): Promise<{ rows: R[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    ordered.limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

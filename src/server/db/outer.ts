import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A column of the outer table, qualified, for a subquery inside a one-table select: drizzle writes such
 * a select's columns without their table, so a bare `company_id` would name the subquery's own column.
 */
export const outer = (column: AnyPgColumn): SQL => sql`${column.table}.${sql.identifier(column.name)}`;

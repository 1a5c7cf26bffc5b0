import { and, type Column, eq, getTableColumns, getTableName, is, type Placeholder, SQL } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { type PgInsertBase, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './database';

type InsertRow<T extends PgTable> = T['$inferInsert'];

/**
 * A row to insert through the handle: its company column may be left out (the handle fills it in).
 * Built on `$inferInsert`: over drizzle's PgInsertValue, a generic Omit drops the optional columns.
 */
export type TenantInsertValue<T extends PgTable> = {
  [K in keyof InsertRow<T> as K extends 'companyId' ? never : K]: InsertRow<T>[K] | SQL | Placeholder;
} & Partial<Pick<InsertRow<T>, Extract<'companyId', keyof InsertRow<T>>>>;

/** drizzle's insert builder with the company column filled in. */
export interface TenantInsertBuilder<T extends PgTable> {
  values(value: TenantInsertValue<T>): PgInsertBase<T, NodePgQueryResultHKT>;
  values(values: TenantInsertValue<T>[]): PgInsertBase<T, NodePgQueryResultHKT>;
}

/**
 * One company's data (ARCHITECTURE "tenancy is a mechanism"): the query builder of the database, whose
 * select, update and delete add the company's condition on every table that has a company column (and
 * on every such table joined in), and whose insert fills that column in. Services of a signed-in caller
 * get this handle instead of the database, so a query cannot forget the company.
 *
 * Tables without a company column (the links: user_queues, ticket_tags, …) are not scoped: they are
 * reached through a scoped row of their parent.
 */
export interface TenantDb
  extends Pick<Db, 'select' | 'selectDistinct' | 'selectDistinctOn' | 'update' | 'delete'> {
  readonly companyId: number;
  insert<T extends PgTable>(table: T): TenantInsertBuilder<T>;
  transaction<T>(run: (tx: TenantDb) => Promise<T>): Promise<T>;
  /**
   * The database itself, for statements that bind the company themselves (prepared statements, advisory
   * locks, bulk unnest): used only in a module's queries.ts, where a reader checks the company is there.
   */
  readonly unscoped: DbOrTx;
}

/** The column a table is scoped by: company_id, or the companies table's own id. */
function tenantColumn(table: unknown): Column | undefined {
  if (!is(table, PgTable)) return undefined;
  const columns = getTableColumns(table) as Record<string, Column>;
  const own = Object.values(columns).find((column) => column.name === 'company_id');
  if (own) return own;
  return getTableName(table) === 'companies' ? columns.id : undefined;
}

function conditionOn(table: unknown, companyId: number): SQL | undefined {
  const column = tenantColumn(table);
  return column && eq(column, companyId);
}

type Condition = SQL | undefined | ((fields: Record<string, unknown>) => SQL | undefined);

/** The company's condition and the caller's, in both forms drizzle takes (a condition, or one made from the fields). */
function both(company: SQL, given: unknown): Condition {
  if (typeof given === 'function') {
    return (fields) => and(company, (given as (f: Record<string, unknown>) => SQL | undefined)(fields));
  }
  return and(company, given as SQL | undefined);
}

const JOINS = new Set<string | symbol>([
  'leftJoin',
  'rightJoin',
  'innerJoin',
  'fullJoin',
  'leftJoinLateral',
  'innerJoinLateral',
]);

type Method = (...args: unknown[]) => unknown;

/**
 * A builder that keeps the company's condition: it is set at once, every later `where` is joined to it
 * (drizzle's replaces the earlier one), and each joined table with a company column gets it in its ON.
 * Builder methods answer the builder itself; the wrapper answers itself instead, so chains stay scoped.
 */
function scoped<B extends object>(builder: B, companyId: number, condition: SQL | undefined): B {
  const target = builder as unknown as Record<string | symbol, unknown>;
  if (condition) (target.where as Method).call(builder, condition);
  const wrapper: B = new Proxy(builder, {
    get(object, property) {
      const value = Reflect.get(object, property);
      if (typeof value !== 'function') return value;
      const method = value as Method;
      if (property === 'where' && condition) {
        return (given: unknown) => {
          method.call(object, both(condition, given));
          return wrapper;
        };
      }
      if (JOINS.has(property)) {
        return (table: unknown, on: unknown) => {
          const joined = conditionOn(table, companyId);
          method.call(object, table, joined ? both(joined, on) : on);
          return wrapper;
        };
      }
      return (...args: unknown[]) => {
        const result = method.apply(object, args);
        return result === object ? wrapper : result;
      };
    },
  });
  return wrapper;
}

/** A select builder whose `from` scopes what it builds. */
function scopedSelect<S extends object>(selectBuilder: S, companyId: number): S {
  const target = selectBuilder as unknown as { from: Method };
  return new Proxy(selectBuilder, {
    get(object, property) {
      if (property !== 'from') return Reflect.get(object, property);
      return (source: unknown) =>
        scoped(target.from.call(object, source) as object, companyId, conditionOn(source, companyId));
    },
  });
}

/** Rows to insert with the company's column filled in (whatever the caller put there). */
function filled(table: unknown, companyId: number, values: unknown): unknown {
  const column = tenantColumn(table);
  if (!column || column.name !== 'company_id' || typeof values !== 'object' || values === null) return values;
  const key = Object.entries(getTableColumns(table as PgTable)).find(([, c]) => c === column)?.[0];
  if (!key) return values;
  const fill = (row: object) => ({ ...row, [key]: companyId });
  return Array.isArray(values) ? values.map(fill) : is(values, SQL) ? values : fill(values);
}

/** Changes that never move a row to another company. */
function withoutCompany(table: unknown, values: unknown): unknown {
  const column = tenantColumn(table);
  if (!column || typeof values !== 'object' || values === null) return values;
  const key = Object.entries(getTableColumns(table as PgTable)).find(([, c]) => c === column)?.[0];
  if (!key || !(key in values)) return values;
  const { [key]: _dropped, ...rest } = values as Record<string, unknown>;
  return rest;
}

/** The tenant handle of `companyId` over the database or an open transaction. */
export function tenantDb(db: DbOrTx, companyId: number): TenantDb {
  const select = ((fields?: unknown) =>
    scopedSelect((db.select as Method).call(db, fields) as object, companyId)) as Db['select'];
  const selectDistinct = ((fields?: unknown) =>
    scopedSelect(
      (db.selectDistinct as Method).call(db, fields) as object,
      companyId,
    )) as Db['selectDistinct'];
  const selectDistinctOn = ((on: unknown, fields?: unknown) =>
    scopedSelect(
      (db.selectDistinctOn as Method).call(db, on, fields) as object,
      companyId,
    )) as Db['selectDistinctOn'];
  const insert = <T extends PgTable>(table: T) => {
    const builder = (db.insert as Method).call(db, table) as { values: Method };
    return new Proxy(builder, {
      get(object, property) {
        if (property !== 'values') return Reflect.get(object, property);
        return (values: unknown) => object.values(filled(table, companyId, values));
      },
    }) as unknown as TenantInsertBuilder<T>;
  };
  const update = ((table: unknown) => {
    const builder = (db.update as Method).call(db, table) as { set: Method };
    return new Proxy(builder, {
      get(object, property) {
        if (property !== 'set') return Reflect.get(object, property);
        return (values: unknown) =>
          scoped(
            object.set(withoutCompany(table, values)) as object,
            companyId,
            conditionOn(table, companyId),
          );
      },
    });
  }) as Db['update'];
  const remove = ((table: unknown) =>
    scoped(
      (db.delete as Method).call(db, table) as object,
      companyId,
      conditionOn(table, companyId),
    )) as Db['delete'];
  return {
    companyId,
    select,
    selectDistinct,
    selectDistinctOn,
    insert,
    update,
    delete: remove,
    unscoped: db,
    transaction: (run) => db.transaction((tx) => run(tenantDb(tx, companyId))),
  };
}

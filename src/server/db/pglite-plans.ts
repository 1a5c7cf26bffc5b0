import type { PGlite } from '@electric-sql/pglite';

/** How many statement shapes stay prepared; the least recently used one is deallocated beyond it. */
const KEPT = 200;
/** A shape is prepared once it has run this often: one-off statements never are. */
const RUNS_BEFORE_PREPARE = 3;

type Query = PGlite['query'];

/** A parameter as a text literal of unknown type, which the prepared statement casts to its own type. */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return `'${value}'`;
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value) {
      if (item === null || item === undefined) items.push('NULL');
      else if (['string', 'number', 'bigint', 'boolean'].includes(typeof item))
        items.push(`"${String(item).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
      else return undefined;
    }
    return `'{${items.join(',').replaceAll("'", "''")}}'`;
  }
  return undefined;
}

/**
 * PGlite with plans kept like PostgreSQL's named prepared statements: PGlite parses and plans every
 * query, which costs the inbox's pages more than running them (1 ms of a chat page's 3). A statement
 * text with parameters that keeps coming is prepared once (PREPARE) and then run as EXECUTE with its
 * values as literals; values that are not plain (bytes, objects) take the usual path. Only queries
 * outside transactions come here: those inside run on the transaction's own handle.
 */
export function keepingPlans(client: PGlite): PGlite {
  const query = client.query.bind(client) as Query;
  const seen = new Map<string, number>();
  const prepared = new Map<string, Promise<string | undefined>>();
  let next = 0;

  /** The statement's name once prepared; undefined when PREPARE refuses it (it then runs as before). */
  async function prepare(text: string) {
    const name = `lite_${next++}`;
    try {
      await query(`prepare ${name} as ${text}`);
    } catch {
      return undefined;
    }
    if (prepared.size > KEPT) {
      const [oldest, dropped] = prepared.entries().next().value as [string, Promise<string | undefined>];
      prepared.delete(oldest);
      const old = await dropped;
      if (old) await query(`deallocate ${old}`);
    }
    return name;
  }

  /** The name to run `text` under, or undefined while it is too new (or cannot be prepared). */
  function nameOf(text: string) {
    let name = prepared.get(text);
    if (name) {
      // Most recently used last: the map's order is the eviction order.
      prepared.delete(text);
      prepared.set(text, name);
      return name;
    }
    const runs = (seen.get(text) ?? 0) + 1;
    seen.delete(text);
    if (runs < RUNS_BEFORE_PREPARE) {
      seen.set(text, runs);
      if (seen.size > KEPT * 5) seen.delete(seen.keys().next().value!);
      return undefined;
    }
    name = prepare(text);
    prepared.set(text, name);
    return name;
  }

  const run = (async (text: string, params?: unknown[], options?: Parameters<Query>[2]) => {
    const values = params?.map(literal) ?? [];
    if (values.length === 0 || values.some((v) => v === undefined)) return query(text, params, options);
    const name = await nameOf(text);
    if (!name) return query(text, params, options);
    return query(`execute ${name}(${values.join(', ')})`, [], options);
  }) as Query;

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') return run;
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

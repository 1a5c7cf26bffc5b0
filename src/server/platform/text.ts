/**
 * PostgreSQL text cannot hold NUL (U+0000): a value carrying one would fail its whole statement (an
 * answer 500, an inbound message lost). It is dropped wherever text enters the server: request fields
 * (the router), channel messages (the inbound pipeline) and webhook payloads. Plain objects and arrays
 * are walked; anything else (Buffers, Dates, class instances, functions) is kept as it is.
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('\0') ? value.replaceAll('\0', '') : value) as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value !== null && typeof value === 'object' && isPlain(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[withoutNul(key)] = withoutNul(item);
    return copy as T;
  }
  return value;
}

/** An object literal, or a prototype-less one (a request's params): never a Buffer, Date or class instance. */
function isPlain(value: object) {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const PARAMS_MARK = '\nparams: ';

/** What names the failing part of the schema; the rest of a database error (detail, where) may quote values. */
const DATABASE_FIELDS = ['code', 'constraint', 'table', 'column', 'routine'] as const;

/**
 * The `err` of a log line without the data a failed statement carried: drizzle's message lists the
 * query's parameters and PostgreSQL's quotes the value it refused (a message's body, a contact's name),
 * which must never reach the log. Quoted parts become "…"; the statement and the error's code stay.
 */
export function errorForLog(err: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const cut = err.message.indexOf(PARAMS_MARK);
  const message = (cut === -1 ? err.message : err.message.slice(0, cut)).replace(/"[^"]*"/g, '"…"');
  const fields = err as unknown as Record<string, unknown>;
  const known = Object.fromEntries(
    DATABASE_FIELDS.filter((key) => typeof fields[key] === 'string').map((key) => [key, fields[key]]),
  );
  const stackFrames = err.stack?.split('\n').filter((line) => line.startsWith('    at ')) ?? [];
  return {
    type: err.name,
    message,
    stack: [`${err.name}: ${message}`, ...stackFrames].join('\n'),
    ...known,
    ...(err.cause instanceof Error ? { cause: errorForLog(err.cause) } : {}),
  };
}

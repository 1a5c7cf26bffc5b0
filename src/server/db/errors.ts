interface DatabaseError {
  code?: unknown;
  constraint?: unknown;
}

/** Whether the error, or one it wraps (drizzle wraps the driver's), is a database error that matches. */
function causedBy(err: unknown, matches: (e: DatabaseError) => boolean): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (matches(e as DatabaseError)) return true;
  }
  return false;
}

/** The database refused a row because it broke the named unique index (PostgreSQL code 23505). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  return causedBy(err, (e) => e.code === '23505' && e.constraint === constraint);
}

/** The database refused a row whose referenced row is gone (PostgreSQL code 23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  return causedBy(err, (e) => e.code === '23503');
}

/**
 * Recognises PostgreSQL constraint violations in what a query threw. Drizzle wraps the
 * driver's error in `cause`; pg and PGlite both carry the SQLSTATE in `code`.
 */
type DriverError = { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;

function findCode(error: unknown, code: string): DriverError {
  for (let e = error as DriverError; e; e = e.cause as DriverError) {
    if (e.code === code) return e;
  }
  return undefined;
}

/** A unique-constraint violation (23505), optionally of the named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = findCode(error, "23505");
  return found !== undefined && (constraint === undefined || found.constraint === constraint);
}

/** A foreign-key violation (23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return findCode(error, "23503") !== undefined;
}

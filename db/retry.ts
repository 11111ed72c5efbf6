/**
 * PostgreSQL aborts a transaction to let others go on: a deadlock (40P01) ends one of the
 * transactions waiting on each other, and a serialization failure (40001) one that could not
 * be ordered with a concurrent one. Nothing of it was written, and the same work run again
 * usually succeeds, so such a transaction is run again a few times before its error reaches
 * the caller (a 500). Any other error is thrown at once.
 */
const RETRYABLE_SQLSTATES = new Set(["40P01", "40001"]);

/** Runs in all, the first included. */
export const TRANSACTION_ATTEMPTS = 4;
/** The first wait; each later one doubles, times a random 0.5–1.5 so both sides do not meet again. */
const FIRST_WAIT_MS = 15;

/** Whether the error (or one in its `cause` chain: Drizzle wraps the driver's) is 40P01 or 40001. */
export function isRetryableConflict(error: unknown): boolean {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === "string" && RETRYABLE_SQLSTATES.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export interface RetryOptions {
  /** Runs in all (TRANSACTION_ATTEMPTS by default). */
  attempts?: number;
  /** Told before each new run, with the error that ended the last one (to log it). */
  onRetry?: (error: unknown, attempt: number) => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `run` (a whole transaction: `() => db.transaction(…)`) and runs it again when
 * PostgreSQL aborted it for a deadlock or a serialization failure, up to `attempts` runs with
 * a short jittered wait between them. `run` must start from scratch each time: state it keeps
 * outside the database is reset by the caller at its start.
 */
export async function retryConflicts<T>(
  run: (attempt: number) => Promise<T>,
  { attempts = TRANSACTION_ATTEMPTS, onRetry }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      onRetry?.(error, attempt);
      await wait(FIRST_WAIT_MS * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}

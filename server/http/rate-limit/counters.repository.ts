import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { rateLimits } from "../../../db/schema/index";

/** A counter after a hit: hits in the current window and milliseconds until it resets. */
export interface Counter {
  hits: number;
  ttlMs: number;
}

const ttlMs = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::integer`;

/**
 * Counts one hit on `key` in a fixed window of `windowMs`: one upsert, so every app
 * process sharing the database sees the same count and concurrent hits never get lost.
 */
export async function hitCounter(db: Queryable, key: string, windowMs: number): Promise<Counter> {
  const window = Math.max(1, Math.min(Math.trunc(windowMs), 2_000_000_000));
  const freshReset = sql`now() + ${window}::integer * interval '1 millisecond'`;
  const expired = sql`${rateLimits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: freshReset })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, ttlMs });
  return { hits: row.hits, ttlMs: Number(row.ttlMs) };
}

/** The counter of `key` without counting a hit (zero when absent or expired). */
export async function readCounter(db: Queryable, key: string): Promise<Counter> {
  const [row] = await db
    .select({ hits: rateLimits.hits, ttlMs })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
  return row ? { hits: row.hits, ttlMs: Number(row.ttlMs) } : { hits: 0, ttlMs: 0 };
}

/** Takes one hit back (a request that turned out not to count, e.g. a successful sign-in). */
export async function undoHit(db: Queryable, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function resetCounter(db: Queryable, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Deletes counters whose window is over; returns how many. */
export async function purgeExpiredCounters(db: Queryable): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return rows.length;
}

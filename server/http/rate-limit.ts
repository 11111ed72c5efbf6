import type { Database } from "../../db/client";

// PLACEHOLDER: replaced by the PostgreSQL-backed store.
export function pgRateLimitStore(_db: Database) {
  return undefined;
}

/** Route config for public writes (reviews, registrations, cart). */
export const PUBLIC_WRITE_LIMIT = { rateLimit: { max: 30, timeWindow: "1 minute" } };

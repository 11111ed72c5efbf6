import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { migrationsFolder, type Database } from "../../db/client";
import { liveness, notReady, readiness } from "../../shared/contracts/index";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../errors";

/**
 * Health checks for process supervisors and load balancers (issue 13):
 * - `GET /healthz`: the process is alive and its event loop answers. No database call, so
 *   a database outage does not get healthy processes restarted.
 * - `GET /readyz`: this process should get traffic: the database answers within a second,
 *   every migration this build knows is applied, and the process is not shutting down.
 * Neither is rate limited, cached or touches the session: a probe every few seconds from
 * one address must never be throttled, and must not create sessions.
 */

/** Longest a readiness probe waits for the database. */
export const READY_TIMEOUT_MS = 1000;

declare module "fastify" {
  interface FastifyInstance {
    /** Set when the process begins to shut down: /readyz answers 503 from then on. */
    lifecycle: { shuttingDown: boolean };
  }
}

export type ReadyState = "ready" | "shutting-down" | "database-unavailable" | "migrations-pending";

/** The `when` of the newest migration this build ships (drizzle stores it as `created_at`). */
function newestMigration(): number {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** Resolves with `fallback` if `promise` has not settled after `ms` (its result is then ignored). */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function readyState(
  db: Database,
  newest: number,
  lifecycle: { shuttingDown: boolean },
): Promise<ReadyState> {
  if (lifecycle.shuttingDown) return "shutting-down";
  const check = db
    .execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`)
    .then((result): ReadyState => {
      const row = (result as unknown as { rows: { newest: unknown }[] }).rows[0];
      return Number(row?.newest ?? 0) >= newest ? "ready" : "migrations-pending";
    })
    .catch((): ReadyState => "database-unavailable");
  const state = await within(check, READY_TIMEOUT_MS, "database-unavailable");
  return lifecycle.shuttingDown ? "shutting-down" : state;
}

/** Registered on the root instance (fastify-plugin) so that the boot can set `lifecycle`. */
export const healthRoutes = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    const newest = newestMigration();
    app.decorate("lifecycle", { shuttingDown: false });

    app.get(
      "/healthz",
      { config: { access: "public" }, schema: { response: { 200: liveness } } },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return { status: "ok" };
      },
    );

    app.get(
      "/readyz",
      {
        config: { access: "public" },
        schema: { response: { 200: readiness, 503: notReady } },
      },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        const state = await readyState(options.db, newest, app.lifecycle);
        if (state === "ready") return { status: "ok" };
        // Retry-After like every other 503 of the API: the balancer or client may ask again.
        reply.status(503).header("retry-after", "1");
        return { status: state, message: SERVICE_UNAVAILABLE_MESSAGE };
      },
    );
  },
  { name: "tiangue-health" },
);

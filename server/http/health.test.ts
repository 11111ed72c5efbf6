import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createTestApp, type TestApp } from "../test/test-app";
import { openTestDatabase } from "../test/test-database";

describe("health checks", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers /healthz with ok, never cached, no cookie", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("answers /readyz with ok when the database answers and every migration is applied", async () => {
    const res = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("is not ready while a migration of this build is missing from the database", async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const { rows } = (await t.db.execute(
      sql`select hash, created_at from drizzle.__drizzle_migrations where created_at = ${newest}`,
    )) as unknown as { rows: { hash: string; created_at: string }[] };
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest}`);
    try {
      const res = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: "migrations-pending",
        message: "Servicio no disponible, intenta de nuevo",
      });
      expect(res.headers["retry-after"]).toBe("1");
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${rows[0].hash}, ${rows[0].created_at})`,
      );
    }
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  });

  it("is not ready when the database does not answer within a second", async () => {
    // The readiness query waits behind this lock (PostgreSQL) or transaction (PGlite).
    const res = await t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
      return t.app.inject({ method: "GET", url: "/readyz" });
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "database-unavailable" });
  });

  it("is not ready once shutting down, while /healthz still answers", async () => {
    t.app.lifecycle.shuttingDown = true;
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: "shutting-down" });
    const alive = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(alive.statusCode).toBe(200);
    t.app.lifecycle.shuttingDown = false;
  });

  it("keeps /healthz up without a database, and /readyz says the database is gone", async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: t.config, database, sessionSecret: "s".repeat(48) });
    await app.ready();
    await database.close();
    try {
      const alive = await app.inject({ method: "GET", url: "/healthz" });
      expect(alive.statusCode).toBe(200);
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: "database-unavailable" });
    } finally {
      await app.close();
    }
  });
});

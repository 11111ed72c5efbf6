import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { migrateIfBehind, newestMigration, openDatabase } from "./client";

describe("migrateIfBehind (a restart skips drizzle's migrate when nothing is pending)", () => {
  it("calls migrate only on a database behind the journal or without drizzle's table", async () => {
    // A new embedded database: its own initdb and every migration (slow on a busy machine).
    const handle = await openDatabase({});
    try {
      const migrate = vi.fn(async () => {});
      expect(await migrateIfBehind(handle.db, migrate)).toBe(false);
      expect(migrate).not.toHaveBeenCalled();

      // The newest migration's record gone: the database is behind the journal.
      await handle.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${newestMigration()}`,
      );
      expect(await migrateIfBehind(handle.db, migrate)).toBe(true);
      expect(migrate).toHaveBeenCalledTimes(1);

      // No drizzle table at all (a database never migrated).
      await handle.db.execute(sql`drop schema drizzle cascade`);
      expect(await migrateIfBehind(handle.db, migrate)).toBe(true);
      expect(migrate).toHaveBeenCalledTimes(2);
    } finally {
      await handle.close();
    }
  }, 180_000);
});

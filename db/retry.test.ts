import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isRetryableConflict, retryConflicts, TRANSACTION_ATTEMPTS } from "./retry";

/** An error as Drizzle throws it: the driver's, with its SQLSTATE, as `cause`. */
function wrapped(code: string): Error {
  const driver = Object.assign(new Error("deadlock detected"), { code });
  return new Error("Failed query: update …", { cause: driver });
}

describe("retryConflicts (issue 37 L4)", () => {
  it("runs again a transaction aborted for a deadlock (40P01) or a serialization failure (40001)", async () => {
    for (const code of ["40P01", "40001"]) {
      const runs: number[] = [];
      const retried: unknown[] = [];
      const result = await retryConflicts(
        async (attempt) => {
          runs.push(attempt);
          if (attempt < 3) throw wrapped(code);
          return "hecho";
        },
        { onRetry: (error) => retried.push(error) },
      );
      expect(result).toBe("hecho");
      expect(runs).toEqual([1, 2, 3]);
      expect(retried).toHaveLength(2);
      expect(isRetryableConflict(retried[0])).toBe(true);
    }
  });

  it("gives up after its attempts with the last error, and throws any other error at once", async () => {
    let runs = 0;
    const deadlock = wrapped("40P01");
    await expect(
      retryConflicts(async () => {
        runs++;
        throw deadlock;
      }),
    ).rejects.toBe(deadlock);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);

    runs = 0;
    const unique = wrapped("23505");
    await expect(
      retryConflicts(async () => {
        runs++;
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(runs).toBe(1);
    expect(isRetryableConflict(new Error("sin código"))).toBe(false);
    expect(isRetryableConflict(undefined)).toBe(false);
  });
});

/**
 * A real deadlock: two transactions each lock one row and then want the other's. PostgreSQL
 * ends one with 40P01; run again, it waits for the other and succeeds. Needs a server.
 */
describe.skipIf(process.env.TEST_DB !== "postgres")("retryConflicts on PostgreSQL", () => {
  it("both sides of a real deadlock commit, the aborted one on its second run", async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 4 });
    const table = `retry_test_${randomBytes(4).toString("hex")}`;
    try {
      await pool.query(`create table ${table} (id int primary key, n int not null)`);
      await pool.query(`insert into ${table} values (1, 0), (2, 0)`);
      // Both hold their first row before either asks for its second (first runs only).
      let arrived = 0;
      let release!: () => void;
      const bothLocked = new Promise<void>((resolve) => (release = resolve));
      const errors: unknown[] = [];

      const transfer = (first: number, second: number) =>
        retryConflicts(
          async (attempt) => {
            const client = await pool.connect();
            try {
              await client.query("begin");
              await client.query(`update ${table} set n = n + 1 where id = $1`, [first]);
              if (attempt === 1) {
                if (++arrived === 2) release();
                await bothLocked;
              }
              await client.query(`update ${table} set n = n + 1 where id = $1`, [second]);
              await client.query("commit");
              return attempt;
            } catch (error) {
              await client.query("rollback");
              throw error;
            } finally {
              client.release();
            }
          },
          { onRetry: (error) => errors.push(error) },
        );

      const attempts = await Promise.all([transfer(1, 2), transfer(2, 1)]);
      expect(attempts.sort()).toEqual([1, 2]);
      expect(errors).toHaveLength(1);
      expect((errors[0] as { code?: string }).code).toBe("40P01");
      // Each ran its work once in the end: two increments on each row, nothing lost or doubled.
      const { rows } = await pool.query(`select id, n from ${table} order by id`);
      expect(rows).toEqual([
        { id: 1, n: 2 },
        { id: 2, n: 2 },
      ]);
    } finally {
      await pool.query(`drop table if exists ${table}`);
      await pool.end();
    }
  });
});

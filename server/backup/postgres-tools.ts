import { spawn, spawnSync } from "node:child_process";
import type pg from "pg";
import { BackupError } from "./backup-error";

// What the PostgreSQL backups share: its client programs (pg_dump, pg_restore) and the
// migrations journal's count.

/** pg tools take the password from PGPASSWORD, so it never shows in the process list. */
export function connectionForTools(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

/** The major version of a PostgreSQL client program on PATH, or null when there is none. */
export function toolMajorVersion(program: "pg_dump" | "pg_restore"): number | null {
  const result = spawnSync(program, ["--version"], { encoding: "utf8" });
  if (result.error || result.status !== 0) return null;
  const match = /\b(\d+)(?:\.\d+)?/.exec(result.stdout.replace(/^[^)]*\)/, ""));
  return match ? Number(match[1]) : null;
}

export function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(program, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolvePromise()
        : reject(new BackupError(`${program} terminó con código ${code}:\n${stderr.trim()}`)),
    );
  });
}

export async function migrationCount(client: pg.ClientBase): Promise<number> {
  const exists = await client.query<{ t: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as t",
  );
  if (!exists.rows[0].t) return 0;
  const result = await client.query<{ n: number }>(
    "select count(*)::int as n from drizzle.__drizzle_migrations",
  );
  return result.rows[0].n;
}

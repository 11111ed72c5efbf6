import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../db/client";
import { projectRoot } from "../../project-root";
import { users } from "../../../db/schema/index";
import { openTestDatabase } from "../../test/test-database";
import { verifyPassword } from "./password";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run admin` as a child process, against the embedded database in a temporary
 * DATA_DIR (db:pglite) or a fresh PostgreSQL database through DATABASE_URL (db:postgres).
 */
describe("admin CLI (scripts/admin.ts)", () => {
  const postgres = process.env.TEST_DB === "postgres";
  let dataDir: string;
  let pgHandle: DatabaseHandle | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "tiangue-cli-"));
    env = { NODE_ENV: "test", DATA_DIR: dataDir, PATH: process.env.PATH ?? "" };
    if (postgres) {
      pgHandle = await openTestDatabase();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = new URL(pgHandle.location).pathname;
      env.DATABASE_URL = url.toString();
    }
  });
  afterAll(async () => {
    await pgHandle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = (args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) =>
    new Promise<Run>((resolve) => {
      const child = execFile(
        process.execPath,
        ["--import", "tsx", "scripts/admin.ts", ...args],
        { cwd: projectRoot(), env: { ...env, ...options.env }, timeout: 90_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end(options.stdin ?? "");
    });

  /** Reads the users table once the CLI has exited (the embedded database allows one process). */
  async function storedHash(username: string): Promise<string | null> {
    const database = pgHandle ?? (await openDatabase({ dataDir }));
    try {
      const [row] = await database.db.select().from(users).where(eq(users.username, username));
      return row?.passwordHash ?? null;
    } finally {
      if (!pgHandle) await database.close();
    }
  }

  it("creates an administrator from a password on stdin, then resets it", async () => {
    const created = await run(["create", "rosa"], { stdin: "clave-de-rosa-1\n" });
    expect(created.stderr).toBe("");
    expect(created.stdout).toContain('Administrador "rosa" creado.');
    expect(created.code).toBe(0);
    expect(await verifyPassword("clave-de-rosa-1", await storedHash("rosa"))).toBe(true);

    const reset = await run(["create", "rosa"], { env: { ADMIN_PASSWORD: "clave-nueva-de-rosa" } });
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('Contraseña de "rosa" actualizada.');
    const hash = await storedHash("rosa");
    expect(await verifyPassword("clave-nueva-de-rosa", hash)).toBe(true);
    expect(await verifyPassword("clave-de-rosa-1", hash)).toBe(false);

    const listed = await run(["list"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain("Administradores (1):");
    expect(listed.stdout).toContain("rosa");
  }, 240_000);

  it("refuses short passwords, bad usernames and unknown commands in Spanish", async () => {
    const short = await run(["create", "sergio"], { stdin: "corta\n" });
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("La contraseña necesita al menos 8 caracteres.");
    const empty = await run(["create", "sergio"]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain(
      "Indica la contraseña en ADMIN_PASSWORD o por la entrada estándar.",
    );
    const badName = await run(["create", "ab"]);
    expect(badName.code).toBe(1);
    expect(badName.stderr).toContain("El usuario debe tener entre 3 y 100 caracteres");
    const unknown = await run(["borrar", "rosa"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("npm run admin -- create <usuario>");
    expect(await storedHash("sergio")).toBeNull();
  }, 240_000);

  // Only the embedded database locks DATA_DIR; on PostgreSQL there is nothing to refuse.
  it.skipIf(postgres)(
    "refuses to open the embedded database while the server holds DATA_DIR",
    async () => {
      // This test process plays the running server: its pid is alive.
      writeFileSync(join(dataDir, "tiangue.lock"), String(process.pid));
      try {
        const res = await run(["list"]);
        expect(res.code).toBe(1);
        expect(res.stderr).toContain(
          `El servidor de Tiangue (pid ${process.pid}) está usando la base de datos embebida`,
        );
        expect(res.stderr).toContain("Detén el servidor primero");
      } finally {
        rmSync(join(dataDir, "tiangue.lock"), { force: true });
      }
    },
    120_000,
  );
});

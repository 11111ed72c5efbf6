import { spawn } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { privateDir, secretFile, sessionSecret } from "./secrets";

const modeOf = (path: string) => statSync(path).mode & 0o777;

let base: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "tiangue-secrets-"));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe("privateDir", () => {
  it("creates DATA_DIR and its missing parents for its owner only", () => {
    const dir = privateDir(join(base, "a", "data"));
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(join(base, "a"))).toBe(0o700);
  });

  it("tightens an existing DATA_DIR others could read", () => {
    const dir = join(base, "data");
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    privateDir(dir);
    expect(modeOf(dir)).toBe(0o700);
  });
});

describe("sessionSecret", () => {
  it("generates a secret once, in a file only its owner can read", () => {
    const dataDir = join(base, "data");
    const secret = sessionSecret(dataDir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, "session-secret"))).toBe(0o600);
    expect(sessionSecret(dataDir)).toBe(secret);
    // Nothing left aside.
    expect(readdirSync(dataDir)).toEqual(["session-secret"]);
  });

  it("fixes the mode of an existing secret file and keeps its secret", () => {
    const file = join(base, "session-secret");
    writeFileSync(file, "x".repeat(40) + "\n", { mode: 0o644 });
    chmodSync(file, 0o644);
    expect(sessionSecret(base)).toBe("x".repeat(40));
    expect(modeOf(file)).toBe(0o600);
  });

  it("refuses an empty or short secret file with a Spanish message", () => {
    const file = join(base, "session-secret");
    writeFileSync(file, "\n");
    expect(() => sessionSecret(base)).toThrow(/session-secret está vacío: bórralo/);
    writeFileSync(file, "corto\n");
    expect(() => sessionSecret(base)).toThrow(/menos de 32 caracteres/);
    expect(readFileSync(file, "utf8")).toBe("corto\n");
  });

  it("uses SESSION_SECRET when set and writes no file", () => {
    expect(sessionSecret(join(base, "data"), "s".repeat(40))).toBe("s".repeat(40));
    expect(readdirSync(base)).toEqual([]);
  });

  it("requires SESSION_SECRET beside DATABASE_URL", () => {
    expect(() =>
      sessionSecret(join(base, "data"), undefined, { databaseUrl: "postgres://u@h/db" }),
    ).toThrow(/Con DATABASE_URL hay que definir SESSION_SECRET/);
    expect(
      sessionSecret(join(base, "data"), "s".repeat(40), { databaseUrl: "postgres://u@h/db" }),
    ).toBe("s".repeat(40));
  });

  it("gives processes that start at once the same secret", async () => {
    const file = join(base, "shared-secret");
    const url = new URL("./secrets.ts", import.meta.url).pathname;
    const script = `import { secretFile } from ${JSON.stringify(url)};
      import { randomBytes } from "node:crypto";
      process.stdout.write(secretFile(${JSON.stringify(file)}, () => randomBytes(48).toString("base64url")));`;
    const run = () =>
      new Promise<string>((done, fail) => {
        const child = spawn(process.execPath, [
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          script,
        ]);
        let out = "";
        child.stdout.on("data", (c) => (out += c));
        child.on("exit", (code) => (code === 0 ? done(out) : fail(new Error(`exit ${code}`))));
      });
    const secrets = await Promise.all([run(), run(), run(), run()]);
    expect(new Set(secrets).size).toBe(1);
    expect(readFileSync(file, "utf8").trim()).toBe(secrets[0]);
    expect(secretFile(file, () => "otro")).toBe(secrets[0]);
  });
});

/**
 * Issue 14: the built server, started the way the README starts it (`node dist/server.js`,
 * no NODE_ENV, default HOST), serves the app and nothing else of the checkout: no project
 * file, no DATA_DIR file (session secret, database), nothing outside the project.
 * No browser needed: raw HTTP requests, so paths reach the server exactly as written.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { basename, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");

let server: ChildProcess;
let port: number;
let dataDir: string;
let output = "";

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail()));
    });
  });
}

/** GET with the path sent byte for byte (fetch would resolve `..` and `%2e%2e` first). */
function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request(
      { host: "127.0.0.1", port, path, method: "GET", headers: { host: "localhost" } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => done({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", fail);
    req.end();
  });
}

beforeAll(async () => {
  port = await freePort();
  // Inside the project (ignored by git as .data-test*), where a file server rooted at the
  // project would find it, like the default ./data.
  dataDir = mkdtempSync(join(root, ".data-test-exposure-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  // As the README runs it: Vitest's NODE_ENV=test and the e2e settings do not apply.
  for (const name of ["NODE_ENV", "HOST", "DATABASE_URL", "PUBLIC_URL", "SESSION_SECRET"]) {
    delete env[name];
  }
  // The demo catalogue (minutes of image work on a busy machine) changes nothing here:
  // the secret, the database and the uploads folder are made either way.
  env.DEMO_DATA = "false";
  env.LOG_LEVEL = "warn";
  server = spawn("node", ["dist/server.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`el servidor terminó al iniciar:\n${output}`);
    try {
      if ((await get("/api/categories")).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`el servidor no respondió a tiempo:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("the server started as the README says", () => {
  // Only the production server serves the built assets (development serves the sources).
  it("is the production server: pages and built assets", async () => {
    expect((await get("/")).status).toBe(200);
    const asset = readdirSync(join(root, "build", "client", "assets")).find((f) =>
      f.endsWith(".js"),
    );
    expect(asset).toBeDefined();
    expect((await get(`/assets/${asset}`)).status).toBe(200);
  });

  it("answers 404 for files of the project, of DATA_DIR and of the machine", async () => {
    const secret = readFileSync(join(dataDir, "session-secret"), "utf8").trim();
    const data = basename(dataDir);
    const paths = [
      "/data/session-secret",
      `/${data}/session-secret`,
      `/${data}/pgdata/PG_VERSION`,
      `/${data}/tiangue.lock`,
      "/package.json",
      "/package-lock.json",
      "/.env",
      "/.git/config",
      "/server/secrets.ts",
      "/app/root.tsx",
      "/vite.config.ts",
      "/node_modules/react/package.json",
      "/@fs/etc/passwd",
      `/@fs${root}/package.json`,
      "/@vite/client",
      "/%2e%2e/package.json",
      "/assets/%2e%2e/%2e%2e/package.json",
      "/assets/..%2f..%2fpackage.json",
    ];
    const leaks = (body: string) =>
      body.includes(secret) || body.includes('"name": "tiangue"') || body.includes("root:x:0:0");
    for (const path of paths) {
      const { status, body } = await get(path);
      expect({ path, status, leaks: leaks(body) }).toEqual({ path, status: 404, leaks: false });
    }
    // A traversal inside a static folder is refused by @fastify/static itself (403; the
    // error handler's mapping of that 403 belongs to issue 14 point 7): never served.
    for (const path of [
      "/uploads/%2e%2e/session-secret",
      "/uploads/..%2fsession-secret",
      "/images/%2e%2e/%2e%2e/package.json",
    ]) {
      const { status, body } = await get(path);
      expect(status, path).toBeGreaterThanOrEqual(400);
      expect(leaks(body), path).toBe(false);
    }
  });
});

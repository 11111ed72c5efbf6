import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { INVALID_CREDENTIALS } from "./modules/auth/auth.service";
import { freePort, getText, spawnNode, waitFor, type Spawned } from "./test/processes";

const DEV_ENTRY = join(import.meta.dirname, "dev.ts");

let pgDatabase: string | undefined;

/** PGlite in DATA_DIR, or in the PostgreSQL test project a new database on its server. */
async function databaseEnv(): Promise<NodeJS.ProcessEnv> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== "postgres" || !serverUrl) return { DATABASE_URL: "" };
  pgDatabase = `tiangue_stop_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pgDatabase}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${pgDatabase}`;
  return { DATABASE_URL: url.toString(), SESSION_SECRET: "s".repeat(48) };
}

async function dropDatabase() {
  if (!pgDatabase) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`);
  await admin.end();
  pgDatabase = undefined;
}

/** Whether a new connection to `port` is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

/**
 * SIGTERM on a real server process (server/main.ts, started through `npm run dev`'s entry,
 * which needs no build): a request in flight when the signal arrives is still answered.
 */
describe("stopping the server", { timeout: 180_000 }, () => {
  let server: Spawned | undefined;
  let dataDir: string;
  afterEach(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  });

  it("stops accepting, finishes the request in flight, closes the database and exits 0", async () => {
    dataDir = mkdtempSync(join(tmpdir(), "tiangue-stop-"));
    const port = await freePort();
    server = spawnNode(["--import", "tsx", DEV_ENTRY], {
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(await databaseEnv()),
      DEMO_DATA: "false",
      // "solicitud recibida" lines (debug) tell when the request below is in flight.
      LOG_LEVEL: "debug",
      ADMIN_PASSWORD: "contraseña-segura-123",
    });
    await waitFor(
      "el servidor responde",
      async () => ((await getText(`http://127.0.0.1:${port}/healthz`)) ? true : undefined),
      150_000,
    );

    // A sign-in whose body has only half arrived: the request is in flight.
    const body = JSON.stringify({ username: "nadie", password: "no-es-la-contraseña" });
    const socket: Socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, 10),
    );

    // Routed (a request arriving after the signal would get Fastify's 503), body unread.
    await waitFor("la solicitud en curso", () =>
      server!.output().includes('"url":"/api/auth/login"') ? true : undefined,
    );
    server.child.kill("SIGTERM");
    await waitFor("deja de aceptar conexiones", async () =>
      (await refused(port)) ? true : undefined,
    );
    expect(answer).toBe("");
    expect(server.child.exitCode).toBeNull();

    socket.write(Buffer.from(body).subarray(10));
    await closed;
    // The sign-in was answered (wrong password: 401 with the Spanish message).
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain(INVALID_CREDENTIALS);
    expect(await server.exited).toBe(0);
    // The database was closed without an error.
    expect(server.output()).not.toMatch(/error al cerrar/);
  });
});

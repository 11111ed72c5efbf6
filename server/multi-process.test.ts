import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../db/client";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript (scripts/build.mjs runs without tsx), no types
import { buildState, ensureBuild } from "../scripts/build.mjs";
import { LOGIN_BLOCK_AFTER } from "./modules/auth/login-throttle";
import { freePort, spawnNode, waitFor, type Spawned } from "./test/processes";
import { startTestS3, type TestS3 } from "./test/test-s3";

/**
 * Issue 13: two server processes, as production runs them (the production entry,
 * server/index.ts, through tsx), on two ports against one PostgreSQL database, started at
 * once. What one process learns, the other knows: a session, a catalogue change (the
 * public-read cache forgets through LISTEN/NOTIFY), the rate-limit counters, an uploaded
 * image: from one DATA_DIR/uploads shared by both (without S3_*), and, as two machines with
 * their own disks, from an S3 bucket (s3rver, the test's S3-compatible server).
 *
 * Only on PostgreSQL: the embedded database belongs to one process (DATA_DIR is locked),
 * so there is nothing to share there. The `db:pglite` project skips it; `db:postgres`
 * (TEST_DATABASE_URL set) runs it.
 */
const ENTRY = join(import.meta.dirname, "index.ts");
const ADMIN = { username: "admin-multi", password: "contraseña-segura-123" };
const serverUrl = process.env.TEST_DATABASE_URL;
type Server = { url: string; process: Spawned };

async function admin(query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Starts the production entry with `env` on a free port; resolves once it is ready. */
async function startServer(env: NodeJS.ProcessEnv, servers: Server[]): Promise<string> {
  const port = await freePort();
  const spawned = spawnNode(["--import", "tsx", ENTRY], { ...env, PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  servers.push({ url, process: spawned });
  await waitFor(
    `el servidor ${url} listo`,
    async () => {
      if (spawned.child.exitCode !== null) {
        throw new Error(`el servidor terminó:\n${spawned.output()}`);
      }
      const answer = await fetch(`${url}/readyz`).catch(() => undefined);
      return answer?.status === 200 ? true : undefined;
    },
    180_000,
  );
  return url;
}

async function stopServers(servers: Server[]) {
  for (const { process: server } of servers.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }
}

/** The environment of one process (DATA_DIR and S3_* added by each test). */
function serverEnv(databaseUrl: string) {
  return {
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    // The same secret in every process, as the README asks: a cookie signed by one is read
    // by the other.
    SESSION_SECRET: "multi-process-secret-".padEnd(48, "x"),
    DEMO_DATA: "false",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "warn",
  };
}

/** A new database on the test server: its URL. */
async function createDatabase(name: string): Promise<string> {
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie()[0].split(";")[0];
}

/** Uploads a small PNG as a product image through `base`; the stored address. */
async function uploadImage(base: string, cookie: string): Promise<string> {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: "#c0392b" },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "barro.png");
  const uploaded = await fetch(`${base}/api/upload/image?kind=productImage`, {
    method: "POST",
    headers: { cookie },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  expect(url).toMatch(/^\/uploads\//);
  return url;
}

describe.skipIf(process.env.TEST_DB !== "postgres" || !serverUrl)(
  "two server processes on one PostgreSQL",
  { timeout: 240_000 },
  () => {
    const dbName = `tiangue_multi_${process.pid}_${Date.now()}`;
    let dataDir: string;
    const servers: Server[] = [];
    // The two processes' addresses, once started.
    const a = { url: "" };
    const b = { url: "" };

    const start = (env: NodeJS.ProcessEnv) => startServer(env, servers);

    beforeAll(async () => {
      // The production entry renders pages with the built app: build it if there is none
      // (a stale one is fine, the API and the server code come from the sources here).
      if ((buildState() as { state: string }).state === "missing") await ensureBuild();
      dataDir = mkdtempSync(join(tmpdir(), "tiangue-multi-"));
      const env = {
        ...serverEnv(await createDatabase(dbName)),
        DATA_DIR: dataDir,
        // Local uploads in the shared DATA_DIR, whatever the environment says.
        S3_ENDPOINT: "",
        S3_BUCKET: "",
      };
      // Both at once, on a new database: one migrates while the other waits for it.
      [a.url, b.url] = await Promise.all([start(env), start(env)]);
    }, 600_000);

    afterAll(async () => {
      await stopServers(servers);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    });

    let cookie: string;

    it("signs in on one and is signed in on the other", async () => {
      cookie = await signIn(a.url);
      const user = await fetch(`${b.url}/api/auth/user`, { headers: { cookie } });
      expect(user.status).toBe(200);
      expect(((await user.json()) as { username: string }).username).toBe(ADMIN.username);

      // Signing out on the second ends the session on the first too.
      const second = await signIn(a.url);
      expect(
        (await fetch(`${b.url}/api/auth/logout`, { method: "POST", headers: { cookie: second } }))
          .status,
      ).toBeLessThan(300);
      expect((await fetch(`${a.url}/api/auth/user`, { headers: { cookie: second } })).status).toBe(
        401,
      );
    });

    it("shows a catalogue change made on one at the other's next read", async () => {
      const names = async (base: string) =>
        ((await (await fetch(`${base}/api/categories`)).json()) as { name: string }[]).map(
          (c) => c.name,
        );
      // The second process has the list cached: of two reads the second is a hit
      // (its /metrics, open to loopback, counts them).
      const hits = async () =>
        Number(
          /^public_cache_hits_total (\d+)/m.exec(
            await (await fetch(`${b.url}/metrics`)).text(),
          )?.[1],
        );
      const before = await hits();
      expect(await names(b.url)).not.toContain("Artesanías de barro");
      expect(await names(b.url)).not.toContain("Artesanías de barro");
      expect(await hits()).toBeGreaterThan(before);
      const created = await fetch(`${a.url}/api/admin/categories`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({
          name: "Artesanías de barro",
          slug: "artesanias-de-barro",
          icon: "🏺",
        }),
      });
      expect(created.status).toBe(201);
      // The notification travels through PostgreSQL: allowed a few seconds, far less than
      // the 30 s after which a cached read expires anyway.
      const started = Date.now();
      await waitFor(
        "la categoría nueva en el otro proceso",
        async () => ((await names(b.url)).includes("Artesanías de barro") ? true : undefined),
        10_000,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
      // The rendered page of the other process too (its page cache forgets with its reads).
      const page = await (await fetch(`${b.url}/categories`)).text();
      expect(page).toContain("Artesanías de barro");
    });

    it("shares the rate-limit counters: failures on both count together", async () => {
      // Another client address (the trusted loopback proxy forwards it) than the sign-in above.
      const headers = {
        "content-type": "application/json",
        "x-forwarded-for": "203.0.113.77",
      };
      const attempt = (base: string) =>
        fetch(`${base}/api/auth/login`, {
          method: "POST",
          headers,
          body: JSON.stringify({ username: "nadie", password: "contraseña-equivocada" }),
        });
      // Half the allowed failures on each process: neither alone reached the limit.
      for (let i = 0; i < LOGIN_BLOCK_AFTER; i++) {
        expect((await attempt(i % 2 === 0 ? a.url : b.url)).status).toBe(401);
      }
      expect((await attempt(a.url)).status).toBe(429);
      expect((await attempt(b.url)).status).toBe(429);
    });

    it("serves an image uploaded through one from the other", async () => {
      const url = await uploadImage(a.url, cookie);
      const [fromA, fromB] = await Promise.all([fetch(`${a.url}${url}`), fetch(`${b.url}${url}`)]);
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get("content-type")).toBe("image/webp");
      const bytes = Buffer.from(await fromB.arrayBuffer());
      expect(bytes.equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
      expect((await sharp(bytes).metadata()).format).toBe("webp");
    });
  },
);

describe.skipIf(process.env.TEST_DB !== "postgres" || !serverUrl)(
  "two processes starting at once on a new PostgreSQL database",
  { timeout: 120_000 },
  () => {
    it("both open it: one migrates while the other waits, then finds nothing to do", async () => {
      const name = `tiangue_twostarts_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(serverUrl!);
        url.pathname = `/${name}`;
        // What each process's start does first (server/main.ts): open and migrate.
        const opened = await Promise.allSettled([
          openDatabase({ url: url.toString(), poolSize: 2 }),
          openDatabase({ url: url.toString(), poolSize: 2 }),
        ]);
        for (const result of opened) if (result.status === "fulfilled") await result.value.close();
        expect(opened.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual([
          "ok",
          "ok",
        ]);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    });
  },
);

describe.skipIf(process.env.TEST_DB !== "postgres" || !serverUrl)(
  "two machines, each its own disk, images in an S3 bucket (s3rver)",
  { timeout: 240_000 },
  () => {
    const dbName = `tiangue_multi_s3_${process.pid}_${Date.now()}`;
    const servers: Server[] = [];
    const dataDirs: string[] = [];
    let s3: TestS3;

    afterAll(async () => {
      await stopServers(servers);
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await s3?.close();
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    });

    it("an image uploaded through one machine is in the bucket and served by the other", async () => {
      if ((buildState() as { state: string }).state === "missing") await ensureBuild();
      s3 = await startTestS3();
      const base = { ...serverEnv(await createDatabase(dbName)), ...s3.env };
      for (let i = 0; i < 2; i++) dataDirs.push(mkdtempSync(join(tmpdir(), "tiangue-machine-")));
      const [a, b] = await Promise.all(
        dataDirs.map((dir) => startServer({ ...base, DATA_DIR: dir }, servers)),
      );

      const url = await uploadImage(a, await signIn(a));
      const key = url.slice("/uploads/".length);
      expect(await s3.keys()).toContain(key);
      // Nothing on the first machine's disk: the second could not have read it from there.
      expect(existsSync(join(dataDirs[0], "uploads", key))).toBe(false);
      const fromB = await fetch(`${b}${url}`);
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get("content-type")).toBe("image/webp");
      expect(Buffer.from(await fromB.arrayBuffer()).equals((await s3.object(key)).body)).toBe(true);
    });
  },
);

/**
 * What the benches of issue 35 share (bench/notices-drain.ts, orders-live.ts,
 * whatsapp-webhook.ts, expiry-once.ts): a database of their own on the PostgreSQL server,
 * production processes (`node dist/server.js`) started, stopped and killed on it, a plain
 * HTTP client that can send from any loopback address (127.0.0.0/8 all reaches 127.0.0.1 on
 * Linux), so that each simulated shopper or Meta sender has its own per-address limits as in
 * production, a merchant session got as the tests get one, and percentiles.
 *
 * BENCH_PG_URL (default DATABASE_URL, then postgres://postgres@127.0.0.1:5432/postgres): the
 * server on which each bench creates, and drops at the end, a database named after it.
 * SERVER_ROOT: another checkout with its own build (default this one).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../db/client";
import { projectRoot } from "../server/project-root";
import { freePort } from "./servers";

export { freePort };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const pgServerUrl =
  process.env.BENCH_PG_URL ||
  process.env.DATABASE_URL ||
  "postgres://postgres@127.0.0.1:5432/postgres";

export interface BenchDatabase {
  name: string;
  url: string;
  /** A pool on it for the bench's own reads and writes. */
  pool: pg.Pool;
  /** Rows of one query. */
  rows<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];

/** Runs at the end, also after Ctrl+C or an error: processes stopped, databases dropped. */
export function onCleanup(fn: () => Promise<void>) {
  cleanups.unshift(fn);
}

export async function cleanUp() {
  for (const fn of cleanups.splice(0)) await fn().catch((e: Error) => console.error(e.message));
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: se detienen los procesos y se borra la base de prueba`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** The bench's main, bounded: after `limitMs` it cleans up and fails. */
export function runBench(name: string, limitMs: number, main: () => Promise<void>) {
  const limit = setTimeout(() => {
    console.error(`${name}: pasó el límite de ${Math.round(limitMs / 1000)} s`);
    void cleanUp().finally(() => process.exit(2));
  }, limitMs);
  limit.unref();
  main()
    .then(async () => {
      await cleanUp();
      clearTimeout(limit);
    })
    .catch(async (error: unknown) => {
      console.error(error);
      await cleanUp();
      process.exit(1);
    });
}

/** A new database on the PostgreSQL server, migrated, dropped at the end. */
export async function createBenchDatabase(prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgServerUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgServerUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  // The schema, as a first start would migrate it (the bench may then write before one).
  const handle = await openDatabase({ url: url.toString(), dataDir });
  await handle.close();
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  let dropped = false;
  const database: BenchDatabase = {
    name,
    url: url.toString(),
    pool,
    async rows<T>(text: string, values?: unknown[]) {
      return (await pool.query(text, values)).rows as T[];
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      await pool.end();
      rmSync(dataDir, { recursive: true, force: true });
      if (process.env.BENCH_KEEP_DATABASE === "1") {
        console.log(`Base de prueba conservada: ${url.toString()}`);
        return;
      }
      const dropper = new pg.Client({ connectionString: pgServerUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
  onCleanup(() => database.drop());
  return database;
}

export interface ServerProcess {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  /** The last 256 KB it printed. */
  output(): string;
  /** SIGTERM and wait for the exit (a graceful stop). */
  stop(): Promise<void>;
  /** SIGKILL (kill -9) and wait for the exit. */
  kill9(): Promise<void>;
}

/** Variables of the bench's own shell that must not reach the servers. */
const NOT_PASSED = /^(WHATSAPP_|SMTP_|MAIL_|WOMPI_|VAPID_|ORDER_|S3_|DATABASE_URL$|PORT$|HOST$)/;

/** `node dist/server.js` on `port`, answering /healthz when it resolves. */
export async function startServer(options: {
  name: string;
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `tiangue-${options.name}-`));
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !NOT_PASSED.test(key)),
  );
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    DEMO_DATA: "false",
    PUBLIC_URL: url,
    ADMIN_USERNAME: "bench",
    ADMIN_PASSWORD: "bench-password-123",
    SESSION_SECRET: "bench-session-secret-".padEnd(48, "x"),
    WEB_CONCURRENCY: "1",
    ...options.env,
  });
  const child = spawn(process.execPath, ["dist/server.js"], {
    cwd: process.env.SERVER_ROOT || projectRoot(),
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-262_144));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const server: ServerProcess = {
    name: options.name,
    url,
    port: options.port,
    child,
    output: () => log,
    async stop() {
      if (!running()) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
    async kill9() {
      if (!running()) return;
      child.kill("SIGKILL");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  onCleanup(() => server.kill9());
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (!running()) throw new Error(`${options.name} terminó al iniciar:\n${log}`);
    const status = await request(`${url}/healthz`, { timeoutMs: 2000 }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return server;
    if (Date.now() > deadline) {
      await server.kill9();
      throw new Error(`${options.name} no respondió en 120 s:\n${log}`);
    }
    await sleep(100);
  }
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json<T>(): T;
}

/**
 * One HTTP request on its own connection from `localAddress` (a loopback address: the
 * server counts its per-address limits by it, as it would count each shopper's or Meta's).
 */
export function request(
  url: string,
  options: {
    method?: string;
    body?: string | Buffer | object;
    headers?: Record<string, string>;
    localAddress?: string;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const { body } = options;
  const payload =
    body === undefined
      ? undefined
      : typeof body === "string" || Buffer.isBuffer(body)
        ? body
        : JSON.stringify(body);
  const headers: Record<string, string> = { ...options.headers };
  if (payload !== undefined && typeof body === "object" && !Buffer.isBuffer(body)) {
    headers["content-type"] ??= "application/json";
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? (payload === undefined ? "GET" : "POST"),
        headers,
        localAddress: options.localAddress,
        agent: false,
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`sin respuesta de ${url}`)));
    req.on("error", reject);
    req.end(payload);
  });
}

/** The i-th simulated client's loopback address: 127.1.0.1, 127.1.0.2, … (i from 0). */
export function clientAddress(i: number): string {
  const n = i + 1;
  return `127.${1 + Math.floor(n / 65_025)}.${Math.floor(n / 255) % 255}.${(n % 255) + 1}`;
}

/**
 * A merchant session as the tests get one: POST /api/merchant/login-link, the link's token
 * read from outbox_emails (without SMTP_URL its row keeps the body), POST /api/merchant/login.
 * Answers the Cookie header value (tiangue_sid=…).
 */
export async function merchantCookie(
  server: ServerProcess,
  db: BenchDatabase,
  email: string,
  localAddress = clientAddress(60_000),
): Promise<string> {
  const asked = await request(`${server.url}/api/merchant/login-link`, {
    body: { email },
    localAddress,
  });
  if (asked.status >= 300) throw new Error(`login-link: ${asked.status} ${asked.text}`);
  let token: string | undefined;
  for (let i = 0; i < 100 && !token; i++) {
    const [row] = await db.rows<{ text_body: string }>(
      `select text_body from outbox_emails where lower(recipient) = lower($1)
        and text_body like '%/merchant/login?token=%' order by id desc limit 1`,
      [email],
    );
    token = row && /\/merchant\/login\?token=([A-Za-z0-9_-]+)/.exec(row.text_body)?.[1];
    if (!token) await sleep(100);
  }
  if (!token) throw new Error(`no llegó el enlace de acceso de ${email}`);
  const login = await request(`${server.url}/api/merchant/login`, {
    body: { token },
    localAddress,
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  const setCookie = [login.headers["set-cookie"] ?? []].flat();
  const sid = setCookie.map((c) => c.split(";")[0]).find((c) => c.startsWith("tiangue_sid="));
  if (!sid) throw new Error(`login sin cookie tiangue_sid: ${setCookie.join(" | ")}`);
  return sid;
}

/** Category, merchants (approved, pickup, cash) with one product each; their ids. */
export async function insertShops(
  db: BenchDatabase,
  count: number,
  options: { schedule?: string } = {},
): Promise<{ merchantId: number; productId: number; email: string }[]> {
  const [category] = await db.rows<{ id: number }>(
    `insert into categories (name, slug, icon) values ('Comida típica', 'comida-tipica', '🫓')
      on conflict (slug) do update set name = excluded.name returning id`,
  );
  const shops: { merchantId: number; productId: number; email: string }[] = [];
  for (let i = 1; i <= count; i++) {
    const email = `comercio${i}@bench.tiangue.test`;
    const [merchant] = await db.rows<{ id: number }>(
      `insert into merchants (name, slug, description, address, department, municipality, phone,
         whatsapp, email, category_id, approved, is_active, schedule, fulfillment, payment_methods)
       values ($1, $2, 'Comercio de prueba del banco de pruebas.', 'Calle Arce 123',
         'San Salvador', 'San Salvador Centro', '+503 2222-0000', $3, $4, $5, true, true, $6,
         'pickup', '{cash}') returning id`,
      [
        `Pupusería Bench ${i}`,
        `pupuseria-bench-${i}`,
        `+503 7${String(100_0000 + i).slice(-7, -4)}-${String(i).padStart(4, "0").slice(-4)}`,
        email,
        category.id,
        options.schedule ?? "",
      ],
    );
    const [product] = await db.rows<{ id: number }>(
      `insert into products (name, slug, description, price, image_url, merchant_id, category_id)
       values ($1, $2, 'Producto de prueba.', '3.25', '/images/default-product.webp', $3, $4)
       returning id`,
      [`Pupusa revuelta ${i}`, `pupusa-revuelta-${i}`, merchant.id, category.id],
    );
    shops.push({ merchantId: merchant.id, productId: product.id, email });
  }
  return shops;
}

/**
 * One shopper's order: its cart (POST /api/cart/{session}) and checkout (cash, pickup), both
 * from the shopper's own address. Answers the checkout's 201 body and when it arrived.
 */
export async function placeOrder(
  server: ServerProcess,
  shop: { productId: number },
  shopper: number,
  tag: string,
): Promise<{ answeredAt: number; orderId: number; orderNumber: string; ms: number }> {
  const localAddress = clientAddress(shopper);
  const sessionId = `bench_${tag}_${shopper}_${Date.now()}`;
  const cart = await request(`${server.url}/api/cart/${sessionId}`, {
    body: { productId: shop.productId, quantity: 2 },
    localAddress,
  });
  if (cart.status !== 201) throw new Error(`carrito: ${cart.status} ${cart.text}`);
  const started = performance.now();
  const placed = await request(`${server.url}/api/checkout`, {
    body: {
      sessionId,
      customerName: `Cliente ${shopper}`,
      customerEmail: `cliente${shopper}.${tag}@bench.tiangue.test`,
      customerPhone: "7000-1234",
      paymentMethod: "cash",
    },
    headers: { "idempotency-key": `${sessionId}-key` },
    localAddress,
  });
  const answeredAt = performance.now();
  if (placed.status !== 201) throw new Error(`checkout: ${placed.status} ${placed.text}`);
  const order = placed.json<{ orders: { id: number; orderNumber: string }[] }>().orders[0];
  return {
    answeredAt,
    orderId: order.id,
    orderNumber: order.orderNumber,
    ms: answeredAt - started,
  };
}

/** The value below which `p` % of `values` fall (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const ms = (value: number) => `${Math.round(value)} ms`;

/** Waits until `check` answers a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs: number,
  intervalMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: no ocurrió en ${timeoutMs / 1000} s`);
    await sleep(intervalMs);
  }
}

/** Whether `check` came true within `timeoutMs` (polled every `intervalMs`). */
export async function until(
  check: () => Promise<boolean>,
  timeoutMs: number,
  intervalMs = 500,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(intervalMs);
  }
}

/** Loads the machine had while the bench ran: its figures mean something only on an idle one. */
export async function machineLine(): Promise<string> {
  const { cpus, loadavg } = await import("node:os");
  return `${cpus().length} núcleos (${cpus()[0]?.model.trim()}), carga ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}, Node ${process.version}`;
}

import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import {
  cartItems,
  merchantLoginTokens,
  merchantOrderEvents,
  outboxEmails,
  outboxNotices,
  rateLimits,
  sessions,
} from "../../db/schema/index";
import { PublicCache } from "../cache/index";
import { createMetricsRegistry } from "../http/metrics";
import { insertCategory, insertMerchant, insertProduct } from "../test/factories";
import { openTestDatabase } from "../test/test-database";
import { PURGE_LOCK_KEY, PurgeJob, type PurgeLogger } from "./purge";

/** The daily purge (issue 13) on PGlite and, in the PostgreSQL project, on PostgreSQL. */
let database: DatabaseHandle;
let productIds: number[];
const said: string[] = [];
const log: PurgeLogger = {
  info: (_obj, msg) => said.push(msg),
  error: (_obj, msg) => said.push(msg),
};

const ago = (interval: string) => sql`now() - ${interval}::interval`;
const ahead = (interval: string) => sql`now() + ${interval}::interval`;

function job(batchSize = 1000) {
  return new PurgeJob({ db: database.db, kind: database.kind, log, intervalHours: 24, batchSize });
}

beforeAll(async () => {
  database = await openTestDatabase();
  const category = await insertCategory(database.db);
  const merchant = await insertMerchant(database.db, { categoryId: category.id });
  productIds = [];
  for (let i = 0; i < 2; i++) {
    const product = await insertProduct(database.db, {
      merchantId: merchant.id,
      categoryId: category.id,
    });
    productIds.push(product.id);
  }
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  const { db } = database;
  for (const table of [
    cartItems,
    sessions,
    merchantLoginTokens,
    rateLimits,
    outboxEmails,
    outboxNotices,
    merchantOrderEvents,
  ]) {
    await db.delete(table);
  }
  said.length = 0;
});

async function cartLine(sessionId: string, productId: number, touched: string) {
  await database.db.insert(cartItems).values({
    sessionId,
    productId,
    quantity: 1,
    createdAt: ago(touched),
    updatedAt: ago(touched),
  });
}

async function session(sid: string, expire: ReturnType<typeof sql>, via = "password") {
  await database.db.insert(sessions).values({
    sid,
    sess: { userId: "00000000-0000-4000-8000-000000000000", via },
    expire: expire,
  });
}

async function signInLink(tokenHash: string, expiresAt: ReturnType<typeof sql>) {
  await database.db.insert(merchantLoginTokens).values({
    tokenHash,
    email: "tienda@ejemplo.sv",
    expiresAt: expiresAt,
  });
}

async function counter(key: string, resetAt: ReturnType<typeof sql>) {
  await database.db.insert(rateLimits).values({ key, hits: 3, resetAt: resetAt });
}

async function mail(dedupeKey: string, status: string, age: string, sent: boolean) {
  await database.db.insert(outboxEmails).values({
    kind: "order.customer",
    dedupeKey,
    recipient: "cliente@ejemplo.sv",
    subject: "Tu pedido",
    textBody: "Gracias",
    htmlBody: "<p>Gracias</p>",
    status,
    createdAt: ago(age),
    sentAt: sent ? ago(age) : null,
  });
}

async function notice(key: string, status: string, age: string) {
  await database.db.insert(outboxNotices).values({
    channel: "whatsapp",
    kind: "order.new",
    dedupeKey: key,
    audience: "merchant",
    recipient: "+50370000000",
    payload: {},
    status,
    createdAt: ago(age),
  });
}

async function orderEvent(orderId: number, age: string) {
  await database.db.insert(merchantOrderEvents).values({
    merchantId: 1,
    orderId,
    type: "created",
    orderNumber: `ES-2026-${String(orderId).padStart(6, "0")}`,
    fulfillmentStatus: "received",
    status: "pending",
    createdAt: ago(age),
  });
}

async function keys<T>(rows: Promise<T[]>, key: (row: T) => string): Promise<string[]> {
  return (await rows).map(key).sort();
}

/** Old and recent rows of every kind the purge handles. */
async function fillOldAndRecent() {
  const [a, b] = productIds;
  // A cart untouched for 61 days (two lines), one with a line touched 10 days ago, a new one.
  await cartLine("carrito-viejo", a, "61 days");
  await cartLine("carrito-viejo", b, "70 days");
  await cartLine("carrito-mixto", a, "61 days");
  await cartLine("carrito-mixto", b, "10 days");
  await cartLine("carrito-nuevo", a, "1 minute");
  // Expired sessions of an administrator and of a merchant (link), and a live one.
  await session("vencida-admin", ago("1 second"));
  await session("vencida-comercio", ago("3 days"), "link");
  await session("viva", ahead("1 day"));
  // Sign-in links: expired two days ago, an hour ago (kept a day), still valid.
  await signInLink("enlace-viejo", ago("2 days"));
  await signInLink("enlace-reciente", ago("1 hour"));
  await signInLink("enlace-valido", ahead("15 minutes"));
  // Rate-limit counters whose window is over, and a current one.
  await counter("login:vencido", ago("1 second"));
  await counter("login:vigente", ahead("10 minutes"));
  // Sent 31 days ago, sent 29 days ago; pending and failed ones are not this purge's.
  await mail("enviado-viejo", "sent", "31 days", true);
  await mail("enviado-reciente", "sent", "29 days", true);
  await mail("pendiente-viejo", "pending", "40 days", false);
  await mail("fallido-viejo", "failed", "40 days", false);
  // Issue 35: notices done with go after 30 days, those still due never; events after a day.
  await notice("aviso-leido-viejo", "read", "31 days");
  await notice("aviso-fallido-viejo", "failed", "45 days");
  await notice("aviso-leido-reciente", "read", "29 days");
  await notice("aviso-pendiente-viejo", "pending", "40 days");
  await notice("aviso-incierto-viejo", "unknown", "40 days");
  await orderEvent(1, "25 hours");
  await orderEvent(2, "23 hours");
}

async function remaining() {
  const { db } = database;
  return {
    carts: await keys(
      db.select({ s: cartItems.sessionId, p: cartItems.productId }).from(cartItems),
      (r) => `${r.s}:${r.p === productIds[0] ? "a" : "b"}`,
    ),
    sessions: await keys(db.select({ sid: sessions.sid }).from(sessions), (r) => r.sid),
    links: await keys(
      db.select({ h: merchantLoginTokens.tokenHash }).from(merchantLoginTokens),
      (r) => r.h,
    ),
    counters: await keys(db.select({ k: rateLimits.key }).from(rateLimits), (r) => r.k),
    mail: await keys(db.select({ k: outboxEmails.dedupeKey }).from(outboxEmails), (r) => r.k),
    notices: await keys(db.select({ k: outboxNotices.dedupeKey }).from(outboxNotices), (r) => r.k),
    events: await keys(
      db.select({ o: merchantOrderEvents.orderId }).from(merchantOrderEvents),
      (r) => String(r.o),
    ),
  };
}

const KEPT = {
  carts: ["carrito-mixto:a", "carrito-mixto:b", "carrito-nuevo:a"],
  sessions: ["viva"],
  links: ["enlace-reciente", "enlace-valido"],
  counters: ["login:vigente"],
  mail: ["enviado-reciente", "fallido-viejo", "pendiente-viejo"],
  notices: ["aviso-incierto-viejo", "aviso-leido-reciente", "aviso-pendiente-viejo"],
  events: ["2"],
};

describe("the daily purge", () => {
  it("deletes what is past its use and keeps what is recent", async () => {
    await fillOldAndRecent();
    const purge = job();
    const result = await purge.runOnce();
    expect(result).toEqual({
      ran: true,
      purged: {
        carts: 1,
        cart_items: 2,
        sessions: 2,
        sign_in_links: 1,
        rate_limits: 1,
        outbox_emails: 1,
        outbox_notices: 2,
        order_events: 1,
        order_personal_data: 0,
      },
    });
    expect(await remaining()).toEqual(KEPT);
    expect(said).toContain("Limpieza diaria: filas vencidas borradas");

    // A second run finds nothing more; the process's totals (for /metrics) keep the first.
    const again = await purge.runOnce();
    expect(Object.values(again.purged).every((n) => n === 0)).toBe(true);
    expect(purge.totals().sessions).toBe(2);
    expect(await remaining()).toEqual(KEPT);

    // GET /metrics counts them by kind.
    const { registry } = createMetricsRegistry({
      db: database.db,
      publicCache: new PublicCache({ ttlMs: 1000, maxWeight: 10, maxEntries: 10 }),
      outboxBacklog: async () => 0,
      purged: () => purge.totals(),
    });
    const scrape = await registry.metrics();
    expect(scrape).toContain('maintenance_purged_rows_total{kind="sessions"} 2');
    expect(scrape).toContain('maintenance_purged_rows_total{kind="cart_items"} 2');
    expect(scrape).toContain('maintenance_purged_rows_total{kind="outbox_emails"} 1');
  });

  it("goes in batches until a batch comes back short", async () => {
    await fillOldAndRecent();
    for (let i = 0; i < 4; i++) await session(`vencida-${i}`, ago("1 hour"));
    for (let i = 0; i < 3; i++) await cartLine(`viejo-${i}`, productIds[0], "90 days");
    // One row (or cart) per transaction: six sessions take six full batches and a short one.
    const result = await job(1).runOnce();
    expect(result.purged.sessions).toBe(6);
    expect(result.purged.carts).toBe(4);
    expect(result.purged.cart_items).toBe(5);
    expect(await remaining()).toEqual(KEPT);
  });

  it("runs once at a time in a process: a second call shares the run", async () => {
    await fillOldAndRecent();
    const purge = job();
    const first = purge.runOnce();
    const second = purge.runOnce();
    expect(second).toBe(first);
    expect((await first).purged.sessions).toBe(2);
  });

  it("runs by itself after start and stops with the server", async () => {
    await fillOldAndRecent();
    const purge = new PurgeJob({
      db: database.db,
      kind: database.kind,
      log,
      intervalHours: 24,
      firstRunMs: 10,
    });
    purge.start();
    const deadline = Date.now() + 20_000;
    // The live order events are the run's last kind.
    while (purge.totals().order_events < 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await purge.stop();
    expect(await remaining()).toEqual(KEPT);

    // PURGE_INTERVAL_HOURS=0: never by itself.
    await session("vencida-otra", ago("1 hour"));
    const off = new PurgeJob({
      db: database.db,
      kind: database.kind,
      log,
      intervalHours: 0,
      firstRunMs: 0,
    });
    off.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await off.stop();
    expect((await remaining()).sessions).toContain("vencida-otra");
  });
});

/** Several processes and machines on one PostgreSQL: the advisory lock lets one purge. */
describe.skipIf(process.env.TEST_DB !== "postgres")("the purge's lock (PostgreSQL)", () => {
  it("skips its turn while another process holds the lock, and runs once it is free", async () => {
    await fillOldAndRecent();
    // Another process's run, mid-way: its connection holds the lock.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const other = await pool.connect();
    try {
      await other.query("select pg_advisory_lock($1::bigint)", [PURGE_LOCK_KEY.toString()]);
      const skipped = await job().runOnce();
      expect(skipped.ran).toBe(false);
      expect(Object.values(skipped.purged).every((n) => n === 0)).toBe(true);
      expect((await remaining()).sessions).toContain("vencida-admin");
      expect(said).toContain("Limpieza diaria: otro proceso la está haciendo; se omite este turno");
    } finally {
      await other.query("select pg_advisory_unlock($1::bigint)", [PURGE_LOCK_KEY.toString()]);
      other.release();
    }
    const ran = await job().runOnce();
    expect(ran.ran).toBe(true);
    expect(await remaining()).toEqual(KEPT);
  });

  it("of two processes, the second to start a run skips it while the first is purging", async () => {
    await fillOldAndRecent();
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    // A shopper's request holds an old cart line: the first run waits on it, mid-run.
    const shopper = await pool.connect();
    await shopper.query("begin");
    await shopper.query("select 1 from cart_items where session_id = 'carrito-viejo' for update");
    const first = job().runOnce();
    try {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const { rows } = await pool.query(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and granted
             and database = (select oid from pg_database where datname = current_database())`,
        );
        if (rows[0].n > 0) break;
        if (Date.now() > deadline) throw new Error("the first run never took the lock");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const second = await job().runOnce();
      expect(second.ran).toBe(false);
    } finally {
      await shopper.query("rollback");
      shopper.release();
    }
    expect((await first).ran).toBe(true);
    expect(await remaining()).toEqual(KEPT);
  });
});

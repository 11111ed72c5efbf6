import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../db/client";
import type { merchants } from "../../../db/schema/index";
import { buildApp } from "../../app";
import { loadConfig } from "../../env";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { newMobile, startNoticesApp, type NoticesApp } from "../../test/notices-fixtures";
import { freePort } from "../../test/order-life-fixtures";

/**
 * Issue 35: the live 'Pedidos' tab, GET /api/merchant/{merchantId}/events, read as a browser's
 * EventSource reads it from a listening app: scoped to the merchant's session, a new order
 * and a status change within a second, Last-Event-ID replaying what a dropped connection
 * missed; and, on PostgreSQL, across two apps on one database (LISTEN/NOTIFY).
 */

const OWNER = "dueno@tortilleria-en-vivo.sv";
const STRANGER = "duena@competencia-en-vivo.sv";

interface OrderEvent {
  id: number;
  type: "created" | "updated";
  orderId: number;
  orderNumber: string;
  fulfillmentStatus: string;
  status: string;
}

interface Stream {
  status: number;
  contentType: string | null;
  /** Every `order` event so far, in order. */
  events: OrderEvent[];
  /** The raw text so far (comments included). */
  text(): string;
  /** Resolves with the first event `match` accepts, or rejects after `timeoutMs`. */
  next(match: (event: OrderEvent) => boolean, timeoutMs?: number): Promise<OrderEvent>;
  close(): void;
}

/** An EventSource of our own (fetch and a reader): the events parsed as the browser would. */
async function openStream(
  baseUrl: string,
  merchantId: number,
  headers: Record<string, string> = {},
): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/merchant/${merchantId}/events`, {
    headers,
    signal: controller.signal,
  });
  const events: OrderEvent[] = [];
  let raw = "";
  let pending = "";
  const waiters = new Set<() => void>();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          raw += value;
          pending += value;
          let end: number;
          while ((end = pending.indexOf("\n\n")) >= 0) {
            const block = pending.slice(0, end);
            pending = pending.slice(end + 2);
            const fields = new Map<string, string>();
            for (const line of block.split("\n")) {
              if (line.startsWith(":")) continue;
              const at = line.indexOf(": ");
              if (at > 0) fields.set(line.slice(0, at), line.slice(at + 2));
            }
            if (fields.get("event") === "order") {
              events.push({ id: Number(fields.get("id")), ...JSON.parse(fields.get("data")!) });
              for (const wake of waiters) wake();
            }
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  } else {
    await response.text();
  }
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    events,
    text: () => raw,
    next(match, timeoutMs = 1000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no matching event within ${timeoutMs} ms: ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

describe("the live 'Pedidos' stream (issue 35)", () => {
  let n: NoticesApp;
  let categoryId: number;
  let ownerCookie: string;
  let strangerCookie: string;
  let mine: Awaited<ReturnType<typeof shop>>;
  let theirs: Awaited<ReturnType<typeof shop>>;
  let customers = 0;
  const streams: Stream[] = [];

  async function shop(email: string, values: Partial<typeof merchants.$inferInsert> = {}) {
    const merchant = await insertMerchant(n.t.db, {
      categoryId,
      email,
      whatsapp: newMobile().stored,
      fulfillment: "pickup",
      paymentMethods: ["cash", "transfer"],
      ...values,
    });
    const product = await insertProduct(n.t.db, { merchantId: merchant.id, categoryId });
    return { merchant, product };
  }
  const base = () => n.t.config.publicUrl;
  async function open(merchantId: number, headers: Record<string, string> = {}, url = base()) {
    const stream = await openStream(url, merchantId, headers);
    streams.push(stream);
    return stream;
  }
  async function place(s: Awaited<ReturnType<typeof shop>>) {
    const dto = await n.placed({
      sessionId: await n.cartWith([[s.product.id, 1]]),
      customerName: "Elena Ramos",
      customerEmail: `cliente${++customers}@ejemplo.sv`,
      customerPhone: newMobile().typed,
      paymentMethod: "cash",
    });
    return dto.orders[0];
  }
  async function move(orderId: number, fulfillmentStatus: string) {
    const res = await n.inject({
      method: "PUT",
      url: `/api/merchant/${mine.merchant.id}/orders/${orderId}/status`,
      payload: { fulfillmentStatus },
      cookie: ownerCookie,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    n = await startNoticesApp({ listen: true, whatsapp: false });
    categoryId = (await insertCategory(n.t.db)).id;
    mine = await shop(OWNER);
    theirs = await shop(STRANGER);
    ownerCookie = await n.merchantCookie(OWNER);
    strangerCookie = await n.merchantCookie(STRANGER);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await n?.close();
  });

  it("answers 401 without a session and 404 for another merchant's stream", async () => {
    expect((await open(mine.merchant.id)).status).toBe(401);
    expect((await open(mine.merchant.id, { cookie: strangerCookie })).status).toBe(404);
    expect((await open(999_999, { cookie: ownerCookie })).status).toBe(404);
  });

  it("brings a new order within a second, and the merchant's status change", async () => {
    const stream = await open(mine.merchant.id, { cookie: ownerCookie });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);

    const placed = await place(mine);
    // Committed when the checkout answered: on the tab within a second (next() waits no more).
    const created = await stream.next((e) => e.orderId === placed.id && e.type === "created");
    expect(created).toEqual({
      id: expect.any(Number),
      type: "created",
      orderId: placed.id,
      orderNumber: placed.orderNumber,
      fulfillmentStatus: "received",
      status: "pending",
    });

    await move(placed.id, "preparing");
    const updated = await stream.next((e) => e.orderId === placed.id && e.type === "updated");
    expect(updated).toMatchObject({ fulfillmentStatus: "preparing", status: "pending" });
    expect(updated.id).toBeGreaterThan(created.id);
    expect(stream.text()).toMatch(/^retry: \d+\n/);
    expect(stream.text()).toContain(`id: ${updated.id}\nevent: order\ndata: {`);

    // Another merchant's order never reaches this stream.
    const other = await place(theirs);
    const mineAgain = await place(mine);
    await stream.next((e) => e.orderId === mineAgain.id);
    expect(stream.events.some((e) => e.orderId === other.id)).toBe(false);
    stream.close();
  });

  it("replays what a dropped connection missed, from its Last-Event-ID", async () => {
    const stream = await open(mine.merchant.id, { cookie: ownerCookie });
    const before = await place(mine);
    const seen = await stream.next((e) => e.orderId === before.id);
    stream.close();

    // Meanwhile, with nobody listening:
    const missed = await place(mine);
    await move(missed.id, "preparing");
    await move(before.id, "preparing");

    const resumed = await open(mine.merchant.id, {
      cookie: ownerCookie,
      "last-event-id": String(seen.id),
    });
    await resumed.next((e) => e.orderId === before.id && e.type === "updated");
    expect(resumed.events.map((e) => [e.orderId, e.type, e.fulfillmentStatus])).toEqual([
      [missed.id, "created", "received"],
      [missed.id, "updated", "preparing"],
      [before.id, "updated", "preparing"],
    ]);
    expect(resumed.events.map((e) => e.id)).toEqual(
      [...resumed.events.map((e) => e.id)].sort((a, b) => a - b),
    );

    // Without Last-Event-ID a stream starts after what already happened.
    const fresh = await open(mine.merchant.id, { cookie: ownerCookie });
    const later = await place(mine);
    await fresh.next((e) => e.orderId === later.id);
    expect(fresh.events.map((e) => e.orderId)).toEqual([later.id]);
  });

  describe.skipIf(process.env.TEST_DB !== "postgres")("two apps on one PostgreSQL", () => {
    let other: FastifyInstance;
    let database: DatabaseHandle;
    let otherUrl: string;
    let dataDir: string;

    beforeAll(async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = new URL(n.t.database.location).pathname;
      database = await openDatabase({ url: url.toString(), poolSize: 4 });
      dataDir = mkdtempSync(join(tmpdir(), "tiangue-events-b-"));
      const port = await freePort();
      otherUrl = `http://127.0.0.1:${port}`;
      other = await buildApp({
        config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: otherUrl }),
        database,
        // The same secret as app A (test-app.ts): its sessions are read here too.
        sessionSecret: "s".repeat(48),
      });
      await other.listen({ host: "127.0.0.1", port });
    });
    afterAll(async () => {
      await other?.close();
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("streams from app B what is written through app A, within a second", async () => {
      const stream = await open(mine.merchant.id, { cookie: ownerCookie }, otherUrl);
      expect(stream.status).toBe(200);
      for (let i = 0; i < 3; i++) {
        const placed = await place(mine);
        await stream.next((e) => e.orderId === placed.id && e.type === "created");
        await move(placed.id, "preparing");
        await stream.next((e) => e.orderId === placed.id && e.type === "updated");
      }
      expect(other.services.orders.events.streams).toBe(1);
      stream.close();
    });
  });
});

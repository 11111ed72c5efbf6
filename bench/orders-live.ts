/**
 * Issue 35, "How it must hold up": a new order reaches an open 'Pedidos' tab in under a
 * second (p95), with two processes on PostgreSQL (docs/performance.md, 'Avisos').
 *
 * Two production processes (`npm run build` first) on one fresh database of the PostgreSQL
 * server, A and B on two ports. A merchant signs in on B as the tests do (the link's token
 * read from outbox_emails) and opens GET /api/merchant/{id}/events there (Server-Sent Events,
 * read as a raw HTTP stream); ORDERS checkouts (cash, pickup) are placed through A, one every
 * PACE_MS whatever the previous one's time, each shopper from its own loopback address (the
 * cart and checkout limits are per address). For each order: the delay from the checkout's
 * 201 arriving at the shopper to its `created` event arriving on B's stream (B hears A's
 * commit by LISTEN/NOTIFY, and reads every 250 ms besides). A negative delay: the event came
 * before the shopper's answer.
 *
 *   npm run build && npx tsx bench/orders-live.ts
 *   ORDERS=20 npx tsx bench/orders-live.ts                         # a small run
 *
 * ORDERS (default 200), PACE_MS (default 250), BENCH_PG_URL (bench/live-servers.ts). Bounded:
 * the orders at their pace plus 2 minutes.
 */
import http from "node:http";
import {
  clientAddress,
  createBenchDatabase,
  freePort,
  insertShops,
  machineLine,
  merchantCookie,
  ms,
  percentile,
  placeOrder,
  runBench,
  sleep,
  startServer,
  until,
} from "./live-servers";

const ORDERS = Number(process.env.ORDERS ?? 200);
const PACE_MS = Number(process.env.PACE_MS ?? 250);

interface StreamEvent {
  id: number;
  at: number;
  data: { type: string; orderId: number; orderNumber: string };
}

/** The SSE stream as a browser's EventSource reads it: `id:`, `event:`, `data:`, blank line. */
function openStream(url: string, cookie: string) {
  const events: StreamEvent[] = [];
  let opened = false;
  let buffer = "";
  const req = http.get(url, {
    headers: { cookie, accept: "text/event-stream" },
    localAddress: clientAddress(60_001),
    agent: false,
  });
  const ready = new Promise<void>((resolve, reject) => {
    req.on("error", reject);
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`events: ${res.statusCode}`));
        return;
      }
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes(": abierto") && !opened) {
            opened = true;
            resolve();
          }
          const fields = Object.fromEntries(
            block
              .split("\n")
              .filter((line) => !line.startsWith(":") && line.includes(":"))
              .map((line) => [
                line.slice(0, line.indexOf(":")),
                line.slice(line.indexOf(":") + 1).trim(),
              ]),
          );
          if (fields.event === "order" && fields.data) {
            events.push({
              id: Number(fields.id),
              at,
              data: JSON.parse(fields.data) as StreamEvent["data"],
            });
          }
        }
      });
    });
  });
  return { events, ready, close: () => req.destroy() };
}

runBench("orders-live", ORDERS * PACE_MS + 120_000, async () => {
  console.log(`orders-live: ${await machineLine()}`);
  const db = await createBenchDatabase("bench_orders_live");
  const [shop] = await insertShops(db, 1);
  const a = await startServer({ name: "A", port: await freePort(), databaseUrl: db.url });
  const b = await startServer({ name: "B", port: await freePort(), databaseUrl: db.url });
  const cookie = await merchantCookie(b, db, shop.email);
  const stream = openStream(`${b.url}/api/merchant/${shop.merchantId}/events`, cookie);
  await stream.ready;
  console.log(
    `  A ${a.url} y B ${b.url} en una base; flujo abierto en B; ${ORDERS} pedidos por A, uno cada ${PACE_MS} ms`,
  );

  const placed: Awaited<ReturnType<typeof placeOrder>>[] = [];
  const failures: string[] = [];
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const wait = started + i * PACE_MS - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(
      placeOrder(a, shop, i, "live").then(
        (order) => void placed.push(order),
        (error: Error) => void failures.push(error.message),
      ),
    );
  }
  await Promise.all(pending);
  const arrived = () => {
    const created = new Map<number, StreamEvent>();
    for (const e of stream.events) if (e.data.type === "created") created.set(e.data.orderId, e);
    return created;
  };
  await until(async () => placed.every((o) => arrived().has(o.orderId)), 10_000, 100);
  stream.close();

  const created = arrived();
  const delays = placed
    .filter((o) => created.has(o.orderId))
    .map((o) => created.get(o.orderId)!.at - o.answeredAt);
  const missing = placed.filter((o) => !created.has(o.orderId));
  const checkoutMs = placed.map((o) => o.ms);
  console.log(
    `  pedidos: ${placed.length} con 201, ${failures.length} fallidos${failures.length ? ` (${[...new Set(failures)].slice(0, 3).join(" | ")})` : ""}; checkout p50 ${ms(percentile(checkoutMs, 50))}, p95 ${ms(percentile(checkoutMs, 95))}`,
  );
  console.log(
    `  del 201 del checkout en A al evento en B: p50 ${ms(percentile(delays, 50))}, p95 ${ms(percentile(delays, 95))}, máx ${ms(Math.max(...delays))}, mín ${ms(Math.min(...delays))} (objetivo p95 < 1 s)`,
  );
  console.log(
    `  eventos que no llegaron en 10 s: ${missing.length} (objetivo 0); eventos recibidos: ${stream.events.length}`,
  );
  const ok = failures.length === 0 && missing.length === 0 && percentile(delays, 95) < 1000;
  console.log(`  ${ok ? "✓" : "✗"} pedidos en vivo con dos procesos`);
  await a.stop();
  await b.stop();
  await db.drop();
});

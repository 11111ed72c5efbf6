/**
 * Issue 35, "How it must hold up": the expiry runs exactly once per order with two processes
 * and a restart in between (docs/reliability.md, 'Avisos por WhatsApp y notificaciones').
 *
 * Two production processes (`npm run build` first) on one fresh database of the PostgreSQL
 * server, both with ORDER_REMINDER_MINUTES=1 and ORDER_EXPIRY_MINUTES=2 (the smallest the
 * configuration allows beside each other), so both answer clocks pass over the same waiting
 * orders every 30 s. SHOPS merchants without a schedule (their clock runs on wall time), and
 * ORDERS cash pickup orders placed over PLACE_S seconds, alternately through A and B, each
 * shopper from its own loopback address; nobody answers them. At each of RESTART_AT_S after
 * the first order (by default two: amid the reminders, then amid the expiries), one process,
 * A then B in turn, is killed with SIGKILL (RESTART=term: SIGTERM) and started again on its
 * port; meanwhile orders go through the other. When every order is cancelled, one
 * pass more is waited (a late double would show), then, per order: its `system` rows in
 * order_status_events (exactly 1), its reminder e-mails in outbox_emails (kind
 * 'order.waiting.merchant', exactly 1), the reminder before the cancellation, and the
 * shopper's e-mail of the expiry; and how many each process expired (their logs).
 *
 *   npm run build && npx tsx bench/expiry-once.ts
 *   ORDERS=20 PLACE_S=10 npx tsx bench/expiry-once.ts              # a small run (~3.5 min)
 *
 * ORDERS (default 300), SHOPS (default 10), PLACE_S (default 60), RESTART_AT_S (seconds,
 * comma-separated; default the middles of the reminders' and the expiries' windows: 105,165
 * for PLACE_S=60), RESTART (kill|term), BENCH_PG_URL (bench/live-servers.ts).
 * Bounded: PLACE_S + 7 minutes.
 */
import {
  createBenchDatabase,
  freePort,
  insertShops,
  machineLine,
  placeOrder,
  runBench,
  sleep,
  startServer,
  until,
  type ServerProcess,
} from "./live-servers";

const ORDERS = Number(process.env.ORDERS ?? 300);
const SHOPS = Number(process.env.SHOPS ?? 10);
const PLACE_S = Number(process.env.PLACE_S ?? 60);
const RESTART = process.env.RESTART === "term" ? "term" : "kill";
const REMINDER_MINUTES = 1;
const EXPIRY_MINUTES = 2;
/** The answer clock's pass (answer-clock.ts): one more after the last expiry shows a double. */
const PASS_MS = 30_000;
/** Orders are reminded over [1 min, 1 min + PLACE_S + a pass], expired a minute later. */
const WINDOW_MIDDLE_S = (PLACE_S + PASS_MS / 1000) / 2;
const RESTART_AT_S = (
  process.env.RESTART_AT_S ??
  `${REMINDER_MINUTES * 60 + WINDOW_MIDDLE_S},${EXPIRY_MINUTES * 60 + WINDOW_MIDDLE_S}`
)
  .split(",")
  .map(Number)
  .sort((x, y) => x - y);
const EXPIRED_LOG = "Pedido cancelado: sin respuesta del comercio";

/** A histogram of counts per order: "1×300" or "0×2, 1×297, 2×1". */
function spread(counts: number[]): string {
  const by = new Map<number, number>();
  for (const n of counts) by.set(n, (by.get(n) ?? 0) + 1);
  return [...by]
    .sort(([x], [y]) => x - y)
    .map(([n, k]) => `${n}×${k}`)
    .join(", ");
}

runBench("expiry-once", (PLACE_S + 420) * 1000, async () => {
  console.log(`expiry-once: ${await machineLine()}`);
  const db = await createBenchDatabase("bench_expiry_once");
  const shops = await insertShops(db, SHOPS);
  const env = {
    ORDER_REMINDER_MINUTES: String(REMINDER_MINUTES),
    ORDER_EXPIRY_MINUTES: String(EXPIRY_MINUTES),
  };
  const ports = { A: await freePort(), B: await freePort() };
  const procs: Record<"A" | "B", ServerProcess> = {
    A: await startServer({ name: "A", port: ports.A, databaseUrl: db.url, env }),
    B: await startServer({ name: "B", port: ports.B, databaseUrl: db.url, env }),
  };
  const down = { A: false, B: false };
  const starts = { A: 1, B: 1 };
  const logs: Record<string, () => string> = { "A (1)": procs.A.output, "B (1)": procs.B.output };
  console.log(
    `  A y B en una base, recordatorio a ${REMINDER_MINUTES} min y vencimiento a ${EXPIRY_MINUTES} min; ${ORDERS} pedidos en ${PLACE_S} s a ${SHOPS} comercios; reinicios (${RESTART === "kill" ? "kill -9" : "SIGTERM"}) a los ${RESTART_AT_S.join(", ")} s`,
  );

  const started = Date.now();
  const placed: number[] = [];
  const failures: string[] = [];
  const placing = (async () => {
    const pending: Promise<void>[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const wait = started + (i * PLACE_S * 1000) / ORDERS - Date.now();
      if (wait > 0) await sleep(wait);
      // Alternately through A and B; through the other while one restarts.
      const wanted = i % 2 ? "B" : "A";
      const through = down[wanted] ? procs[wanted === "A" ? "B" : "A"] : procs[wanted];
      pending.push(
        placeOrder(through, shops[i % shops.length], i, "expiry").then(
          (o) => void placed.push(o.orderId),
          (error: Error) => void failures.push(error.message),
        ),
      );
    }
    await Promise.all(pending);
  })();
  const restarting = (async () => {
    for (const [i, at] of RESTART_AT_S.entries()) {
      const name = i % 2 ? "B" : "A";
      await sleep(started + at * 1000 - Date.now());
      const [waiting] = await db.rows<{ n: string; reminded: string; expired: string }>(
        `select count(*) filter (where status <> 'cancelled') as n,
           count(*) filter (where reminder_sent_at is not null) as reminded,
           count(*) filter (where status = 'cancelled') as expired
         from orders`,
      );
      down[name] = true;
      if (RESTART === "kill") await procs[name].kill9();
      else await procs[name].stop();
      const back = Date.now();
      procs[name] = await startServer({ name, port: ports[name], databaseUrl: db.url, env });
      down[name] = false;
      logs[`${name} (${++starts[name]})`] = procs[name].output;
      console.log(
        `  ${name} reiniciado a los ${Math.round((back - started) / 1000)} s (${waiting.reminded} pedidos ya recordados, ${waiting.expired} vencidos, ${waiting.n} esperando), de vuelta en ${((Date.now() - back) / 1000).toFixed(1)} s`,
      );
    }
  })();
  await placing;
  console.log(
    `  ${placed.length} pedidos con 201, ${failures.length} fallidos${failures.length ? ` (${[...new Set(failures)].slice(0, 3).join(" | ")})` : ""}`,
  );

  const allExpired = await until(
    async () => {
      const [row] = await db.rows<{ n: string }>(
        `select count(*) as n from orders where status <> 'cancelled'`,
      );
      return Number(row.n) === 0 && Date.now() > started + RESTART_AT_S.at(-1)! * 1000;
    },
    (PLACE_S + EXPIRY_MINUTES * 60 + (2 * PASS_MS) / 1000 + 60) * 1000,
    1000,
  );
  await restarting;
  console.log(
    allExpired
      ? `  todos cancelados ${Math.round((Date.now() - started) / 1000)} s después del primer pedido; se espera una pasada más (${PASS_MS / 1000} s)`
      : `  ✗ no todos se cancelaron a tiempo`,
  );
  await sleep(PASS_MS + 2000);

  const rows = await db.rows<{
    id: number;
    status: string;
    cancel_reason: string | null;
    system_rows: string;
    reminders: string;
    shopper_expiry: string;
    reminded_first: boolean;
  }>(
    `select o.id, o.status, o.cancel_reason,
       (select count(*) from order_status_events e where e.order_id = o.id and e.actor = 'system') as system_rows,
       (select count(*) from outbox_emails m where m.kind = 'order.waiting.merchant'
          and m.dedupe_key like 'order:' || o.id || ':%') as reminders,
       (select count(*) from outbox_emails m where m.kind like 'order.%.customer'
          and m.dedupe_key like 'order:' || o.id || ':%') as shopper_expiry,
       o.reminder_sent_at < (select min(e.created_at) from order_status_events e
          where e.order_id = o.id and e.actor = 'system') as reminded_first
     from orders o where o.id = any($1::int[]) order by o.id`,
    [placed],
  );
  const system = rows.map((r) => Number(r.system_rows));
  const reminders = rows.map((r) => Number(r.reminders));
  const reasons = new Set(rows.map((r) => r.cancel_reason));
  const perProcess = Object.entries(logs).map(
    ([name, output]) => `${name} ${output().split(EXPIRED_LOG).length - 1}`,
  );
  console.log(
    `  pedidos: ${rows.length}; cancelados: ${rows.filter((r) => r.status === "cancelled").length}; motivo: ${[...reasons].join(" | ")}`,
  );
  console.log(
    `  filas 'system' en order_status_events por pedido: ${spread(system)} (objetivo 1×${rows.length})`,
  );
  console.log(
    `  correos 'order.waiting.merchant' por pedido: ${spread(reminders)} (objetivo 1×${rows.length})`,
  );
  console.log(
    `  recordado antes de cancelar: ${rows.filter((r) => r.reminded_first).length} de ${rows.length}; correo del vencimiento al cliente por pedido: ${spread(rows.map((r) => Number(r.shopper_expiry)))}`,
  );
  console.log(`  vencidos por proceso (sus registros): ${perProcess.join(", ")}`);
  const ok =
    allExpired &&
    failures.length === 0 &&
    system.every((n) => n === 1) &&
    reminders.every((n) => n === 1);
  console.log(`  ${ok ? "✓" : "✗"} vencimiento una vez por pedido`);
  await procs.A.stop();
  await procs.B.stop();
  await db.drop();
});

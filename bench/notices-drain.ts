/**
 * Issue 35, "How it must hold up": 5,000 WhatsApp notices queued at once drain through the
 * fake Cloud API at Meta's limits, and a `kill -9` in the middle loses none and repeats none
 * beyond the messages cut mid-send (docs/performance.md and docs/reliability.md, 'Avisos').
 *
 * Two phases, each on a fresh database of the PostgreSQL server, with the production build
 * (`npm run build` first) as one process pointed at the fake WhatsApp run inside this bench
 * (the fake posts its signed status webhooks back to that process, as Meta does):
 *
 * - drain: NOTICES rows to distinct numbers, plus REPEATED numbers that get REPEAT_EACH
 *   notices each (Meta's one message per 6 s to a number), inserted into outbox_notices in one
 *   statement, in a shuffled order, before the process starts. Measures the messages per
 *   second the fake accepted while the queue was full, the busiest second, the closest two
 *   messages to one number, and every 131056 / 130429 the fake answered.
 * - crash: the same queue; the process is killed with SIGKILL (KILLS times, each right after
 *   the fake accepted the message that crosses the next share of the queue, or at that share
 *   of the phase's bound when the drain is too slow to get there) and started again on the
 *   same port; the rows it left `sending` wait out their 30 s lease and are claimed once
 *   more (marked uncertain: the last check). Counts the rows lost (no message, not final), the
 *   duplicates (messages with the same biz_opaque_callback_data), the uncertain rows, and
 *   checks duplicates ≤ uncertain.
 *
 *   npm run build && npx tsx bench/notices-drain.ts
 *   NOTICES=200 REPEATED=5 npx tsx bench/notices-drain.ts        # a small run
 *   PHASES=crash KILLS=3 npx tsx bench/notices-drain.ts
 *
 * NOTICES (default 5000), REPEATED (default 50), REPEAT_EACH (default 5), PHASES
 * (drain,crash), KILLS (default 1), BENCH_PG_URL (bench/live-servers.ts), STATUSES=0 (the fake
 * posts no status webhooks), PHASE_LIMIT_S. Stops by itself: a phase whose queue has not
 * drained after PHASE_LIMIT_S (default the queue at 25 a second, at least 120 s; the crash
 * phase 30 s more) reports what it has and fails; the whole run is bounded by 15 minutes.
 */
import type { FakeWhatsApp } from "../server/modules/notices/whatsapp.fake";
import { startFakeWhatsApp } from "../server/modules/notices/whatsapp.fake";
import { templateCreationPayloads } from "../server/modules/notices/whatsapp.templates";
import {
  createBenchDatabase,
  freePort,
  machineLine,
  runBench,
  sleep,
  startServer,
  until,
  type BenchDatabase,
  type ServerProcess,
} from "./live-servers";

const NOTICES = Number(process.env.NOTICES ?? 5000);
const REPEATED = Number(process.env.REPEATED ?? 50);
const REPEAT_EACH = Number(process.env.REPEAT_EACH ?? 5);
const PHASES = (process.env.PHASES ?? "drain,crash").split(",");
const KILLS = Number(process.env.KILLS ?? 1);
const STATUSES = process.env.STATUSES !== "0";
const TOTAL = NOTICES + REPEATED * REPEAT_EACH;
/** The worker's lease (DEFAULT_NOTICE_LEASE_MS): a row a dead process left waits this long. */
const LEASE_MS = 30_000;
const PAIR_GAP_MS = 6000;
/** Each phase's bound: the queue at 25 a second (a third of the target), at least 2 minutes. */
const PHASE_LIMIT_MS = Number(process.env.PHASE_LIMIT_S ?? Math.max(120, TOTAL / 25)) * 1000;
const OPEN = `status in ('pending', 'sending', 'unknown')`;
const VERIFY_TOKEN = "bench-verify-token";

/** A small seeded shuffle: the same order every run. */
function shuffled<T>(items: T[], seed = 35): T[] {
  const out = [...items];
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The queue: one statement, every row due now, as an order burst would leave it. */
async function queue(db: BenchDatabase) {
  const recipients = [
    ...Array.from({ length: NOTICES }, (_, i) => `+5037${String(i + 1).padStart(7, "0")}`),
    ...Array.from({ length: REPEATED * REPEAT_EACH }, (_, i) => {
      return `+5036${String((i % REPEATED) + 1).padStart(7, "0")}`;
    }),
  ];
  await db.pool.query(
    `insert into outbox_notices (channel, kind, dedupe_key, audience, recipient, template, payload)
     select 'whatsapp', 'order.received', 'bench:' || n, 'shopper', r, 'tiangue_order_received',
       jsonb_build_object(
         'params', jsonb_build_array('María', 'ES-2026-' || lpad(n::text, 6, '0'),
           'Pupusería La Ceiba', '$14.75'),
         'buttonSuffix', 'ES-2026-' || lpad(n::text, 6, '0') || '?token=bench')
     from unnest($1::text[]) with ordinality as q(r, n)`,
    [shuffled(recipients)],
  );
  // The statistics autovacuum takes within a minute of such an insert, taken now: without
  // them the planner's first claims guess the table empty, and the bench measured that minute.
  await db.pool.query(`analyze outbox_notices`);
}

async function startFake(port: number): Promise<FakeWhatsApp> {
  const fake = await startFakeWhatsApp({
    webhookUrl: STATUSES ? `http://127.0.0.1:${port}/api/whatsapp/webhook` : null,
  });
  fake.createTemplates(templateCreationPayloads(`http://127.0.0.1:${port}`));
  return fake;
}

function startProcess(name: string, db: BenchDatabase, fake: FakeWhatsApp, port: number) {
  return startServer({
    name,
    port,
    databaseUrl: db.url,
    env: { ...fake.env, WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN },
  });
}

const openRows = async (db: BenchDatabase) =>
  Number(
    (await db.rows<{ n: string }>(`select count(*) as n from outbox_notices where ${OPEN}`))[0].n,
  );

async function byStatus(db: BenchDatabase): Promise<string> {
  const rows = await db.rows<{ status: string; n: string }>(
    `select status, count(*) as n from outbox_notices group by status order by status`,
  );
  return rows.map((r) => `${r.status} ${r.n}`).join(", ");
}

/** What the fake saw: pace, gaps per number, refusals, repeats. */
function fakeFigures(fake: FakeWhatsApp) {
  const sent = fake.sent;
  const times = sent.map((m) => m.at.getTime());
  // The queue is full while messages to distinct numbers remain (none waits on a gap); a
  // row's second message (its last check after a crash) is no part of that.
  const seen = new Set<string | null>();
  const firsts = sent.filter((m) => !seen.has(m.callbackData) && seen.add(m.callbackData));
  const distinct = firsts.filter((m) => m.to.startsWith("5037")).map((m) => m.at.getTime());
  const first = Math.min(...distinct);
  const last = Math.max(...distinct);
  const inSpan = times.filter((t) => t >= first && t <= last).length;
  const rate = last > first ? (inSpan - 1) / ((last - first) / 1000) : NaN;
  let busiest = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i] - times[j] >= 1000) j++;
    busiest = Math.max(busiest, i - j + 1);
  }
  const byNumber = new Map<string, number[]>();
  for (const m of sent) byNumber.set(m.to, [...(byNumber.get(m.to) ?? []), m.at.getTime()]);
  let closest = Infinity;
  let tooClose = 0;
  for (const list of byNumber.values()) {
    for (let i = 1; i < list.length; i++) {
      const gap = list[i] - list[i - 1];
      closest = Math.min(closest, gap);
      if (gap < PAIR_GAP_MS) tooClose++;
    }
  }
  const byCallback = new Map<string, number>();
  for (const m of sent)
    byCallback.set(m.callbackData ?? "", (byCallback.get(m.callbackData ?? "") ?? 0) + 1);
  const duplicates = [...byCallback.values()].reduce((sum, n) => sum + (n - 1), 0);
  const codes = new Map<number, number>();
  for (const a of fake.attempts)
    if (a.code !== null) codes.set(a.code, (codes.get(a.code) ?? 0) + 1);
  const webhookAnswers = new Map<string, number>();
  for (const w of fake.webhooks) {
    const key = String(w.status ?? "sin conexión");
    webhookAnswers.set(key, (webhookAnswers.get(key) ?? 0) + 1);
  }
  const perSecond: number[] = [];
  for (const t of times) {
    if (t < first || t > last) continue;
    const second = Math.floor((t - first) / 1000);
    perSecond[second] = (perSecond[second] ?? 0) + 1;
  }
  return {
    messages: sent.length,
    perSecond: Array.from(perSecond, (n) => n ?? 0),
    spanSeconds: (last - first) / 1000,
    rate,
    busiest,
    closest,
    tooClose,
    duplicates,
    byCallback,
    pairLimit: codes.get(131056) ?? 0,
    throughputLimit: codes.get(130429) ?? 0,
    otherCodes: [...codes].filter(([c]) => c !== 131056 && c !== 130429),
    webhookAnswers: [...webhookAnswers].map(([k, n]) => `${k}: ${n}`).join(", ") || "ninguno",
  };
}

function printFake(f: ReturnType<typeof fakeFigures>, pace = true) {
  console.log(`  mensajes aceptados por el falso: ${f.messages}`);
  if (pace) {
    console.log(
      `  ritmo con la cola llena: ${f.rate.toFixed(1)} mensajes/s (objetivo ≥ 70 contra 80) en ${f.spanSeconds.toFixed(1)} s; el segundo más cargado: ${f.busiest}`,
    );
    console.log(`  mensajes en cada segundo de ese tramo: ${f.perSecond.slice(0, 150).join(" ")}`);
  }
  console.log(
    `  dos mensajes a un número: el par más cercano a ${Number.isFinite(f.closest) ? `${f.closest} ms` : "—"}, ${f.tooClose} a menos de 6 s (objetivo 0)`,
  );
  console.log(
    `  respuestas 131056: ${f.pairLimit}, 130429: ${f.throughputLimit} (objetivo 0 y 0)${f.otherCodes.length ? `; otros códigos: ${f.otherCodes.map(([c, n]) => `${c}×${n}`).join(", ")}` : ""}`,
  );
  console.log(`  webhooks de estado que el falso publicó, por respuesta: ${f.webhookAnswers}`);
}

async function drainPhase() {
  console.log(
    `\n== Vaciado: ${TOTAL} avisos (${NOTICES} números distintos, ${REPEATED} × ${REPEAT_EACH} repetidos)`,
  );
  const db = await createBenchDatabase("bench_notices_drain");
  const port = await freePort();
  const fake = await startFake(port);
  let server: ServerProcess | undefined;
  try {
    await queue(db);
    const started = Date.now();
    server = await startProcess("drain", db, fake, port);
    const drained = await until(async () => (await openRows(db)) === 0, PHASE_LIMIT_MS);
    console.log(
      drained
        ? `  vaciada ${((Date.now() - started) / 1000).toFixed(1)} s después de iniciar el proceso`
        : `  ✗ NO se vació en ${PHASE_LIMIT_MS / 1000} s: quedan ${await openRows(db)} filas por enviar`,
    );
    // The last statuses' webhooks.
    await sleep(1000);
    const f = fakeFigures(fake);
    printFake(f);
    console.log(`  repetidos (mismo callback dos veces): ${f.duplicates} (objetivo 0)`);
    console.log(`  filas por estado: ${await byStatus(db)}`);
    const ok =
      drained &&
      f.rate >= 70 &&
      f.tooClose === 0 &&
      f.pairLimit === 0 &&
      f.throughputLimit === 0 &&
      f.duplicates === 0;
    console.log(
      `  ${ok ? "✓" : "✗"} vaciado${TOTAL < 2000 ? " (corrida corta: el ritmo no dice nada con menos de unos 2 000 avisos)" : ""}`,
    );
  } finally {
    await server?.stop();
    await fake.close();
    await db.drop();
  }
}

async function crashPhase() {
  console.log(`\n== kill -9 a mitad del vaciado: ${TOTAL} avisos, ${KILLS} vez/veces`);
  const db = await createBenchDatabase("bench_notices_crash");
  const port = await freePort();
  const fake = await startFake(port);
  let server: ServerProcess | undefined;
  try {
    await queue(db);
    server = await startProcess("crash-1", db, fake, port);
    for (let kill = 1; kill <= KILLS; kill++) {
      const threshold = Math.floor((TOTAL * kill) / (KILLS + 1));
      // Right after the fake accepted the message that crosses the threshold: its answer
      // is on its way back, the row not yet marked sent.
      // A drain too slow to get there is killed at its share of the phase's bound instead.
      const reached = await until(
        async () => fake.sent.length >= threshold,
        PHASE_LIMIT_MS / (KILLS + 1),
        1,
      );
      await server.kill9();
      if (!reached) {
        console.log(
          `  ✗ ${threshold} mensajes no se enviaron en ${Math.round(PHASE_LIMIT_MS / (KILLS + 1) / 1000)} s: se mata igual`,
        );
      }
      const sending = await db.rows<{ id: number }>(
        `select id from outbox_notices where status = 'sending'`,
      );
      const accepted = new Set(fake.sent.map((m) => m.callbackData));
      console.log(
        `  kill -9 n.º ${kill} tras ${fake.sent.length} mensajes: ${sending.length} fila(s) quedaron 'sending' (${sending.filter((r) => accepted.has(String(r.id))).length} ya aceptada(s) por el falso)`,
      );
      const restarted = Date.now();
      server = await startProcess(`crash-${kill + 1}`, db, fake, port);
      console.log(
        `  reiniciado en ${((Date.now() - restarted) / 1000).toFixed(1)} s en el mismo puerto`,
      );
    }
    // The rest at ~75 a second, then each row left 'sending' after its 30 s lease.
    const restartedAt = Date.now();
    const drained = await until(async () => (await openRows(db)) === 0, PHASE_LIMIT_MS + LEASE_MS);
    console.log(
      drained
        ? `  vaciada ${((Date.now() - restartedAt) / 1000).toFixed(1)} s después del último reinicio`
        : `  ✗ NO se vació en ${(PHASE_LIMIT_MS + LEASE_MS) / 1000} s: quedan ${await openRows(db)} filas abiertas (las cuentas de abajo no son finales)`,
    );
    await sleep(1000);
    const f = fakeFigures(fake);
    printFake(f, false);
    const rows = await db.rows<{ id: number; status: string; uncertain: boolean }>(
      `select id, status, coalesce(payload->>'uncertain', '') = 'true' as uncertain from outbox_notices`,
    );
    const final = new Set(["failed", "replaced", "skipped", "unknown"]);
    const lost = rows.filter((r) => !f.byCallback.has(String(r.id)) && !final.has(r.status));
    const notSent = rows.filter((r) => !f.byCallback.has(String(r.id)));
    const uncertain = rows.filter((r) => r.uncertain).length;
    const repeatedIds = [...f.byCallback].filter(([, n]) => n > 1).map(([id]) => id);
    console.log(
      `  filas: ${rows.length}; sin mensaje: ${notSent.length}; perdidas (sin mensaje y sin estado final): ${lost.length} (objetivo 0)`,
    );
    console.log(
      `  repetidos (mensajes con el mismo callback dos veces): ${f.duplicates}; filas inciertas (payload.uncertain): ${uncertain}; repetidos ≤ inciertas: ${f.duplicates <= uncertain ? "sí" : "NO"}${repeatedIds.length ? ` (ids repetidos: ${repeatedIds.slice(0, 10).join(", ")})` : ""}`,
    );
    console.log(`  filas por estado: ${await byStatus(db)}`);
    const ok =
      drained &&
      lost.length === 0 &&
      f.duplicates <= uncertain &&
      f.tooClose === 0 &&
      f.pairLimit === 0;
    console.log(`  ${ok ? "✓" : "✗"} kill -9`);
  } finally {
    await server?.stop();
    await fake.close();
    await db.drop();
  }
}

runBench("notices-drain", 15 * 60_000, async () => {
  console.log(`notices-drain: ${await machineLine()}`);
  if (PHASES.includes("drain")) await drainPhase();
  if (PHASES.includes("crash")) await crashPhase();
});

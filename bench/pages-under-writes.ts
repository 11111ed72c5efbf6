/**
 * Issue 38, "Writes forget only what they changed": kept pages read by one client while a
 * second one writes. One production process (`npm run build` first) on a fresh PostgreSQL
 * database with a generated catalogue (PRODUCTS, default 10,000) and two bench shops; wrk
 * (one thread, CONNECTIONS connections, SECONDS a run) reads a page while the writers run:
 *
 *   - edit: a merchant edits one of its products' price through its portal, once a second
 *     (PUT /api/merchant/{id}/products/{pid}, shop 1);
 *   - review: an administrator approves one review of shop 2's product, once a second;
 *   - checkouts: five checkouts a second (cash, pickup) of shop 1's counted product, whose
 *     stock (a million) never runs out: each takes stock and leaves it available.
 *
 * Pages: /products, a generated merchant's page, home, and 100 product pages in turn (a
 * wrk script). Each page is measured quiet, then under each write, alternating, ROUNDS
 * times; the medians' ratio is printed (the goal: at least 0.8). First, the checkouts
 * run alone for SECONDS, and the CPU each one costs the server, PostgreSQL and the bench is
 * printed: what they take from the pages under them, with nothing forgotten. Before issue 38
 * every write forgot every page: the issue measured 0.37 for the 100 product pages under
 * one review approval a second.
 *
 *   npm run build && npx tsx bench/pages-under-writes.ts
 *
 * PRODUCTS, ROUNDS (default 3), SECONDS (default 8), CONNECTIONS (default 20), BENCH_PG_URL
 * (bench/live-servers.ts), SERVER_ROOT (another checkout with its own build, for a before).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { generateCatalogue } from "./generate";
import {
  clientAddress,
  createBenchDatabase,
  freePort,
  insertShops,
  merchantCookie,
  placeOrder,
  request,
  runBench,
  sleep,
  startServer,
} from "./live-servers";
import { processCpuSeconds } from "./wrk";

const PRODUCTS = Number(process.env.PRODUCTS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);

type Writer = "edit" | "review" | "checkouts";
const WRITERS: Writer[] = ["edit", "review", "checkouts"];

/** Requests a second wrk served for `paths` (one path, or a script taking them in turn). */
function wrk(base: string, paths: string[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "tiangue-wrk-"));
  const script = join(dir, "paths.lua");
  writeFileSync(
    script,
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(",")}}
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], { ["accept-encoding"] = "gzip, br" })
end
`,
  );
  return new Promise((resolve, reject) => {
    const child = spawn(
      "wrk",
      ["-t1", `-c${CONNECTIONS}`, `-d${SECONDS}s`, "-s", script, `${base}${paths[0]}`],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.on("exit", (code) => {
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1];
      if (code !== 0 || !rps) reject(new Error(`wrk: ${code}\n${out}`));
      else if (/Non-2xx/.test(out)) reject(new Error(`wrk: respuestas que no son 2xx\n${out}`));
      else resolve(Number(rps));
    });
  });
}

/** Renders of kept pages that were missing (forgotten, expired or never kept), from /metrics. */
async function pageMisses(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^page_cache_misses_total (\d+)/m.exec(text)?.[1] ?? NaN);
}

/** CPU seconds of every PostgreSQL process on this machine (the bench's database among them). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").startsWith("postgres")) {
        total += processCpuSeconds(Number(entry));
      }
    } catch {
      // It ended while we looked.
    }
  }
  return total;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

runBench("pages-under-writes", 60 * 60_000, async () => {
  const db = await createBenchDatabase("tiangue_writes");
  const handle = await openDatabase({ url: db.url });
  const generated = await generateCatalogue(handle.db, { products: PRODUCTS });
  await handle.close();
  const [editShop, reviewShop] = await insertShops(db, 2);
  // Shop 1's product is counted: each checkout takes stock, none makes it unavailable.
  await db.rows(`update products set stock = 1000000 where id = $1`, [editShop!.productId]);
  const [merchant] = await db.rows<{ slug: string }>(
    `select slug from merchants where slug not like 'pupuseria-bench-%' order by id limit 1 offset 3`,
  );
  const productSlugs = (
    await db.rows<{ slug: string }>(
      `select slug from products where is_public order by id desc limit 100 offset 10`,
    )
  ).map((r) => `/products/${r.slug}`);

  const server = await startServer({
    name: "lectura",
    port: await freePort(),
    databaseUrl: db.url,
  });
  const merchantSession = await merchantCookie(server, db, editShop!.email);
  const adminLogin = await request(`${server.url}/api/auth/login`, {
    body: { username: "bench", password: "bench-password-123" },
    localAddress: clientAddress(60_001),
  });
  const adminSession = String(adminLogin.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
  if (adminLogin.status !== 200) throw new Error(`admin: ${adminLogin.status} ${adminLogin.text}`);
  const [productRow] = await db.rows<{ category_id: number }>(
    `select category_id from products where id = $1`,
    [editShop!.productId],
  );

  let edits = 0;
  let shopper = 0;
  const writes: Record<Writer, () => Promise<void>> = {
    async edit() {
      edits++;
      const answer = await request(
        `${server.url}/api/merchant/${editShop!.merchantId}/products/${editShop!.productId}`,
        {
          method: "PUT",
          body: {
            name: "Pupusa revuelta 1",
            description: "Producto de prueba.",
            price: edits % 2 ? "3.50" : "3.25",
            categoryId: productRow!.category_id,
          },
          headers: { cookie: merchantSession },
          localAddress: clientAddress(61_000 + (edits % 500)),
        },
      );
      if (answer.status !== 200) throw new Error(`edición: ${answer.status} ${answer.text}`);
    },
    async review() {
      const [review] = await db.rows<{ id: number }>(
        `insert into reviews (user_id, user_name, user_email, rating, comment, product_id, is_approved)
         values ('user-bench', 'Cliente', 'cliente@bench.tiangue.test', 5, 'Muy buenas pupusas', $1, false)
         returning id`,
        [reviewShop!.productId],
      );
      const answer = await request(`${server.url}/api/admin/reviews/${review!.id}/approve`, {
        method: "POST",
        headers: { cookie: adminSession },
        localAddress: clientAddress(60_001),
      });
      if (answer.status !== 200) throw new Error(`reseña: ${answer.status} ${answer.text}`);
    },
    async checkouts() {
      await placeOrder(server, editShop!, shopper++, "w");
    },
  };

  /** Runs `writer` at its pace until `stop`, and answers how many writes were made. */
  async function writing(writer: Writer, stop: { done: boolean }) {
    const every = writer === "checkouts" ? 200 : 1000;
    let made = 0;
    const pending: Promise<void>[] = [];
    while (!stop.done) {
      const started = Date.now();
      pending.push(writes[writer]().then(() => void made++));
      await sleep(Math.max(0, every - (Date.now() - started)));
    }
    await Promise.all(pending);
    return made;
  }

  const pages: [string, string[]][] = [
    ["/products", ["/products"]],
    [`/merchants/${merchant!.slug}`, [`/merchants/${merchant!.slug}`]],
    ["/ (home)", ["/"]],
    ["100 product pages", productSlugs],
  ];
  console.log(
    `Catálogo: ${generated.products} productos, ${generated.merchants} comercios; wrk -t1 -c${CONNECTIONS}, ${SECONDS} s por corrida, ${ROUNDS} rondas; carga ${loadavg()[0]!.toFixed(2)}`,
  );
  // What the checkouts cost on their own, no page read: the part of the two cores they take
  // from the pages under them (the server's thread serves both).
  {
    const server0 = processCpuSeconds(server.child.pid!);
    const postgres0 = postgresCpuSeconds();
    const bench0 = processCpuSeconds("self");
    const stop = { done: false };
    const written = writing("checkouts", stop);
    await sleep(SECONDS * 1000);
    stop.done = true;
    const count = await written;
    const perCheckout = (seconds: number) => `${((seconds * 1000) / count).toFixed(1)} ms`;
    console.log(
      `Solo checkouts: ${count} en ${SECONDS} s; CPU por checkout: servidor ` +
        `${perCheckout(processCpuSeconds(server.child.pid!) - server0)}, PostgreSQL ` +
        `${perCheckout(postgresCpuSeconds() - postgres0)}, banco (sus clientes) ` +
        `${perCheckout(processCpuSeconds("self") - bench0)}`,
    );
  }
  for (const [name, paths] of pages) {
    // Warm: every path kept once, and V8's code compiled.
    await wrk(server.url, paths);
    const quiet: number[] = [];
    const under: Record<Writer, number[]> = { edit: [], review: [], checkouts: [] };
    const made: Record<Writer, number> = { edit: 0, review: 0, checkouts: 0 };
    const misses: Record<Writer | "quiet", number> = { quiet: 0, edit: 0, review: 0, checkouts: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      let before = await pageMisses(server.url);
      quiet.push(await wrk(server.url, paths));
      misses.quiet += (await pageMisses(server.url)) - before;
      for (const writer of WRITERS) {
        before = await pageMisses(server.url);
        const stop = { done: false };
        const written = writing(writer, stop);
        under[writer].push(await wrk(server.url, paths));
        stop.done = true;
        made[writer] += await written;
        misses[writer] += (await pageMisses(server.url)) - before;
      }
    }
    const base = median(quiet);
    const line =
      `${name}: sin escrituras ${base.toFixed(0)} req/s (${misses.quiet} páginas sin guardar); ` +
      WRITERS.map(
        (w) =>
          `${w} ${median(under[w]).toFixed(0)} req/s (×${(median(under[w]) / base).toFixed(2)}, ${made[w]} escrituras, ${misses[w]} páginas sin guardar)`,
      ).join("; ");
    console.log(line);
  }
  await server.stop();
});

/**
 * Server CPU time per request of two builds, interleaved (issue 13): on a machine others
 * load too, requests per second say little, but the CPU the server process spends on a
 * fixed number of requests (from /proc) moves much less, and running A, B, A, B… lets both
 * see the same load. Each build is started once on the same catalogue database.
 *
 *   DATABASE_URL=postgres://…/catalogue npx tsx bench/ab-cpu.ts /path/before /path/after [path…]
 *
 * Paths as in bench/profile.ts (`product`, `merchant`, `category`, `home`, or any path).
 * AB_CACHE=on keeps the catalogue cache (default off), AB_ROUNDS (5), AB_REQUESTS per round
 * (100), AB_CONNECTIONS (4: a few at a time, so the server is never idle waiting).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { sampleTargets } from "./harness";
import { startProductServer, type RunningServer } from "./servers";
import { processCpuSeconds } from "./wrk";

async function cpuPerRequest(server: RunningServer, path: string, requests: number, c: number) {
  const pid = server.process.pid!;
  const before = processCpuSeconds(pid);
  const result = await autocannon({
    url: server.url + path,
    connections: c,
    amount: requests,
    headers: { "accept-encoding": "gzip, br" },
  });
  if (result.non2xx || result.errors) throw new Error(`${path}: errores`);
  return ((processCpuSeconds(pid) - before) * 1000) / requests;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const [rootA, rootB, ...wanted] = process.argv.slice(2);
  if (!databaseUrl || !rootA || !rootB) {
    throw new Error("uso: DATABASE_URL=… tsx bench/ab-cpu.ts <checkout A> <checkout B> [ruta…]");
  }
  if (wanted.length === 0) wanted.push("product", "merchant");
  const rounds = Number(process.env.AB_ROUNDS ?? 5);
  const requests = Number(process.env.AB_REQUESTS ?? 100);
  const connections = Number(process.env.AB_CONNECTIONS ?? 4);
  const dataDir = mkdtempSync(join(tmpdir(), "tiangue-ab-"));
  const servers: RunningServer[] = [];
  try {
    for (const [i, root] of [rootA, rootB].entries()) {
      servers.push(
        await startProductServer({
          dataDir: join(dataDir, String(i)),
          databaseUrl,
          root,
          catalogueCache: process.env.AB_CACHE === "on",
        }),
      );
    }
    const targets = await sampleTargets(servers[0]!.url);
    const categories = (await (await fetch(`${servers[0]!.url}/api/categories`)).json()) as {
      slug: string;
    }[];
    const named: Record<string, string> = {
      product: `/products/${targets.product.slug}`,
      merchant: `/merchants/${targets.merchantSlug}`,
      category: `/categories/${categories[0]?.slug ?? ""}`,
      home: "/",
    };
    for (const which of wanted) {
      const path = named[which] ?? which;
      const sizes = await Promise.all(
        servers.map(async (s) => (await (await fetch(s.url + path)).arrayBuffer()).byteLength),
      );
      const figures: number[][] = [[], []];
      // Warm both (JIT, pools) before counting.
      for (const s of servers) await cpuPerRequest(s, path, requests, connections);
      for (let round = 0; round < rounds; round++) {
        for (const [i, s] of servers.entries()) {
          figures[i]!.push(await cpuPerRequest(s, path, requests, connections));
        }
      }
      const [a, b] = figures.map(median) as [number, number];
      console.log(
        `${path}: A ${a.toFixed(2)} ms de CPU por petición (${sizes[0]} bytes de HTML), ` +
          `B ${b.toFixed(2)} ms (${sizes[1]} bytes): B/A ×${(b / a).toFixed(2)}; ` +
          `rondas A [${figures[0]!.map((v) => v.toFixed(1)).join(" ")}] B [${figures[1]!.map((v) => v.toFixed(1)).join(" ")}]; ` +
          `carga ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
      );
    }
  } finally {
    for (const s of servers) await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

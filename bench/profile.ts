/**
 * Where a page's time goes (issue 13): starts the production build under `node --cpu-prof`
 * on an existing catalogue, drives one path with autocannon, and prints what does not depend
 * much on the machine's load — the server's CPU time per request (from /proc), the database
 * statements per request (bench/queries.ts) — then the profile's heaviest functions, by their
 * own time and with what they call. One server per path.
 *
 *   DATABASE_URL=postgres://…/catalogue npx tsx bench/profile.ts product merchant /api/products
 *
 * Paths: `product`, `merchant`, `category`, `home` (the sample the bench measures), or any
 * path. DATABASE_URL: a database already holding a catalogue (bench/generate.ts); with
 * PROFILE_PRODUCTS=N a new one is generated on that server and dropped afterwards.
 * PROFILE_CACHE=on keeps the catalogue cache (default off: the uncached «sin caché» case).
 * SECONDS (10), CONNECTIONS (20), TOP (25), PROFILE_ROOT (another checkout with its own
 * build, for an A/B run), PROFILE_DIR (where the .cpuprofile files stay; a temporary folder).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../db/client";
import { generateCatalogue } from "./generate";
import { sampleTargets } from "./harness";
import { measureLoad } from "./load";
import { queriesPerRequest } from "./queries";
import { startProductServer } from "./servers";
import { processCpuSeconds } from "./wrk";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface FrameTime {
  frame: string;
  /** Milliseconds sampled in the function itself. */
  selfMs: number;
  /** Milliseconds sampled in it or anything it called (each sample counted once). */
  totalMs: number;
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url
    .replace(/^file:\/\//, "")
    .replace(/^.*\/node_modules\//, "")
    .replace(/^.*\/(build|dist)\//, "$1/");
  return `${functionName || "(anonymous)"} ${file ? `${file}:${lineNumber + 1}` : ""}`.trim();
}

/** Self and inclusive time per function of a V8 CPU profile (idle and program time left out). */
export function summariseProfile(profile: CpuProfile): { busyMs: number; frames: FrameTime[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node || node.callFrame.functionName === "(idle)") return;
    if (node.callFrame.functionName === "(program)") return;
    busy += delta;
    const name = frameName(node);
    self.set(name, (self.get(name) ?? 0) + delta);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at);
      if (!frame || frame.callFrame.functionName === "(root)") continue;
      const key = frameName(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + delta);
    }
  });
  const frames = [...total.entries()].map(([frame, totalMs]) => ({
    frame,
    selfMs: self.get(frame) ?? 0,
    totalMs,
  }));
  return { busyMs: busy, frames };
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("DATABASE_URL es obligatorio (PostgreSQL con un catálogo)");
  const seconds = Number(process.env.SECONDS ?? 10);
  const connections = Number(process.env.CONNECTIONS ?? 20);
  const top = Number(process.env.TOP ?? 25);
  const cache = process.env.PROFILE_CACHE === "on";
  const wanted = process.argv.slice(2);
  if (wanted.length === 0) wanted.push("product", "merchant");

  let databaseUrl = serverUrl;
  let drop = async () => {};
  const generate = Number(process.env.PROFILE_PRODUCTS ?? 0);
  const dataDir = mkdtempSync(join(tmpdir(), "tiangue-profile-"));
  const profileDir = process.env.PROFILE_DIR ?? mkdtempSync(join(tmpdir(), "tiangue-cpuprof-"));
  if (generate > 0) {
    const name = `tiangue_profile_${generate}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    const handle = await openDatabase({ url: databaseUrl, dataDir });
    await generateCatalogue(handle.db, { products: generate });
    await handle.close();
    drop = async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }

  try {
    for (const which of wanted) {
      const server = await startProductServer({
        dataDir,
        databaseUrl,
        catalogueCache: cache,
        root: process.env.PROFILE_ROOT,
        nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "--cpu-prof-interval=200"],
      });
      const pid = server.process.pid!;
      let path = which;
      try {
        const targets = await sampleTargets(server.url);
        const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as {
          slug: string;
        }[];
        const named: Record<string, string> = {
          product: `/products/${targets.product.slug}`,
          merchant: `/merchants/${targets.merchantSlug}`,
          category: `/categories/${categories[0]?.slug ?? ""}`,
          home: "/",
        };
        path = named[which] ?? which;
        const queries = await queriesPerRequest(databaseUrl, server.url + path);
        await measureLoad(server.url + path, { connections, duration: 2 });
        const cpuBefore = processCpuSeconds(pid);
        const load = await measureLoad(server.url + path, { connections, duration: seconds });
        const cpu = processCpuSeconds(pid) - cpuBefore;
        console.log(
          `\n== ${path} (caché ${cache ? "activa" : "desactivada"}): ${queries.toFixed(2)} consultas por petición, ` +
            `${((cpu * 1000) / Math.max(1, load.total)).toFixed(2)} ms de CPU del servidor por petición; ` +
            `${load.requestsPerSecond} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms a ${connections} conexiones ` +
            `(${load.errors + load.non2xx} errores; carga de la máquina: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")})`,
        );
      } finally {
        await server.stop();
      }
      const file = readdirSync(profileDir)
        .filter((f) => f.endsWith(".cpuprofile") && f.includes(`.${pid}.`))
        .map((f) => join(profileDir, f))[0];
      if (!file) {
        console.log("  (sin perfil: el proceso no lo escribió al salir)");
        continue;
      }
      const { busyMs, frames } = summariseProfile(JSON.parse(readFileSync(file, "utf8")));
      const print = (title: string, key: "selfMs" | "totalMs") => {
        console.log(`  ${title}`);
        for (const f of [...frames].sort((a, b) => b[key] - a[key]).slice(0, top)) {
          console.log(
            `    ${((f[key] / busyMs) * 100).toFixed(1).padStart(5)} %  ${f.frame.slice(0, 140)}`,
          );
        }
      };
      console.log(`  perfil: ${file} (${(busyMs / 1000).toFixed(1)} s ocupados)`);
      print("tiempo propio:", "selfMs");
      print("tiempo con lo que llama:", "totalMs");
    }
  } finally {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.PROFILE_DIR) console.log(`\nPerfiles en ${profileDir}`);
  }
}

if (process.argv[1]?.endsWith("profile.ts")) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

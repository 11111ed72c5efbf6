/**
 * How long a restart costs with a build present (issue 15.4): spawn `node scripts/start.mjs`
 * and time the first 200 on `/`, RUNS times, on the embedded database and, when
 * DATABASE_URL is set, on PostgreSQL. The first start of each fills the demo catalogue and
 * is not counted. Needs a build (`npm run build`).
 *   tsx bench/start-time.ts            # PGlite
 *   DATABASE_URL=postgres://… tsx bench/start-time.ts
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../server/project-root";
import { freePort } from "./servers";

const RUNS = Number(process.env.RUNS ?? 5);

async function timeOneStart(env: NodeJS.ProcessEnv): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: projectRoot(),
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  try {
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`el servidor terminó con ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error("el servidor no respondió en 5 minutos");
      const status = await fetch(`http://127.0.0.1:${port}/`).then(
        (res) => res.status,
        () => 0,
      );
      if (status === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

async function measure(label: string, env: NodeJS.ProcessEnv) {
  await timeOneStart(env); // fills the demo catalogue (and makes the secret) once
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timeOneStart(env));
  times.sort((a, b) => a - b);
  const ms = times.map((t) => Math.round(t));
  console.log(`${label}: ${ms.join(" / ")} ms (mediana ${ms[Math.floor(ms.length / 2)]} ms)`);
}

const dataDir = mkdtempSync(join(tmpdir(), "tiangue-start-"));
try {
  await measure("PGlite", { DATA_DIR: join(dataDir, "pglite"), DATABASE_URL: "" });
  if (process.env.DATABASE_URL) {
    await measure("PostgreSQL", {
      DATA_DIR: join(dataDir, "pg"),
      DEMO_DATA: "true",
      SESSION_SECRET: "s".repeat(48),
    });
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { processCount } from "./cluster";
import { freePort, getText, isRunning, spawnNode, waitFor, type Spawned } from "./test/processes";

const PRIMARY = join(import.meta.dirname, "test", "cluster-primary.ts");

/** Real processes: a primary running superviseWorkers over small HTTP workers. */
// No database here: once (in the PGlite project) is enough.
describe.skipIf(process.env.TEST_DB === "postgres")(
  "WEB_CONCURRENCY: worker processes on one port",
  { timeout: 120_000 },
  () => {
    let primary: Spawned | undefined;
    afterEach(async () => {
      if (primary && primary.child.exitCode === null && primary.child.signalCode === null) {
        primary.child.kill("SIGKILL");
        await primary.exited;
      }
      primary = undefined;
    });

    function start(env: NodeJS.ProcessEnv) {
      primary = spawnNode(["--import", "tsx", PRIMARY], env);
      return primary;
    }

    /** Asks until `count` different workers have answered; returns their pids. */
    async function pidsAnswering(url: string, count: number, except: number[] = []) {
      const seen = new Set<number>();
      return waitFor(`${count} procesos respondiendo`, async () => {
        const text = await getText(url);
        if (text && !except.includes(Number(text))) seen.add(Number(text));
        return seen.size >= count ? [...seen] : undefined;
      });
    }

    it("runs N workers on one port, replaces one that dies, and stops all on SIGTERM with 0", async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/`;
      const { child, exited, output } = start({
        PORT: String(port),
        WORKERS: "2",
        BACKOFF_MS: "50",
      });
      const [first, second] = await pidsAnswering(url, 2);
      expect(first).not.toBe(second);

      process.kill(first, "SIGKILL");
      const [replacement] = await pidsAnswering(url, 1, [first, second]);
      expect(replacement).not.toBe(first);
      expect(isRunning(first)).toBe(false);
      expect(output()).toContain(`Proceso de trabajo ${first} terminó con la señal SIGKILL`);

      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(isRunning(second)).toBe(false);
      expect(isRunning(replacement)).toBe(false);
    });

    it("waits longer each time a worker dies young, so a crash loop does not spin", async () => {
      const port = await freePort();
      const { child, exited, output } = start({
        PORT: String(port),
        WORKERS: "1",
        BACKOFF_MS: "50",
        WORKER_DIES_AFTER_MS: "100",
      });
      await waitFor("tres reemplazos", () =>
        output().includes("se reemplaza en 0.2 s") ? true : undefined,
      );
      const waits = [...output().matchAll(/se reemplaza en ([\d.]+) s/g)].map((m) => Number(m[1]));
      expect(waits.slice(0, 3)).toEqual([0.05, 0.1, 0.2]);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    });

    it("exits 1 when the first worker cannot start, instead of restarting it for ever", async () => {
      const { exited, output } = start({ PORT: String(await freePort()), WORKER_FAILS: "1" });
      expect(await exited).toBe(1);
      expect(output()).toContain("Tiangue no pudo iniciar");
    });
  },
);

describe("how many processes run", () => {
  it("is WEB_CONCURRENCY on PostgreSQL", () => {
    expect(processCount({ webConcurrency: 3, databaseUrl: "postgres://localhost/x" })).toBe(3);
  });

  it("stays 1 on the embedded database, saying why", () => {
    const said: string[] = [];
    expect(processCount({ webConcurrency: 4 }, (m) => said.push(m))).toBe(1);
    expect(said.join(" ")).toMatch(/WEB_CONCURRENCY=4 no aplica con la base de datos embebida/);
    expect(processCount({ webConcurrency: 1 }, (m) => said.push(m))).toBe(1);
    expect(said).toHaveLength(1);
  });
});

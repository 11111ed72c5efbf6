/**
 * Test fixture for server/cluster.test.ts: a primary that supervises cluster-worker.mjs with
 * the real superviseWorkers; WORKERS, BACKOFF_MS and HEALTHY_AFTER_MS come from the test.
 */
import { fileURLToPath } from "node:url";
import { superviseWorkers } from "../cluster";

superviseWorkers({
  workers: Number(process.env.WORKERS ?? 2),
  exec: fileURLToPath(new URL("./cluster-worker.mjs", import.meta.url)),
  backoffMs: Number(process.env.BACKOFF_MS ?? 1000),
  healthyAfterMs: Number(process.env.HEALTHY_AFTER_MS ?? 10_000),
  log: (message) => console.log(message),
});

/**
 * The production server, bundled into dist/server.js and run by `npm start`
 * (scripts/start.mjs): always production, whatever NODE_ENV says — the built app, never
 * Vite, no error details, the page cache on. Development is `npm run dev` (server/dev.ts).
 * With WEB_CONCURRENCY=N (PostgreSQL only) this process supervises N workers that each
 * run this same file (server/cluster.ts).
 */
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";

const requested = process.env.NODE_ENV;
if (requested && requested !== "production" && cluster.isPrimary) {
  console.warn(
    `NODE_ENV=${requested} no aplica aquí: este es el servidor de producción (para desarrollo: npm run dev).`,
  );
}
// Set before anything loads React, which picks its production build from NODE_ENV; the
// rest is imported afterwards (package.json "build" splits it into its own chunk for that).
process.env.NODE_ENV = "production";

const workers = cluster.isPrimary ? await requestedWorkers() : 1;
if (workers > 1) {
  const { superviseWorkers } = await import("./cluster");
  superviseWorkers({ workers, exec: fileURLToPath(import.meta.url) });
} else {
  const { runServer } = await import("./main");
  runServer("production");
}

/** WEB_CONCURRENCY as it applies here; a bad configuration is reported by the server itself. */
async function requestedWorkers(): Promise<number> {
  if (!process.env.WEB_CONCURRENCY) return 1;
  const [{ loadConfig }, { processCount }] = await Promise.all([
    import("./env"),
    import("./cluster"),
  ]);
  try {
    return processCount(loadConfig());
  } catch {
    return 1;
  }
}

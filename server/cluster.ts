import cluster, { type Worker } from "node:cluster";

/**
 * WEB_CONCURRENCY=N (issue 13): N worker processes share one port through node:cluster,
 * each a full server (server/main.ts); this primary process only supervises them. It holds
 * no database connection and loads none of the app.
 *
 * - The first worker starts alone; the others are forked once it listens, so migrations,
 *   the first administrator and the demo catalogue are made by one process, not raced.
 * - A worker that dies is replaced. One that dies soon after it started waits before its
 *   replacement, doubling each time (1 s, 2 s, 4 s… up to 30 s), so a crash loop does not
 *   spin; a worker that ran a while is replaced at once.
 * - If the first worker never listens (bad configuration, database unreachable), the
 *   primary exits 1 with it: there is nothing to supervise.
 * - SIGTERM or SIGINT: every worker gets SIGTERM and finishes its requests (server/main.ts);
 *   the primary exits 0 once all have exited, killing any still there after `stopAfterMs`.
 */
export interface SuperviseOptions {
  workers: number;
  /** The script each worker runs (defaults to this process's own). */
  exec?: string;
  /** First wait before replacing a worker that died young; doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A worker that lived this long counts as healthy: its replacement starts at once. */
  healthyAfterMs?: number;
  /** How long workers may take to stop before they are killed. */
  stopAfterMs?: number;
  log?: (message: string) => void;
}

export const DEFAULT_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 30_000;
const HEALTHY_AFTER_MS = 10_000;
/** Workers get 10 s to finish their requests (SHUTDOWN_GRACE_MS), and a little to close. */
const STOP_AFTER_MS = 15_000;

export function superviseWorkers(options: SuperviseOptions): void {
  const log = options.log ?? ((message: string) => console.log(message));
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const maxBackoffMs = options.maxBackoffMs ?? MAX_BACKOFF_MS;
  const healthyAfterMs = options.healthyAfterMs ?? HEALTHY_AFTER_MS;
  if (options.exec) cluster.setupPrimary({ exec: options.exec });

  const startedAt = new Map<Worker, number>();
  const pending = new Set<NodeJS.Timeout>();
  let anyListened = false;
  let youngDeaths = 0;
  let stopping = false;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    return worker;
  };

  cluster.on("listening", () => {
    if (anyListened) return;
    anyListened = true;
    log(`Tiangue: ${options.workers} procesos de trabajo (WEB_CONCURRENCY=${options.workers}).`);
    // The first one has migrated and prepared the database: the rest may start.
    for (let i = 1; i < options.workers; i++) fork();
  });

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    const how = signal ? `la señal ${signal}` : `el código ${code}`;
    if (!anyListened) {
      log(
        `Tiangue no pudo iniciar: el proceso de trabajo ${worker.process.pid} terminó con ${how}.`,
      );
      stopAll();
      process.exit(1);
    }
    youngDeaths = lived < healthyAfterMs ? youngDeaths + 1 : 0;
    const delay =
      youngDeaths === 0 ? 0 : Math.min(maxBackoffMs, backoffMs * 2 ** (youngDeaths - 1));
    log(
      `Proceso de trabajo ${worker.process.pid} terminó con ${how}; ` +
        (delay === 0 ? "se reemplaza ya." : `se reemplaza en ${delay / 1000} s.`),
    );
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) fork();
    }, delay);
    pending.add(timer);
  });

  const stopAll = () => {
    for (const timer of pending) clearTimeout(timer);
    pending.clear();
    for (const worker of startedAt.keys()) worker.process.kill("SIGTERM");
  };

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} recibido: deteniendo ${startedAt.size} procesos de trabajo…`);
    stopAll();
    if (startedAt.size === 0) process.exit(0);
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill("SIGKILL");
      log("Procesos de trabajo que no terminaron a tiempo: detenidos a la fuerza.");
      process.exit(1);
    }, options.stopAfterMs ?? STOP_AFTER_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  fork();
}

/**
 * How many processes to run: WEB_CONCURRENCY, except on the embedded database, which one
 * process owns (PGlite has no server; two processes on one data directory corrupt it).
 */
export function processCount(
  config: { webConcurrency: number; databaseUrl?: string },
  log: (message: string) => void = console.warn,
): number {
  if (config.webConcurrency > 1 && !config.databaseUrl) {
    log(
      `WEB_CONCURRENCY=${config.webConcurrency} no aplica con la base de datos embebida ` +
        "(PGlite): un solo proceso puede abrir DATA_DIR. Se usa 1 proceso; para varios, " +
        "configura DATABASE_URL (PostgreSQL).",
    );
    return 1;
  }
  return config.webConcurrency;
}

export const isWorker = () => cluster.isWorker;

import type { Database, DatabaseHandle, Queryable } from "../../db/client";
import * as repo from "./purge.repository";

/**
 * The daily purge (issue 13): carts untouched for 60 days (with their lines), expired
 * sessions of administrators and merchants, merchant sign-in links a day past their expiry,
 * rate-limit counters whose window is over, outbox e-mails sent more than 30 days ago, and
 * (issue 35) WhatsApp and push notices done with for 30 days and live order events a day old;
 * and (issue 37) the shopper's data of orders delivered or cancelled ORDER_PERSONAL_DATA_DAYS
 * ago, erased as an administrator's erasure does (server/modules/personal-data).
 *
 * Each kind goes in batches of `batchSize`, each batch its own transaction, so no delete
 * holds many rows locked or grows one transaction without end. On PostgreSQL a run holds an
 * advisory lock for its whole length: of several processes and machines on one database,
 * one purges at a time and the others skip that turn. The embedded database has a single
 * process (DATA_DIR is locked), so there it simply runs.
 *
 * Started after the server listens and stopped by app.close() (server/app.ts), like the
 * mail outbox's worker. PURGE_INTERVAL_HOURS (default 24; 0 switches it off) sets how often.
 */

export const PURGE_KINDS = [
  "carts",
  "cart_items",
  "sessions",
  "sign_in_links",
  "rate_limits",
  "outbox_emails",
  "outbox_notices",
  "order_events",
  "order_personal_data",
] as const;
export type PurgeKind = (typeof PURGE_KINDS)[number];
export type PurgeCounts = Record<PurgeKind, number>;

export interface PurgeResult {
  /** False when another process held the lock: this one purged nothing. */
  ran: boolean;
  purged: PurgeCounts;
}

/** The advisory lock's key: any constant no other code of ours uses ("tiangue purge"). */
export const PURGE_LOCK_KEY = 0x7469_616e_6775_6501n;
export const DEFAULT_BATCH_SIZE = 1000;
/** The first run after start: soon, so that a process restarted often still purges. */
export const FIRST_RUN_MS = 2 * 60_000;

/** The few logger methods the job uses; Fastify's (pino) logger is one. */
export interface PurgeLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PurgeJobOptions {
  db: Database;
  kind: DatabaseHandle["kind"];
  log: PurgeLogger;
  /** Hours between runs; 0: never runs by itself (runOnce() still works). */
  intervalHours: number;
  batchSize?: number;
  firstRunMs?: number;
  /**
   * Issue 37's retention: a batch erases up to `limit` expired orders' personal data in the
   * job's transaction and says how many orders it took; `afterRun` follows the committed run.
   */
  personalData?: {
    eraseBatch(tx: Queryable, limit: number): Promise<number>;
    afterRun(): Promise<void>;
  };
}

const zero = (): PurgeCounts =>
  Object.fromEntries(PURGE_KINDS.map((kind) => [kind, 0])) as PurgeCounts;

export class PurgeJob {
  private readonly db: Database;
  private readonly kind: DatabaseHandle["kind"];
  private readonly log: PurgeLogger;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly firstRunMs: number;
  private readonly personalData: PurgeJobOptions["personalData"];
  private readonly total = zero();
  private running: Promise<PurgeResult> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopping = false;

  constructor(options: PurgeJobOptions) {
    this.db = options.db;
    this.kind = options.kind;
    this.log = options.log;
    this.intervalMs = options.intervalHours * 60 * 60_000;
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.firstRunMs = options.firstRunMs ?? FIRST_RUN_MS;
    this.personalData = options.personalData;
  }

  /** Rows purged by this process since it started, by kind (GET /metrics). */
  totals(): Readonly<PurgeCounts> {
    return this.total;
  }

  /** Schedules the runs: the first after `firstRunMs`, then every interval. */
  start(): void {
    if (this.started || this.intervalMs <= 0) return;
    this.started = true;
    this.stopping = false;
    this.schedule(this.firstRunMs);
  }

  /** Stops the timer and waits for a run in progress (it stops after its current batch). */
  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => {});
  }

  /** One run now; a call during a run in this process shares that run. */
  runOnce(): Promise<PurgeResult> {
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }

  private schedule(delay: number) {
    // The timer alone never keeps the process (or a test) alive.
    this.timer = setTimeout(() => void this.tick(), delay).unref();
  }

  private async tick() {
    try {
      await this.runOnce();
    } catch (error) {
      this.log.error({ err: error }, "Limpieza diaria: falló; se intentará en el próximo turno");
    }
    if (this.started) this.schedule(this.intervalMs);
  }

  private async run(): Promise<PurgeResult> {
    if (this.kind === "pglite") return { ran: true, purged: await this.purgeAll() };
    const locked = await repo.withAdvisoryLock(this.db, PURGE_LOCK_KEY, () => this.purgeAll());
    if (!locked) {
      this.log.info({}, "Limpieza diaria: otro proceso la está haciendo; se omite este turno");
      return { ran: false, purged: zero() };
    }
    return { ran: true, purged: locked.value };
  }

  private async purgeAll(): Promise<PurgeCounts> {
    const purged = zero();
    const count = (kind: PurgeKind, n: number) => {
      purged[kind] += n;
      this.total[kind] += n;
    };
    await this.batches(async (tx) => {
      const { carts, lines } = await repo.deleteStaleCarts(tx, this.batchSize);
      count("carts", carts);
      count("cart_items", lines);
      return carts;
    });
    const simple: [PurgeKind, (tx: Queryable, limit: number) => Promise<number>][] = [
      ["sessions", repo.deleteExpiredSessions],
      ["sign_in_links", repo.deleteExpiredSignInLinks],
      ["rate_limits", repo.deleteExpiredCounters],
      ["outbox_emails", repo.deleteOldSentMail],
      ["outbox_notices", repo.deleteOldNotices],
      ["order_events", repo.deleteOldOrderEvents],
    ];
    for (const [kind, remove] of simple) {
      await this.batches(async (tx) => {
        const n = await remove(tx, this.batchSize);
        count(kind, n);
        return n;
      });
    }
    const personalData = this.personalData;
    if (personalData) {
      await this.batches(async (tx) => {
        const n = await personalData.eraseBatch(tx, this.batchSize);
        count("order_personal_data", n);
        return n;
      });
      await personalData.afterRun();
    }
    if (PURGE_KINDS.some((kind) => purged[kind] > 0)) {
      this.log.info({ purged }, "Limpieza diaria: filas vencidas borradas");
    }
    return purged;
  }

  /** Calls `batch` in a transaction of its own until it handles fewer than a full batch. */
  private async batches(batch: (tx: Queryable) => Promise<number>): Promise<void> {
    while (!this.stopping) {
      const handled = await this.db.transaction(batch);
      if (handled < this.batchSize) return;
    }
  }
}

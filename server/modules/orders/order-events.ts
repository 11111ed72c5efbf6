import type pg from "pg";
import type { Database } from "../../../db/client";
import type { MerchantOrderEventDto } from "../../../shared/api-types";
import type { FulfillmentStatus } from "../../../shared/order-life";
import type { OrderStatus } from "../../../shared/order-status";
import * as repo from "./order-events.repository";

/**
 * The live 'Pedidos' tab (issue 35): one hub per process serves every open stream of GET
 * /api/merchant/{id}/events. The events are rows (merchant_order_events, written with each
 * change), so a stream that reconnects with Last-Event-ID misses none, and so every process
 * sees the others' orders: on PostgreSQL a LISTEN connection wakes the hub at each commit,
 * and while any stream is open it also reads every POLL_MS, which bounds the delay when a
 * notification is lost (and is the only way on the embedded database, where the one
 * process also wakes itself after its own writes).
 */

export interface OrderEventSink {
  merchantId: number;
  /** The last event id this stream has (Last-Event-ID, or the newest at its start). */
  lastId: number;
  send(id: number, event: MerchantOrderEventDto): void;
  /** Ends the stream (the app is closing). */
  close(): void;
}

const POLL_MS = 250;
const BATCH = 500;
const RECONNECT_MS = 1000;

type Pool = pg.Pool & { options: pg.PoolConfig; ending?: boolean };

function poolOf(db: Database): Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client as Pool | undefined;
  return client && typeof client.connect === "function" && "totalCount" in client
    ? client
    : undefined;
}

export function toEventDto(row: repo.OrderEventRow): MerchantOrderEventDto {
  return {
    type: row.type as MerchantOrderEventDto["type"],
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    fulfillmentStatus: row.fulfillmentStatus as FulfillmentStatus,
    status: row.status as OrderStatus,
  };
}

export class OrderEventsHub {
  private readonly sinks = new Set<OrderEventSink>();
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | undefined;
  private again = false;
  private listener: pg.Client | undefined;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  /** Where a stream without Last-Event-ID starts: after what already happened. */
  latestId(): Promise<number> {
    return repo.latestOrderEventId(this.db);
  }

  /** Adds a stream; returns its removal. Events after its `lastId` reach it in order. */
  subscribe(sink: OrderEventSink): () => void {
    this.sinks.add(sink);
    void this.listen();
    this.wake();
    this.schedule();
    return () => {
      this.sinks.delete(sink);
      if (this.sinks.size === 0) this.stopReading();
    };
  }

  /** A write of this process committed (or is about to): read soon. */
  wake(): void {
    if (this.sinks.size === 0) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.read().finally(() => {
      this.reading = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  get streams(): number {
    return this.sinks.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const sink of this.sinks) sink.close();
    this.sinks.clear();
    this.stopReading();
    await this.reading;
  }

  private schedule() {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
  }

  private stopReading() {
    clearInterval(this.timer);
    this.timer = undefined;
    const listener = this.listener;
    this.listener = undefined;
    void listener?.end().catch(() => {});
  }

  private async read(): Promise<void> {
    const sinks = [...this.sinks];
    if (sinks.length === 0) return;
    const after = Math.min(...sinks.map((s) => s.lastId));
    const merchants = [...new Set(sinks.map((s) => s.merchantId))];
    try {
      const rows = await repo.orderEventsAfter(this.db, merchants, after, BATCH);
      for (const row of rows) {
        for (const sink of sinks) {
          if (sink.merchantId === row.merchantId && row.id > sink.lastId) {
            sink.lastId = row.id;
            sink.send(row.id, toEventDto(row));
          }
        }
      }
      // The streams behind others move on too, or they would hold the read back.
      const newest = rows.at(-1)?.id;
      if (newest !== undefined)
        for (const sink of sinks) sink.lastId = Math.max(sink.lastId, newest);
      if (rows.length === BATCH) this.again = true;
    } catch (error) {
      this.log.warn({ err: error }, "Pedidos en vivo: no se pudo leer la base de datos");
    }
  }

  /** PostgreSQL only: a LISTEN connection wakes the hub at each commit of any process. */
  private async listen(): Promise<void> {
    const pool = poolOf(this.db);
    if (!pool || this.listener || this.closed || pool.ending) return;
    const { default: pgModule } = await import("pg");
    if (this.listener || this.sinks.size === 0) return;
    const client = new pgModule.Client(pool.options);
    this.listener = client;
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      void client.end().catch(() => {});
      if (this.sinks.size > 0 && !this.closed)
        setTimeout(() => void this.listen(), RECONNECT_MS).unref();
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", () => this.wake());
    try {
      await client.connect();
      const connection = (client as unknown as { connection?: { stream?: { unref?(): void } } })
        .connection;
      connection?.stream?.unref?.();
      await client.query(`LISTEN ${repo.ORDER_EVENTS_CHANNEL}`);
    } catch {
      lost();
    }
  }
}

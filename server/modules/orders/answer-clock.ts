import { NO_ANSWER_REASON } from "../../../shared/notices";
import type { OrdersService } from "./orders.service";
import { waitedMinutes } from "./waiting-orders";

/**
 * No order left unanswered (issue 35). A merchant answers an order by moving it past
 * 'Recibido' or cancelling it; the clock runs only while its shop is open (schedule, special
 * dates, temporary closure: shared/open-time.ts), from the order's placing, or its payment
 * for a card order. After ORDER_REMINDER_MINUTES the merchant is reminded on every channel;
 * after ORDER_EXPIRY_MINUTES (0: never) the order is cancelled by `system`.
 *
 * Each step happens once whatever runs it: the order row is locked and must still be waiting
 * (and not yet reminded), so several processes, and a restart between two passes, never
 * remind or cancel twice (orders.service remindMerchant, expireUnanswered).
 */

const PASS_EVERY_MS = 30_000;
const PAGE = 500;

export interface AnswerClockOptions {
  orders: Pick<OrdersService, "listWaiting" | "remindMerchant" | "expireUnanswered">;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  reminderMinutes: number;
  /** 0: orders never expire. */
  expiryMinutes: number;
  intervalMs?: number;
  now?: () => Date;
}

export class AnswerClock {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<{ reminded: number; expired: number }> | undefined;
  private started = false;
  private readonly now: () => Date;
  readonly totals = { reminded: 0, expired: 0 };

  constructor(private readonly options: AnswerClockOptions) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(1000);
  }

  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => {});
  }

  /** One pass now; a call during a pass shares it. */
  runOnce(): Promise<{ reminded: number; expired: number }> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private schedule(delay: number) {
    this.timer = setTimeout(() => void this.tick(), delay).unref();
  }

  private async tick() {
    try {
      await this.runOnce();
    } catch (error) {
      this.options.log.error({ err: error }, "Pedidos sin respuesta: falló la revisión");
    }
    if (this.started) this.schedule(this.options.intervalMs ?? PASS_EVERY_MS);
  }

  private async pass(): Promise<{ reminded: number; expired: number }> {
    const { orders, reminderMinutes, expiryMinutes, log } = this.options;
    const done = { reminded: 0, expired: 0 };
    const now = this.now();
    for (let offset = 0; ;) {
      const { rows } = await orders.listWaiting({ limit: PAGE, offset });
      const expiredBefore = done.expired;
      for (const row of rows) {
        const minutes = waitedMinutes(row, now);
        if (expiryMinutes > 0 && minutes >= expiryMinutes) {
          if (await orders.expireUnanswered(row.order.id, NO_ANSWER_REASON)) {
            done.expired++;
            log.info(
              { order: row.order.orderNumber, minutes },
              "Pedido cancelado: sin respuesta del comercio",
            );
          }
        } else if (minutes >= reminderMinutes && row.order.reminderSentAt === null) {
          if (await orders.remindMerchant(row.order.id, Math.floor(minutes))) done.reminded++;
        }
      }
      if (rows.length < PAGE) break;
      // Cancelled orders left the list: the next page starts that many rows earlier.
      offset += PAGE - (done.expired - expiredBefore);
    }
    this.totals.reminded += done.reminded;
    this.totals.expired += done.expired;
    return done;
  }
}

import type { Queryable } from "../../../db/client";
import { centsToPrice, priceToCents, sumPrices } from "../../../shared/money";
import type { LinkOrder } from "./card-payment.repository";

/**
 * Issue 37 L3: a card checkout's payment link charges its total, and after each cancellation
 * of an unpaid order the total of the orders still standing (payments/link-sync.ts edits the
 * link). Wompi may not have taken an edit yet (down, or a payment already under way), so a
 * payment of any amount the link charged along the way is the checkout's: the total, then
 * less the first cancelled order, then less the first two… in the order they were cancelled.
 */
export interface PayableStep {
  /** Decimal text, as Wompi's notification is read ("12.50"). */
  amount: string;
  /** The cancelled orders this amount left out: paid nothing, owed nothing. */
  uncharged: number[];
}

export function payableSteps(total: string, rows: readonly LinkOrder[]): PayableStep[] {
  const cancelled = rows
    .filter((o) => o.status === "cancelled" && o.paidAt === null)
    .sort((a, b) => (a.cancelledEvent ?? 0) - (b.cancelledEvent ?? 0) || a.id - b.id);
  const steps: PayableStep[] = [{ amount: total, uncharged: [] }];
  let cents = priceToCents(total) ?? 0;
  for (let k = 1; k <= cancelled.length; k++) {
    cents -= priceToCents(cancelled[k - 1].totalAmount) ?? 0;
    // Every order cancelled: nothing is left to charge, and the link is deactivated.
    if (cents <= 0) break;
    steps.push({ amount: centsToPrice(cents), uncharged: cancelled.slice(0, k).map((o) => o.id) });
  }
  return steps;
}

/** What the link should charge now: the orders still standing; null when none stands. */
export function standingAmount(
  rows: readonly Pick<LinkOrder, "status" | "totalAmount">[],
): string | null {
  const standing = rows.filter((o) => o.status !== "cancelled");
  return standing.length === 0 ? null : sumPrices(standing.map((o) => o.totalAmount));
}

/**
 * The card checkout's payment link kept to what stands (payments/link-sync.ts): `due` marks
 * it to change in the cancellation's transaction (so a crash or Wompi down leaves it to the
 * retries), `sync` tells Wompi once that committed; it never throws.
 */
export interface PaymentLinks {
  due(tx: Queryable, checkoutId: number): Promise<void>;
  sync(checkoutId: number): Promise<unknown>;
}

import type { Queryable } from "../../../db/client";
import { AppError } from "../../errors";
import { hitCounter, readCounter } from "../../http/rate-limit";

/**
 * Checkouts nobody pays for up front (cash, transfer, WhatsApp) cost their maker nothing and
 * each sends a merchant an order to prepare: at most this many an hour per client address
 * (issue 37, M1). A card checkout is not counted: it is an order only once paid.
 */
export const UNPAID_CHECKOUTS_PER_HOUR = 10;
const WINDOW_MS = 60 * 60 * 1000;
export const UNPAID_CHECKOUT_LIMIT_MESSAGE =
  "Hiciste muchos pedidos en la última hora. Si necesitas hacer otro, escríbele al comercio o intenta más tarde.";

const keyOf = (clientAddress: string) => `checkout-unpaid:${clientAddress}`;

/** Refuses with 429 an address that already placed its hour's unpaid checkouts. */
export async function checkUnpaidCheckoutCap(db: Queryable, clientAddress: string): Promise<void> {
  const { hits } = await readCounter(db, keyOf(clientAddress));
  if (hits >= UNPAID_CHECKOUTS_PER_HOUR) throw AppError.rateLimited(UNPAID_CHECKOUT_LIMIT_MESSAGE);
}

/** Counts one unpaid checkout placed (after it committed: a refused one is not counted). */
export async function countUnpaidCheckout(db: Queryable, clientAddress: string): Promise<void> {
  await hitCounter(db, keyOf(clientAddress), WINDOW_MS);
}

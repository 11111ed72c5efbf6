import { randomUUID } from "node:crypto";
import { ORDER_LOOKUP_MESSAGE } from "../../../shared/order-life";
import { orderLookupSchema } from "../../../shared/schemas/order-life";
import { AppError, parseInput } from "../../errors";
import { hitCounter } from "../../http/rate-limit";
import type { ServiceDeps } from "../../service-deps";
import { orderLookupEmail } from "./checkout.emails";
import * as repo from "./checkout.repository";
import { mintOrderLink } from "./order-notices";

/** 'Buscar mi pedido' requests one e-mail address may make in LOOKUP_WINDOW_MS. */
export const LOOKUPS_PER_EMAIL = 3;
const LOOKUP_WINDOW_MS = 15 * 60 * 1000;

/** A request read and counted: what the lookup after the answer needs. */
export interface OrderLookupRequest {
  orderNumber: string;
  email: string;
}

/**
 * 'Buscar mi pedido' (POST /api/orders/lookup), in two halves as the sign-in link is (issue
 * 26, issue 37 L1): `accept` reads the body and counts the address, the same work for any
 * request, and the route answers 202; only then does `later` look the order up and, when
 * the number and the e-mail match, e-mail a new link to the order page. The answer's timing
 * says nothing about whether they matched. `settled()` waits for the second halves (tests,
 * and the server's close).
 */
export function createOrderLookup({
  db,
  config,
  mail,
}: Pick<ServiceDeps, "db" | "config" | "mail">) {
  const pending = new Set<Promise<void>>();

  const lookups = {
    message: ORDER_LOOKUP_MESSAGE,

    async accept(input: unknown): Promise<OrderLookupRequest> {
      const { orderNumber, email } = parseInput(orderLookupSchema, input);
      const address = email.toLowerCase();
      const counter = await hitCounter(db, `order-lookup:${address}`, LOOKUP_WINDOW_MS);
      if (counter.hits > LOOKUPS_PER_EMAIL) throw AppError.rateLimited();
      return { orderNumber, email: address };
    },

    /** The second half: the order looked up, and the link e-mailed on a match. */
    async deliver({ orderNumber, email }: OrderLookupRequest): Promise<void> {
      const found = await repo.findOrderForLookup(db, orderNumber);
      if (!found || found.customerEmail.toLowerCase() !== email) return;
      await db.transaction(async (tx) => {
        const orderUrl = await mintOrderLink(tx, config.publicUrl, found.checkoutId, orderNumber);
        await mail.enqueue(
          tx,
          orderLookupEmail({
            lookupId: randomUUID(),
            orderNumber,
            customerEmail: found.customerEmail,
            orderUrl,
          }),
          { publicForm: true },
        );
      });
    },

    /** Runs `deliver` once the route has answered; a failure goes to `onError` (the log). */
    later(request: OrderLookupRequest, onError: (error: unknown) => void): void {
      // Read through the object, so a test may hold the second half (as the portal's).
      const work = Promise.resolve()
        .then(() => lookups.deliver(request))
        .catch(onError);
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },

    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
  return lookups;
}

export type OrderLookup = ReturnType<typeof createOrderLookup>;

import { sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { checkouts, orders } from "../../../db/schema/index";
import * as repo from "./orders.repository";

/**
 * Locks one order for a change, after its checkout's row (issue 37 L4). Every path that pays
 * or changes a checkout's orders takes the checkout first, then the orders: the webhook's
 * UPDATE of the checkout (a unique column changes: the strongest row lock) and then its
 * orders; a change of one order its checkout (FOR NO KEY UPDATE, which that UPDATE waits for)
 * and then the order, so writing an order link later (checkout_tokens' foreign key takes a
 * share lock on the checkout) never waits for a webhook that waits for this order. Orders of
 * no checkout (demo data) lock their row alone. Same scopes as repo.lockOrder.
 */
export async function lockOrder(
  tx: Queryable,
  id: number,
  scope: { merchantId?: number; checkoutId?: number } = {},
): Promise<repo.OrderRow | undefined> {
  await tx.execute(
    sql`select ${checkouts.id} from ${checkouts}
         where ${checkouts.id} = (select ${orders.checkoutId} from ${orders} where ${orders.id} = ${id})
         for no key update`,
  );
  return repo.lockOrder(tx, id, scope);
}

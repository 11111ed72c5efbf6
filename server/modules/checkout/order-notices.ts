import type { Queryable } from "../../../db/client";
import type { ServiceDeps } from "../../service-deps";
import type { OrderNotifier } from "../orders/orders.service";
import { merchantCancelledEmail, orderNoticeEmail } from "./checkout.emails";
import { orderPageUrl } from "./checkout.presenter";
import * as repo from "./checkout.repository";
import { newToken, sha256 } from "./checkout.token";

/**
 * A new link to the checkout's order page (issue 25): the token goes into the e-mail, only
 * its hash into the database, as the first link's does.
 */
export async function mintOrderLink(
  tx: Queryable,
  publicUrl: string,
  checkoutId: number,
  orderNumber: string,
): Promise<string> {
  const token = newToken(null, null);
  await repo.insertCheckoutToken(tx, checkoutId, sha256(token));
  return orderPageUrl(publicUrl, orderNumber, token);
}

/**
 * The e-mails of an order's later steps (issue 25), written in the change's transaction:
 * the shopper hears of each step, a cancellation (with the merchant's reason) and a
 * refund, once each (the outbox's dedupe key); the merchant hears when the shopper cancels.
 * These are about an order the shopper placed, so the hourly cap of public forms does not
 * apply to them.
 */
export function createOrderNotices({ config, mail }: Pick<ServiceDeps, "config" | "mail">) {
  const notify: OrderNotifier = async (tx, order, notice, by) => {
    const merchant = order.merchantId
      ? await repo.findMerchantContact(tx, order.merchantId)
      : undefined;
    const orderUrl = order.checkoutId
      ? await mintOrderLink(tx, config.publicUrl, order.checkoutId, order.orderNumber)
      : `${config.publicUrl}/orders`;
    await mail.enqueue(
      tx,
      orderNoticeEmail({
        orderId: order.id,
        orderNumber: order.orderNumber,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        merchantName: merchant?.name ?? "El comercio",
        notice,
        reason: notice === "cancelled" && by === "merchant" ? order.cancelReason : null,
        refundReference: order.refundReference,
        orderUrl,
      }),
    );
    if (notice === "cancelled" && by === "shopper" && merchant) {
      await mail.enqueue(
        tx,
        merchantCancelledEmail({
          orderId: order.id,
          orderNumber: order.orderNumber,
          merchant,
          customerEmail: order.customerEmail,
        }),
      );
    }
  };
  return { notify };
}

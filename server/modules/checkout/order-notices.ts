import type { Queryable } from "../../../db/client";
import type { ServiceDeps } from "../../service-deps";
import { FIXED_RECIPIENT_EMAILS_PER_HOUR } from "../mail/mail.service";
import {
  EMAIL_OFF_REASON,
  type NoticeOrder,
  type NoticesService,
} from "../notices/notices.service";
import type { OrderNotifier, OrderReminder } from "../orders/orders.service";
import type { SoldOutItem } from "../products/products.service";
import { lineName } from "../../../shared/product-variants";
import {
  customerPaidEmail,
  customerSummaryEmail,
  merchantCancelledEmail,
  merchantOrderEmail,
  merchantPaidEmail,
  merchantSoldOutEmail,
  merchantWaitingEmail,
  orderNoticeEmail,
  type EmailCheckout,
  type EmailOrder,
} from "./checkout.emails";
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

/** One order of an e-mailed checkout, as the WhatsApp and push notices read it. */
function noticeOrderOf(checkout: EmailCheckout, order: EmailOrder): NoticeOrder {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    merchantId: order.merchant?.id ?? null,
    checkoutId: checkout.id,
    customerName: checkout.customerName,
    totalAmount: order.totalAmount,
    fulfillment: order.fulfillment,
    paymentMethod: checkout.paymentMethod,
    cancelReason: null,
    refundReference: null,
  };
}

/**
 * Every notice of an order, on every channel, written in the change's transaction (issues
 * 25 and 35): e-mail as before, and beside it WhatsApp (the shopper's only with its consent)
 * and push to the merchant's devices, each once (the outboxes' dedupe keys). A merchant that
 * switched its e-mails off still has them written, as `skipped`: a WhatsApp notice of the
 * same news that fails sends it after all. Notices about an order the shopper placed are not
 * under the public forms' hourly cap, except the summary of a new checkout.
 */
export function createOrderNotices(
  { config, mail }: Pick<ServiceDeps, "config" | "mail">,
  notices: Pick<
    NoticesService,
    "merchantOrderNotice" | "shopperOrderNotice" | "merchantStockNotice"
  >,
) {
  const notify: OrderNotifier = async (tx, order, notice, by) => {
    const merchant = order.merchantId
      ? await repo.findMerchantContact(tx, order.merchantId)
      : undefined;
    const orderUrl = order.checkoutId
      ? await mintOrderLink(tx, config.publicUrl, order.checkoutId, order.orderNumber)
      : `${config.publicUrl}/orders`;
    // Cancelled for no answer: the shopper reads the system's reason like a merchant's.
    const expired = notice === "cancelled" && by === "system";
    await mail.enqueue(
      tx,
      orderNoticeEmail({
        orderId: order.id,
        orderNumber: order.orderNumber,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        merchantName: merchant?.name ?? "El comercio",
        notice,
        reason:
          notice === "cancelled" && by !== "shopper" && by !== "admin" ? order.cancelReason : null,
        refundReference: order.refundReference,
        orderUrl,
      }),
    );
    await notices.shopperOrderNotice(tx, order, expired ? "expired" : notice, orderUrl);
    if (notice === "cancelled" && by === "shopper" && merchant) {
      await mail.enqueue(
        tx,
        merchantCancelledEmail({
          orderId: order.id,
          orderNumber: order.orderNumber,
          merchant,
          customerEmail: order.customerEmail,
        }),
        { skippedBecause: merchant.emailNotices ? null : EMAIL_OFF_REASON },
      );
    }
  };

  /** ORDER_REMINDER_MINUTES of open time without an answer: the merchant, on every channel. */
  const remind: OrderReminder = async (tx, order, minutes) => {
    if (!order.merchantId) return;
    const merchant = await repo.findMerchantContact(tx, order.merchantId);
    if (!merchant) return;
    const { emailSkippedBecause } = await notices.merchantOrderNotice(tx, order, "waiting", {
      waitingMinutes: minutes,
    });
    await mail.enqueue(
      tx,
      merchantWaitingEmail({
        orderId: order.id,
        orderNumber: order.orderNumber,
        merchant,
        minutes,
        expiryMinutes: config.orderExpiryMinutes,
        portalUrl: `${config.publicUrl}/merchant/orders/${order.merchantId}/${order.id}`,
      }),
      { skippedBecause: emailSkippedBecause },
    );
  };

  return {
    notify,
    remind,

    /** A new checkout: the shopper's summary, each merchant's new order on its channels. */
    async placed(tx: Queryable, checkout: EmailCheckout): Promise<void> {
      // The shopper typed this address into a public form: counted against its hourly cap.
      await mail.enqueue(tx, customerSummaryEmail(checkout), { publicForm: true });
      for (const order of checkout.orders) {
        const noticeOrder = noticeOrderOf(checkout, order);
        const { emailSkippedBecause } = await notices.merchantOrderNotice(tx, noticeOrder, "new");
        const message = merchantOrderEmail(checkout, order);
        if (message) {
          await mail.enqueue(tx, message, {
            skippedBecause: emailSkippedBecause,
            // Anyone can check out: beyond 20 an hour, the shop gets one summary of the rest.
            digest: {
              subject: "Más pedidos nuevos en Tiangue",
              intro: `Llegaron más de ${FIXED_RECIPIENT_EMAILS_PER_HOUR} pedidos en una hora; estos son los demás. Revísalos en tu portal.`,
              button: {
                label: "Ver mis pedidos",
                url: `${config.publicUrl}/merchant?${new URLSearchParams({ comercio: String(order.merchant?.id ?? ""), tab: "pedidos" })}`,
              },
            },
          });
        }
        await notices.shopperOrderNotice(tx, noticeOrder, "received", checkout.orderUrl);
      }
    },

    /**
     * Issue 36: what a checkout sold out (a count brought to 0), each to its merchant: push
     * and e-mail, once per product, variant and checkout.
     */
    async soldOut(tx: Queryable, checkoutId: number, items: readonly SoldOutItem[]) {
      for (const item of items) {
        const merchant = await repo.findMerchantContact(tx, item.merchantId);
        if (!merchant) continue;
        const name = lineName(item.productName, item.variantName);
        const portalUrl = `${config.publicUrl}/merchant?comercio=${item.merchantId}&tab=productos`;
        const message = merchantSoldOutEmail({
          checkoutId,
          productId: item.productId,
          variantId: item.variantId,
          name,
          merchant,
          portalUrl,
        });
        const { emailSkippedBecause } = await notices.merchantStockNotice(tx, {
          merchantId: item.merchantId,
          dedupeKey: message.dedupeKey,
          name,
          url: portalUrl,
        });
        await mail.enqueue(tx, message, { skippedBecause: emailSkippedBecause });
      }
    },

    /** A card checkout paid: the shopper's receipt, each paid order's merchant on its channels. */
    async paid(tx: Queryable, checkout: EmailCheckout, paidIds: ReadonlySet<number>) {
      await mail.enqueue(tx, customerPaidEmail(checkout));
      for (const order of checkout.orders.filter((o) => paidIds.has(o.id))) {
        const { emailSkippedBecause } = await notices.merchantOrderNotice(
          tx,
          noticeOrderOf(checkout, order),
          "paid",
        );
        const message = merchantPaidEmail(checkout, order);
        if (message) await mail.enqueue(tx, message, { skippedBecause: emailSkippedBecause });
      }
    },
  };
}

export type OrderNotices = ReturnType<typeof createOrderNotices>;

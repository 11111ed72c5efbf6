import { AppError } from "../../errors";
import { hitCounter } from "../../http/rate-limit";
import type { ServiceDeps } from "../../service-deps";
import { isUniqueViolation } from "../catalog/constraint-errors";
import type { OrdersService } from "../orders/orders.service";
import { WompiError } from "../payments/wompi.client";
import { parseWompiNotification, verifyWompiSignature } from "../payments/wompi.signature";
import * as repo from "./checkout.repository";
import type { EmailCheckoutReader } from "./order-page";
import type { OrderNotices } from "./order-notices";
import { WebhookSignatureError, type WebhookOutcome } from "./wompi-webhook";

/**
 * Lookups at Wompi one client address may cause from order pages (`?idTransaccion=`) in
 * PAYMENT_CHECK_WINDOW_MS (issue 26); over it, the page is shown without asking Wompi.
 * A shopper back from paying causes one; the webhook pays the order anyway.
 */
export const PAYMENT_CHECKS_PER_ADDRESS = 10;
const PAYMENT_CHECK_WINDOW_MS = 5 * 60 * 1000;

/**
 * A card checkout marked paid: by Wompi's webhook, or when the shopper comes back from
 * paying and Wompi confirms the transaction.
 */
export function createPaymentConfirmation(
  { db, config, log, wompi }: Pick<ServiceDeps, "db" | "config" | "log" | "wompi">,
  services: {
    orders: Pick<OrdersService, "payableAmounts" | "transaction" | "applyCardPayment">;
    notices: Pick<OrderNotices, "paid">;
    emailCheckout: EmailCheckoutReader;
  },
) {
  const ordersService = services.orders;

  const payable = (c: repo.CheckoutRow) => ordersService.payableAmounts(db, c.id, c.totalAmount);

  /**
   * Marks the checkout paid by this transaction, once, with the e-mails in the same
   * transaction. Returns what happened.
   */
  async function markPaid(
    checkout: repo.CheckoutRow,
    transactionId: string,
    amount: string | null,
  ): Promise<"paid" | "already_paid" | "transaction_used"> {
    try {
      return await ordersService.transaction(async (tx) => {
        const paid = await repo.markCheckoutPaid(tx, checkout.id, transactionId);
        if (!paid) return "already_paid" as const;
        // Cancelled orders are never paid again: their money is owed back (refund_due).
        const paidOrders = await ordersService.applyCardPayment(tx, checkout.id, {
          paidAt: paid.paidAt!,
          transactionId,
          amount,
        });
        if (paidOrders.length === 0) {
          log.warn(
            { checkout: checkout.reference, transactionId },
            "Wompi: pago de pedidos ya cancelados; queda un reembolso pendiente",
          );
          return "paid" as const;
        }
        const email = await services.emailCheckout(tx, paid, `${config.publicUrl}/orders`);
        await services.notices.paid(tx, email, new Set(paidOrders.map((o) => o.id)));
        return "paid" as const;
      });
    } catch (error) {
      // One Wompi transaction pays one checkout (checkouts.transaction_id is unique).
      if (isUniqueViolation(error)) return "transaction_used";
      throw error;
    }
  }

  /**
   * The shopper back from Wompi with `?idTransaccion=`: asks Wompi about the checkout's own
   * payment link and marks the checkout paid only when that transaction is one of the link's,
   * approved, real (in production) and of the exact total. Each transaction is asked about at
   * most once per checkout, and each client address may cause PAYMENT_CHECKS_PER_ADDRESS
   * lookups a window; otherwise the page is shown as it is (the webhook pays the order).
   * Returns whether the checkout may have changed.
   */
  async function confirmReturn(
    checkout: repo.CheckoutRow & { paymentId: string },
    transactionId: string,
    clientAddress: string,
  ): Promise<boolean> {
    if (!wompi || !(await repo.claimPaymentCheck(db, checkout.id, transactionId))) return false;
    const about = { checkout: checkout.reference, transactionId };
    const counter = await hitCounter(db, `payment-check:${clientAddress}`, PAYMENT_CHECK_WINDOW_MS);
    if (counter.hits > PAYMENT_CHECKS_PER_ADDRESS) {
      await repo.releasePaymentCheck(db, checkout.id, transactionId);
      log.info(about, "Wompi: demasiadas consultas desde esta dirección; no se pregunta ahora");
      return false;
    }
    let link;
    try {
      link = await wompi.getPaymentLink(checkout.paymentId);
    } catch (error) {
      if (!(error instanceof WompiError)) throw error;
      // Not answered: a reload may ask again. The page shows the order as pending meanwhile.
      await repo.releasePaymentCheck(db, checkout.id, transactionId);
      log.warn(
        { ...about, failure: error.failure, detail: error.detail },
        "Wompi: no se pudo confirmar la transacción",
      );
      return false;
    }
    const t = link.transactions.find((candidate) => candidate.id === transactionId);
    if (!t) {
      log.warn(
        { ...about, linkId: checkout.paymentId },
        "Wompi: la transacción no es del enlace de este pedido; no se marca pagado",
      );
      return false;
    }
    if (!t.approved) return false;
    if (!t.real && config.production) {
      log.warn(about, "Wompi: transacción de prueba en producción; no se marca pagado");
      return false;
    }
    // Issue 37 L3: the total, or what the link charged after cancellations (card-payment.ts).
    if (!(await payable(checkout)).includes(t.amount)) {
      log.warn(
        { ...about, amount: t.amount, expected: checkout.totalAmount },
        "Wompi: el monto de la transacción no es el total del pedido",
      );
      return false;
    }
    if ((await markPaid(checkout, t.id, t.amount)) === "transaction_used") {
      log.warn(about, "Wompi: la transacción ya pagó otro pedido");
    }
    return true;
  }

  /**
   * Wompi's notification, checked against the exact raw body's signature. Approved with
   * the checkout's exact total: every order of the checkout becomes paid, once.
   */
  async function handleWebhook(
    rawBody: Buffer,
    signature: string | string[] | undefined,
  ): Promise<WebhookOutcome> {
    if (!config.wompi || !verifyWompiSignature(rawBody, signature, config.wompi.apiSecret)) {
      throw new WebhookSignatureError();
    }
    const notification = parseWompiNotification(rawBody);
    if (!notification) throw AppError.badRequest("Notificación inválida");
    const about = {
      transactionId: notification.transactionId,
      reference: notification.reference,
      linkId: notification.linkId,
    };
    if (!notification.approved) {
      log.info({ ...about, result: notification.result }, "Wompi: pago no aprobado");
      return "not_approved";
    }
    // Answered 200 like a refused payment, so Wompi stops sending it; nothing changes. In
    // production only an explicit EsProductiva true is money (issue 37 L2).
    if (config.production && notification.productive !== true) {
      log.warn(
        about,
        notification.productive === false
          ? "Wompi: notificación de prueba (EsProductiva: false) en producción; no se marca pagado"
          : "Wompi: notificación sin EsProductiva en producción; no se marca pagado",
      );
      return "not_productive";
    }
    const checkout =
      (notification.reference
        ? await repo.findCheckoutByReference(db, notification.reference)
        : undefined) ??
      (notification.linkId
        ? await repo.findCheckoutByPaymentId(db, notification.linkId)
        : undefined);
    if (!checkout) {
      log.warn(about, "Wompi: notificación de un pedido desconocido");
      return "unknown_checkout";
    }
    if (!(await payable(checkout)).includes(notification.amount ?? "")) {
      log.warn(
        { ...about, amount: notification.amount, expected: checkout.totalAmount },
        "Wompi: el monto notificado no es el total del pedido; no se marca pagado",
      );
      return "amount_mismatch";
    }
    const outcome = await markPaid(checkout, notification.transactionId, notification.amount);
    if (outcome === "already_paid") {
      // Read again: `checkout` may have been read before a copy of this same notification,
      // arriving at the same instant, paid it (issue 26). Only another transaction is news.
      const paidBy = (await repo.findCheckout(db, checkout.id))?.transactionId ?? null;
      if (paidBy === notification.transactionId) {
        log.info(about, "Wompi: notificación repetida de un pago ya aplicado");
      } else {
        log.warn({ ...about, paidBy }, "Wompi: otro pago aprobado de un pedido ya pagado");
      }
    } else if (outcome === "transaction_used") {
      log.warn(about, "Wompi: la transacción ya pagó otro pedido");
    }
    return outcome;
  }

  return { confirmReturn, handleWebhook };
}

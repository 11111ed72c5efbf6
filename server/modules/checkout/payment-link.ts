import {
  CARD_UNAVAILABLE_MESSAGE,
  PAYMENT_PROVIDER_UNAVAILABLE_MESSAGE,
} from "../../../shared/checkout";
import { ALL_CANCELLED_NO_PAYMENT_MESSAGE } from "../../../shared/order-life";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { standingAmount, type OrdersService } from "../orders/orders.service";
import { WompiError } from "../payments/wompi.client";
import { WOMPI_WEBHOOK_PATH } from "../payments/wompi.signature";
import * as repo from "./checkout.repository";

/** A card checkout's payment link at Wompi, asked for once it is placed (or again later). */
export function createPaymentLinks(
  { db, config, log, wompi }: Pick<ServiceDeps, "db" | "config" | "log" | "wompi">,
  orders: Pick<OrdersService, "setPaymentLink">,
) {
  const webhookUrl = `${config.publicUrl}${WOMPI_WEBHOOK_PATH}`;

  /**
   * A card checkout not paid yet without a link (Wompi was down): asks Wompi for one.
   * Throws the 502 when Wompi cannot give it; the orders stay pending.
   */
  async function ensure(checkout: repo.CheckoutRow, orderUrl: string): Promise<repo.CheckoutRow> {
    if (checkout.paymentMethod !== "card" || checkout.paidAt || checkout.paymentUrl) {
      return checkout;
    }
    if (!wompi) throw AppError.conflict(CARD_UNAVAILABLE_MESSAGE);
    const rows = await repo.listCheckoutOrders(db, checkout.id);
    if (rows.every((o) => o.status === "cancelled")) {
      throw AppError.conflict(ALL_CANCELLED_NO_PAYMENT_MESSAGE);
    }
    const numbers = rows.map((o) => o.orderNumber).join(", ");
    try {
      const link = await wompi.createPaymentLink({
        reference: checkout.reference,
        // Issue 37 L3: what still stands (the webhook accepts it: card-payment.ts).
        amount: standingAmount(rows) ?? checkout.totalAmount,
        productName: `${rows.length > 1 ? "Pedidos" : "Pedido"} ${numbers} en Tiangue`,
        redirectUrl: orderUrl,
        webhookUrl,
      });
      const kept = await repo.setPaymentLink(db, checkout.id, link);
      // Another request kept its link first: the checkout as it now is.
      if (!kept) return (await repo.findCheckout(db, checkout.id)) ?? checkout;
      await orders.setPaymentLink(db, checkout.id, link);
      return kept;
    } catch (error) {
      if (error instanceof WompiError) {
        log.warn(
          { checkout: checkout.reference, failure: error.failure, detail: error.detail },
          "Wompi: no se pudo crear el enlace de pago",
        );
        throw AppError.badGateway(PAYMENT_PROVIDER_UNAVAILABLE_MESSAGE);
      }
      throw error;
    }
  }

  return { ensure };
}

import { randomUUID } from "node:crypto";
import type { Queryable } from "../../../db/client";
import { sumPrices } from "../../../shared/money";
import { WHATSAPP_NUMBER_REQUIRED_MESSAGE } from "../../../shared/notices";
import type { Checkout } from "../../../shared/schemas/checkout";
import { toWhatsAppNumber, WHATSAPP_NUMBER_MESSAGE } from "../../../shared/whatsapp-number";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { isUniqueViolation } from "../catalog/constraint-errors";
import type { CartService } from "../cart/cart.service";
import type { OrdersService } from "../orders/orders.service";
import { lineKey, type ProductsService } from "../products/products.service";
import {
  checkCartLines,
  planOrders,
  stockLineOf,
  type CheckoutRequest,
  type OrdersPlan,
} from "./checkout-plan";
import { orderPageUrl } from "./checkout.presenter";
import * as repo from "./checkout.repository";
import { newSalt, newToken, sha256 } from "./checkout.token";
import type { EmailCheckoutReader } from "./order-page";
import type { OrderNotices } from "./order-notices";

/** A checkout placed by its transaction, or the one placed first with the same key. */
export type CheckoutWritten =
  | {
      checkout: repo.CheckoutRow;
      orderUrl: string;
      /** The cache's tags of products whose availability changed (TakenStock.changes). */
      availabilityChanges: string[];
    }
  | { again: repo.CheckoutRow };

/**
 * The checkout's writes: its row and one order per merchant (by the orders module), the
 * lines' stock taken (the products module), the cart emptied (the cart module) and the
 * notices queued, all in one transaction.
 */
export function createCheckoutTransaction(
  { db, config }: Pick<ServiceDeps, "db" | "config">,
  services: {
    orders: Pick<OrdersService, "insertPlaced">;
    cart: Pick<CartService, "empty">;
    notices: Pick<OrderNotices, "placed" | "soldOut">;
    stock: Pick<ProductsService, "takeStock">;
    whatsappNotices: boolean;
    emailCheckout: EmailCheckoutReader;
  },
) {
  /** One order per merchant group, at the checkout's time; answers their numbers in order. */
  async function insertOrders(
    tx: Queryable,
    checkout: repo.CheckoutRow,
    body: Checkout,
    plan: OrdersPlan,
    counted: ReadonlySet<string>,
  ): Promise<string[]> {
    const numbers: string[] = [];
    for (const group of plan.groups) {
      const order = await services.orders.insertPlaced(tx, {
        createdAt: checkout.createdAt,
        sessionId: body.sessionId,
        customerName: body.customerName,
        customerEmail: body.customerEmail,
        customerPhone: body.customerPhone || null,
        note: body.note || null,
        checkoutId: checkout.id,
        merchantId: group.merchant.id,
        paymentMethod: body.paymentMethod,
        fulfillment: group.fulfillment,
        deliveryAddress: group.fulfillment === "delivery" ? plan.address : null,
        subtotal: group.subtotal,
        deliveryFee: group.deliveryFee,
        totalAmount: group.total,
        commissionPercent: body.paymentMethod === "card" ? config.commissionPercent : "0",
        lines: group.lines.map(({ product, variant, quantity }) => ({
          productId: product.id,
          name: product.name,
          imageUrl: product.imageUrl,
          price: product.price,
          quantity,
          variantId: variant?.id ?? null,
          variantName: variant?.name ?? null,
          stockTaken: counted.has(
            lineKey({ productId: product.id, variantId: variant?.id ?? null }),
          ),
        })),
      });
      numbers.push(order.orderNumber);
    }
    return numbers;
  }

  /**
   * The shopper's consent to WhatsApp notices (issue 35), at its number or the phone it typed;
   * ignored when WhatsApp is not configured (the box was not offered).
   */
  function whatsappConsent(
    body: Checkout,
  ): { whatsappNumber: string; whatsappConsentAt: Date } | null {
    if (!body.whatsappNotices || !services.whatsappNotices) return null;
    const number =
      body.whatsappNumber ?? (body.customerPhone ? toWhatsAppNumber(body.customerPhone) : null);
    if (!number) {
      const message = body.customerPhone
        ? WHATSAPP_NUMBER_MESSAGE
        : WHATSAPP_NUMBER_REQUIRED_MESSAGE;
      throw AppError.validation([{ path: "whatsappNumber", message }], message);
    }
    return { whatsappNumber: number, whatsappConsentAt: new Date() };
  }

  /**
   * The checkout's one transaction: the cart's lines locked and checked, the orders planned
   * and written, the cart emptied (by the cart module) and the e-mails queued. Answers the
   * checkout another request with the same Idempotency-Key placed first as `again`.
   */
  async function writeCheckout(request: CheckoutRequest): Promise<CheckoutWritten> {
    const { body, key, keyHash } = request;
    const salt = key === null ? null : newSalt();
    const token = newToken(salt, key);
    try {
      return await db.transaction(async (tx) => {
        const lines = await repo.lockCartLines(tx, body.sessionId);
        // A request with this key may have placed the checkout while we waited for the lines.
        if (keyHash) {
          const again = await repo.findCheckoutByKey(tx, body.sessionId, keyHash);
          if (again) return { again };
        }
        checkCartLines(lines);
        // Issue 36: the lines' stock, locked and taken (a 409 naming each short line).
        const taken = await services.stock.takeStock(tx, lines.map(stockLineOf));
        const plan = await planOrders(tx, body, lines);
        const consent = whatsappConsent(body);
        const checkout = await repo.insertCheckout(tx, {
          ...consent,
          reference: randomUUID(),
          tokenHash: sha256(token),
          tokenSalt: salt,
          sessionId: body.sessionId,
          idempotencyKeyHash: keyHash,
          paymentMethod: body.paymentMethod,
          totalAmount: sumPrices(plan.groups.map((g) => g.total)),
        });
        const numbers = await insertOrders(tx, checkout, body, plan, taken.counted);
        await services.cart.empty(tx, body.sessionId);
        const orderUrl = orderPageUrl(config.publicUrl, numbers[0], token);
        await services.notices.placed(tx, await services.emailCheckout(tx, checkout, orderUrl));
        await services.notices.soldOut(tx, checkout.id, taken.soldOut);
        return { checkout, orderUrl, availabilityChanges: taken.changes };
      });
    } catch (error) {
      // Two requests with one key at once: the second answers the first one's checkout.
      if (keyHash && isUniqueViolation(error, "checkouts_idempotency_idx")) {
        const existing = await repo.findCheckoutByKey(db, body.sessionId, keyHash);
        if (existing) return { again: existing };
      }
      throw error;
    }
  }

  return writeCheckout;
}

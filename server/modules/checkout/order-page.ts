import type { Queryable } from "../../../db/client";
import { ORDER_PAGE_NOT_FOUND_MESSAGE, type CheckoutDto } from "../../../shared/checkout";
import type { OrderFulfillment } from "../../../shared/order-life";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { deliveryAddressOf, type OrdersService } from "../orders/orders.service";
import type { EmailCheckout } from "./checkout.emails";
import { orderPageUrl, toCheckoutDto } from "./checkout.presenter";
import * as repo from "./checkout.repository";
import { tokenMatches } from "./checkout.token";

const ORDER_NUMBER_PATTERN = /^ES-\d{4}-\d{6,12}$/;

/**
 * A checkout's orders as its order page and its e-mails read them: the token's check, the
 * page's DTO and URL, and the facts the shopper's and the merchants' e-mails are written from.
 */
export function createOrderPage(
  { db, config }: Pick<ServiceDeps, "db" | "config">,
  orders: Pick<OrdersService, "linesOf" | "historyOf">,
) {
  async function present(checkout: repo.CheckoutRow, orderUrl: string): Promise<CheckoutDto> {
    const rows = await repo.listCheckoutOrders(db, checkout.id);
    const ids = rows.map((o) => o.id);
    const [lines, history] = await Promise.all([
      orders.linesOf(db, ids),
      orders.historyOf(db, ids),
    ]);
    return toCheckoutDto(checkout, rows, lines, history, orderUrl);
  }

  async function urlOf(checkout: repo.CheckoutRow, token: string): Promise<string> {
    const [first] = await repo.listCheckoutOrders(db, checkout.id);
    return orderPageUrl(config.publicUrl, first.orderNumber, token);
  }

  async function emailCheckout(
    tx: Queryable,
    checkout: repo.CheckoutRow,
    orderUrl: string,
  ): Promise<EmailCheckout> {
    const rows = await repo.listCheckoutOrders(tx, checkout.id);
    const lines = await orders.linesOf(
      tx,
      rows.map((o) => o.id),
    );
    const first = rows[0];
    return {
      id: checkout.id,
      paymentMethod: checkout.paymentMethod,
      totalAmount: checkout.totalAmount,
      customerName: first.customerName,
      customerEmail: first.customerEmail,
      customerPhone: first.customerPhone,
      orderUrl,
      orders: rows.map((order) => ({
        id: order.id,
        orderNumber: order.orderNumber,
        subtotal: order.subtotal,
        deliveryFee: order.deliveryFee,
        totalAmount: order.totalAmount,
        fulfillment: order.fulfillment as OrderFulfillment | null,
        deliveryAddress: deliveryAddressOf(order),
        note: order.note,
        merchant: order.merchant,
        items: lines.get(order.id) ?? [],
      })),
    };
  }

  /** The checkout of this order number when the token is its own; else 404. */
  async function authorized(orderNumber: unknown, token: unknown): Promise<repo.CheckoutRow> {
    if (
      typeof orderNumber !== "string" ||
      typeof token !== "string" ||
      !ORDER_NUMBER_PATTERN.test(orderNumber)
    ) {
      throw AppError.notFound(ORDER_PAGE_NOT_FOUND_MESSAGE);
    }
    const checkout = await repo.findCheckoutByOrderNumber(db, orderNumber);
    // Hashing and comparing also when there is no such order keeps the timing the same.
    let matches = tokenMatches(token, checkout?.tokenHash ?? "0".repeat(64));
    if (checkout && !matches) {
      // The links of the step e-mails and of 'Buscar mi pedido' (issue 25).
      const others = await repo.listCheckoutTokenHashes(db, checkout.id);
      matches = others.map((hash) => tokenMatches(token, hash)).includes(true);
    }
    if (!checkout || !matches) throw AppError.notFound(ORDER_PAGE_NOT_FOUND_MESSAGE);
    return checkout;
  }

  return { present, urlOf, emailCheckout, authorized };
}

/** The facts of a checkout's e-mails, read in the transaction that writes them. */
export type EmailCheckoutReader = ReturnType<typeof createOrderPage>["emailCheckout"];

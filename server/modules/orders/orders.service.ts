import { z } from "zod";
import type { Queryable } from "../../../db/client";
import type {
  OrderDto,
  OrderItemDto,
  OrderStatus,
  WaitingOrderDto,
} from "../../../shared/api-types";
import type { AdminOrderDto } from "../../../shared/checkout";
import { svWallClock } from "../../../shared/dates";
import { ADMIN_PAGE_SIZE, CART_QUANTITY_MAX } from "../../../shared/limits";
import type { AdminOrderListQuery } from "../../../shared/schemas/list-queries";
import type { PaymentMethod } from "../../../shared/order-life";
import { multiplyPrice, priceToCents, sumPrices } from "../../../shared/money";
import { ORDER_STATUSES } from "../../../shared/order-status";
import { orderStatusSchema } from "../../../shared/schemas/index";
import { emailField } from "../../../shared/schemas/fields";
import {
  CARD_NOT_CONFIRMED_MESSAGE,
  CARD_PAID_BY_WOMPI_MESSAGE,
  isForward,
  MERCHANT_STATUS_PENDING_MESSAGE,
  ORDER_ALREADY_PREPARING_MESSAGE,
  ORDER_CANCELLED_MESSAGE,
  ORDER_DELIVERED_MESSAGE,
  REFUND_NOT_DUE_MESSAGE,
  STEP_BACKWARDS_MESSAGE,
  stepsOf,
  type DeliveryAddress,
  type FulfillmentStatus,
  type OrderFulfillment,
  type StatusActor,
} from "../../../shared/order-life";
import {
  merchantOrderStatusSchema,
  refundSchema,
  shopperCancelSchema,
} from "../../../shared/schemas/order-life";
import { AppError, parseInput } from "../../errors";
import type { BaseServiceDeps } from "../../service-deps";
import { checkPage, type Paged } from "../catalog/paging";
import {
  historyByOrder,
  itemsByOrder,
  toAdminOrderDtos,
  toOrderDto,
  toOrderItemDto,
} from "./orders.presenter";
import { toWaitingOrderDto } from "./waiting-orders";
import { OrderEventsHub } from "./order-events";
import { recordOrderEvent } from "./order-events.repository";
import * as repo from "./orders.repository";

/** The checkout presents its orders with the same issue-25 fields. */
export { deliveryAddressOf, toOrderLifeFields } from "./orders.presenter";

export const ORDER_NOT_FOUND = "Pedido no encontrado";
export const PRODUCT_NOT_FOUND = "Producto no encontrado";
export const ORDER_TOTAL_TOO_LARGE = "El total del pedido supera el máximo permitido";
const QUANTITY_MESSAGE = `La cantidad debe ser un número entero entre 1 y ${CART_QUANTITY_MAX}`;

export interface NewOrderInput {
  sessionId?: string;
  customerName: string;
  customerEmail: string;
  customerPhone?: string;
  paymentId?: string;
  status?: OrderStatus;
  items: { productId: number; quantity: number }[];
  createdAt?: Date;
}

// Callers are our own code (demo catalogue, a future checkout), but an order is money: check anyway.
const newOrderSchema = z.object({
  sessionId: z.string().trim().max(100).optional(),
  customerName: z
    .string({ error: "El nombre del cliente es requerido" })
    .trim()
    .min(1, "El nombre del cliente es requerido")
    .max(200),
  customerEmail: emailField("Correo electrónico inválido"),
  customerPhone: z.string().trim().max(30).optional(),
  paymentId: z.string().trim().max(200).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  items: z
    .array(
      z.object({
        productId: z.number().int().positive(PRODUCT_NOT_FOUND),
        quantity: z
          .number({ error: QUANTITY_MESSAGE })
          .int(QUANTITY_MESSAGE)
          .min(1, QUANTITY_MESSAGE)
          .max(CART_QUANTITY_MAX, QUANTITY_MESSAGE),
      }),
    )
    .min(1, "El pedido debe tener al menos un producto"),
  createdAt: z.date().optional(),
});

/** One merchant's order of a checkout, priced by the caller inside its transaction. */
export interface PlacedOrder {
  createdAt: Date;
  sessionId: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  note: string | null;
  checkoutId: number;
  merchantId: number;
  paymentMethod: PaymentMethod;
  fulfillment: OrderFulfillment;
  deliveryAddress: DeliveryAddress | null;
  subtotal: string;
  deliveryFee: string | null;
  totalAmount: string;
  /** COMMISSION_PERCENT for card orders, "0" for the others. */
  commissionPercent: string;
  lines: {
    productId: number;
    name: string;
    imageUrl: string;
    price: string;
    quantity: number;
    /** Issue 36: the variant ordered and its name, and whether a count gave its units. */
    variantId?: number | null;
    variantName?: string | null;
    stockTaken?: boolean;
  }[];
}

/**
 * Issue 36: gives a cancelled order's taken units back to their counts (the products
 * module), in the cancellation's transaction; answers whether some availability changed,
 * and then `availabilityChanged` runs once the transaction committed.
 */
export interface OrderStock {
  giveBackStock(
    tx: Queryable,
    lines: { productId: number; variantId: number | null; quantity: number }[],
  ): Promise<boolean>;
  availabilityChanged(): Promise<void>;
}

/** Whether a transaction's cancellations changed some product's availability. */
interface Restocked {
  changed: boolean;
}

/** What the shopper is e-mailed about (one e-mail each, never two for the same order). */
export type OrderNotice =
  "preparing" | "ready" | "on_the_way" | "delivered" | "cancelled" | "refunded";

/**
 * Writes an order's e-mails in the change's transaction (the checkout module's
 * order-notices.ts: it holds the order page's tokens and the templates).
 */
export type OrderNotifier = (
  tx: Queryable,
  order: repo.OrderRow,
  notice: OrderNotice,
  by: StatusActor,
) => Promise<void>;

/**
 * Reminds the merchant of an order still 'Recibido' after `minutes` of its open time (issue
 * 35: the checkout module's order-notices.ts, on every channel the merchant has).
 */
export type OrderReminder = (tx: Queryable, order: repo.OrderRow, minutes: number) => Promise<void>;

/** Runs in the change's transaction once the order is written (the portal's audit log). */
type AfterChange = (tx: Queryable, order: AdminOrderDto) => Promise<void>;

/**
 * Waiting for its merchant's answer (issue 35): still 'Recibido' and not cancelled; a card
 * order only once paid (before that the merchant cannot start it).
 */
export function isWaiting(
  order: Pick<repo.OrderRow, "fulfillmentStatus" | "status" | "paymentMethod" | "paidAt">,
): boolean {
  return (
    order.fulfillmentStatus === "received" &&
    order.status !== "cancelled" &&
    (order.paymentMethod !== "card" || order.paidAt !== null)
  );
}

/** 'ES-2026-000123': readable, and unique because the sequence is the order's own id. */
export function orderNumber(id: number, date: Date): string {
  return `ES-${svWallClock(date).getUTCFullYear()}-${String(id).padStart(6, "0")}`;
}

export function createOrdersService(
  { db, log }: BaseServiceDeps,
  {
    notify,
    remind,
    stock,
  }: { notify?: OrderNotifier; remind?: OrderReminder; stock?: OrderStock } = {},
) {
  /**
   * A transaction that may cancel orders: their stock goes back inside it, and the catalogue
   * forgets its cached reads after it committed when that changed some availability.
   */
  async function transactionRestocking<T>(
    work: (tx: Queryable, restocked: Restocked) => Promise<T>,
  ): Promise<T> {
    const restocked: Restocked = { changed: false };
    const result = await db.transaction((tx) => work(tx, restocked));
    if (restocked.changed && stock) await stock.availabilityChanged();
    return result;
  }

  // The portal's live 'Pedidos' streams of this process (order-events.ts).
  const events = new OrderEventsHub(db, log);

  async function withLines(
    rows: repo.OrderWithMerchantRow[],
    q: Queryable = db,
  ): Promise<AdminOrderDto[]> {
    const ids = rows.map((row) => row.id);
    const [items, events] = await Promise.all([
      repo.listOrderItems(q, ids),
      repo.listStatusEvents(q, ids),
    ]);
    return toAdminOrderDtos(rows, items, events);
  }

  /** The order as the admin and the portal read it, through `tx`. */
  async function present(tx: Queryable, id: number): Promise<AdminOrderDto> {
    const found = await repo.findOrderWithMerchant(tx, id);
    if (!found) throw AppError.notFound(ORDER_NOT_FOUND);
    const [order] = await withLines([found], tx);
    return order;
  }

  const tell = async (
    tx: Queryable,
    order: repo.OrderRow,
    notice: OrderNotice,
    by: StatusActor,
  ) => {
    if (notify) await notify(tx, order, notice, by);
  };

  /** Writes the change and its timeline entries; returns the order as it now is. */
  async function apply(
    tx: Queryable,
    order: repo.OrderRow,
    values: repo.OrderLifeValues,
    by: StatusActor,
  ): Promise<repo.OrderRow> {
    const updated = await repo.updateOrderLife(tx, order.id, values);
    const events: repo.NewOrderStatusEvent[] = [];
    if (values.fulfillmentStatus && values.fulfillmentStatus !== order.fulfillmentStatus) {
      events.push({ orderId: order.id, fulfillmentStatus: values.fulfillmentStatus, actor: by });
    }
    if (values.status && values.status !== order.status) {
      events.push({ orderId: order.id, status: values.status, actor: by });
    }
    await repo.insertStatusEvents(tx, events);
    // The merchant's open 'Pedidos' tab hears of it once this commits (issue 35).
    if (events.length > 0) await recordOrderEvent(tx, updated, "updated");
    return updated;
  }

  /**
   * Cancels the order: a card order already paid owes the shopper a refund. The shopper
   * is told (with the merchant's reason, when it gave one).
   */
  async function cancel(
    tx: Queryable,
    order: repo.OrderRow,
    by: StatusActor,
    reason: string | null,
    restocked: Restocked,
  ): Promise<repo.OrderRow> {
    const refundDue = order.paymentMethod === "card" && order.paidAt !== null;
    // Issue 36: not delivered, its taken units go back to their counts, once (the lines are
    // marked given back in this transaction, under the order's row lock).
    if (stock && order.fulfillmentStatus !== "delivered") {
      const lines = await repo.releaseTakenStock(tx, order.id);
      if (await stock.giveBackStock(tx, lines)) restocked.changed = true;
    }
    const updated = await apply(
      tx,
      order,
      {
        status: "cancelled",
        cancelReason: reason,
        ...(refundDue && order.refundStatus === null ? { refundStatus: "due" } : {}),
      },
      by,
    );
    await tell(tx, updated, "cancelled", by);
    return updated;
  }

  /** A later step on the order's path (400 otherwise); a card order must be paid first. */
  async function advance(
    tx: Queryable,
    order: repo.OrderRow,
    to: FulfillmentStatus,
    by: StatusActor,
  ): Promise<repo.OrderRow> {
    if (order.status === "cancelled") throw AppError.conflict(ORDER_CANCELLED_MESSAGE);
    const path: OrderFulfillment = (order.fulfillment as OrderFulfillment | null) ?? "arrange";
    if (
      !stepsOf(path).includes(to) ||
      !isForward(path, order.fulfillmentStatus as FulfillmentStatus, to)
    ) {
      throw AppError.validation(
        [{ path: "fulfillmentStatus", message: STEP_BACKWARDS_MESSAGE }],
        STEP_BACKWARDS_MESSAGE,
      );
    }
    if (order.paymentMethod === "card" && order.paidAt === null) {
      throw AppError.conflict(CARD_NOT_CONFIRMED_MESSAGE);
    }
    const values: repo.OrderLifeValues = { fulfillmentStatus: to };
    if (to === "delivered") {
      values.deliveredAt = new Date();
      // Cash is paid at the door: delivered means paid.
      if (order.paymentMethod === "cash" && order.status === "pending") {
        values.status = "paid";
        values.paidAt = values.deliveredAt;
      }
    }
    const updated = await apply(tx, order, values, by);
    await tell(tx, updated, to as OrderNotice, by);
    return updated;
  }

  return {
    /**
     * Every order, newest first, with its merchant and payment state; `q` matches customer
     * name, e-mail, order number, payment id (Wompi's link) or Wompi's transaction id.
     */
    async listAdmin(query: AdminOrderListQuery = {}): Promise<Paged<AdminOrderDto>> {
      const { rows, total } = await repo.listOrders(db, {
        q: query.q,
        ...checkPage(query, ADMIN_PAGE_SIZE),
      });
      return { items: await withLines(rows), total };
    },

    /** One merchant's orders, newest first (for the merchant portal), or those at one step. */
    async listForMerchant(
      merchantId: number,
      paging: { limit: number; offset: number; fulfillmentStatus?: FulfillmentStatus },
    ): Promise<{ orders: AdminOrderDto[]; total: number }> {
      const { rows, total } = await repo.listMerchantOrders(db, merchantId, paging);
      return { orders: await withLines(rows), total };
    },

    /**
     * The administrator's PUT /api/admin/orders/{id}/status: any of the three statuses from
     * any other (spec §4), on the timeline as 'admin'. Cancelling a paid card order makes
     * its refund due; undoing that cancellation before the refund forgets it.
     */
    async setStatus(id: number, input: unknown): Promise<AdminOrderDto> {
      const { status } = parseInput(orderStatusSchema, input);
      return transactionRestocking(async (tx, restocked) => {
        const order = await repo.lockOrder(tx, id);
        if (!order) throw AppError.notFound(ORDER_NOT_FOUND);
        if (status === "cancelled" && order.status !== "cancelled") {
          await cancel(tx, order, "admin", null, restocked);
        } else if (status !== order.status) {
          await apply(
            tx,
            order,
            { status, ...(order.refundStatus === "due" ? { refundStatus: null } : {}) },
            "admin",
          );
        }
        return present(tx, id);
      });
    },

    /**
     * The merchant's PUT …/orders/{orderId}/status (issue 25): a later step
     * (`fulfillmentStatus`), `paid` for money it received (never a card's: Wompi says so),
     * or `cancelled` with its reason until delivered. Another merchant's order: 404.
     */
    async changeForMerchant(
      merchantId: number,
      id: number,
      input: unknown,
      options: { after?: AfterChange } = {},
    ): Promise<AdminOrderDto> {
      return transactionRestocking(async (tx, restocked) => {
        // Another merchant's order is not found, whatever the body says.
        const order = await repo.lockOrder(tx, id, { merchantId });
        if (!order) throw AppError.notFound(ORDER_NOT_FOUND);
        const change = parseInput(merchantOrderStatusSchema, input);
        if ("fulfillmentStatus" in change && change.fulfillmentStatus) {
          await advance(tx, order, change.fulfillmentStatus, "merchant");
        } else if (change.status === "paid") {
          if (order.paymentMethod === "card") throw AppError.conflict(CARD_PAID_BY_WOMPI_MESSAGE);
          if (order.status === "cancelled") throw AppError.conflict(ORDER_CANCELLED_MESSAGE);
          if (order.status !== "paid") {
            await apply(tx, order, { status: "paid", paidAt: new Date() }, "merchant");
          }
        } else if (change.status === "cancelled") {
          if (order.status === "cancelled") throw AppError.conflict(ORDER_CANCELLED_MESSAGE);
          if (order.fulfillmentStatus === "delivered") {
            throw AppError.conflict(ORDER_DELIVERED_MESSAGE);
          }
          await cancel(tx, order, "merchant", change.reason, restocked);
        } else if (order.status !== "pending") {
          throw AppError.conflict(MERCHANT_STATUS_PENDING_MESSAGE);
        }
        const changed = await present(tx, id);
        if (options.after) await options.after(tx, changed);
        return changed;
      });
    },

    /**
     * The shopper's 'Cancelar pedido' (POST /api/orders/{n}/cancel): one order of its
     * checkout, only while 'Recibido'. Through the checkout service, which checked the token.
     */
    async cancelByShopper(checkoutId: number, input: unknown): Promise<void> {
      const { orderId } = parseInput(shopperCancelSchema, input);
      await transactionRestocking(async (tx, restocked) => {
        const order = await repo.lockOrder(tx, orderId, { checkoutId });
        if (!order) throw AppError.notFound(ORDER_NOT_FOUND);
        if (order.status === "cancelled") throw AppError.conflict(ORDER_CANCELLED_MESSAGE);
        if (order.fulfillmentStatus !== "received") {
          throw AppError.conflict(ORDER_ALREADY_PREPARING_MESSAGE);
        }
        await cancel(tx, order, "shopper", null, restocked);
      });
    },

    /** POST /api/admin/orders/{id}/refund: records the refund of a refund_due order. */
    async recordRefund(id: number, input: unknown): Promise<AdminOrderDto> {
      const { reference } = parseInput(refundSchema, input);
      return db.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, id);
        if (!order) throw AppError.notFound(ORDER_NOT_FOUND);
        if (order.refundStatus !== "due") throw AppError.conflict(REFUND_NOT_DUE_MESSAGE);
        const updated = await apply(
          tx,
          order,
          { refundStatus: "refunded", refundReference: reference, refundedAt: new Date() },
          "admin",
        );
        await tell(tx, updated, "refunded", "admin");
        return present(tx, id);
      });
    },

    /**
     * A card checkout's payment, in the payment's transaction: its orders become paid,
     * except the cancelled ones, whose money is now owed back (refund_due). Returns the
     * orders that became paid (their merchants are told).
     */
    async applyCardPayment(
      tx: Queryable,
      checkoutId: number,
      payment: { paidAt: Date; transactionId: string },
    ): Promise<repo.OrderRow[]> {
      const paid: repo.OrderRow[] = [];
      for (const order of await repo.lockCheckoutOrders(tx, checkoutId)) {
        if (order.paidAt !== null) continue;
        const money = { paidAt: payment.paidAt, paymentTransactionId: payment.transactionId };
        if (order.status === "cancelled") {
          const updated = await repo.updateOrderLife(tx, order.id, {
            ...money,
            refundStatus: "due",
          });
          await recordOrderEvent(tx, updated, "updated");
        } else {
          paid.push(await apply(tx, order, { ...money, status: "paid" }, "payment"));
        }
      }
      return paid;
    },

    /**
     * The reminder of an order still waiting for its merchant, once (reminder_sent_at),
     * whatever process or restart asks again. Returns whether it was sent now.
     */
    async remindMerchant(id: number, minutes: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, id);
        if (!order || !isWaiting(order) || order.reminderSentAt !== null) return false;
        await repo.updateOrderLife(tx, id, { reminderSentAt: new Date() });
        if (remind) await remind(tx, order, minutes);
        return true;
      });
    },

    /**
     * Cancels an order its merchant never answered ('El comercio no respondió a tiempo', by
     * `system`), once: the row is locked and must still be waiting. A paid card order owes
     * its refund like any paid cancelled order. Returns whether it was cancelled now.
     */
    async expireUnanswered(id: number, reason: string): Promise<boolean> {
      return transactionRestocking(async (tx, restocked) => {
        const order = await repo.lockOrder(tx, id);
        if (!order || !isWaiting(order)) return false;
        await cancel(tx, order, "system", reason, restocked);
        return true;
      });
    },

    /** Orders waiting for their merchant's answer, oldest first, with the shop's hours. */
    listWaiting: (page: { limit: number; offset: number }) => repo.listWaitingOrders(db, page),

    /** GET /api/admin/orders/waiting: the same, with the minutes waited in open time. */
    async waitingForAdmin(query: {
      limit?: number;
      offset?: number;
    }): Promise<Paged<WaitingOrderDto>> {
      const { rows, total } = await repo.listWaitingOrders(db, checkPage(query, ADMIN_PAGE_SIZE));
      const now = new Date();
      return { items: rows.map((row) => toWaitingOrderDto(row, now)), total };
    },

    /** The live 'Pedidos' streams (GET /api/merchant/{id}/events). */
    events,

    /** Keeps a checkout's card payment link on its orders (the checkout keeps it too). */
    async setPaymentLink(
      q: Queryable,
      checkoutId: number,
      link: { id: string; url: string },
    ): Promise<void> {
      await repo.setCheckoutOrdersPaymentLink(q, checkoutId, link);
    },

    /** Timelines of these orders, by order id. */
    async historyOf(q: Queryable, orderIds: readonly number[]) {
      return historyByOrder(await repo.listStatusEvents(q, orderIds));
    },

    /**
     * Writes one order and its lines through `tx`, the checkout's transaction, which read
     * the prices from the database in that same transaction. Returns its id and number.
     */
    async insertPlaced(
      tx: Queryable,
      order: PlacedOrder,
    ): Promise<{ id: number; orderNumber: string }> {
      const { lines, createdAt, deliveryAddress, ...fields } = order;
      const id = await repo.nextOrderId(tx);
      const number = orderNumber(id, createdAt);
      await repo.insertOrder(tx, {
        ...fields,
        deliveryDepartment: deliveryAddress?.department ?? null,
        deliveryMunicipality: deliveryAddress?.municipality ?? null,
        deliveryDistrict: deliveryAddress?.district ?? null,
        deliveryAddress: deliveryAddress?.address ?? null,
        deliveryReference: deliveryAddress?.reference ?? null,
        id,
        orderNumber: number,
        status: "pending",
        fulfillmentStatus: "received",
        createdAt,
        updatedAt: createdAt,
      });
      await repo.insertStatusEvents(tx, [
        { orderId: id, fulfillmentStatus: "received", actor: "shopper", createdAt },
      ]);
      await recordOrderEvent(
        tx,
        {
          id,
          merchantId: fields.merchantId,
          orderNumber: number,
          fulfillmentStatus: "received",
          status: "pending",
        },
        "created",
      );
      await repo.insertOrderItems(
        tx,
        lines.map((line) => ({
          orderId: id,
          productId: line.productId,
          productName: line.name,
          productImageUrl: line.imageUrl,
          quantity: line.quantity,
          price: line.price,
          variantId: line.variantId ?? null,
          variantName: line.variantName ?? null,
          stockTaken: line.stockTaken ?? false,
          createdAt,
        })),
      );
      return { id, orderNumber: number };
    },

    /** The lines of these orders, by order id (through `q`: a transaction or the database). */
    async linesOf(q: Queryable, orderIds: readonly number[]): Promise<Map<number, OrderItemDto[]>> {
      const byOrder = itemsByOrder(await repo.listOrderItems(q, orderIds));
      return new Map([...byOrder].map(([id, rows]) => [id, rows.map(toOrderItemDto)]));
    },

    /** Writes an order priced from the database, never from the caller. */
    async create(input: NewOrderInput): Promise<OrderDto> {
      const order = parseInput(newOrderSchema, input);
      // One line per product, even when the caller repeats one.
      const quantities = new Map<number, number>();
      for (const item of order.items) {
        quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
      }
      const createdAt = order.createdAt ?? new Date();

      const { row, items } = await db.transaction(async (tx) => {
        const found = await repo.lockOrderableProducts(tx, [...quantities.keys()]);
        const byId = new Map(found.map((product) => [product.id, product]));
        const lines = [...quantities].map(([productId, quantity]) => {
          const product = byId.get(productId);
          if (!product) throw AppError.notFound(PRODUCT_NOT_FOUND);
          return { product, quantity };
        });
        const totalAmount = sumPrices(lines.map((l) => multiplyPrice(l.product.price, l.quantity)));
        if (priceToCents(totalAmount) === null) {
          throw AppError.badRequest(ORDER_TOTAL_TOO_LARGE);
        }

        const id = await repo.nextOrderId(tx);
        const row = await repo.insertOrder(tx, {
          id,
          orderNumber: orderNumber(id, createdAt),
          sessionId: order.sessionId || null,
          customerName: order.customerName,
          customerEmail: order.customerEmail,
          customerPhone: order.customerPhone || null,
          paymentId: order.paymentId || null,
          // The merchant of its first line (an order of several merchants is demo data only).
          merchantId: lines[0].product.merchantId,
          subtotal: totalAmount,
          totalAmount,
          status: order.status ?? "pending",
          createdAt,
          updatedAt: createdAt,
        });
        const items = await repo.insertOrderItems(
          tx,
          lines.map(({ product, quantity }) => ({
            orderId: id,
            productId: product.id,
            productName: product.name,
            productImageUrl: product.imageUrl,
            quantity,
            price: product.price,
            createdAt,
          })),
        );
        return { row, items };
      });
      return toOrderDto(row, items);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

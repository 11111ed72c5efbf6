import type { Queryable } from "../../../db/client";
import { retryConflicts } from "../../../db/retry";
import type { OrderDto, OrderItemDto, WaitingOrderDto } from "../../../shared/api-types";
import type { AdminOrderDto } from "../../../shared/checkout";
import { ADMIN_PAGE_SIZE } from "../../../shared/limits";
import { sumPrices } from "../../../shared/money";
import type { AdminOrderListQuery } from "../../../shared/schemas/list-queries";
import { orderStatusSchema } from "../../../shared/schemas/index";
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
import { historyByOrder, itemsByOrder, toAdminOrderDtos, toOrderItemDto } from "./orders.presenter";
import { toWaitingOrderDto } from "./waiting-orders";
import { OrderEventsHub } from "./order-events";
import { recordOrderEvent } from "./order-events.repository";
import { payableSteps, type PaymentLinks } from "./card-payment";
import { listLinkOrders } from "./card-payment.repository";
import { lockOrder } from "./order-locks.repository";
import { createOrder, insertPlacedOrder, type NewOrderInput } from "./order-writes";
import {
  isWaiting,
  type AfterChange,
  type OrderNotice,
  type OrderNotifier,
  type OrderReminder,
  type OrderStock,
} from "./orders.hooks";
import * as repo from "./orders.repository";

/** What a card link charges once some orders were cancelled (issue 37 L3). */
export { standingAmount } from "./card-payment";
/** The checkout presents its orders with the same issue-25 fields. */
export { deliveryAddressOf, toOrderLifeFields } from "./orders.presenter";

export const ORDER_NOT_FOUND = "Pedido no encontrado";
export {
  ORDER_TOTAL_TOO_LARGE,
  orderNumber,
  PRODUCT_NOT_FOUND,
  type NewOrderInput,
  type PlacedOrder,
} from "./order-writes";

export {
  isWaiting,
  type OrderNotice,
  type OrderNotifier,
  type OrderReminder,
  type OrderStock,
} from "./orders.hooks";

/** Whether a transaction's cancellations changed some availability, and which card links. */
interface Restocked {
  /** The cache's tags of what changed availability (products.stock.ts, giveBackStock). */
  changes: string[];
  links: Set<number>;
}

export function createOrdersService(
  { db, log }: BaseServiceDeps,
  {
    notify,
    remind,
    stock,
    paymentLinks,
  }: {
    notify?: OrderNotifier;
    remind?: OrderReminder;
    stock?: OrderStock;
    /** Issue 37 L3: a card link charges only what stands (payments/link-sync.ts). */
    paymentLinks?: PaymentLinks;
  } = {},
) {
  /** A transaction, run again when PostgreSQL aborts it for a deadlock (db/retry.ts). */
  const transaction = <T>(work: (tx: Queryable) => Promise<T>): Promise<T> =>
    retryConflicts(() => db.transaction(work), {
      onRetry: (err, attempt) =>
        log.warn(
          { err, attempt },
          "PostgreSQL abortó la transacción (bloqueo mutuo); se reintenta",
        ),
    });

  /**
   * A transaction that may cancel orders: their stock goes back inside it, and the catalogue
   * forgets its cached reads after it committed when that changed some availability.
   */
  async function transactionRestocking<T>(
    work: (tx: Queryable, restocked: Restocked) => Promise<T>,
  ): Promise<T> {
    const restocked: Restocked = { changes: [], links: new Set() };
    const result = await transaction((tx) => {
      // A run again starts from nothing.
      restocked.changes = [];
      restocked.links.clear();
      return work(tx, restocked);
    });
    if (restocked.changes.length > 0 && stock) await stock.availabilityChanged(restocked.changes);
    for (const checkoutId of restocked.links) await paymentLinks?.sync(checkoutId);
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
    // Issue 37 L3: not paid yet, the checkout's link must stop charging for this order.
    if (order.paymentMethod === "card" && !refundDue && order.checkoutId && paymentLinks) {
      await paymentLinks.due(tx, order.checkoutId);
      restocked.links.add(order.checkoutId);
    }
    // Issue 36: not delivered, its taken units go back to their counts, once (the lines are
    // marked given back in this transaction, under the order's row lock).
    if (stock && order.fulfillmentStatus !== "delivered") {
      const lines = await repo.releaseTakenStock(tx, order.id);
      restocked.changes.push(...(await stock.giveBackStock(tx, lines)));
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
    /** A transaction that changes orders, run again on a deadlock (the webhook's payment). */
    transaction,

    /** Issue 37 L3: every amount the checkout's link charged along its cancellations. */
    async payableAmounts(q: Queryable, checkoutId: number, total: string): Promise<string[]> {
      return payableSteps(total, await listLinkOrders(q, checkoutId)).map((s) => s.amount);
    },

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
        const order = await lockOrder(tx, id);
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
        const order = await lockOrder(tx, id, { merchantId });
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
        const order = await lockOrder(tx, orderId, { checkoutId });
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
      return transaction(async (tx) => {
        const order = await lockOrder(tx, id);
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
     * except the cancelled ones, whose money is now owed back (refund_due) unless the
     * amount paid left them out (issue 37 L3, card-payment.ts). Returns the orders that
     * became paid (their merchants are told).
     */
    async applyCardPayment(
      tx: Queryable,
      checkoutId: number,
      payment: { paidAt: Date; transactionId: string; amount?: string | null },
    ): Promise<repo.OrderRow[]> {
      const paid: repo.OrderRow[] = [];
      const locked = await repo.lockCheckoutOrders(tx, checkoutId);
      const total = sumPrices(locked.map((o) => o.totalAmount));
      const steps = payableSteps(total, await listLinkOrders(tx, checkoutId));
      const left = new Set(steps.find((s) => s.amount === payment.amount)?.uncharged ?? []);
      for (const order of locked) {
        if (order.paidAt !== null || left.has(order.id)) continue;
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
      return transaction(async (tx) => {
        const order = await lockOrder(tx, id);
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
        const order = await lockOrder(tx, id);
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

    /** Writes one order of a checkout and its lines through its transaction (order-writes.ts). */
    insertPlaced: insertPlacedOrder,

    /** The lines of these orders, by order id (through `q`: a transaction or the database). */
    async linesOf(q: Queryable, orderIds: readonly number[]): Promise<Map<number, OrderItemDto[]>> {
      const byOrder = itemsByOrder(await repo.listOrderItems(q, orderIds));
      return new Map([...byOrder].map(([id, rows]) => [id, rows.map(toOrderItemDto)]));
    },

    /** Writes an order priced from the database, never from the caller. */
    create: (input: NewOrderInput): Promise<OrderDto> => createOrder(transaction, input),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

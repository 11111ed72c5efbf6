import type { UserDto } from "../../../shared/api-types";
import type { AdminOrderDto } from "../../../shared/checkout";
import type { MerchantOrderDto } from "../../../shared/merchant-portal";
import {
  FULFILLMENT_STATUS_LABELS,
  FULFILLMENT_STATUS_MESSAGE,
  FULFILLMENT_STATUSES,
  type FulfillmentStatus,
} from "../../../shared/order-life";
import { ORDER_STATUS_LABELS } from "../../../shared/order-status";
import { AppError } from "../../errors";
import type { createOrdersService } from "../orders/orders.service";
import type { PayoutsService } from "../payouts/payouts.service";
import type { PortalAccess } from "./portal-access";

/** The portal's order list: the newest this many. */
const MERCHANT_ORDERS_MAX = 500;

/** What the audit log says an order now is: its status when cancelled or paid, else its step. */
const stateOf = (order: AdminOrderDto) =>
  order.status === "pending"
    ? FULFILLMENT_STATUS_LABELS[order.fulfillmentStatus]
    : `${ORDER_STATUS_LABELS[order.status]} · ${FULFILLMENT_STATUS_LABELS[order.fulfillmentStatus]}`;

/**
 * Orders are one per merchant (issue 10): all their lines are its own. The shopper's cart id
 * and payment link stay out (issue 37, M2): the cart id is all the cart routes ask for.
 */
const asMerchantOrder = ({
  sessionId: _cart,
  paymentId: _payment,
  paymentUrl: _link,
  ...order
}: AdminOrderDto): MerchantOrderDto => ({
  ...order,
  merchantTotal: order.totalAmount,
});

/**
 * The portal's 'Pedidos' and 'Liquidaciones': the merchant's orders and their steps (the
 * orders service holds the rules), and what its card orders owe it (the payouts service).
 */
export function createPortalOrders(
  services: {
    orders: Pick<ReturnType<typeof createOrdersService>, "listForMerchant" | "changeForMerchant">;
    payouts: Pick<PayoutsService, "ledger">;
  },
  { audit, requireManaged }: Pick<PortalAccess, "audit" | "requireManaged">,
) {
  return {
    /** Its orders, newest first; `fulfillmentStatus` keeps those at that step. */
    async listOrders(
      user: UserDto,
      merchantId: number,
      query: { fulfillmentStatus?: unknown } = {},
    ): Promise<MerchantOrderDto[]> {
      await requireManaged(user, merchantId);
      const step = query.fulfillmentStatus;
      if (step !== undefined && !FULFILLMENT_STATUSES.includes(step as FulfillmentStatus)) {
        throw AppError.badRequest(FULFILLMENT_STATUS_MESSAGE);
      }
      const { orders } = await services.orders.listForMerchant(merchantId, {
        limit: MERCHANT_ORDERS_MAX,
        offset: 0,
        fulfillmentStatus: step as FulfillmentStatus | undefined,
      });
      return orders.map(asMerchantOrder);
    },

    /**
     * A later step, `paid` or `cancelled` with a reason (issue 25; the orders service holds
     * the rules), audited in the change's transaction.
     */
    async setOrderStatus(
      user: UserDto,
      merchantId: number,
      orderId: number,
      input: unknown,
    ): Promise<MerchantOrderDto> {
      await requireManaged(user, merchantId);
      // Scoped by merchant: another merchant's order is not found (404).
      const order = await services.orders.changeForMerchant(merchantId, orderId, input, {
        after: (tx, changed) =>
          audit(
            tx,
            merchantId,
            user,
            "order.status",
            `Pedido ${changed.orderNumber}: ${stateOf(changed)}`,
          ),
      });
      return asMerchantOrder(order);
    },

    /** Its 'Liquidaciones': what its delivered card orders owe it, and what it was paid. */
    async ledger(user: UserDto, merchantId: number) {
      await requireManaged(user, merchantId);
      return services.payouts.ledger(merchantId);
    },
  };
}

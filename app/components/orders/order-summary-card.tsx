import { Link } from "react-router";
import type { CheckoutDto } from "../../../shared/checkout";
import { formatPrice } from "../../../shared/money";
import { FulfillmentStatusBadge, OrderStatusBadge, PaymentStatusBadge } from "./order-badges";
import { formatLongDateTime } from "../../../shared/dates";
import { Card } from "../ui/card";
import { staticIcon } from "../ui/static-icons";

const NEXT_ICON = staticIcon("chevron-right", "size-4");

/**
 * One checkout in /orders: its numbers, merchants, statuses (with each order's step, issue
 * 25) and total, linking to its page.
 */
export function OrderSummaryCard({ checkout, href }: { checkout: CheckoutDto; href: string }) {
  const headingId = `orders-${checkout.orders[0]?.id ?? "x"}`;
  return (
    <Card className="p-4">
      <article aria-labelledby={headingId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="font-semibold break-words text-stone-900">
              <Link to={href} className="hover:text-brand-700 hover:underline">
                {checkout.orders.map((order) => order.orderNumber).join(", ")}
              </Link>
            </h2>
            <p className="text-sm text-stone-600">
              <time dateTime={checkout.createdAt}>{formatLongDateTime(checkout.createdAt)}</time>
            </p>
          </div>
          <PaymentStatusBadge status={checkout.paymentStatus} />
        </div>
        <ul className="flex flex-col gap-1 text-sm">
          {checkout.orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 break-words text-stone-800">{order.merchant.name}</span>
              <span className="flex flex-wrap items-center gap-2">
                {order.status !== "cancelled" && order.fulfillmentStatus && (
                  <FulfillmentStatusBadge
                    status={order.fulfillmentStatus}
                    fulfillment={order.fulfillment}
                  />
                )}
                <OrderStatusBadge status={order.status} />
                <span className="tabular-nums">{formatPrice(order.totalAmount)}</span>
              </span>
            </li>
          ))}
        </ul>
        <div className="flex items-center justify-between border-t border-stone-200 pt-2">
          <p>
            Total{" "}
            <span className="font-semibold tabular-nums">{formatPrice(checkout.totalAmount)}</span>
          </p>
          <Link
            to={href}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            aria-label={`Ver pedido ${checkout.orders[0]?.orderNumber ?? ""}`}
          >
            Ver pedido
            {NEXT_ICON}
          </Link>
        </div>
      </article>
    </Card>
  );
}

import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "../../../shared/checkout";
import {
  FULFILLMENT_STATUS_LABELS,
  type FulfillmentStatus,
  type OrderFulfillment,
} from "../../../shared/order-life";
import { Badge } from "../ui/badge";

const PAYMENT_VARIANTS = {
  paid: "success",
  pending: "warning",
  offline: "secondary",
  refund_due: "warning",
  refunded: "secondary",
} as const satisfies Record<PaymentStatus, string>;

/**
 * How the order is being paid: 'Pagado' green, 'Pago pendiente' and 'Reembolso pendiente'
 * yellow, coordinated and 'Reembolsado' grey.
 */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant={PAYMENT_VARIANTS[status] ?? "secondary"}>
      {PAYMENT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/** The step an order is at ('En camino'); 'Entregado' green, the others grey. */
export function FulfillmentStatusBadge({
  status,
  fulfillment,
}: {
  status: FulfillmentStatus;
  fulfillment: OrderFulfillment | null;
}) {
  // 'Listo para recoger' is the pickup's step; other orders never show it, but say it plainly.
  const label =
    status === "ready" && fulfillment !== "pickup" ? "Listo" : FULFILLMENT_STATUS_LABELS[status];
  return <Badge variant={status === "delivered" ? "success" : "outline"}>{label ?? status}</Badge>;
}

// The order's own status keeps the spec's colours (Pendiente yellow, Pagado green,
// Cancelado red), one badge for the shopper's pages and the admin panel.
export { OrderStatusBadge } from "../admin/status-badge";

import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "../../shared/checkout";
import { Badge } from "./ui/badge";

const PAYMENT_VARIANTS = {
  paid: "success",
  pending: "warning",
  offline: "secondary",
} as const satisfies Record<PaymentStatus, string>;

/** How the order is being paid: 'Pagado' green, 'Pago pendiente' yellow, coordinated grey. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant={PAYMENT_VARIANTS[status] ?? "secondary"}>
      {PAYMENT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

// The order's own status keeps the spec's colours (Pendiente yellow, Pagado green,
// Cancelado red), one badge for the shopper's pages and the admin panel.
export { OrderStatusBadge } from "./admin/status-badge";

import type { MerchantStatus } from "../../../shared/api-types";
import { ORDER_STATUS_LABELS } from "../../../shared/order-status";
import { Badge } from "../ui/badge";

const MERCHANT_STATUS = {
  approved: { label: "Aprobado", variant: "success" },
  pending: { label: "Pendiente", variant: "warning" },
  rejected: { label: "Rechazado", variant: "destructive" },
} as const;

/** 'Aprobado' green, 'Pendiente' yellow, 'Rechazado' red. */
export function MerchantStatusBadge({ status }: { status: MerchantStatus }) {
  const { label, variant } = MERCHANT_STATUS[status] ?? MERCHANT_STATUS.pending;
  return <Badge variant={variant}>{label}</Badge>;
}

const ORDER_VARIANTS = { pending: "warning", paid: "success", cancelled: "destructive" } as const;

/** Spec §4: Pendiente yellow, Pagado green, Cancelado red, anything else grey. */
export function OrderStatusBadge({ status }: { status: string }) {
  if (Object.hasOwn(ORDER_VARIANTS, status)) {
    const known = status as keyof typeof ORDER_VARIANTS;
    return <Badge variant={ORDER_VARIANTS[known]}>{ORDER_STATUS_LABELS[known]}</Badge>;
  }
  return <Badge variant="secondary">{status}</Badge>;
}

export function ReviewStatusBadge({ approved }: { approved: boolean }) {
  return approved ? (
    <Badge variant="success">Aprobada</Badge>
  ) : (
    <Badge variant="warning">Pendiente</Badge>
  );
}

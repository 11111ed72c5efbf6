/**
 * An order's own status (spec §4: Pendiente, Pagado, Cancelado) and its Spanish words.
 * Zod-free, so the order pages and their badges load it without the schemas (issue 27);
 * the request body that changes it is in shared/schemas/order-status.ts.
 */
export const ORDER_STATUSES = ["pending", "paid", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_MESSAGE = "Estado de pedido inválido";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pendiente",
  paid: "Pagado",
  cancelled: "Cancelado",
};

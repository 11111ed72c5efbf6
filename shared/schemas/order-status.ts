import { z } from "zod";

export const ORDER_STATUSES = ["pending", "paid", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_MESSAGE = "Estado de pedido inválido";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pendiente",
  paid: "Pagado",
  cancelled: "Cancelado",
};

export const orderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: ORDER_STATUS_MESSAGE }),
});

export type OrderStatusUpdate = z.output<typeof orderStatusSchema>;

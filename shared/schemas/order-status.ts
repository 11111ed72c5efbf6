import { z } from "zod";
import { ORDER_STATUS_MESSAGE, ORDER_STATUSES } from "../order-status";

export const orderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: ORDER_STATUS_MESSAGE }),
});

export type OrderStatusUpdate = z.output<typeof orderStatusSchema>;

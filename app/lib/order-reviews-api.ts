import type { OrderReviewsDto } from "../../shared/api-types";
import type { OrderReviewInput } from "../../shared/schemas/order-review";
import { apiRequest } from "./api";

/**
 * Issue 37, 'Califica tu compra': POST /api/orders/{orderNumber}/reviews?token=… with the
 * order's reviews ({merchant?, products?}); answers what the order has reviewed so far.
 */
export function submitOrderReviews(
  orderNumber: string,
  token: string,
  body: OrderReviewInput,
): Promise<OrderReviewsDto> {
  return apiRequest<OrderReviewsDto>(
    "POST",
    `/api/orders/${encodeURIComponent(orderNumber)}/reviews?token=${encodeURIComponent(token)}`,
    body,
  );
}

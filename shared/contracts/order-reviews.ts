import { z } from "zod";
import { id, nullableString } from "./common";
import { review } from "./catalogue";

/**
 * Issue 37: 'Califica tu compra' of one order (GET and POST /api/orders/{orderNumber}/reviews
 * ?token=…): what the order lets its shopper review, and the reviews already written with it.
 */
export const orderReviewProduct = z.object({
  productId: id,
  name: z.string(),
  imageUrl: nullableString,
  /** This order's review of the product (pending or published), or null: not reviewed yet. */
  review: review.nullable(),
});

export const orderReviews = z.object({
  orderNumber: z.string(),
  merchant: z.object({ id, name: z.string() }),
  /** 'Entregado' and not cancelled: the reviews can be written. */
  open: z.boolean(),
  merchantReview: review.nullable(),
  /** Each product of the order once (lines of its variants are one), still in the catalogue. */
  products: z.array(orderReviewProduct),
});

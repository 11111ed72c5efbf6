import { z } from "zod";
import {
  REVIEW_COMMENT_MAX,
  REVIEW_COMMENT_MIN,
  REVIEW_RATING_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_REPLY_MIN,
} from "../limits";
import { REVIEW_COMMENT_MESSAGE, REVIEW_RATING_MAX_MESSAGE, REVIEW_RATING_MESSAGE } from "./review";
import { textField, tooLong } from "./fields";

/**
 * Issue 37: 'Califica tu compra', the reviews a delivered order's token writes
 * (POST /api/orders/{orderNumber}/reviews?token=…), and the merchant's reply to a published
 * review (PUT /api/merchant/{merchantId}/reviews/{reviewId}/reply). The author is the order's
 * customer, so neither carries a name or an e-mail.
 */
export const ORDER_REVIEW_EMPTY_MESSAGE = "Califica al comercio o al menos un producto";
export const ORDER_REVIEW_PRODUCT_MESSAGE = "Indica un producto del pedido";
export const ORDER_REVIEW_REPEATED_MESSAGE = "Cada producto se califica una sola vez";
export const REVIEW_REPLY_MESSAGE = `La respuesta debe tener al menos ${REVIEW_REPLY_MIN} caracteres`;

const rating = z
  .number({ error: REVIEW_RATING_MESSAGE })
  .int(REVIEW_RATING_MESSAGE)
  .min(1, REVIEW_RATING_MESSAGE)
  .max(REVIEW_RATING_MAX, REVIEW_RATING_MAX_MESSAGE);

const comment = textField(REVIEW_COMMENT_MESSAGE)
  .trim()
  .min(REVIEW_COMMENT_MIN, REVIEW_COMMENT_MESSAGE)
  .max(REVIEW_COMMENT_MAX, tooLong(REVIEW_COMMENT_MAX));

export const orderMerchantReviewSchema = z.object({ rating, comment });

export const orderProductReviewSchema = z.object({
  productId: z
    .number({ error: ORDER_REVIEW_PRODUCT_MESSAGE })
    .int(ORDER_REVIEW_PRODUCT_MESSAGE)
    .positive(ORDER_REVIEW_PRODUCT_MESSAGE)
    .max(2_147_483_647, ORDER_REVIEW_PRODUCT_MESSAGE),
  rating,
  comment,
});

export const orderReviewSchema = z
  .object({
    merchant: orderMerchantReviewSchema.nullish(),
    products: z
      .array(orderProductReviewSchema, { error: ORDER_REVIEW_PRODUCT_MESSAGE })
      .max(100)
      .nullish(),
  })
  .superRefine((body, ctx) => {
    if (!body.merchant && (body.products ?? []).length === 0) {
      ctx.addIssue({ code: "custom", message: ORDER_REVIEW_EMPTY_MESSAGE, path: ["merchant"] });
    }
    const seen = new Set<number>();
    (body.products ?? []).forEach((product, index) => {
      if (seen.has(product.productId)) {
        ctx.addIssue({
          code: "custom",
          message: ORDER_REVIEW_REPEATED_MESSAGE,
          path: ["products", index, "productId"],
        });
      }
      seen.add(product.productId);
    });
  });

export type OrderReviewInput = z.input<typeof orderReviewSchema>;
export type OrderReview = z.output<typeof orderReviewSchema>;

export const reviewReplySchema = z.object({
  reply: textField(REVIEW_REPLY_MESSAGE)
    .trim()
    .min(REVIEW_REPLY_MIN, REVIEW_REPLY_MESSAGE)
    .max(REVIEW_REPLY_MAX, tooLong(REVIEW_REPLY_MAX)),
});
export type ReviewReplyInput = z.input<typeof reviewReplySchema>;

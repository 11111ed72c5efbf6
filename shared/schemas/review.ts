import { z } from "zod";
import {
  REVIEW_COMMENT_MAX,
  REVIEW_COMMENT_MIN,
  REVIEW_NAME_MAX,
  REVIEW_NAME_MIN,
  REVIEW_RATING_MAX,
} from "../limits";
import { emailField, textField, tooLong, whenValid } from "./fields";

export const REVIEW_NAME_MESSAGE = "El nombre debe tener al menos 2 caracteres";
export const REVIEW_EMAIL_MESSAGE = "Correo electrónico inválido";
export const REVIEW_COMMENT_MESSAGE = "La reseña debe tener al menos 10 caracteres";
export const REVIEW_RATING_MESSAGE = "Debes seleccionar una calificación";
export const REVIEW_RATING_MAX_MESSAGE = "La calificación máxima es 5";
export const REVIEW_TARGET_MESSAGE = "Indica un comercio o un producto";

const targetId = z
  .number({ error: REVIEW_TARGET_MESSAGE })
  .int(REVIEW_TARGET_MESSAGE)
  .positive(REVIEW_TARGET_MESSAGE);

export const reviewSchema = z
  .object({
    userName: textField(REVIEW_NAME_MESSAGE)
      .trim()
      .min(REVIEW_NAME_MIN, REVIEW_NAME_MESSAGE)
      .max(REVIEW_NAME_MAX, tooLong(REVIEW_NAME_MAX)),
    userEmail: emailField(REVIEW_EMAIL_MESSAGE),
    comment: textField(REVIEW_COMMENT_MESSAGE)
      .trim()
      .min(REVIEW_COMMENT_MIN, REVIEW_COMMENT_MESSAGE)
      .max(REVIEW_COMMENT_MAX, tooLong(REVIEW_COMMENT_MAX)),
    // The star picker starts at 0, which means "not chosen yet".
    rating: z
      .number({ error: REVIEW_RATING_MESSAGE })
      .int(REVIEW_RATING_MESSAGE)
      .min(1, REVIEW_RATING_MESSAGE)
      .max(REVIEW_RATING_MAX, REVIEW_RATING_MAX_MESSAGE),
    merchantId: targetId.nullish(),
    productId: targetId.nullish(),
    userId: textField().max(100, tooLong(100)).nullish(),
  })
  .refine((review) => (review.merchantId == null) !== (review.productId == null), {
    message: REVIEW_TARGET_MESSAGE,
    ...whenValid("merchantId", "productId"),
  });

export type ReviewInput = z.input<typeof reviewSchema>;
export type Review = z.output<typeof reviewSchema>;

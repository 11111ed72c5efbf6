import { z } from "zod";
import { count, decimal, id, nullableString, timestamp } from "./common";
import { product } from "./catalogue";

export const cartItem = z.object({
  id,
  sessionId: z.string(),
  productId: id,
  quantity: count,
  createdAt: timestamp,
  updatedAt: timestamp,
  product: product.extend({ merchantWhatsapp: nullableString, merchantPhone: z.string() }),
  /** Issue 36: the variant chosen, and its name ('M · Azul'); null without variants. */
  variantId: id.nullable(),
  variantName: nullableString,
  /** The line's unit price: the variant's, or the product's. */
  price: decimal,
});

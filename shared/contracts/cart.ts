import { z } from "zod";
import { count, id, nullableString, timestamp } from "./common";
import { product } from "./catalogue";

export const cartItem = z.object({
  id,
  sessionId: z.string(),
  productId: id,
  quantity: count,
  createdAt: timestamp,
  updatedAt: timestamp,
  product: product.extend({ merchantWhatsapp: nullableString, merchantPhone: z.string() }),
});

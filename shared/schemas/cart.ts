import { z } from "zod";
import { CART_QUANTITY_MAX, CART_SESSION_ID_MAX } from "../limits";
import { queryId } from "./query";

export const SESSION_ID_REQUIRED_MESSAGE = "Session ID is required";
export const SESSION_ID_INVALID_MESSAGE = "Identificador de carrito inválido";
export const PRODUCT_ID_MESSAGE = "Product ID must be a positive number";
export const QUANTITY_MESSAGE = "Quantity must be a positive number";
export const QUANTITY_MAX_MESSAGE = "La cantidad máxima es 99";
export const CART_VARIANT_MESSAGE = "Opción inválida";

/** Decisions §2: 1–100 letters, digits, '-' and '_'. */
export const cartSessionIdSchema = z
  .string({ error: SESSION_ID_REQUIRED_MESSAGE })
  .min(1, { error: SESSION_ID_REQUIRED_MESSAGE, abort: true })
  .max(CART_SESSION_ID_MAX, SESSION_ID_INVALID_MESSAGE)
  .regex(/^[A-Za-z0-9_-]+$/, SESSION_ID_INVALID_MESSAGE);

const quantity = z
  .number({ error: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .positive(QUANTITY_MESSAGE)
  .max(CART_QUANTITY_MAX, QUANTITY_MAX_MESSAGE);

export const cartItemSchema = z.object({
  productId: z
    .number({ error: PRODUCT_ID_MESSAGE })
    .int(PRODUCT_ID_MESSAGE)
    .positive(PRODUCT_ID_MESSAGE),
  quantity: quantity.default(1),
  /** Issue 36: the variant of a product that has them (one line per product and variant). */
  variantId: z
    .number({ error: CART_VARIANT_MESSAGE })
    .int(CART_VARIANT_MESSAGE)
    .positive(CART_VARIANT_MESSAGE)
    .optional(),
});

export const cartQuantitySchema = z.object({ quantity });

/**
 * `?variantId=` of PUT and DELETE /api/cart/{sessionId}/{productId} (issue 36): which line of
 * the product. Without it, PUT changes the line without a variant and DELETE removes every
 * line of the product.
 */
export const cartLineQuery = z.object({ variantId: queryId(CART_VARIANT_MESSAGE) });

export type CartItemInput = z.input<typeof cartItemSchema>;
export type CartItem = z.output<typeof cartItemSchema>;
export type CartQuantity = z.output<typeof cartQuantitySchema>;

// Kept in a zod-free module so the layout can make an id without loading zod.
export { newCartSessionId } from "../cart-session-id";

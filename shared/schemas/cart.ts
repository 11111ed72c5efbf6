import { z } from "zod";
import { CART_QUANTITY_MAX, CART_SESSION_ID_MAX } from "../limits";

export const SESSION_ID_REQUIRED_MESSAGE = "Session ID is required";
export const SESSION_ID_INVALID_MESSAGE = "Identificador de carrito inválido";
export const PRODUCT_ID_MESSAGE = "Product ID must be a positive number";
export const QUANTITY_MESSAGE = "Quantity must be a positive number";
export const QUANTITY_MAX_MESSAGE = "La cantidad máxima es 99";

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
});

export const cartQuantitySchema = z.object({ quantity });

export type CartItemInput = z.input<typeof cartItemSchema>;
export type CartItem = z.output<typeof cartItemSchema>;
export type CartQuantity = z.output<typeof cartQuantitySchema>;

// Kept in a zod-free module so the layout can make an id without loading zod.
export { newCartSessionId } from "../cart-session-id";

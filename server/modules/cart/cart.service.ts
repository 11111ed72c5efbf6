import { z } from "zod";
import type { Queryable } from "../../../db/client";
import type { CartItemDto } from "../../../shared/api-types";
import {
  QUANTITY_MAX_MESSAGE,
  cartItemSchema,
  cartQuantitySchema,
  cartSessionIdSchema,
} from "../../../shared/schemas/index";
import { AppError, parseInput } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { lockPublicProduct } from "../catalog/catalog.repository";
import { toCartItemDto } from "./cart.presenter";
import * as repo from "./cart.repository";

export const PRODUCT_NOT_FOUND = "Producto no encontrado";
export const CART_LINE_NOT_FOUND = "El producto no está en el carrito";

// Wrapped in an object so a bad id is reported under the field name `sessionId`.
const sessionParams = z.object({ sessionId: cartSessionIdSchema });
const checkSessionId = (sessionId: unknown) => parseInput(sessionParams, { sessionId }).sessionId;

export function createCartService({ db }: ServiceDeps) {
  /** The line as the cart shows it, read inside the same transaction as its write. */
  async function presentLine(tx: Queryable, sessionId: string, productId: number) {
    const line = await repo.findCartLine(tx, sessionId, productId);
    if (!line) throw AppError.notFound(CART_LINE_NOT_FOUND);
    return toCartItemDto(line);
  }

  return {
    /** Lines of the cart whose product is still public, oldest first. */
    async list(sessionId: string): Promise<CartItemDto[]> {
      const id = checkSessionId(sessionId);
      const rows = await repo.listCartLines(db, id);
      return rows.map(toCartItemDto);
    },

    /** Adds a public product; a product already in the cart adds to its quantity. */
    async add(sessionId: string, input: unknown): Promise<CartItemDto> {
      const id = checkSessionId(sessionId);
      const { productId, quantity } = parseInput(cartItemSchema, input);
      return db.transaction(async (tx) => {
        if (!(await lockPublicProduct(tx, productId))) {
          throw AppError.notFound(PRODUCT_NOT_FOUND);
        }
        const item = await repo.addToCartLine(tx, id, productId, quantity);
        if (!item) {
          throw AppError.validation([{ path: "quantity", message: QUANTITY_MAX_MESSAGE }]);
        }
        return presentLine(tx, id, productId);
      });
    },

    async update(sessionId: string, productId: number, input: unknown): Promise<CartItemDto> {
      const id = checkSessionId(sessionId);
      const { quantity } = parseInput(cartQuantitySchema, input);
      return db.transaction(async (tx) => {
        const item = await repo.setCartLineQuantity(tx, id, productId, quantity);
        if (!item) throw AppError.notFound(CART_LINE_NOT_FOUND);
        return presentLine(tx, id, productId);
      });
    },

    async remove(sessionId: string, productId: number): Promise<void> {
      const id = checkSessionId(sessionId);
      if (!(await repo.deleteCartLine(db, id, productId))) {
        throw AppError.notFound(CART_LINE_NOT_FOUND);
      }
    },

    async clear(sessionId: string): Promise<void> {
      await repo.clearCart(db, checkSessionId(sessionId));
    },

    /**
     * Empties a cart through `tx`, the transaction of the checkout that placed its orders,
     * so the lines go exactly when the orders are written.
     */
    async empty(tx: Queryable, sessionId: string): Promise<void> {
      await repo.clearCart(tx, sessionId);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;

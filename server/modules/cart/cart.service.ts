import { z } from "zod";
import type { Queryable } from "../../../db/client";
import type { CartItemDto } from "../../../shared/api-types";
import {
  QUANTITY_MAX_MESSAGE,
  cartItemSchema,
  cartQuantitySchema,
  cartSessionIdSchema,
} from "../../../shared/schemas/index";
import {
  chooseOptionMessage,
  lineName,
  SOLD_OUT_MESSAGE,
  stockLeftMessage,
} from "../../../shared/product-variants";
import { AppError, parseInput } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { lockPublicProductStock, type StockToAdd } from "../catalog/product-stock";
import { toCartItemDto } from "./cart.presenter";
import * as repo from "./cart.repository";

export const PRODUCT_NOT_FOUND = "Producto no encontrado";
export const CART_LINE_NOT_FOUND = "El producto no está en el carrito";
export const VARIANT_NOT_OF_PRODUCT = "La opción elegida no es de este producto";

const variantError = (message: string) =>
  AppError.validation([{ path: "variantId", message }], message);

/**
 * Issue 36: the line a cart add or change names, checked against the product's variants: a
 * product with variants needs one of its own, a product without them none (400 otherwise).
 */
function checkVariant(found: StockToAdd, variantId: number | undefined): repo.LineKey["variantId"] {
  if (found.hasVariants && variantId === undefined) {
    throw variantError(chooseOptionMessage(found.name));
  }
  if (variantId !== undefined && !found.variant) throw variantError(VARIANT_NOT_OF_PRODUCT);
  return variantId ?? null;
}

/**
 * The units the line may hold: null when not counted, 0 when sold out (the product or its
 * variant marked 'Agotado', or none left).
 */
function unitsLeft(found: StockToAdd): number | null {
  const item = found.variant ?? found;
  if (found.soldOut || item.soldOut) return 0;
  return item.stock;
}

const nameOf = (found: StockToAdd) => lineName(found.name, found.variant?.name);

// Wrapped in an object so a bad id is reported under the field name `sessionId`.
const sessionParams = z.object({ sessionId: cartSessionIdSchema });
const checkSessionId = (sessionId: unknown) => parseInput(sessionParams, { sessionId }).sessionId;

export function createCartService({ db }: ServiceDeps) {
  /** The line as the cart shows it, read inside the same transaction as its write. */
  async function presentLine(tx: Queryable, sessionId: string, key: repo.LineKey) {
    const line = await repo.findCartLine(tx, sessionId, key);
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

    /**
     * Adds a public product (of a product with variants, the chosen `variantId`); a line
     * already in the cart adds to its quantity. More than is left: 409 'Solo quedan N de …',
     * N what may still be added with the cart's own units counted.
     */
    async add(sessionId: string, input: unknown): Promise<CartItemDto> {
      const id = checkSessionId(sessionId);
      const { productId, quantity, variantId } = parseInput(cartItemSchema, input);
      return db.transaction(async (tx) => {
        const found = await lockPublicProductStock(tx, productId, variantId);
        if (!found) throw AppError.notFound(PRODUCT_NOT_FOUND);
        const key = { productId, variantId: checkVariant(found, variantId) };
        const left = unitsLeft(found);
        if (left === 0) throw AppError.conflict(SOLD_OUT_MESSAGE);
        if (left !== null) {
          const canAdd = left - (await repo.lineQuantity(tx, id, key));
          if (quantity > canAdd) {
            throw AppError.conflict(
              canAdd > 0
                ? stockLeftMessage(canAdd, nameOf(found))
                : `Ya tienes en tu carrito las ${left} que quedan de ${nameOf(found)}`,
            );
          }
        }
        const item = await repo.addToCartLine(tx, id, key, quantity);
        if (!item) {
          throw AppError.validation([{ path: "quantity", message: QUANTITY_MAX_MESSAGE }]);
        }
        return presentLine(tx, id, key);
      });
    },

    /**
     * Sets a line's quantity (`variantId`: which line of the product). Raising it past what
     * is left is a 409 'Solo quedan N de …'; lowering it is always allowed.
     */
    async update(
      sessionId: string,
      productId: number,
      input: unknown,
      variantId?: number,
    ): Promise<CartItemDto> {
      const id = checkSessionId(sessionId);
      const { quantity } = parseInput(cartQuantitySchema, input);
      const key = { productId, variantId: variantId ?? null };
      return db.transaction(async (tx) => {
        const found = await lockPublicProductStock(tx, productId, variantId);
        const left = found ? unitsLeft(found) : null;
        if (found && left !== null && quantity > left) {
          if (quantity > (await repo.lineQuantity(tx, id, key))) {
            throw AppError.conflict(
              left > 0 ? stockLeftMessage(left, nameOf(found)) : SOLD_OUT_MESSAGE,
            );
          }
        }
        const item = await repo.setCartLineQuantity(tx, id, key, quantity);
        if (!item) throw AppError.notFound(CART_LINE_NOT_FOUND);
        return presentLine(tx, id, key);
      });
    },

    /** Removes the product's line of `variantId`, or without it every line of the product. */
    async remove(sessionId: string, productId: number, variantId?: number): Promise<void> {
      const id = checkSessionId(sessionId);
      if (!(await repo.deleteCartLine(db, id, productId, variantId))) {
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

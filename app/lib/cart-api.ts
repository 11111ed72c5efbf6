import type { CartItemDto } from "../../shared/api-types";
import { multiplyPrice, sumPrices } from "../../shared/money";
import { apiRequest } from "./api";
import { cartUrl } from "./cart-session";
import { changeCart } from "./cart-store";
import { type AsyncActionHandlers, useAsyncAction } from "./use-async-action";

/*
 * The cart page's changes, each followed by a read of the cart (spec §4: cart-store.ts's
 * changeCart), which the page and the header's badge then show. An add, made from a
 * product's page, is add-to-cart.ts.
 */

/** Issue 36: which line of a product with variants (`?variantId=`). */
const lineQuery = (variantId: number | undefined) =>
  variantId === undefined ? "" : `?variantId=${variantId}`;

export function updateCartLine(line: {
  productId: number;
  quantity: number;
  variantId?: number;
}): Promise<void> {
  return changeCart((id) =>
    apiRequest("PUT", `${cartUrl(id, line.productId)}${lineQuery(line.variantId)}`, {
      quantity: line.quantity,
    }),
  );
}

export function removeCartLine(productId: number, variantId?: number): Promise<void> {
  return changeCart((id) =>
    apiRequest("DELETE", `${cartUrl(id, productId)}${lineQuery(variantId)}`),
  );
}

export function clearCart(): Promise<void> {
  return changeCart((id) => apiRequest("DELETE", cartUrl(id)));
}

/** Pending until the cart has been read again; the handlers run after that read. */
export function useUpdateCartLine(
  handlers?: AsyncActionHandlers<
    [{ productId: number; quantity: number; variantId?: number }],
    void
  >,
) {
  return useAsyncAction(updateCartLine, handlers);
}

export function useRemoveCartLine(handlers?: AsyncActionHandlers<[number, number?], void>) {
  return useAsyncAction(removeCartLine, handlers);
}

export function useClearCart(handlers?: AsyncActionHandlers<[], void>) {
  return useAsyncAction(clearCart, handlers);
}

/**
 * Spec §4: the total is the sum of price × quantity, in exact cents; a line's price is its
 * own (issue 36: its variant's), the product's when an older answer lacks it.
 */
export function cartTotal(items: readonly CartItemDto[]): string {
  return sumPrices(items.map((item) => multiplyPrice(linePrice(item), item.quantity)));
}

export const linePrice = (item: Pick<CartItemDto, "price" | "product">) =>
  item.price ?? item.product.price;

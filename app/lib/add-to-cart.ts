import { apiRequest } from "./api";
import { cartUrl } from "./cart-session";
import { changeCart } from "./cart-store";

/**
 * Adds a product to this browser's cart (its id made on the first add), without TanStack
 * Query, which a product's page doesn't load (issue 27). Spec §4: the cart is read again
 * after every add, whether it worked or not: the badge follows, and so does /cart.
 */
export function addToCart(item: {
  productId: number;
  quantity?: number;
  /** Issue 36: the variant chosen, for a product with variants. */
  variantId?: number;
}): Promise<void> {
  return changeCart((sessionId) =>
    apiRequest("POST", cartUrl(sessionId), {
      productId: item.productId,
      quantity: item.quantity ?? 1,
      ...(item.variantId === undefined ? {} : { variantId: item.variantId }),
    }),
  );
}

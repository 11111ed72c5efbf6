import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CartItemDto } from "../../shared/api-types";
import { multiplyPrice, sumPrices } from "../../shared/money";
import { apiRequest } from "./api";
import { cartQueryKey, getCartSessionId } from "./cart-session";
import { refreshCartCount } from "./use-cart-count";

/** The error text of a failed cart read (spec §8). */
export const CART_FETCH_ERROR = "Failed to fetch cart";

function cartUrl(sessionId: string, productId?: number) {
  const base = cartQueryKey(sessionId)[0];
  return productId === undefined ? base : `${base}/${productId}`;
}

/** The cart of this browser; idle until the session id has been read from storage. */
export function useCart(sessionId: string | null) {
  return useQuery({
    queryKey: cartQueryKey(sessionId ?? ""),
    queryFn: async () => {
      try {
        return await apiRequest<CartItemDto[]>("GET", cartUrl(sessionId!));
      } catch (cause) {
        throw new Error(CART_FETCH_ERROR, { cause });
      }
    },
    enabled: sessionId !== null && sessionId !== "",
  });
}

/**
 * Spec §4: the cart is reloaded after every add, update, remove or clear. The id is read
 * (or made, on the first add) when the change is sent: browser only, like every handler.
 */
function useCartMutation<TVariables>(
  send: (sessionId: string, variables: TVariables) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => send(getCartSessionId(), variables),
    onSettled: async () => {
      const queryKey = cartQueryKey(getCartSessionId());
      await queryClient.invalidateQueries({ queryKey });
      // A page that shows the cart refetched it, and the badge follows that read; elsewhere
      // (a product's button) nothing watches the cart, so the badge reads it once itself.
      if (!queryClient.getQueryCache().find({ queryKey })?.getObserversCount()) {
        await refreshCartCount();
      }
    },
  });
}

export function useAddToCart() {
  return useCartMutation((id, item: { productId: number; quantity?: number }) =>
    apiRequest("POST", cartUrl(id), { productId: item.productId, quantity: item.quantity ?? 1 }),
  );
}

export function useUpdateCartLine() {
  return useCartMutation((id, line: { productId: number; quantity: number }) =>
    apiRequest("PUT", cartUrl(id, line.productId), { quantity: line.quantity }),
  );
}

export function useRemoveCartLine() {
  return useCartMutation((id, productId: number) => apiRequest("DELETE", cartUrl(id, productId)));
}

export function useClearCart() {
  return useCartMutation((id, _: void) => apiRequest("DELETE", cartUrl(id)));
}

/** Spec §4: the item count is the sum of quantities. */
export function cartItemCount(items: readonly CartItemDto[]): number {
  return items.reduce((count, item) => count + item.quantity, 0);
}

/** Spec §4: the total is the sum of price × quantity, in exact cents. */
export function cartTotal(items: readonly CartItemDto[]): string {
  return sumPrices(items.map((item) => multiplyPrice(item.product.price, item.quantity)));
}

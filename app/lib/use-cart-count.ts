import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { CartItemDto } from "../../shared/api-types";
import { cartQueryKey, peekCartSessionId, subscribeCartSessionId } from "./cart-session";

/** The browser's cart id, or null on the server, during hydration and before the first use. */
export function useCartSessionId(): string | null {
  return useSyncExternalStore(subscribeCartSessionId, peekCartSessionId, () => null);
}

/** Total quantity in this browser's cart, for the header badge; 0 without a cart. */
export function useCartCount(): number {
  const sessionId = useCartSessionId();
  const { data } = useQuery<CartItemDto[]>({
    queryKey: cartQueryKey(sessionId ?? ""),
    enabled: sessionId !== null,
  });
  if (!sessionId || !Array.isArray(data)) return 0;
  return data.reduce((sum, item) => sum + item.quantity, 0);
}

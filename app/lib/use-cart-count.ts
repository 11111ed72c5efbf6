import { useEffect, useSyncExternalStore } from "react";
import type { CartItemDto } from "../../shared/api-types";
import { apiRequest } from "./api";
import { cartQueryKey, peekCartSessionId, subscribeCartSessionId } from "./cart-session";

/** The browser's cart id, or null on the server, during hydration and before the first use. */
export function useCartSessionId(): string | null {
  return useSyncExternalStore(subscribeCartSessionId, peekCartSessionId, () => null);
}

/*
 * The header's badge is on every page, so it reads the cart without TanStack Query, which
 * only the pages that change the cart load (issue 27: 11 KB less on the others' first load).
 * The count is this tab's: read once per cart id, then published by the cart's query
 * whenever a page that shows the cart reads it (query-client.ts), or read again after a
 * change made where no page shows it (cart-api.ts).
 */
let count = 0;
let countedCart: string | null = null;
const listeners = new Set<() => void>();

function subscribeCount(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets the badge from a cart's lines, if they are this browser's cart. */
export function publishCartLines(sessionId: string, lines: readonly CartItemDto[]): void {
  if (sessionId !== peekCartSessionId()) return;
  countedCart = sessionId;
  const next = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (next === count) return;
  count = next;
  listeners.forEach((listener) => listener());
}

/** Reads this browser's cart again for the badge; a failed read leaves the badge as it was. */
export async function refreshCartCount(): Promise<void> {
  const sessionId = peekCartSessionId();
  if (!sessionId) return;
  countedCart = sessionId;
  try {
    const lines = await apiRequest<CartItemDto[]>("GET", cartQueryKey(sessionId)[0]);
    if (Array.isArray(lines)) publishCartLines(sessionId, lines);
  } catch {
    // The badge is a hint: the cart page says what went wrong.
  }
}

/** Total quantity in this browser's cart, for the header badge; 0 without a cart. */
export function useCartCount(): number {
  const sessionId = useCartSessionId();
  useEffect(() => {
    if (sessionId && countedCart !== sessionId) void refreshCartCount();
  }, [sessionId]);
  const current = useSyncExternalStore(
    subscribeCount,
    () => count,
    () => 0,
  );
  return sessionId && countedCart === sessionId ? current : 0;
}

/** Tests only: forget the count between renders. */
export function resetCartCountForTests(): void {
  count = 0;
  countedCart = null;
}

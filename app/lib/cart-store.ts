import { useEffect, useSyncExternalStore } from "react";
import type { CartItemDto } from "../../shared/api-types";
import { apiRequest } from "./api";
import {
  cartUrl,
  getCartSessionId,
  peekCartSessionId,
  subscribeCartSessionId,
} from "./cart-session";

/** The error of a failed cart read (spec §8). */
export const CART_FETCH_ERROR = "Failed to fetch cart";

/** The browser's cart id, or null on the server, during hydration and before the first use. */
export function useCartSessionId(): string | null {
  return useSyncExternalStore(subscribeCartSessionId, peekCartSessionId, () => null);
}

/*
 * This tab's cart: ONE copy of its lines, shared by the header's badge (on every page) and
 * the cart and checkout pages, kept without TanStack Query (issue 27: its 11 KB stay off the
 * public pages). Read once per cart id by whichever shows it first, then read again after
 * every change (spec §4: changeCart below, the checkout's order).
 */
export type CartStatus = "loading" | "ready" | "error";

interface CartState {
  /** The cart these lines are of; null until a read starts. */
  sessionId: string | null;
  status: CartStatus;
  /** The last lines read (kept while a read again is on its way, or failed). */
  lines: readonly CartItemDto[];
  /** The last read's error (CART_FETCH_ERROR, its cause attached), while status is 'error'. */
  error: unknown;
}

const NOT_READ: CartState = { sessionId: null, status: "loading", lines: [], error: null };
let state = NOT_READ;
/** Whether a read of state.sessionId has answered: a read again then keeps the lines shown. */
let answered = false;
/** The newest read: an older one's answer is dropped, its callers wait for the newest. */
let newestRead = 0;
/** The newest read has not answered yet. */
let reading = false;
let newestPromise: Promise<void> = Promise.resolve();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function update(next: Partial<CartState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

/** Starts counting a cart: its lines are not known yet. */
function startCart(sessionId: string): void {
  answered = false;
  update({ sessionId, status: "loading", lines: [], error: null });
}

function read(sessionId: string): Promise<void> {
  if (sessionId !== state.sessionId) startCart(sessionId);
  // Nothing shown yet (a first read, or one that failed): the cart is loading again.
  else if (!answered) update({ status: "loading", error: null });
  const id = ++newestRead;
  reading = true;
  const promise = apiRequest<CartItemDto[]>("GET", cartUrl(sessionId)).then(
    (lines) => {
      if (id !== newestRead) return newestPromise;
      reading = false;
      answered = true;
      update({ status: "ready", lines: Array.isArray(lines) ? lines : [], error: null });
    },
    (cause: unknown) => {
      if (id !== newestRead) return newestPromise;
      reading = false;
      update({ status: "error", error: new Error(CART_FETCH_ERROR, { cause }) });
    },
  );
  newestPromise = promise;
  return promise;
}

/**
 * Reads this browser's cart again; resolves once the answer is in the store, and never
 * rejects (a failure is the store's 'error'). Nothing to read without a cart.
 */
export function reloadCart(): Promise<void> {
  const sessionId = peekCartSessionId();
  return sessionId ? read(sessionId) : Promise.resolve();
}

/**
 * Sends a change to this browser's cart (its id made on the first add), then reads the cart
 * again whether the change worked or not (spec §4); rejects with the change's error.
 */
export async function changeCart(send: (sessionId: string) => Promise<unknown>): Promise<void> {
  const sessionId = getCartSessionId();
  // A cart made just now: the read after this change is its first (not one more on mount).
  if (sessionId !== state.sessionId) startCart(sessionId);
  try {
    await send(sessionId);
  } finally {
    await reloadCart();
  }
}

export interface TabCart {
  /** This browser's cart id; null on the server, during hydration and before the first add. */
  sessionId: string | null;
  /** 'ready' with no lines when the browser has no cart yet. */
  status: CartStatus;
  lines: readonly CartItemDto[];
  error: unknown;
  /** Reads the cart again ('Reintentar'). */
  reload: () => Promise<void>;
}

const NO_LINES: readonly CartItemDto[] = [];

/** This tab's cart, read on first use (once per cart id, whoever asks first). */
export function useCart(): TabCart {
  const sessionId = useCartSessionId();
  useEffect(() => {
    // The first to show this cart reads it; after a failed read, so does the next page shown.
    const needed = state.sessionId !== sessionId || (state.status === "error" && !reading);
    if (sessionId && needed) void read(sessionId);
  }, [sessionId]);
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => NOT_READ,
  );
  if (!sessionId) {
    return { sessionId, status: "ready", lines: NO_LINES, error: null, reload: reloadCart };
  }
  // Until its read starts (this render's effect), this cart is loading.
  const ours = current.sessionId === sessionId ? current : NOT_READ;
  return { ...ours, sessionId, reload: reloadCart };
}

/** Spec §4: the item count is the sum of quantities. */
export function cartItemCount(items: readonly Pick<CartItemDto, "quantity">[]): number {
  return items.reduce((count, item) => count + item.quantity, 0);
}

/** Total quantity in this browser's cart, for the header's badge; 0 until its first read. */
export function useCartCount(): number {
  return cartItemCount(useCart().lines);
}

/** Tests only: forget the cart between tests. */
export function resetCartStoreForTests(): void {
  state = NOT_READ;
  answered = false;
  newestRead = 0;
  reading = false;
  newestPromise = Promise.resolve();
}

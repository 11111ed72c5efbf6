import { useEffect, useLayoutEffect, useMemo, useSyncExternalStore } from "react";
import type { CartItemDto } from "../../shared/api-types";
import { cartSessionIdFromCookie } from "../../shared/cart-session-id";
import { apiRequest } from "./api";
import {
  cartUrl,
  getCartSessionId,
  peekCartSessionId,
  subscribeCartSessionId,
  syncCartSessionCookie,
} from "./cart-session";

/** The error of a failed cart read (spec §8). */
export const CART_FETCH_ERROR = "Failed to fetch cart";

/**
 * The browser's cart id; null before the first use. On the server and while hydrating it is
 * `serverId`: the id the page's loader read from the cookie (null for any other page).
 */
export function useCartSessionId(serverId: string | null = null): string | null {
  return useSyncExternalStore(subscribeCartSessionId, peekCartSessionId, () => serverId);
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

/**
 * What a /cart or /checkout loader read of the request's cart, by the cookie that mirrors the
 * browser's id (issue 27): its lines, or `lines: null` when reading them failed (the browser
 * reads them, as before the cookie); null when the request carried no id (no cart: empty).
 */
export type ServerCart = { sessionId: string; lines: CartItemDto[] | null } | null;

/** ServerCart for a page's loader; `cart` is the cart service. Never fails the page. */
export async function serverCartOf(
  request: Request,
  cart: { list(sessionId: string): Promise<CartItemDto[]> },
): Promise<ServerCart> {
  const sessionId = cartSessionIdFromCookie(request.headers.get("cookie"));
  if (!sessionId) return null;
  try {
    return { sessionId, lines: await cart.list(sessionId) };
  } catch {
    return { sessionId, lines: null };
  }
}

/** The store's state a loader's cart stands for: its lines read, or loading without them. */
function stateOf(server: NonNullable<ServerCart>): CartState {
  return server.lines
    ? { sessionId: server.sessionId, status: "ready", lines: server.lines, error: null }
    : { ...NOT_READ, sessionId: server.sessionId };
}

/**
 * Takes the lines a page's loader read as this tab's first read of its cart, when they are
 * the browser's cart's and nothing of it is known or on its way (no second GET after them).
 */
function seed(server: ServerCart | undefined): void {
  if (!server?.lines || reading || peekCartSessionId() !== server.sessionId) return;
  if (state.sessionId === server.sessionId && answered) return;
  answered = true;
  update(stateOf(server));
}

export interface TabCart {
  /**
   * This browser's cart id; null before the first add. On the server and while hydrating,
   * the loader's (the cookie's) on the cart and checkout pages, null elsewhere.
   */
  sessionId: string | null;
  /** 'ready' with no lines when the browser has no cart yet. */
  status: CartStatus;
  lines: readonly CartItemDto[];
  error: unknown;
  /** Reads the cart again ('Reintentar'). */
  reload: () => Promise<void>;
}

const NO_LINES: readonly CartItemDto[] = [];

/**
 * This tab's cart, read on first use (once per cart id, whoever asks first). The cart and
 * checkout pages pass what their loader read (`server`): the server renders it, hydration
 * renders the same, and its lines then count as the first read when they are of the
 * browser's cart; another id in storage, or none, is read (or emptied) after hydration.
 * Without `server` (the header's badge) the server and hydration see no cart: the badge's 0
 * keeps every other page the same for everyone (the shared page cache).
 */
export function useCart(server?: ServerCart): TabCart {
  const sessionId = useCartSessionId(server?.sessionId ?? null);
  const serverState = useMemo(() => (server ? stateOf(server) : NOT_READ), [server]);
  // A layout effect: in the store before any passive effect (the badge's too) would read it.
  useLayoutEffect(() => seed(server), [server]);
  useEffect(() => syncCartSessionCookie(), []);
  useEffect(() => {
    // While hydrating, `sessionId` is the server's: the browser's own is read once rendered.
    if (!sessionId || sessionId !== peekCartSessionId()) return;
    // The first to show this cart reads it; after a failed read, so does the next page shown.
    const needed = state.sessionId !== sessionId || (state.status === "error" && !reading);
    if (needed) void read(sessionId);
  }, [sessionId]);
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
  if (!sessionId) {
    return { sessionId, status: "ready", lines: NO_LINES, error: null, reload: reloadCart };
  }
  // The store's copy of this cart; else the loader's (seeded once this render commits); else
  // it is loading until its read starts (this render's effect).
  const ours =
    current.sessionId === sessionId
      ? current
      : serverState.sessionId === sessionId
        ? serverState
        : NOT_READ;
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

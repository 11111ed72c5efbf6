import {
  CART_SESSION_COOKIE,
  cartSessionIdFromCookie,
  isCartSessionId,
  newCartSessionId,
} from "../../shared/cart-session-id";
import { writeBrowserCookie } from "./browser-cookie";

/** Where the browser keeps its cart id (spec §3: the cart is tied to the browser). */
export const CART_SESSION_KEY = "cart-session-id";

// When storage is blocked (private mode, disabled cookies) the id lives for this tab only.
let memoryId: string | null = null;
const listeners = new Set<() => void>();

function readStored(): string | null {
  try {
    return window.localStorage.getItem(CART_SESSION_KEY);
  } catch {
    return null;
  }
}

/**
 * Mirrors the stored id in CART_SESSION_COOKIE (null removes it), for the /cart and /checkout
 * loaders (issue 27). Storage stays the source of truth (spec §3); the cookie only follows it.
 */
const writeCookie = (sessionId: string | null) =>
  writeBrowserCookie(CART_SESSION_COOKIE, sessionId);

/** Matches a document.cookie that holds CART_SESSION_COOKIE, well formed or not. */
const COOKIE_PRESENT = new RegExp(`(?:^|;\\s*)${CART_SESSION_COOKIE}=`);

/**
 * Puts the cookie in step with storage: written when storage holds an id the cookie does not
 * (an id made before the cookie existed), removed when storage holds none (cleared). Called
 * after hydration by the header's badge (cart-store.ts, useCart), so on every page.
 */
export function syncCartSessionCookie(): void {
  const stored = readStored();
  if (stored !== null && isCartSessionId(stored)) {
    if (cartSessionIdFromCookie(document.cookie) !== stored) writeCookie(stored);
  } else if (COOKIE_PRESENT.test(document.cookie)) {
    writeCookie(null);
  }
}

/** The cart id if this browser has one; null on the server or before the first use. */
export function peekCartSessionId(): string | null {
  if (typeof window === "undefined") return null;
  return readStored() ?? memoryId;
}

/**
 * The cart id, made, stored and mirrored in the cookie on first use. Browser only: call it
 * from effects or handlers.
 */
export function getCartSessionId(): string {
  const existing = peekCartSessionId();
  if (existing) return existing;
  const id = newCartSessionId();
  try {
    window.localStorage.setItem(CART_SESSION_KEY, id);
  } catch {
    // Storage blocked: the in-memory id still serves this tab.
    memoryId = id;
  }
  // Mirrored only when stored: an id of this tab alone is no later page's.
  if (memoryId !== id) writeCookie(id);
  listeners.forEach((listener) => listener());
  return id;
}

/**
 * Issue 37 M2: after a checkout the browser starts a new cart id (stored, mirrored in the
 * cookie, told to subscribers), so the id of the cart just ordered, which its merchants
 * once saw, opens nothing this shopper uses again. Returns the new id.
 */
export function startNewCartSession(): string {
  const id = newCartSessionId();
  let stored = true;
  try {
    window.localStorage.setItem(CART_SESSION_KEY, id);
  } catch {
    stored = false;
  }
  memoryId = stored ? null : id;
  writeCookie(stored ? id : null);
  listeners.forEach((listener) => listener());
  return id;
}

/** Calls back when the id appears (in this tab or another one); returns the unsubscribe. */
export function subscribeCartSessionId(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_SESSION_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The URL of a cart's lines, or of one of its lines. */
export function cartUrl(sessionId: string, productId?: number): string {
  const base = `/api/cart/${sessionId}`;
  return productId === undefined ? base : `${base}/${productId}`;
}

import { cookieValue } from "./cookies";

/**
 * The browser's cart id, kept free of zod so the layout (header cart badge) can make one
 * without shipping the schema library on every page.
 */

const ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyz0123456789";

/** Spec §3: the word 'session', a timestamp and a random string ('session_1764000000000_k3j9…'). */
export function newCartSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const random = Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join("");
  return `session_${Date.now()}_${random}`;
}

/**
 * The cookie that mirrors the id kept in the browser's storage (app/lib/cart-session.ts), so
 * that the /cart and /checkout loaders can read the cart (issue 27). Same name as the key.
 */
export const CART_SESSION_COOKIE = "cart-session-id";

/*
 * cartSessionIdSchema's rule (shared/schemas/cart.ts, decisions §2: 1–CART_SESSION_ID_MAX
 * letters, digits, '-' and '_'), restated without zod: the layout loads this module, which
 * imports only ./cookies (./cart-session-id.test.ts); ./cart-session-id-cookie.test.ts checks
 * both agree.
 */
const ID_FORMAT = /^[A-Za-z0-9_-]{1,100}$/;

/** Whether `value` is a well-formed cart id (cartSessionIdSchema without zod). */
export function isCartSessionId(value: string): boolean {
  return ID_FORMAT.test(value);
}

/**
 * The cart id a Cookie header carries (CART_SESSION_COOKIE's first value), or null when
 * there is none or it is not a well-formed id.
 */
export function cartSessionIdFromCookie(header: string | null | undefined): string | null {
  const value = cookieValue(header, CART_SESSION_COOKIE);
  return value !== undefined && isCartSessionId(value) ? value : null;
}

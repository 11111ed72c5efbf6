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

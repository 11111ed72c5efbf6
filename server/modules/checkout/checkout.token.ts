import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { ORDER_LINK_EXPIRED_MESSAGE } from "../../../shared/checkout";
import { AppError } from "../../errors";

/**
 * The order page's token (issue 10): 256 random bits, or, when the checkout came with an
 * Idempotency-Key, HMAC-SHA256 of that key under 256 random bits (the salt) — so the same
 * key can answer the same order link again while the database keeps neither the token nor
 * the key, only their SHA-256. See docs/decisions/0009-checkout-orders-payment.md.
 */

const TOKEN_BYTES = 32;
/** base64url of 32 bytes. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export function newSalt(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

export function newToken(salt: string | null, idempotencyKey: string | null): string {
  if (salt && idempotencyKey) {
    return createHmac("sha256", Buffer.from(salt, "base64url"))
      .update(idempotencyKey)
      .digest("base64url");
  }
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

/**
 * Issue 37: the links other than the checkout's first (each step's e-mail, each 'Buscar mi
 * pedido') open the order page this many days; the first link keeps working.
 */
export const ORDER_LINK_DAYS = 90;

/**
 * How the repository hands over the hash of such a link past its days (listCheckoutTokenHashes),
 * so that the one comparison below can tell 'expired' from 'wrong' without another query.
 */
export const EXPIRED_HASH_PREFIX = "expired:";

/**
 * Whether `token` is the one whose hash is stored; the same time wherever they differ. The
 * right token of an expired link (EXPIRED_HASH_PREFIX) is a 410 saying where to get a new one.
 */
export function tokenMatches(token: string, storedHash: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const expired = storedHash.startsWith(EXPIRED_HASH_PREFIX);
  const given = Buffer.from(sha256(token), "hex");
  const stored = Buffer.from(
    expired ? storedHash.slice(EXPIRED_HASH_PREFIX.length) : storedHash,
    "hex",
  );
  const same = given.length === stored.length && timingSafeEqual(given, stored);
  if (same && expired) throw AppError.gone(ORDER_LINK_EXPIRED_MESSAGE);
  return same;
}

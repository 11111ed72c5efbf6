import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

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

/** Whether `token` is the one whose hash is stored; the same time wherever they differ. */
export function tokenMatches(token: string, storedHash: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const given = Buffer.from(sha256(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

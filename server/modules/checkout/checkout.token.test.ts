import { describe, expect, it } from "vitest";
import { newSalt, newToken, sha256, tokenMatches, TOKEN_PATTERN } from "./checkout.token";

describe("order page token", () => {
  it("is 256 random bits, different every time, and only its hash is compared", () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newToken(null, null)));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(TOKEN_PATTERN);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
    const [token] = tokens;
    expect(tokenMatches(token, sha256(token))).toBe(true);
    expect(
      tokenMatches(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), sha256(token)),
    ).toBe(false);
    expect(tokenMatches("", sha256(token))).toBe(false);
    expect(tokenMatches(token, "no-es-un-hash")).toBe(false);
  });

  it("is the same for the same Idempotency-Key and salt, and differs with either", () => {
    const salt = newSalt();
    const token = newToken(salt, "intento-1");
    expect(newToken(salt, "intento-1")).toBe(token);
    expect(newToken(salt, "intento-2")).not.toBe(token);
    expect(newToken(newSalt(), "intento-1")).not.toBe(token);
    expect(token).toMatch(TOKEN_PATTERN);
  });
});

import { describe, expect, it } from "vitest";
import { CART_SESSION_COOKIE, cartSessionIdFromCookie, isCartSessionId } from "./cart-session-id";
import { CART_SESSION_ID_MAX } from "./limits";
import { cartSessionIdSchema } from "./schemas/cart";

// Issue 27: the /cart and /checkout loaders read the browser's cart id from this cookie.

const MALFORMED = [
  "",
  "x".repeat(CART_SESSION_ID_MAX + 1),
  "session_1.abc",
  "session 1",
  "session%201",
  '"session_1"',
  "sesión_1",
  "session_1,abc",
  "../admin",
];

describe("cartSessionIdFromCookie", () => {
  it("reads the id among the page request's other cookies", () => {
    expect(cartSessionIdFromCookie(`${CART_SESSION_COOKIE}=session_1_abc`)).toBe("session_1_abc");
    expect(
      cartSessionIdFromCookie(
        `tiangue_municipio=San%20Miguel; ${CART_SESSION_COOKIE}=session_1_abc;tiangue_sid=x`,
      ),
    ).toBe("session_1_abc");
  });

  it("is null without a cookie header or without the cookie", () => {
    expect(cartSessionIdFromCookie(null)).toBeNull();
    expect(cartSessionIdFromCookie(undefined)).toBeNull();
    expect(cartSessionIdFromCookie("")).toBeNull();
    expect(
      cartSessionIdFromCookie("tiangue_sid=abc; other-cart-session-id=session_1_abc"),
    ).toBeNull();
    expect(cartSessionIdFromCookie(CART_SESSION_COOKIE)).toBeNull();
  });

  it.each(MALFORMED)("rejects the malformed id %j", (value) => {
    expect(cartSessionIdFromCookie(`${CART_SESSION_COOKIE}=${value}; a=b`)).toBeNull();
  });

  it("takes the first of two cookies of that name (the most specific path's)", () => {
    expect(
      cartSessionIdFromCookie(`${CART_SESSION_COOKIE}=session_2; ${CART_SESSION_COOKIE}=session_1`),
    ).toBe("session_2");
  });
});

describe("isCartSessionId", () => {
  it("agrees with cartSessionIdSchema, whose rule it restates without zod", () => {
    const samples = [
      ...MALFORMED,
      "a",
      "session_1764000000000_k3j9abc",
      "A-b_C-9",
      "x".repeat(CART_SESSION_ID_MAX),
    ];
    for (const value of samples) {
      expect(isCartSessionId(value), JSON.stringify(value)).toBe(
        cartSessionIdSchema.safeParse(value).success,
      );
    }
    expect(isCartSessionId("x".repeat(CART_SESSION_ID_MAX))).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CART_SESSION_KEY,
  cartUrl,
  getCartSessionId,
  peekCartSessionId,
  subscribeCartSessionId,
} from "./cart-session";

afterEach(() => localStorage.clear());

describe("cart session id", () => {
  it("is made on first use, stored under 'cart-session-id' and then reused", () => {
    expect(peekCartSessionId()).toBeNull();
    const id = getCartSessionId();
    expect(id).toMatch(/^session_\d+_[a-z0-9]+$/);
    expect(localStorage.getItem(CART_SESSION_KEY)).toBe(id);
    expect(getCartSessionId()).toBe(id);
    expect(peekCartSessionId()).toBe(id);
  });

  it("tells subscribers when it is created", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeCartSessionId(listener);
    getCartSessionId();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("makes the URL of a cart and of one of its lines", () => {
    expect(cartUrl("session_1_abc")).toBe("/api/cart/session_1_abc");
    expect(cartUrl("session_1_abc", 7)).toBe("/api/cart/session_1_abc/7");
  });
});

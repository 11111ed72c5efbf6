import { afterEach, describe, expect, it, vi } from "vitest";
import { CART_SESSION_COOKIE, cartSessionIdFromCookie } from "../../shared/cart-session-id";
import {
  CART_SESSION_KEY,
  cartUrl,
  getCartSessionId,
  peekCartSessionId,
  startNewCartSession,
  subscribeCartSessionId,
  syncCartSessionCookie,
} from "./cart-session";

const forgetCookie = () => {
  document.cookie = `${CART_SESSION_COOKIE}=; Path=/; Max-Age=0`;
};

afterEach(() => {
  localStorage.clear();
  forgetCookie();
  vi.restoreAllMocks();
});

/** The id the browser would send with a page request (what the loaders read). */
const mirrored = () => cartSessionIdFromCookie(document.cookie);

/** What the next writes to document.cookie set, attributes included. */
function cookieWrites() {
  const setter = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")!.set!;
  return vi.spyOn(document, "cookie", "set").mockImplementation(function (this: Document, value) {
    setter.call(this, value);
  });
}

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

  it("starts a new id after a checkout, stored, mirrored and told (issue 37 M2)", () => {
    const old = getCartSessionId();
    const told = vi.fn();
    const unsubscribe = subscribeCartSessionId(told);
    const fresh = startNewCartSession();
    unsubscribe();
    expect(fresh).not.toBe(old);
    expect(fresh).toMatch(/^session_\d+_[a-z0-9]+$/);
    expect(localStorage.getItem(CART_SESSION_KEY)).toBe(fresh);
    expect(peekCartSessionId()).toBe(fresh);
    expect(mirrored()).toBe(fresh);
    expect(told).toHaveBeenCalled();
    expect(getCartSessionId()).toBe(fresh);
  });

  it("makes the URL of a cart and of one of its lines", () => {
    expect(cartUrl("session_1_abc")).toBe("/api/cart/session_1_abc");
    expect(cartUrl("session_1_abc", 7)).toBe("/api/cart/session_1_abc/7");
  });
});

describe("the cookie that mirrors it (issue 27)", () => {
  it("is written for a year, for every path, when the id is made", () => {
    const writes = cookieWrites();
    const id = getCartSessionId();
    expect(mirrored()).toBe(id);
    expect(writes.mock.calls).toEqual([
      [`${CART_SESSION_COOKIE}=${id}; Path=/; Max-Age=31536000; SameSite=Lax`],
    ]);
    // Reused, not made: nothing more is written.
    getCartSessionId();
    expect(writes).toHaveBeenCalledTimes(1);
  });

  it("is not written for an id of this tab alone (storage blocked)", async () => {
    // A fresh module: its in-memory id must not outlive this test.
    vi.resetModules();
    const fresh = await import("./cart-session");
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    const id = fresh.getCartSessionId();
    expect(fresh.peekCartSessionId()).toBe(id);
    expect(document.cookie).not.toContain(CART_SESSION_COOKIE);
  });

  it("is written by the sync for an id stored before the cookie existed", () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    syncCartSessionCookie();
    expect(mirrored()).toBe("session_1_abc");
  });

  it("is rewritten by the sync when it names another id than storage", () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    document.cookie = `${CART_SESSION_COOKIE}=session_2_other; Path=/`;
    syncCartSessionCookie();
    expect(mirrored()).toBe("session_1_abc");
  });

  it("is removed by the sync when storage holds no id, or a malformed one", () => {
    document.cookie = `${CART_SESSION_COOKIE}=session_2_other; Path=/`;
    syncCartSessionCookie();
    expect(document.cookie).not.toContain(CART_SESSION_COOKIE);

    localStorage.setItem(CART_SESSION_KEY, "no es un id; Path=/x");
    document.cookie = `${CART_SESSION_COOKIE}=session_2_other; Path=/`;
    syncCartSessionCookie();
    expect(document.cookie).not.toContain(CART_SESSION_COOKIE);
  });

  it("is left alone by the sync when it already follows storage", () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    document.cookie = `${CART_SESSION_COOKIE}=session_1_abc; Path=/`;
    const writes = cookieWrites();
    syncCartSessionCookie();
    expect(writes).not.toHaveBeenCalled();
    // Nothing in storage and no cookie: nothing to write either.
    localStorage.clear();
    document.cookie = `${CART_SESSION_COOKIE}=; Path=/; Max-Age=0`;
    writes.mockClear();
    syncCartSessionCookie();
    expect(writes).not.toHaveBeenCalled();
  });
});

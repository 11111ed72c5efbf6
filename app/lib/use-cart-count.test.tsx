import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CART_SESSION_KEY, getCartSessionId } from "./cart-session";
import { createQueryClient } from "./query-client";
import { useCartCount } from "./use-cart-count";

function Count() {
  return <p data-testid="count">{useCartCount()}</p>;
}

function renderCount() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Count />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("useCartCount", () => {
  it("is 0 and asks nothing when the browser has no cart", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderCount();
    expect(screen.getByTestId("count").textContent).toBe("0");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sums the quantities of the cart's lines", async () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify([{ quantity: 2 }, { quantity: 3 }]), { status: 200 }),
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderCount();
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("5"));
    expect(fetchMock.mock.calls[0]).toEqual([
      "/api/cart/session_1_abc",
      expect.objectContaining({ method: "GET" }),
    ]);
  });

  it("starts counting once a cart is created", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(new Response(JSON.stringify([{ quantity: 1 }])))),
    );
    renderCount();
    act(() => {
      getCartSessionId();
    });
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("1"));
  });
});

import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAddToCart, useCart } from "./cart-api";
import { CART_SESSION_KEY, getCartSessionId } from "./cart-session";
import { useTabQueryClient } from "./query-client";
import { resetCartCountForTests, useCartCount } from "./use-cart-count";

function Count() {
  return <p data-testid="count">{useCartCount()}</p>;
}

function json(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
}

afterEach(() => {
  localStorage.clear();
  resetCartCountForTests();
  vi.unstubAllGlobals();
});

describe("useCartCount", () => {
  it("is 0 and asks nothing when the browser has no cart", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(<Count />);
    expect(screen.getByTestId("count").textContent).toBe("0");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sums the quantities of the cart's lines, without a query client", async () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    const fetchMock = vi.fn(() => json([{ quantity: 2 }, { quantity: 3 }]));
    vi.stubGlobal("fetch", fetchMock);
    render(<Count />);
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("5"));
    expect(fetchMock.mock.calls[0]).toEqual([
      "/api/cart/session_1_abc",
      expect.objectContaining({ method: "GET" }),
    ]);
  });

  it("starts counting once a cart is created", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => json([{ quantity: 1 }])),
    );
    render(<Count />);
    act(() => {
      getCartSessionId();
    });
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("1"));
  });

  it("follows an add to the cart made where no page shows the cart", async () => {
    let lines = [{ quantity: 1 }];
    const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
      if (init?.method === "POST") {
        lines = [{ quantity: 2 }];
        return json({});
      }
      return json(lines);
    });
    vi.stubGlobal("fetch", fetchMock);
    let add: ReturnType<typeof useAddToCart> | undefined;
    function Button() {
      add = useAddToCart();
      return null;
    }
    function Page() {
      return (
        <QueryClientProvider client={useTabQueryClient()}>
          <Count />
          <Button />
        </QueryClientProvider>
      );
    }
    getCartSessionId();
    render(<Page />);
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("1"));
    await act(() => add!.mutateAsync({ productId: 7 }));
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("2"));
  });

  it("follows the cart page's own read of the cart", async () => {
    // Only the cart page's read answers 4: a read of the badge's own would say 9.
    const fetchMock = vi.fn(() => json([{ quantity: fetchMock.mock.calls.length === 1 ? 4 : 9 }]));
    vi.stubGlobal("fetch", fetchMock);
    const sessionId = getCartSessionId();
    function CartPage() {
      useCart(sessionId);
      return null;
    }
    function Page() {
      return (
        <QueryClientProvider client={useTabQueryClient()}>
          <CartPage />
        </QueryClientProvider>
      );
    }
    render(<Page />);
    // The badge is rendered after the cart was read: it takes the query's answer.
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    render(<Count />);
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("4"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

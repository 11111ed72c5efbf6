import { act, render, screen, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hydrateServerRender } from "../test/hydrate";
import type { CartItemDto } from "../../shared/api-types";
import { CART_SESSION_COOKIE, cartSessionIdFromCookie } from "../../shared/cart-session-id";
import { addToCart } from "./add-to-cart";
import { removeCartLine, updateCartLine } from "./cart-api";
import { CART_SESSION_KEY, getCartSessionId } from "./cart-session";
import {
  CART_FETCH_ERROR,
  reloadCart,
  resetCartStoreForTests,
  serverCartOf,
  useCart,
  useCartCount,
  type ServerCart,
} from "./cart-store";

/** The header's badge. */
function Count() {
  return <p data-testid="count">{useCartCount()}</p>;
}

/** What the cart page reads of the store (`server`: what its loader read). */
function CartPage({ server }: { server?: ServerCart }) {
  const cart = useCart(server);
  return (
    <p data-testid="cart">
      {cart.status}:{cart.lines.map((line) => `${line.productId}x${line.quantity}`).join(",")}
      {cart.status === "error" && `:${(cart.error as Error).message}`}
    </p>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

/** A server's cart: GET answers `lines`, a change replaces them. */
function stubCart(initial: { productId: number; quantity: number }[]) {
  let lines = initial;
  const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    if (method === "GET") return json(lines);
    if (method === "PUT") {
      const productId = Number(_url.split("/").pop());
      const { quantity } = JSON.parse(String(init?.body)) as { quantity: number };
      lines = lines.map((line) => (line.productId === productId ? { productId, quantity } : line));
    } else if (method === "DELETE") {
      const productId = Number(_url.split("/").pop());
      lines = lines.filter((line) => line.productId !== productId);
    }
    return json({});
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const gets = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "GET");

afterEach(() => {
  localStorage.clear();
  document.cookie = `${CART_SESSION_COOKIE}=; Path=/; Max-Age=0`;
  resetCartStoreForTests();
  vi.unstubAllGlobals();
});

describe("useCartCount", () => {
  it("is 0 and asks nothing when the browser has no cart", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(<Count />);
    expect(text("count")).toBe("0");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sums the quantities of the cart's lines", async () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    const fetchMock = vi.fn(() => json([{ quantity: 2 }, { quantity: 3 }]));
    vi.stubGlobal("fetch", fetchMock);
    render(<Count />);
    await waitFor(() => expect(text("count")).toBe("5"));
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
    await waitFor(() => expect(text("count")).toBe("1"));
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
    getCartSessionId();
    // A product's page: the badge only.
    render(<Count />);
    await waitFor(() => expect(text("count")).toBe("1"));
    await act(() => addToCart({ productId: 7 }));
    expect(text("count")).toBe("2");
  });

  it("reads a cart made by the first add once, after the add", async () => {
    const fetchMock = stubCart([]);
    render(<Count />);
    await act(() => addToCart({ productId: 7 }));
    const sessionId = localStorage.getItem(CART_SESSION_KEY);
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      `POST /api/cart/${sessionId}`,
      `GET /api/cart/${sessionId}`,
    ]);
  });
});

describe("the tab's cart store", () => {
  it("reads the cart once per cart id for the badge and the cart page together", async () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    const fetchMock = stubCart([{ productId: 31, quantity: 4 }]);
    render(
      <>
        <Count />
        <CartPage />
      </>,
    );
    expect(text("cart")).toBe("loading:");
    await waitFor(() => expect(text("cart")).toBe("ready:31x4"));
    expect(text("count")).toBe("4");
    // A page shown later (another visit to /cart) takes the same copy, without a read.
    render(<CartPage />);
    expect(screen.getAllByTestId("cart").map((p) => p.textContent)).toEqual([
      "ready:31x4",
      "ready:31x4",
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("reads the cart again after each change; the page and the badge follow the lines", async () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    const fetchMock = stubCart([
      { productId: 31, quantity: 1 },
      { productId: 32, quantity: 2 },
    ]);
    render(
      <>
        <Count />
        <CartPage />
      </>,
    );
    await waitFor(() => expect(text("count")).toBe("3"));

    await act(() => updateCartLine({ productId: 31, quantity: 5 }));
    expect(fetchMock.mock.calls[1]).toEqual([
      "/api/cart/session_1_abc/31",
      expect.objectContaining({ method: "PUT", body: JSON.stringify({ quantity: 5 }) }),
    ]);
    expect(text("cart")).toBe("ready:31x5,32x2");
    expect(text("count")).toBe("7");

    await act(() => removeCartLine(32));
    expect(fetchMock.mock.calls[3]).toEqual([
      "/api/cart/session_1_abc/32",
      expect.objectContaining({ method: "DELETE" }),
    ]);
    expect(text("cart")).toBe("ready:31x5");
    expect(text("count")).toBe("5");
    // One read at first, one after each change.
    expect(gets(fetchMock)).toHaveLength(3);
  });

  it("reads the cart again after a change that failed, and rejects with its error", async () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    const fetchMock = stubCart([{ productId: 31, quantity: 1 }]);
    render(<CartPage />);
    await waitFor(() => expect(text("cart")).toBe("ready:31x1"));
    fetchMock.mockImplementationOnce(() => json({ message: "Producto no encontrado" }, 404));
    await act(() => expect(updateCartLine({ productId: 31, quantity: 2 })).rejects.toThrow());
    expect(gets(fetchMock)).toHaveLength(2);
    expect(text("cart")).toBe("ready:31x1");
  });

  it("says a failed read ('Failed to fetch cart'), then reads again on 'Reintentar'", async () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    const fetchMock = stubCart([{ productId: 31, quantity: 2 }]);
    fetchMock.mockImplementationOnce(() => json({ message: "caído" }, 500));
    render(
      <>
        <Count />
        <CartPage />
      </>,
    );
    await waitFor(() => expect(text("cart")).toBe(`error::${CART_FETCH_ERROR}`));
    expect(text("count")).toBe("0");

    let retry!: Promise<void>;
    act(() => {
      retry = reloadCart();
    });
    // Nothing was shown yet: the cart is loading again.
    expect(text("cart")).toBe("loading:");
    await act(() => retry);
    expect(text("cart")).toBe("ready:31x2");
    expect(text("count")).toBe("2");
  });

  it("reads a cart whose read failed again when a page that shows it opens", async () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    const fetchMock = stubCart([{ productId: 31, quantity: 2 }]);
    fetchMock.mockImplementationOnce(() => json({ message: "caído" }, 500));
    // The badge's read, on another page, failed.
    render(<Count />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(text("count")).toBe("0");
    // Then /cart opens (with its own header's badge): one read again, for both.
    render(
      <>
        <Count />
        <CartPage />
      </>,
    );
    await waitFor(() => expect(text("cart")).toBe("ready:31x2"));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("keeps the lines it read when a later read fails: the badge stays as it was", async () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    const fetchMock = stubCart([{ productId: 31, quantity: 2 }]);
    render(
      <>
        <Count />
        <CartPage />
      </>,
    );
    await waitFor(() => expect(text("count")).toBe("2"));
    fetchMock.mockImplementationOnce(() => json({ message: "caído" }, 500));
    await act(() => reloadCart());
    expect(text("cart")).toBe(`error:31x2:${CART_FETCH_ERROR}`);
    expect(text("count")).toBe("2");
  });

  it("shows the newest read when two cross: an older answer arriving late is dropped", async () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    const answers: ((lines: unknown) => void)[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(
        () =>
          new Promise<Response>((resolve) =>
            answers.push((lines) => resolve(new Response(JSON.stringify(lines)))),
          ),
      ),
    );
    render(<CartPage />);
    await waitFor(() => expect(answers).toHaveLength(1));
    let newest!: Promise<void>;
    act(() => {
      newest = reloadCart();
    });
    expect(answers).toHaveLength(2);
    await act(async () => answers[1]([{ productId: 31, quantity: 3 }]));
    await act(() => newest);
    await act(async () => answers[0]([{ productId: 31, quantity: 1 }]));
    expect(text("cart")).toBe("ready:31x3");
  });
});

describe("the cart a page's loader read (issue 27)", () => {
  const X = "session_1_abc";
  const Y = "session_2_other";
  const lines = (...pairs: [number, number][]) =>
    pairs.map(([productId, quantity]) => ({ productId, quantity }) as CartItemDto);
  const mirrored = () => cartSessionIdFromCookie(document.cookie);

  /** Storage (and its cookie) as a previous page left them. */
  function stored(sessionId: string, { cookie = true } = {}) {
    localStorage.setItem(CART_SESSION_KEY, sessionId);
    if (cookie) document.cookie = `${CART_SESSION_COOKIE}=${sessionId}; Path=/`;
  }

  const hydratedRoots: (() => void)[] = [];
  afterEach(() => hydratedRoots.splice(0).forEach((unmount) => unmount()));

  /** The server's HTML of `ui` (its text, React's markers cut), hydrated in the browser. */
  async function hydrate(ui: ReactElement) {
    const hydrated = await hydrateServerRender(ui);
    hydratedRoots.push(hydrated.unmount);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    return { html: hydrated.html, mismatches: hydrated.mismatches() };
  }

  const page = (server: ServerCart) => (
    <>
      <Count />
      <CartPage server={server} />
    </>
  );

  it("is the server's HTML, hydrated unchanged, then the first read: no GET, the badge follows", async () => {
    stored(X);
    const fetchMock = stubCart([]);
    const hydrated = await hydrate(page({ sessionId: X, lines: lines([31, 2], [32, 1]) }));
    // The badge is 0 in every server's HTML; the page has the loader's lines.
    expect(hydrated.html).toContain(">0</p>");
    expect(hydrated.html).toContain("ready:31x2,32x1");
    expect(hydrated.mismatches).toEqual([]);
    expect(text("cart")).toBe("ready:31x2,32x1");
    expect(text("count")).toBe("3");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads storage's cart when it is another than the cookie's, after hydrating the server's", async () => {
    stored(Y, { cookie: false });
    document.cookie = `${CART_SESSION_COOKIE}=${X}; Path=/`;
    const fetchMock = stubCart([{ productId: 40, quantity: 1 }]);
    const hydrated = await hydrate(page({ sessionId: X, lines: lines([31, 2]) }));
    expect(hydrated.html).toContain("ready:31x2");
    expect(hydrated.mismatches).toEqual([]);
    await waitFor(() => expect(text("cart")).toBe("ready:40x1"));
    expect(text("count")).toBe("1");
    expect(gets(fetchMock).map(([url]) => url)).toEqual([`/api/cart/${Y}`]);
    expect(mirrored()).toBe(Y);
  });

  it("has no cart when storage was cleared, whatever the cookie said, and drops the cookie", async () => {
    document.cookie = `${CART_SESSION_COOKIE}=${X}; Path=/`;
    const fetchMock = stubCart([{ productId: 31, quantity: 2 }]);
    const hydrated = await hydrate(page({ sessionId: X, lines: lines([31, 2]) }));
    expect(hydrated.mismatches).toEqual([]);
    expect(text("cart")).toBe("ready:");
    expect(text("count")).toBe("0");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.cookie).not.toContain(CART_SESSION_COOKIE);
  });

  it("is the empty cart, with no GET, when the request had no id (null)", async () => {
    const fetchMock = stubCart([]);
    const hydrated = await hydrate(page(null));
    expect(hydrated.html).toContain("ready:");
    expect(hydrated.mismatches).toEqual([]);
    expect(text("cart")).toBe("ready:");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads an id stored before the cookie existed, and writes the cookie", async () => {
    stored(X, { cookie: false });
    const fetchMock = stubCart([{ productId: 31, quantity: 4 }]);
    const hydrated = await hydrate(page(null));
    expect(hydrated.mismatches).toEqual([]);
    await waitFor(() => expect(text("cart")).toBe("ready:31x4"));
    expect(gets(fetchMock)).toHaveLength(1);
    expect(mirrored()).toBe(X);
  });

  it("is loading in the server's HTML when the loader could not read the lines; the browser reads them", async () => {
    stored(X);
    const fetchMock = stubCart([{ productId: 31, quantity: 1 }]);
    const hydrated = await hydrate(page({ sessionId: X, lines: null }));
    expect(hydrated.html).toContain("loading:");
    expect(hydrated.mismatches).toEqual([]);
    await waitFor(() => expect(text("cart")).toBe("ready:31x1"));
    expect(gets(fetchMock)).toHaveLength(1);
  });

  it("counts as the first read for a badge mounted with the page", async () => {
    stored(X);
    const fetchMock = stubCart([]);
    render(page({ sessionId: X, lines: lines([31, 2]) }));
    expect(text("cart")).toBe("ready:31x2");
    await waitFor(() => expect(text("count")).toBe("2"));
    await act(async () => {});
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("gives way to the tab's own copy on a page shown later (the badge read it first)", async () => {
    stored(X);
    const fetchMock = stubCart([{ productId: 31, quantity: 5 }]);
    render(<Count />);
    await waitFor(() => expect(text("count")).toBe("5"));
    render(<CartPage server={{ sessionId: X, lines: lines([31, 2]) }} />);
    expect(text("cart")).toBe("ready:31x5");
    await act(async () => {});
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("serverCartOf", () => {
  const request = (cookie?: string) =>
    new Request("http://tiangue.test/cart", { headers: cookie ? { cookie } : {} });

  it("reads the cart of the cookie's id", async () => {
    const list = vi.fn(async () => [{ productId: 31, quantity: 2 } as CartItemDto]);
    const cart = await serverCartOf(
      request(`tiangue_municipio=x; ${CART_SESSION_COOKIE}=session_1_abc`),
      { list },
    );
    expect(cart).toEqual({ sessionId: "session_1_abc", lines: [{ productId: 31, quantity: 2 }] });
    expect(list).toHaveBeenCalledWith("session_1_abc");
  });

  it("is null, asking nothing, without the cookie or with a malformed id", async () => {
    const list = vi.fn(async () => []);
    expect(await serverCartOf(request(), { list })).toBeNull();
    expect(await serverCartOf(request(`${CART_SESSION_COOKIE}=a.b`), { list })).toBeNull();
    expect(list).not.toHaveBeenCalled();
  });

  it("leaves the lines to the browser when reading them fails", async () => {
    const list = vi.fn(async () => {
      throw new Response(null, { status: 503 });
    });
    expect(await serverCartOf(request(`${CART_SESSION_COOKIE}=session_1_abc`), { list })).toEqual({
      sessionId: "session_1_abc",
      lines: null,
    });
  });
});

import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import {
  createMemoryRouter,
  createRoutesStub,
  MemoryRouter,
  Outlet,
  RouterProvider,
} from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hydrateServerRender } from "../../test/hydrate";
import type { CartItemDto } from "../../../shared/api-types";
import { CART_SESSION_COOKIE, cartSessionIdFromCookie } from "../../../shared/cart-session-id";
import { MUNICIPALITY_COOKIE } from "../../../shared/delivery";
import { SiteHeader } from "../../components/layout/site-header";
import { Toaster } from "../../components/ui/toaster";
import { CART_SESSION_KEY } from "../../lib/cart-session";
import { resetCartStoreForTests, useCartCount } from "../../lib/cart-store";
import { dismissToast } from "../../lib/toast";
import { aMerchant, aProduct, jsonResponse, stubFetch } from "../../test/test-utils";
import Cart, { loader } from "./cart";
import type { Route } from "./+types/cart";

const SESSION = "session_1700000000000_abc123";
const CART = `/api/cart/${SESSION}`;

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  resetCartStoreForTests();
  dismissToast();
  document.cookie = `${MUNICIPALITY_COOKIE}=; Max-Age=0; Path=/`;
  document.cookie = `${CART_SESSION_COOKIE}=; Max-Age=0; Path=/`;
});

function line(productId: number, quantity: number, name: string): CartItemDto {
  return {
    id: productId,
    sessionId: SESSION,
    productId,
    quantity,
    createdAt: "2026-01-10T15:00:00.000Z",
    updatedAt: "2026-01-10T15:00:00.000Z",
    product: {
      ...aProduct({ id: productId, name, slug: `p-${productId}`, price: "1.25" }),
      merchantWhatsapp: null,
      merchantPhone: "+503 2222-0000",
    },
    variantId: null,
    variantName: null,
    price: "1.25",
  };
}

type Answer = Response | Promise<Response>;

/**
 * The server's cart: GET answers the lines, PUT/DELETE change them; `next` answers the next
 * request instead (a failure, or one held open to look at the page meanwhile).
 */
function stubServer(initial: CartItemDto[]) {
  let lines = initial;
  const next: (() => Answer)[] = [];
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push(`${method} ${url}`);
      const override = next.shift();
      if (override) return override();
      if (url.startsWith("/api/merchants/")) {
        return jsonResponse(aMerchant({ fulfillment: "delivery", deliveryArea: "country" }));
      }
      if (method === "GET") return jsonResponse(lines);
      const productId = Number(url.slice(CART.length + 1));
      if (method === "PUT") {
        const { quantity } = JSON.parse(String(init?.body)) as { quantity: number };
        lines = lines.map((l) => (l.productId === productId ? { ...l, quantity } : l));
      } else if (method === "DELETE") {
        lines = url === CART ? [] : lines.filter((l) => l.productId !== productId);
      }
      return jsonResponse({});
    }),
  );
  return { calls, next };
}

/** A request that answers only when the test says so. */
function held() {
  let answer!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => (answer = resolve));
  return { response, answer };
}

/**
 * /cart in a browser whose id the server did not know (stored before the cookie existed):
 * the browser reads its cart, as before issue 27.
 */
function showCart({ withHeader = false } = {}) {
  window.localStorage.setItem(CART_SESSION_KEY, SESSION);
  const props = { loaderData: { cardPayment: false, cart: null } } as Route.ComponentProps;
  // A data router: the header's search box is a <Form>.
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <>
          {withHeader && <SiteHeader />}
          <Cart {...props} />
        </>
      ),
    },
  ]);
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return userEvent.setup({ delay: null });
}

const skeleton = () => screen.queryByLabelText("Cargando carrito");

describe("/cart", () => {
  it("shows a skeleton while the cart is read, then its lines", async () => {
    const { calls, next } = stubServer([line(31, 2, "Pupusa revuelta")]);
    const read = held();
    next.push(() => read.response);
    showCart();
    await waitFor(() => expect(calls).toEqual([`GET ${CART}`]));
    expect(skeleton()).toBeTruthy();
    read.answer(jsonResponse([line(31, 2, "Pupusa revuelta")]));
    expect(await screen.findByText("2 artículos en tu carrito")).toBeTruthy();
    expect(skeleton()).toBeNull();
  });

  it("says 'Tu carrito está vacío' without asking when the browser has no cart", async () => {
    const { calls } = stubServer([]);
    const props = { loaderData: { cardPayment: false, cart: null } } as Route.ComponentProps;
    render(
      <MemoryRouter>
        <Cart {...props} />
      </MemoryRouter>,
    );
    expect(await screen.findByText("Tu carrito está vacío")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("says when the cart could not be read, and 'Reintentar' reads it again", async () => {
    const { calls, next } = stubServer([line(31, 1, "Pupusa revuelta")]);
    next.push(() => jsonResponse({ message: "caído" }, 500));
    const user = showCart();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("No se pudo cargar tu carrito.");
    await user.click(within(alert).getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByText("1 artículo en tu carrito")).toBeTruthy();
    expect(calls).toEqual([`GET ${CART}`, `GET ${CART}`]);
  });

  it("is busy while a change is sent and the cart read again, then shows the new lines", async () => {
    const { calls, next } = stubServer([line(31, 1, "Pupusa revuelta")]);
    const user = showCart({ withHeader: true });
    const more = await screen.findByRole("button", {
      name: "Aumentar cantidad de Pupusa revuelta",
    });
    await screen.findByRole("link", { name: "Carrito: 1 producto" });

    const reread = held();
    next.push(
      () => jsonResponse({}),
      () => reread.response,
    );
    await user.click(more);
    await waitFor(() => expect(calls.at(-1)).toBe(`GET ${CART}`));
    expect(calls.at(-2)).toBe(`PUT ${CART}/31`);
    // Still busy until the cart has been read again (spec §4).
    expect(more.hasAttribute("disabled")).toBe(true);
    expect(
      screen.getByRole("button", { name: "Eliminar Pupusa revuelta del carrito" }),
    ).toHaveProperty("disabled", true);
    reread.answer(jsonResponse([line(31, 2, "Pupusa revuelta")]));
    expect(await screen.findByText("2 artículos en tu carrito")).toBeTruthy();
    expect(more.hasAttribute("disabled")).toBe(false);
    // The header's badge follows the same read.
    expect(screen.getByRole("link", { name: "Carrito: 2 productos" })).toBeTruthy();
  });

  it("toasts a change that failed, after reading the cart again", async () => {
    const { calls, next } = stubServer([line(31, 1, "Pupusa revuelta"), line(32, 1, "Horchata")]);
    const user = showCart();
    const remove = await screen.findByRole("button", { name: "Eliminar Horchata del carrito" });
    next.push(() => jsonResponse({ message: "No" }, 404));
    await user.click(remove);
    expect(
      await screen.findByText("No se pudo actualizar el carrito. Inténtalo de nuevo."),
    ).toBeTruthy();
    expect(calls.slice(-2)).toEqual([`DELETE ${CART}/32`, `GET ${CART}`]);
    expect(screen.getByText("2 artículos en tu carrito")).toBeTruthy();
  });

  it("empties the cart after 'Vaciar carrito' is confirmed", async () => {
    const { calls } = stubServer([line(31, 1, "Pupusa revuelta")]);
    const user = showCart();
    await screen.findByText("1 artículo en tu carrito");
    await user.click(await screen.findByRole("button", { name: "Vaciar carrito" }));
    const dialog = await screen.findByRole("dialog", { name: "¿Vaciar carrito?" });
    await user.click(within(dialog).getByRole("button", { name: "Vaciar carrito" }));
    expect(await screen.findByText("Tu carrito está vacío")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.slice(-2)).toEqual([`DELETE ${CART}`, `GET ${CART}`]);
  });

  it("says whether each merchant delivers to the shopper's municipality", async () => {
    document.cookie = `${MUNICIPALITY_COOKIE}=${encodeURIComponent("San Salvador Centro")}; Path=/`;
    const { calls } = stubServer([line(31, 1, "Pupusa revuelta"), line(32, 2, "Horchata")]);
    showCart();
    const list = await screen.findByTestId("cart-delivery");
    await waitFor(() =>
      expect(list.textContent).toBe("Pupusería La Ceibaentrega a San Salvador Centro"),
    );
    // Both lines are the same merchant's: asked once.
    expect(calls.filter((call) => call.startsWith("GET /api/merchants/"))).toEqual([
      "GET /api/merchants/pupuseria-la-ceiba",
    ]);
  });
});

describe("/cart painted by the server (issue 27)", () => {
  /** The services the loader calls: the cart's lines, or the failure to read them. */
  function fakeServices(lines: CartItemDto[] | Error) {
    return {
      checkout: {
        options: () => ({ cardPayment: false }),
        // Issue 36: the minimum orders of the cart's merchants (none here).
        cartOptions: vi.fn(async () => ({ cardPayment: false, merchants: [] })),
      },
      cart: {
        list: vi.fn(async (_sessionId: string) => {
          if (lines instanceof Error) throw lines;
          return lines;
        }),
      },
    };
  }

  /** The header's badge, beside the page. */
  function Badge() {
    return <p data-testid="badge">{useCartCount()}</p>;
  }

  /** /cart with its loader, which reads `cookieHeader` (null: the request had no cookie). */
  function stub(services: ReturnType<typeof fakeServices>, cookieHeader: string | null) {
    return createRoutesStub([
      {
        id: "layout",
        Component: () => (
          <>
            <Badge />
            <Outlet />
          </>
        ),
        HydrateFallback: () => null,
        children: [
          {
            id: "cart",
            path: "/cart",
            Component: Cart as unknown as ComponentType,
            HydrateFallback: () => null,
            loader: (args) =>
              loader({
                ...args,
                request: new Request(args.request.url, {
                  headers: cookieHeader === null ? {} : { cookie: cookieHeader },
                }),
                context: { services },
              } as unknown as Route.LoaderArgs),
          },
        ],
      },
    ]);
  }

  /** Storage as a previous page left it, and the cookie that mirrors it. */
  function stored(sessionId: string) {
    window.localStorage.setItem(CART_SESSION_KEY, sessionId);
    document.cookie = `${CART_SESSION_COOKIE}=${sessionId}; Path=/`;
  }

  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

  /**
   * /cart as a request carrying `cookieHeader` (null: no cookie) gets it: the loader's data,
   * and the page rendered with it, as the browser starts from the server's page.
   */
  async function cartPage(services: ReturnType<typeof fakeServices>, cookieHeader: string | null) {
    const loaderData = await loader({
      request: new Request("http://tiangue.test/cart", {
        headers: cookieHeader === null ? {} : { cookie: cookieHeader },
      }),
      context: { services },
    } as unknown as Route.LoaderArgs);
    const Stub = stub(services, cookieHeader);
    return <Stub initialEntries={["/cart"]} hydrationData={{ loaderData: { cart: loaderData } }} />;
  }

  it("shows the loader's lines without reading the cart again; the badge counts them", async () => {
    stored(SESSION);
    const fetch = stubFetch({});
    const services = fakeServices([line(31, 2, "Pupusa revuelta")]);
    render(await cartPage(services, document.cookie));
    expect(screen.getByText("2 artículos en tu carrito")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Pupusa revuelta" })).toBeTruthy();
    expect(services.cart.list).toHaveBeenCalledWith(SESSION);
    await waitFor(() => expect(screen.getByTestId("badge").textContent).toBe("2"));
    await settle();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says what is missing for a merchant's minimum order (issue 36), in the server's HTML", async () => {
    stored(SESSION);
    stubFetch({});
    const lines = [line(31, 2, "Pupusa revuelta")];
    const services = fakeServices(lines);
    services.checkout.cartOptions.mockResolvedValue({
      cardPayment: false,
      merchants: [{ id: lines[0].product.merchantId, minimumOrder: "10.00" }],
    } as never);
    render(await cartPage(services, document.cookie));
    expect(services.checkout.cartOptions).toHaveBeenCalledWith(SESSION);
    expect(screen.getByTestId("cart-minimums").textContent).toContain(
      "Te faltan $7.50 para el pedido mínimo de $10.00",
    );
  });

  it("says 'Tu carrito está vacío' without any request when the request carried no cart", async () => {
    const fetch = stubFetch({});
    const services = fakeServices([]);
    render(await cartPage(services, null));
    expect(screen.getByText("Tu carrito está vacío")).toBeTruthy();
    await settle();
    expect(services.cart.list).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads the cart of storage's id when the cookie named another", async () => {
    const other = "session_1700000000001_other";
    window.localStorage.setItem(CART_SESSION_KEY, other);
    const fetch = stubFetch({
      [`GET /api/cart/${other}`]: () => jsonResponse([line(32, 1, "Horchata")]),
    });
    const services = fakeServices([line(31, 2, "Pupusa revuelta")]);
    render(await cartPage(services, `${CART_SESSION_COOKIE}=${SESSION}`));
    expect(await screen.findByText("1 artículo en tu carrito")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Horchata" })).toBeTruthy();
    expect(screen.queryByText("Pupusa revuelta")).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    // The cookie follows storage from now on.
    expect(cartSessionIdFromCookie(document.cookie)).toBe(other);
  });

  it("reads the cart in the browser, as before, when the loader could not", async () => {
    stored(SESSION);
    const fetch = stubFetch({
      [`GET ${CART}`]: () => jsonResponse([line(31, 1, "Pupusa revuelta")]),
    });
    render(await cartPage(fakeServices(new Error("connection lost")), document.cookie));
    expect(screen.getByLabelText("Cargando carrito")).toBeTruthy();
    expect(await screen.findByText("1 artículo en tu carrito")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  describe("hydrated", () => {
    const roots: (() => void)[] = [];
    afterEach(() => roots.splice(0).forEach((unmount) => unmount()));

    /** The server's HTML of /cart for `cookieHeader` (its text), hydrated in this browser. */
    async function serverThenBrowser(
      services: ReturnType<typeof fakeServices>,
      cookieHeader: string | null,
    ) {
      const hydrated = await hydrateServerRender(await cartPage(services, cookieHeader));
      roots.push(hydrated.unmount);
      await settle();
      return { html: hydrated.html, mismatches: hydrated.mismatches() };
    }

    it("has the lines in the server's HTML, hydrates them unchanged and reads nothing", async () => {
      stored(SESSION);
      const fetch = stubFetch({});
      const { html, mismatches } = await serverThenBrowser(
        fakeServices([line(31, 2, "Pupusa revuelta")]),
        document.cookie,
      );
      expect(html).toContain("Pupusa revuelta");
      expect(html).toContain("2 artículos en tu carrito");
      expect(html).not.toContain("Cargando carrito");
      // The badge is the same for everyone in the server's HTML.
      expect(html).toContain('<p data-testid="badge">0</p>');
      expect(mismatches).toEqual([]);
      expect(screen.getByTestId("badge").textContent).toBe("2");
      // The confirmation's dialog, once its code is in, takes over its disabled button.
      await waitFor(() =>
        expect(screen.getByRole("button", { name: "Vaciar carrito" })).toHaveProperty(
          "disabled",
          false,
        ),
      );
      expect(fetch).not.toHaveBeenCalled();
    });

    it("has 'Tu carrito está vacío' in the server's HTML without a cookie, and reads nothing", async () => {
      const fetch = stubFetch({});
      const { html, mismatches } = await serverThenBrowser(fakeServices([]), null);
      expect(html).toContain("Tu carrito está vacío");
      expect(mismatches).toEqual([]);
      expect(screen.getByText("Tu carrito está vacío")).toBeTruthy();
      expect(fetch).not.toHaveBeenCalled();
    });
  });
});

import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { createRoutesStub, MemoryRouter, Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hydrateServerRender } from "../../test/hydrate";
import type { CartItemDto } from "../../../shared/api-types";
import { CART_SESSION_COOKIE } from "../../../shared/cart-session-id";
import type { CheckoutDto, CheckoutOptionsDto } from "../../../shared/checkout";
import { Toaster } from "../../components/ui/toaster";
import { CART_SESSION_KEY } from "../../lib/cart-session";
import { resetCartStoreForTests, useCartCount } from "../../lib/cart-store";
import { dismissToast } from "../../lib/toast";
import { aProduct, jsonResponse, stubFetch } from "../../test/test-utils";
import Checkout, { loader } from "./checkout";
import type { Route } from "./+types/checkout";

const SESSION = "session_1700000000000_abc123";

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  resetCartStoreForTests();
  dismissToast();
  document.cookie = `${CART_SESSION_COOKIE}=; Max-Age=0; Path=/`;
});

const line: CartItemDto = {
  id: 1,
  sessionId: SESSION,
  productId: 31,
  quantity: 2,
  createdAt: "2026-01-10T15:00:00.000Z",
  updatedAt: "2026-01-10T15:00:00.000Z",
  product: {
    ...aProduct({ price: "1.05" }),
    merchantWhatsapp: null,
    merchantPhone: "+503 2222-0000",
  },
  variantId: null,
  variantName: null,
  price: "1.05",
};

/** GET /api/checkout/options' merchant: picked up, paid as agreed on WhatsApp. */
const pickupMerchant = {
  id: 7,
  name: "Pupusería La Ceiba",
  fulfillment: "pickup" as const,
  deliveryArea: null,
  department: "San Salvador",
  municipality: "San Salvador Centro",
  deliveryMunicipalities: [],
  deliveryFee: null,
  freeDeliveryFrom: null,
  deliveryFees: [],
  minimumOrder: null,
  paymentMethods: ["whatsapp" as const],
  temporarilyClosed: false,
  subtotal: "2.10",
};

/** The header's badge, beside the page. */
function Badge() {
  return <p data-testid="badge">{useCartCount()}</p>;
}

/**
 * /checkout in a browser whose id the server did not know (stored before the cookie
 * existed): the browser reads its cart and the merchants' options, as before issue 27.
 */
function showCheckout(
  options: CheckoutOptionsDto,
  routes: Parameters<typeof stubFetch>[0] = {},
  cartLines: () => unknown[] = () => [line],
) {
  window.localStorage.setItem(CART_SESSION_KEY, SESSION);
  const fetch = stubFetch({
    [`GET /api/cart/${SESSION}`]: () => jsonResponse(cartLines()),
    [`GET /api/checkout/options?sessionId=${SESSION}`]: () => jsonResponse(options),
    ...routes,
  });
  const props = {
    loaderData: { cardAvailable: true, cart: null, options: null },
  } as unknown as Route.ComponentProps;
  render(
    <MemoryRouter>
      <Badge />
      <Checkout {...props} />
      <Toaster />
    </MemoryRouter>,
  );
  return { fetch, user: userEvent.setup({ delay: null }) };
}

const calls = (fetch: ReturnType<typeof stubFetch>, key: string) =>
  fetch.mock.calls.filter(([url, init]) => `${init?.method ?? "GET"} ${url}` === key).length;

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Nombre/), "Ana Martínez");
  await user.type(screen.getByLabelText(/^Correo electrónico/), "ana@correo.sv");
  await user.click(screen.getByRole("button", { name: "Realizar pedido" }));
}

describe("/checkout", () => {
  it("asks for the cart's merchants and offers what they accept", async () => {
    showCheckout({
      cardPayment: true,
      merchants: [
        {
          id: 7,
          name: "Pupusería La Ceiba",
          fulfillment: "pickup",
          deliveryArea: null,
          department: "San Salvador",
          municipality: "San Salvador Centro",
          deliveryMunicipalities: [],
          deliveryFee: null,
          freeDeliveryFrom: null,
          deliveryFees: [],
          minimumOrder: null,
          paymentMethods: ["cash", "transfer"],
          temporarilyClosed: false,
          subtotal: "2.10",
        },
      ],
    });
    const pay = await screen.findByRole("group", { name: "¿Cómo quieres pagar?" });
    expect(
      within(pay)
        .getAllByRole("radio")
        .map((r) => r.closest("label")!.textContent),
    ).toEqual([
      expect.stringContaining("Efectivo al recibir"),
      expect.stringContaining("Transferencia bancaria"),
    ]);
    expect(screen.getByTestId("checkout-subtotal").textContent).toBe("$2.10");
    expect(screen.getByTestId("checkout-total").textContent).toBe("$2.10");
  });

  it("without issue 25's merchants, offers what merchants took before: card and WhatsApp", async () => {
    showCheckout({ cardPayment: true });
    const pay = await screen.findByRole("group", { name: "¿Cómo quieres pagar?" });
    expect(within(pay).getAllByRole("radio")).toHaveLength(2);
    expect(screen.getByText("Entrega por coordinar con el comercio")).toBeTruthy();
    expect(screen.getByTestId("checkout-total").textContent).toBe("$2.10");
  });

  it("places the order, then starts a new cart id: the badge follows its empty cart", async () => {
    let lines: unknown[] = [line];
    const placed: CheckoutDto = {
      orders: [],
      totalAmount: "2.10",
      paymentMethod: "whatsapp",
      paymentStatus: "offline",
      orderUrl: "https://tiangue.test/orders/ES-2026-000001?token=abc",
      paymentUrl: null,
      paidAt: null,
      createdAt: "2026-01-10T15:00:00.000Z",
    };
    const { fetch, user } = showCheckout(
      { cardPayment: false, merchants: [pickupMerchant] },
      {
        "POST /api/checkout": () => {
          lines = [];
          return jsonResponse(placed, 201);
        },
      },
      () => lines,
    );
    await waitFor(() => expect(screen.getByTestId("badge").textContent).toBe("2"));
    await fillAndSubmit(user);
    expect(await screen.findByText("Pedido creado. Abriendo tu pedido...")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("badge").textContent).toBe("0"));
    // Issue 37 M2: a new cart id from now on; the badge reads its (empty) cart.
    const fresh = localStorage.getItem("cart-session-id");
    expect(fresh).toMatch(/^session_\d+_[a-z0-9]+$/);
    expect(fresh).not.toBe(SESSION);
    expect(document.cookie).toContain(fresh!);
    await waitFor(() => expect(calls(fetch, `GET /api/cart/${fresh}`)).toBeGreaterThan(0));
  });

  it("after a 409, shows the cart and its merchants as they are now, the form as it was", async () => {
    let lines: unknown[] = [line];
    let options: CheckoutOptionsDto = { cardPayment: false, merchants: [pickupMerchant] };
    const { fetch, user } = showCheckout(
      options,
      {
        [`GET /api/checkout/options?sessionId=${SESSION}`]: () => jsonResponse(options),
        "POST /api/checkout": () => {
          // Another tab took one unit out meanwhile.
          lines = [{ ...line, quantity: 1 }];
          options = { cardPayment: false, merchants: [{ ...pickupMerchant, subtotal: "1.05" }] };
          return jsonResponse({ message: "Tu carrito cambió. Revisa tu pedido." }, 409);
        },
      },
      () => lines,
    );
    await fillAndSubmit(user);
    expect(await screen.findByTestId("checkout-error")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("checkout-total").textContent).toBe("$1.05"));
    expect(screen.getByTestId("checkout-subtotal").textContent).toBe("$1.05");
    expect(screen.getByTestId("badge").textContent).toBe("1");
    expect(calls(fetch, `GET /api/cart/${SESSION}`)).toBe(2);
    expect(calls(fetch, `GET /api/checkout/options?sessionId=${SESSION}`)).toBeGreaterThanOrEqual(
      2,
    );
    expect((screen.getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe("Ana Martínez");
  });

  it("says when the merchants' options could not be read, and 'Reintentar' asks again", async () => {
    let fail = true;
    const { fetch, user } = showCheckout(
      { cardPayment: false },
      {
        [`GET /api/checkout/options?sessionId=${SESSION}`]: () =>
          fail ? jsonResponse({ message: "caído" }, 500) : jsonResponse({ cardPayment: false }),
      },
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("No se pudieron cargar las opciones de entrega y pago.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByRole("form", { name: "Finalizar pedido" })).toBeTruthy();
    expect(calls(fetch, `GET /api/checkout/options?sessionId=${SESSION}`)).toBe(2);
  });
});

describe("/checkout painted by the server (issue 27)", () => {
  const OPTIONS = `GET /api/checkout/options?sessionId=${SESSION}`;

  /** The services the loader calls; `fail` makes that read fail. */
  function fakeServices(lines: CartItemDto[], fail: { cart?: boolean; options?: boolean } = {}) {
    return {
      checkout: {
        options: () => ({ cardPayment: false }),
        cartOptions: vi.fn(async (_sessionId: string): Promise<CheckoutOptionsDto> => {
          if (fail.options) throw new Error("connection lost");
          return { cardPayment: false, merchants: [pickupMerchant] };
        }),
      },
      cart: {
        list: vi.fn(async (_sessionId: string) => {
          if (fail.cart) throw new Error("connection lost");
          return lines;
        }),
      },
    };
  }

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
            id: "checkout",
            path: "/checkout",
            Component: Checkout as unknown as ComponentType,
            HydrateFallback: () => null,
            loader: (args) => loader(loaderArgs(services, cookieHeader, args.request.url)),
          },
        ],
      },
    ]);
  }

  function loaderArgs(
    services: ReturnType<typeof fakeServices>,
    cookieHeader: string | null,
    url = "http://tiangue.test/checkout",
  ) {
    return {
      request: new Request(url, { headers: cookieHeader === null ? {} : { cookie: cookieHeader } }),
      context: { services },
    } as unknown as Route.LoaderArgs;
  }

  /** /checkout as a request carrying `cookieHeader` gets it: the page with its loader's data. */
  async function checkoutPage(
    services: ReturnType<typeof fakeServices>,
    cookieHeader: string | null,
  ) {
    const loaderData = await loader(loaderArgs(services, cookieHeader));
    const Stub = stub(services, cookieHeader);
    return (
      <Stub
        initialEntries={["/checkout"]}
        hydrationData={{ loaderData: { checkout: loaderData } }}
      />
    );
  }

  function stored(sessionId: string) {
    window.localStorage.setItem(CART_SESSION_KEY, sessionId);
    document.cookie = `${CART_SESSION_COOKIE}=${sessionId}; Path=/`;
  }

  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  const payments = () =>
    within(screen.getByRole("group", { name: "¿Cómo quieres pagar?" }))
      .getAllByRole("radio")
      .map((r) => r.closest("label")!.textContent);

  it("shows the loader's cart and its merchants' options, asking for neither again", async () => {
    stored(SESSION);
    const fetch = stubFetch({});
    const services = fakeServices([line]);
    render(await checkoutPage(services, document.cookie));
    expect(screen.getByTestId("checkout-subtotal").textContent).toBe("$2.10");
    expect(await screen.findByRole("form", { name: "Finalizar pedido" })).toBeTruthy();
    // The options are the loader's: this merchant takes WhatsApp only.
    expect(payments()).toEqual([expect.stringContaining("WhatsApp")]);
    expect(services.checkout.cartOptions).toHaveBeenCalledWith(SESSION);
    expect(screen.getByTestId("badge").textContent).toBe("2");
    await settle();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says 'Tu carrito está vacío' without any request when the request carried no cart", async () => {
    const fetch = stubFetch({});
    const services = fakeServices([line]);
    render(await checkoutPage(services, null));
    expect(screen.getByText("Tu carrito está vacío")).toBeTruthy();
    await settle();
    expect(services.cart.list).not.toHaveBeenCalled();
    expect(services.checkout.cartOptions).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads storage's cart and its options when the cookie named another cart", async () => {
    const other = "session_1700000000001_other";
    window.localStorage.setItem(CART_SESSION_KEY, other);
    const fetch = stubFetch({
      [`GET /api/cart/${other}`]: () => jsonResponse([{ ...line, sessionId: other, quantity: 1 }]),
      [`GET /api/checkout/options?sessionId=${other}`]: () =>
        jsonResponse({ cardPayment: false, merchants: [{ ...pickupMerchant, subtotal: "1.05" }] }),
    });
    render(await checkoutPage(fakeServices([line]), `${CART_SESSION_COOKIE}=${SESSION}`));
    await waitFor(() => expect(screen.getByTestId("checkout-subtotal").textContent).toBe("$1.05"));
    expect(await screen.findByRole("form", { name: "Finalizar pedido" })).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      `/api/cart/${other}`,
      `/api/checkout/options?sessionId=${other}`,
    ]);
  });

  it("asks for the options in the browser when the loader could not read them", async () => {
    stored(SESSION);
    const fetch = stubFetch({
      [OPTIONS]: () => jsonResponse({ cardPayment: false, merchants: [pickupMerchant] }),
    });
    render(await checkoutPage(fakeServices([line], { options: true }), document.cookie));
    expect(screen.getByLabelText("Cargando tu pedido")).toBeTruthy();
    expect(await screen.findByRole("form", { name: "Finalizar pedido" })).toBeTruthy();
    expect(calls(fetch, OPTIONS)).toBe(1);
    expect(calls(fetch, `GET /api/cart/${SESSION}`)).toBe(0);
  });

  it("reads the cart and its options in the browser when the loader could not read the cart", async () => {
    stored(SESSION);
    const fetch = stubFetch({
      [`GET /api/cart/${SESSION}`]: () => jsonResponse([line]),
      [OPTIONS]: () => jsonResponse({ cardPayment: false, merchants: [pickupMerchant] }),
    });
    const services = fakeServices([line], { cart: true });
    render(await checkoutPage(services, document.cookie));
    expect(await screen.findByRole("form", { name: "Finalizar pedido" })).toBeTruthy();
    expect(services.checkout.cartOptions).not.toHaveBeenCalled();
    expect(calls(fetch, `GET /api/cart/${SESSION}`)).toBe(1);
    expect(calls(fetch, OPTIONS)).toBe(1);
  });

  it("has the summary in the server's HTML, not the form; hydrates it unchanged and asks nothing", async () => {
    stored(SESSION);
    const fetch = stubFetch({});
    const page = await checkoutPage(fakeServices([line]), document.cookie);
    const hydrated = await hydrateServerRender(page);
    const text = hydrated.html;
    expect(text).toContain("Resumen del pedido");
    expect(text).toContain("2 × Pupusa revuelta");
    expect(text).not.toContain("Cargando tu pedido");
    // The form (~45 KB) is the browser's: its stand-in only.
    expect(text).not.toContain("Realizar pedido");

    try {
      expect(await screen.findByRole("form", { name: "Finalizar pedido" })).toBeTruthy();
      expect(hydrated.mismatches()).toEqual([]);
      expect(screen.getByTestId("badge").textContent).toBe("2");
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      hydrated.unmount();
    }
  });
});

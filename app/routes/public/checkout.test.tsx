import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckoutDto, CheckoutOptionsDto } from "../../../shared/checkout";
import { Toaster } from "../../components/ui/toaster";
import { CART_SESSION_KEY } from "../../lib/cart-session";
import { resetCartStoreForTests, useCartCount } from "../../lib/cart-store";
import { dismissToast } from "../../lib/toast";
import { aProduct, jsonResponse, stubFetch } from "../../test/test-utils";
import Checkout from "./checkout";
import type { Route } from "./+types/checkout";

const SESSION = "session_1700000000000_abc123";

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  resetCartStoreForTests();
  dismissToast();
});

const line = {
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
  paymentMethods: ["whatsapp" as const],
  temporarilyClosed: false,
  subtotal: "2.10",
};

/** The header's badge, beside the page. */
function Badge() {
  return <p data-testid="badge">{useCartCount()}</p>;
}

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
  const props = { loaderData: { cardAvailable: true } } as unknown as Route.ComponentProps;
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

  it("places the order, then reads the emptied cart again: the badge follows", async () => {
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
    expect(calls(fetch, `GET /api/cart/${SESSION}`)).toBe(2);
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

import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CART_SESSION_KEY } from "../../lib/cart-session";
import { resetCartStoreForTests } from "../../lib/cart-store";
import { aProduct, jsonResponse, stubFetch } from "../../test/test-utils";
import Cart, { loader as cartLoader } from "./cart";
import Help, { loader as helpLoader } from "./help";
import Terms from "./terms";
import type { Route as CartRoute } from "./+types/cart";
import type { Route as HelpRoute } from "./+types/help";
import type { Route as TermsRoute } from "./+types/terms";

/**
 * Issue 25: the cart, help and terms pages promise card payment only when Wompi is
 * configured, name cash and transfer as ways some merchants accept, and keep the spec's
 * texts (terms: 8 sections; help: 3 topic cards, 7 questions).
 */
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  resetCartStoreForTests();
});

function inRouter(ui: React.ReactNode) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

const text = () => document.body.textContent ?? "";

describe.each([true, false])("with cardPayment %s", (cardPayment) => {
  it("help: 3 topics, 7 questions, cash and transfer, the card only with Wompi", () => {
    const props = { loaderData: { cardPayment } } as unknown as HelpRoute.ComponentProps;
    inRouter(<Help {...props} />);
    const topics = screen.getByRole("region", { name: "Temas de ayuda" });
    expect(within(topics).getAllByRole("listitem")).toHaveLength(3);
    expect(screen.getAllByRole("button", { expanded: false })).toHaveLength(7);
    expect(text()).toMatch(/efectivo al recibir/);
    expect(text()).toMatch(/transferencia bancaria/);
    expect(text().includes("tarjeta en línea")).toBe(cardPayment);
    expect(text()).toMatch(/Cada comercio gestiona su propia entrega/);
    expect(text()).toMatch(/La cancelación depende de cada comercio/);
    expect(text()).not.toMatch(/te enviaremos un correo/i);
  });

  it("terms: 8 sections, no card storage either way, the card only with Wompi", () => {
    const props = { loaderData: { cardPayment } } as unknown as TermsRoute.ComponentProps;
    inRouter(<Terms {...props} />);
    const titles = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      "1. Aceptación de los términos",
      "2. Descripción del servicio",
      "3. Deberes de los usuarios",
      "4. Deberes de los comercios",
      "5. Pagos",
      "6. Limitación de responsabilidad",
      "7. Modificaciones",
      "8. Contacto",
    ]);
    expect(text()).toMatch(/proveedor de pagos autorizado/);
    expect(text()).toMatch(/no (almacena|almacenará) los datos de tu tarjeta/);
    expect(text()).toMatch(/efectivo al recibir/);
    expect(text()).toMatch(/transferencia bancaria/);
    expect(text().includes("con tarjeta en la plataforma")).toBe(cardPayment);
    expect(text()).toMatch(/dependen de cada comercio/);
  });

  it("cart: says how merchants may be paid, the card only with Wompi", async () => {
    window.localStorage.setItem(CART_SESSION_KEY, "session_1700000000000_abc123");
    stubFetch({
      "GET /api/cart/session_1700000000000_abc123": () =>
        jsonResponse([
          {
            id: 1,
            sessionId: "session_1700000000000_abc123",
            productId: 31,
            quantity: 1,
            createdAt: "2026-01-10T15:00:00.000Z",
            updatedAt: "2026-01-10T15:00:00.000Z",
            product: { ...aProduct(), merchantWhatsapp: null, merchantPhone: "+503 2222-0000" },
          },
        ]),
    });
    const props = { loaderData: { cardPayment } } as unknown as CartRoute.ComponentProps;
    inRouter(<Cart {...props} />);
    const note = await screen.findByText(/Cada comercio atiende su propio pedido y entrega/);
    expect(note.textContent).toMatch(/efectivo al recibir, transferencia bancaria/);
    expect(note.textContent!.includes("tarjeta en línea")).toBe(cardPayment);
  });
});

it("the loaders ask the checkout service whether Wompi is configured", async () => {
  const context = { services: { checkout: { options: () => ({ cardPayment: false }) } } };
  expect(await helpLoader({ context } as unknown as HelpRoute.LoaderArgs)).toEqual({
    cardPayment: false,
  });
  // No cart cookie: the cart is empty, nothing more to read.
  const request = new Request("http://tiangue.test/cart");
  expect(await cartLoader({ context, request } as unknown as CartRoute.LoaderArgs)).toEqual({
    cardPayment: false,
    cart: null,
    // Issue 36: no cart, no merchant's minimum order to show.
    minimums: {},
  });
});

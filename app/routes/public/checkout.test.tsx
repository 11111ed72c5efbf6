import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckoutOptionsDto } from "../../../shared/checkout";
import { CART_SESSION_KEY } from "../../lib/cart-session";
import { createQueryClient } from "../../lib/query-client";
import { aProduct, jsonResponse, stubFetch } from "../../test/test-utils";
import Checkout from "./checkout";
import type { Route } from "./+types/checkout";

const SESSION = "session_1700000000000_abc123";

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
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

function showCheckout(options: CheckoutOptionsDto) {
  window.localStorage.setItem(CART_SESSION_KEY, SESSION);
  const fetch = stubFetch({
    [`GET /api/cart/${SESSION}`]: () => jsonResponse([line]),
    [`GET /api/checkout/options?sessionId=${SESSION}`]: () => jsonResponse(options),
  });
  const props = { loaderData: { cardAvailable: true } } as unknown as Route.ComponentProps;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Checkout {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
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
});

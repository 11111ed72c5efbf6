import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CartItemDto } from "../../../shared/api-types";
import type { CheckoutOptionsDto } from "../../../shared/checkout";
import { WHATSAPP_CONSENT_LABEL } from "../../../shared/notices";
import { Toaster } from "../../components/ui/toaster";
import { CART_SESSION_KEY } from "../../lib/cart-session";
import { resetCartStoreForTests } from "../../lib/cart-store";
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

/** /checkout reading the cart and its options in the browser, as they answer. */
function showCheckout(options: CheckoutOptionsDto) {
  window.localStorage.setItem(CART_SESSION_KEY, SESSION);
  stubFetch({
    [`GET /api/cart/${SESSION}`]: () => jsonResponse([line]),
    [`GET /api/checkout/options?sessionId=${SESSION}`]: () => jsonResponse(options),
  });
  const props = {
    loaderData: { cardAvailable: false, whatsappNotices: false, cart: null, options: null },
  } as unknown as Route.ComponentProps;
  render(
    <MemoryRouter>
      <Checkout {...props} />
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup({ delay: null });
}

describe("/checkout's WhatsApp consent (issue 35)", () => {
  it("offers the unticked box when the options say WhatsApp notices are sent", async () => {
    const user = showCheckout({ cardPayment: false, whatsappNotices: true });
    const box = (await screen.findByLabelText(WHATSAPP_CONSENT_LABEL)) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await user.click(box);
    expect(screen.getByLabelText(/^Número de WhatsApp/)).toBeTruthy();
  });

  it("shows no box when the options do not say so", async () => {
    showCheckout({ cardPayment: false });
    await screen.findByRole("group", { name: "¿Cómo quieres pagar?" });
    await waitFor(() => expect(screen.getByLabelText(/^Nombre/)).toBeTruthy());
    expect(screen.queryByLabelText(WHATSAPP_CONSENT_LABEL)).toBeNull();
  });

  it("the loader passes on whether the server sends WhatsApp notices", async () => {
    const services = {
      checkout: { options: () => ({ cardPayment: true, whatsappNotices: true }) },
      cart: { get: vi.fn() },
    };
    const data = await loader({
      request: new Request("http://tiangue.test/checkout"),
      context: { services },
    } as unknown as Route.LoaderArgs);
    expect(data).toMatchObject({ cardAvailable: true, whatsappNotices: true });

    services.checkout.options = () => ({ cardPayment: false }) as never;
    const without = await loader({
      request: new Request("http://tiangue.test/checkout"),
      context: { services },
    } as unknown as Route.LoaderArgs);
    expect(without).toMatchObject({ whatsappNotices: false });
  });
});

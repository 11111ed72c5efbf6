import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckoutDto, CheckoutMerchantOptionDto } from "../../../shared/checkout";
import { WHATSAPP_CONSENT_LABEL, WHATSAPP_NUMBER_REQUIRED_MESSAGE } from "../../../shared/notices";
import { WHATSAPP_NUMBER_MESSAGE } from "../../../shared/whatsapp-number";
import { dismissToast } from "../../lib/toast";
import { Toaster } from "../ui/toaster";
import { CheckoutForm } from "./checkout-form";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const MERCHANT: CheckoutMerchantOptionDto = {
  id: 7,
  name: "Pupusería La Ceiba",
  fulfillment: null,
  deliveryArea: null,
  department: "San Salvador",
  municipality: "San Salvador Centro",
  deliveryMunicipalities: [],
  deliveryFee: null,
  freeDeliveryFrom: null,
  deliveryFees: [],
  minimumOrder: null,
  paymentMethods: ["whatsapp"],
  temporarilyClosed: false,
  subtotal: "3.00",
};

const PLACED: CheckoutDto = {
  orders: [],
  totalAmount: "3.00",
  paymentMethod: "whatsapp",
  paymentStatus: "offline",
  orderUrl: "https://tiangue.test/orders/ES-2026-000001?token=abc",
  paymentUrl: null,
  paidAt: null,
  createdAt: "2026-01-10T15:00:00.000Z",
};

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** POST /api/checkout answers `answer`; the bodies sent are recorded. */
function stubCheckout(answer: () => Response = () => json(PLACED, 201)) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return answer();
    }),
  );
  return sent;
}

function setup(whatsappNotices?: boolean) {
  const onPlaced = vi.fn();
  render(
    <>
      <CheckoutForm
        sessionId="session_1700000000000_abc123"
        cardAvailable={false}
        merchants={[MERCHANT]}
        whatsappNotices={whatsappNotices}
        onPlaced={onPlaced}
      />
      <Toaster />
    </>,
  );
  return { user: userEvent.setup({ delay: null }), onPlaced };
}

const consent = () => screen.queryByLabelText(WHATSAPP_CONSENT_LABEL) as HTMLInputElement | null;
const whatsappNumber = () =>
  screen.queryByLabelText(/^Número de WhatsApp/) as HTMLInputElement | null;
const submit = () => screen.getByRole("button", { name: /Realizar pedido/ });
const messageOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Nombre/), "Ana Martínez");
  await user.type(screen.getByLabelText(/^Correo electrónico/), "ana@correo.sv");
  await user.type(screen.getByLabelText(/^Teléfono/), "70001234");
}

describe("the checkout's WhatsApp consent (issue 35)", () => {
  it("without the option, shows nothing and sends neither field", async () => {
    const sent = stubCheckout();
    const { user, onPlaced } = setup();
    expect(consent()).toBeNull();
    expect(whatsappNumber()).toBeNull();
    expect(screen.queryByText(/avisos de mi pedido/)).toBeNull();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sent[0]).not.toHaveProperty("whatsappNotices");
    expect(sent[0]).not.toHaveProperty("whatsappNumber");
  });

  it("with the option, offers the box unticked and sends nothing while it stays so", async () => {
    const sent = stubCheckout();
    const { user, onPlaced } = setup(true);
    expect(consent()?.checked).toBe(false);
    expect(whatsappNumber()).toBeNull();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sent[0]).not.toHaveProperty("whatsappNotices");
    expect(sent[0]).not.toHaveProperty("whatsappNumber");
  });

  it("ticked, prefills the number with the phone typed above and sends both fields", async () => {
    const sent = stubCheckout();
    const { user, onPlaced } = setup(true);
    await fillValid(user);
    await user.click(consent()!);
    expect(whatsappNumber()!.value).toBe("+503 7000-1234");
    await user.click(submit());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({
      customerPhone: "+503 7000-1234",
      whatsappNotices: true,
      whatsappNumber: "+50370001234",
    });
  });

  it("keeps a number the shopper wrote there, even when the phone changes after", async () => {
    const sent = stubCheckout();
    const { user, onPlaced } = setup(true);
    await fillValid(user);
    await user.click(consent()!);
    await user.clear(whatsappNumber()!);
    await user.type(whatsappNumber()!, "+1 415 555 0100");
    await user.clear(screen.getByLabelText(/^Teléfono/));
    await user.type(screen.getByLabelText(/^Teléfono/), "71112222");
    expect(whatsappNumber()!.value).toBe("+1 415 555 0100");
    await user.click(submit());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ whatsappNotices: true, whatsappNumber: "+14155550100" });
  });

  it("asks for a valid number when ticked, by the field", async () => {
    const sent = stubCheckout();
    const { user } = setup(true);
    await user.type(screen.getByLabelText(/^Nombre/), "Ana Martínez");
    await user.type(screen.getByLabelText(/^Correo electrónico/), "ana@correo.sv");
    await user.click(consent()!);
    await user.click(submit());
    await waitFor(() =>
      expect(messageOf(whatsappNumber()!)).toBe(WHATSAPP_NUMBER_REQUIRED_MESSAGE),
    );

    await user.type(whatsappNumber()!, "2222-3333");
    await user.click(submit());
    await waitFor(() => expect(messageOf(whatsappNumber()!)).toBe(WHATSAPP_NUMBER_MESSAGE));
    expect(sent).toHaveLength(0);
  });

  it("puts a 400's whatsappNumber message next to the field", async () => {
    stubCheckout(() =>
      json(
        {
          message: "Datos inválidos",
          code: "validation",
          errors: [{ path: "whatsappNumber", message: "Este número no recibe WhatsApp" }],
        },
        400,
      ),
    );
    const { user } = setup(true);
    await fillValid(user);
    await user.click(consent()!);
    await user.click(submit());
    await waitFor(() =>
      expect(messageOf(whatsappNumber()!)).toBe("Este número no recibe WhatsApp"),
    );
    expect(whatsappNumber()!.getAttribute("aria-invalid")).toBe("true");
  });
});

import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckoutDto } from "../../shared/checkout";
import { PHONE_MESSAGE } from "../../shared/phone";
import { CUSTOMER_EMAIL_MESSAGE, CUSTOMER_NAME_MESSAGE } from "../../shared/schemas/checkout";
import { createQueryClient } from "../lib/query-client";
import { dismissToast } from "../lib/toast";
import { CheckoutForm } from "./checkout-form";
import { Toaster } from "./ui/toaster";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

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

/** POST /api/checkout answers these in turn; records each request's body and key. */
function stubCheckout(...answers: (() => Response)[]) {
  const sent: { body: Record<string, unknown>; key: string | null }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      expect(`${init?.method} ${url}`).toBe("POST /api/checkout");
      sent.push({
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
        key: new Headers(init?.headers).get("Idempotency-Key"),
      });
      const answer = answers[Math.min(sent.length, answers.length) - 1];
      return answer();
    }),
  );
  return sent;
}

function setup({ cardAvailable = true } = {}) {
  const onPlaced = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CheckoutForm
        sessionId="session_1700000000000_abc123"
        cardAvailable={cardAvailable}
        onPlaced={onPlaced}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }), onPlaced };
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => screen.getByRole("button", { name: /Realizar pedido/ });

/** The message shown next to a field: what its aria-describedby points at. */
function errorOf(label: string | RegExp) {
  const id = field(label).getAttribute("aria-describedby");
  return id ? document.getElementById(id)?.textContent : undefined;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/^Nombre/), "Ana Martínez");
  await user.type(field(/^Correo electrónico/), "ana@correo.sv");
}

describe("the checkout form", () => {
  it("shows the shared schema's messages next to their fields and sends nothing", async () => {
    const sent = stubCheckout(() => json(PLACED, 201));
    const { user } = setup();
    await user.type(field(/^Teléfono/), "123");
    await user.click(submit());

    await waitFor(() => expect(errorOf(/^Nombre/)).toBe(CUSTOMER_NAME_MESSAGE));
    expect(errorOf(/^Correo electrónico/)).toBe(CUSTOMER_EMAIL_MESSAGE);
    expect(errorOf(/^Teléfono/)).toBe(PHONE_MESSAGE);
    expect(field(/^Nombre/).getAttribute("aria-invalid")).toBe("true");
    expect(sent).toHaveLength(0);
  });

  it("limits the note to 500 characters and counts them", async () => {
    const { user } = setup();
    const note = field(/^Nota para el comercio/);
    expect(note.maxLength).toBe(500);
    await user.type(note, "Sin cebolla");
    expect(screen.getByText("11/500 caracteres")).toBeTruthy();
  });

  it("offers 'Pagar con tarjeta' only when card payment is configured", () => {
    setup({ cardAvailable: false });
    expect(screen.queryByLabelText(/Pagar con tarjeta/)).toBeNull();
    const whatsapp = field(/Coordinar el pago con el comercio/);
    expect(whatsapp.checked).toBe(true);
  });

  it("sends the cart id, the data and one Idempotency-Key, then hands over the 201", async () => {
    const sent = stubCheckout(() => json(PLACED, 201));
    const { user, onPlaced } = setup();
    await fillValid(user);
    await user.type(field(/^Teléfono/), "70001234");
    await user.type(field(/^Nota para el comercio/), "Sin cebolla");
    await user.click(field(/Coordinar el pago con el comercio/));
    await user.click(submit());

    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(PLACED, "whatsapp"));
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      sessionId: "session_1700000000000_abc123",
      customerName: "Ana Martínez",
      customerEmail: "ana@correo.sv",
      customerPhone: "+503 7000-1234",
      note: "Sin cebolla",
      paymentMethod: "whatsapp",
    });
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows a 409's Spanish message by the form and in a toast; the next try is a new attempt", async () => {
    const message = "Ya no están disponibles: Pupusa revuelta";
    const sent = stubCheckout(
      () => json({ message }, 409),
      () => json(PLACED, 201),
    );
    const { user, onPlaced } = setup();
    await fillValid(user);
    await user.click(submit());

    await waitFor(() => expect(screen.getByTestId("checkout-error").textContent).toBe(message));
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2); // form and toast
    expect(onPlaced).not.toHaveBeenCalled();

    await user.click(submit());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sent).toHaveLength(2);
    expect(sent[1].key).not.toBe(sent[0].key);
  });

  it("keeps the same Idempotency-Key when retrying after a 502 or a lost answer", async () => {
    const wompiDown = "No pudimos conectar con el procesador de pagos. Intenta de nuevo.";
    const sent = stubCheckout(
      () => json({ message: wompiDown }, 502),
      () => {
        throw new TypeError("Failed to fetch");
      },
      () => json(PLACED, 201),
    );
    const { user, onPlaced } = setup();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(screen.getByTestId("checkout-error").textContent).toBe(wompiDown));

    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId("checkout-error").textContent).toBe(
        "No pudimos enviar tu pedido. Revisa tu conexión e intenta de nuevo.",
      ),
    );

    await user.click(submit());
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
  });

  it("puts a 400's field messages next to their fields", async () => {
    stubCheckout(() =>
      json(
        {
          message: "Datos inválidos",
          errors: [{ path: "customerEmail", message: "Este correo no recibe mensajes" }],
        },
        400,
      ),
    );
    const { user } = setup();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() =>
      expect(errorOf(/^Correo electrónico/)).toBe("Este correo no recibe mensajes"),
    );
  });
});

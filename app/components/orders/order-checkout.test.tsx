import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type CheckoutDto,
  type CheckoutOrderDto,
  orderWhatsappUrl,
} from "../../../shared/checkout";
import {
  ALL_CANCELLED_NO_PAYMENT_MESSAGE,
  ORDER_ALREADY_PREPARING_MESSAGE,
} from "../../../shared/order-life";
import { dismissToast } from "../../lib/toast";
import { jsonResponse, stubFetch } from "../../test/test-utils";
import { OrderCheckout, type OrderCheckoutProps } from "./order-checkout";
import { Toaster } from "../ui/toaster";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

function anOrder(overrides: Partial<CheckoutOrderDto> = {}): CheckoutOrderDto {
  const items = overrides.items ?? [
    {
      id: 1,
      orderId: 1,
      productId: 31,
      quantity: 2,
      price: "1.25",
      createdAt: "2026-01-10T15:00:00.000Z",
      product: { name: "Pupusa revuelta", imageUrl: null },
      variantId: null,
      variantName: null,
    },
  ];
  return {
    id: 1,
    orderNumber: "ES-2026-000001",
    merchant: {
      id: 7,
      name: "Pupusería La Ceiba",
      slug: "pupuseria-la-ceiba",
      whatsapp: "+503 7000-0001",
      phone: "+503 2222-0001",
      legalName: null,
      taxId: null,
    },
    items,
    totalAmount: "2.50",
    status: "pending",
    paymentMethod: "whatsapp",
    paymentStatus: "offline",
    whatsappUrl: null,
    customerName: "Ana Martínez",
    customerEmail: "ana@correo.sv",
    customerPhone: null,
    note: "Sin cebolla",
    createdAt: "2026-01-10T15:00:00.000Z",
    fulfillment: "arrange",
    fulfillmentStatus: "received",
    statusHistory: [
      { fulfillmentStatus: "received", at: "2026-01-10T15:00:00.000Z", by: "shopper" },
    ],
    deliveryAddress: null,
    subtotal: "2.50",
    deliveryFee: null,
    cancelReason: null,
    refundReference: null,
    bankDetails: null,
    cancellable: false,
    dte: null,
    ...overrides,
  };
}

const ceiba = anOrder({
  whatsappUrl: orderWhatsappUrl("+503 7000-0001", "ES-2026-000001", anOrder().items, "2.50"),
});
const cafe = anOrder({
  id: 2,
  orderNumber: "ES-2026-000002",
  merchant: {
    id: 8,
    name: "Café El Volcán",
    slug: "cafe-el-volcan",
    whatsapp: "+503 7000-0002",
    phone: "+503 2222-0002",
    legalName: null,
    taxId: null,
  },
  items: [
    {
      id: 2,
      orderId: 2,
      productId: 40,
      quantity: 1,
      price: "3.00",
      createdAt: "2026-01-10T15:00:00.000Z",
      product: { name: "Café de altura", imageUrl: null },
      variantId: null,
      variantName: null,
    },
  ],
  totalAmount: "3.00",
  subtotal: "3.00",
});
const cafeWithLink = {
  ...cafe,
  whatsappUrl: orderWhatsappUrl("+503 7000-0002", cafe.orderNumber, cafe.items, "3.00"),
};

function aCheckout(overrides: Partial<CheckoutDto> = {}): CheckoutDto {
  return {
    orders: [ceiba, cafeWithLink],
    totalAmount: "5.50",
    paymentMethod: "whatsapp",
    paymentStatus: "offline",
    orderUrl: "https://tiangue.test/orders/ES-2026-000001?token=abc",
    paymentUrl: null,
    paidAt: null,
    createdAt: "2026-01-10T15:00:00.000Z",
    ...overrides,
  };
}

/** A card checkout: its orders carry the card method and no WhatsApp order button. */
function aCardCheckout(paymentStatus: "pending" | "paid", status: "pending" | "paid") {
  const orders = [ceiba, cafe].map((order) => ({
    ...order,
    paymentMethod: "card" as const,
    paymentStatus,
    status,
    whatsappUrl: null,
  }));
  return aCheckout({ orders, paymentMethod: "card", paymentStatus });
}

function show(props: OrderCheckoutProps) {
  return render(
    <>
      <MemoryRouter>
        <OrderCheckout {...props} />
      </MemoryRouter>
      <Toaster />
    </>,
  );
}

const merchantSection = (name: string) => screen.getByRole("region", { name }) as HTMLElement;

describe("the order page", () => {
  it("shows each merchant's order with its lines, total and 'Enviar pedido por WhatsApp' link", () => {
    show({ checkout: aCheckout() });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      "Pedidos ES-2026-000001, ES-2026-000002",
    );
    const first = merchantSection("Pupusería La Ceiba");
    expect(within(first).getByText("ES-2026-000001")).toBeTruthy();
    expect(within(first).getByText("Pupusa revuelta")).toBeTruthy();
    expect(within(first).getByText("2 × $1.25")).toBeTruthy();
    const send = within(first).getByRole("link", { name: /Enviar pedido por WhatsApp/ });
    expect(send.getAttribute("href")).toBe(ceiba.whatsappUrl);
    expect(decodeURIComponent(send.getAttribute("href")!)).toContain("ES-2026-000001");
    // The merchant can also be called.
    expect(
      within(first)
        .getByRole("link", { name: /Llamar/ })
        .getAttribute("href"),
    ).toBe("tel:+50322220001");

    const second = merchantSection("Café El Volcán");
    expect(
      within(second)
        .getByRole("link", { name: /Enviar pedido por WhatsApp/ })
        .getAttribute("href"),
    ).toBe(cafeWithLink.whatsappUrl);
    expect(screen.getByTestId("order-total").textContent).toBe("$5.50");
    expect(screen.getByTestId("payment-status").textContent).toBe(
      "Pago coordinado con el comercio",
    );
    expect(screen.getByText("Sin cebolla")).toBeTruthy();
  });

  it("shows the statuses in the spec's colours: Pendiente yellow, Pagado green, Cancelado red", () => {
    const orders = [
      { ...ceiba, status: "pending" as const },
      { ...cafeWithLink, status: "paid" as const },
      { ...cafeWithLink, id: 3, orderNumber: "ES-2026-000003", status: "cancelled" as const },
    ];
    show({ checkout: aCheckout({ orders }) });
    const badges = screen.getAllByTestId("order-status").map((b) => b.firstElementChild!);
    expect(badges.map((b) => b.textContent)).toEqual(["Pendiente", "Pagado", "Cancelado"]);
    expect(badges[0].className).toContain("bg-maiz-100");
    expect(badges[1].className).toContain("bg-green-100");
    expect(badges[2].className).toContain("bg-red-100");
  });

  it("a card checkout not paid yet offers 'Reintentar pago'", async () => {
    const onRetryPayment = vi.fn();
    show({ checkout: aCardCheckout("pending", "pending"), onRetryPayment });
    expect(screen.getByTestId("payment-status").textContent).toBe("Pago pendiente");
    expect(screen.queryByRole("link", { name: /Enviar pedido por WhatsApp/ })).toBeNull();
    screen.getByRole("button", { name: /Reintentar pago/ }).click();
    expect(onRetryPayment).toHaveBeenCalledOnce();
    expect(screen.getByText(/el pago no se ha completado/)).toBeTruthy();
  });

  it("back from Wompi without a confirmed payment, says so instead of 'Pagado'", () => {
    show({ checkout: aCardCheckout("pending", "pending"), returnedFromPayment: true });
    expect(screen.getByText(/Todavía no pudimos confirmar tu pago/)).toBeTruthy();
    expect(screen.queryByText("Pagado")).toBeNull();
  });

  it("a paid card checkout shows 'Pagado' and no payment button", () => {
    show({ checkout: aCardCheckout("paid", "paid"), onRetryPayment: vi.fn() });
    expect(screen.getByTestId("payment-status").textContent).toBe("Pagado");
    expect(screen.getByText(/Recibimos tu pago/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Reintentar pago/ })).toBeNull();
  });
});

/** A delivered-to-the-door cash order, three steps along: received 09:00, preparing 10:30. */
const delivery = anOrder({
  paymentMethod: "cash",
  paymentStatus: "pending",
  fulfillment: "delivery",
  fulfillmentStatus: "on_the_way",
  statusHistory: [
    { fulfillmentStatus: "received", at: "2026-01-10T15:00:00.000Z", by: "shopper" },
    { fulfillmentStatus: "preparing", at: "2026-01-10T16:30:00.000Z", by: "merchant" },
    { fulfillmentStatus: "on_the_way", at: "2026-01-10T18:05:00.000Z", by: "merchant" },
  ],
  deliveryAddress: {
    department: "San Salvador",
    municipality: "San Salvador Centro",
    district: null,
    address: "Col. Escalón, pasaje 3 #12",
    reference: "Portón negro",
  },
  subtotal: "2.50",
  deliveryFee: "1.15",
  totalAmount: "3.65",
});

const BANK = {
  bankName: "Banco Agrícola",
  accountHolder: "Pupusería La Ceiba S.A. de C.V.",
  accountNumber: "0123456789",
  accountType: "Ahorro" as const,
};

const access = { orderNumber: "ES-2026-000001", token: "abc" };

describe("the order page after issue 25", () => {
  it("shows the delivery, its address, and the steps done with their time in El Salvador", () => {
    show({
      checkout: aCheckout({ orders: [delivery], paymentMethod: "cash", paymentStatus: "pending" }),
    });
    const order = merchantSection("Pupusería La Ceiba");
    const fulfillment = within(order).getByTestId("order-fulfillment");
    expect(fulfillment.textContent).toContain("Entrega a domicilio");
    expect(fulfillment.textContent).toContain("Col. Escalón, pasaje 3 #12");
    expect(fulfillment.textContent).toContain("San Salvador Centro, San Salvador");
    expect(fulfillment.textContent).toContain("Referencia: Portón negro");

    const steps = within(within(order).getByTestId("order-timeline")).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual([
      "Recibido10 de enero de 2026, 09:00",
      "En preparación10 de enero de 2026, 10:30",
      "En camino10 de enero de 2026, 12:05",
      "Entregado (pendiente)",
    ]);
    expect(steps[2].getAttribute("aria-current")).toBe("step");
    expect(steps[3].getAttribute("data-done")).toBe("false");
  });

  it("a pickup's steps end with 'Listo para recoger' then 'Entregado'", () => {
    const pickup = anOrder({ fulfillment: "pickup", deliveryFee: "0.00" });
    show({ checkout: aCheckout({ orders: [pickup] }) });
    const order = merchantSection("Pupusería La Ceiba");
    expect(within(order).getByTestId("order-fulfillment").textContent).toBe("Recoger en tienda");
    const steps = within(within(order).getByTestId("order-timeline")).getAllByRole("listitem");
    expect(steps.map((s) => s.textContent)).toEqual([
      "Recibido10 de enero de 2026, 09:00",
      "En preparación (pendiente)",
      "Listo para recoger (pendiente)",
      "Entregado (pendiente)",
    ]);
    expect(within(order).getByTestId("order-fee").textContent).toBe(
      "Sin envío (recoges en tienda)",
    );
  });

  it("shows subtotal, delivery fee and total of each order, and its payment status", () => {
    show({
      checkout: aCheckout({ orders: [delivery], paymentMethod: "cash", paymentStatus: "pending" }),
    });
    const order = merchantSection("Pupusería La Ceiba");
    expect(within(order).getByTestId("order-subtotal").textContent).toBe("$2.50");
    expect(within(order).getByTestId("order-fee").textContent).toBe("$1.15");
    expect(within(order).getByTestId("order-amount").textContent).toBe("$3.65");
    expect(within(order).getByTestId("order-payment-status").textContent).toBe("Pago pendiente");
    expect(screen.getByText(/Pagas en efectivo a cada comercio/)).toBeTruthy();
  });

  it("a fee agreed with the merchant reads 'Por coordinar'", () => {
    show({ checkout: aCheckout({ orders: [anOrder({ fulfillment: "delivery" })] }) });
    expect(screen.getByTestId("order-fee").textContent).toBe("Por coordinar");
  });

  it("gives the bank details, with the order number as reference, only for a transfer", () => {
    const transfer = anOrder({
      paymentMethod: "transfer",
      paymentStatus: "pending",
      bankDetails: BANK,
    });
    const { unmount } = show({
      checkout: aCheckout({
        orders: [transfer],
        paymentMethod: "transfer",
        paymentStatus: "pending",
      }),
    });
    const bank = screen.getByTestId("bank-details");
    const row = (label: string) =>
      within(bank).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    expect(row("Banco")).toBe("Banco Agrícola");
    expect(row("Titular")).toBe("Pupusería La Ceiba S.A. de C.V.");
    expect(row("Número de cuenta")).toBe("0123456789");
    expect(row("Tipo de cuenta")).toBe("Ahorro");
    expect(row("Referencia")).toBe("ES-2026-000001");
    expect(row("Monto")).toBe("$2.50");
    unmount();

    // Another method shows no account, even if one came along.
    show({
      checkout: aCheckout({
        orders: [anOrder({ paymentMethod: "cash", paymentStatus: "pending", bankDetails: BANK })],
        paymentMethod: "cash",
        paymentStatus: "pending",
      }),
    });
    expect(screen.queryByTestId("bank-details")).toBeNull();
    expect(screen.queryByText("0123456789")).toBeNull();
  });

  it("links the merchant's WhatsApp with the order number prefilled for a cash order", () => {
    show({
      checkout: aCheckout({ orders: [delivery], paymentMethod: "cash", paymentStatus: "pending" }),
    });
    const order = merchantSection("Pupusería La Ceiba");
    const link = within(order).getByRole("link", { name: /WhatsApp/ });
    expect(link.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/50370000001\?text=/);
    expect(decodeURIComponent(link.getAttribute("href")!)).toContain(
      "Hola, te escribo por mi pedido ES-2026-000001",
    );
    expect(within(order).queryByText(/no tiene WhatsApp/)).toBeNull();
  });

  it("shows a cancellation with the merchant's reason, and a refund due", () => {
    const cancelled = anOrder({
      status: "cancelled",
      paymentMethod: "card",
      paymentStatus: "refund_due",
      fulfillmentStatus: "preparing",
      statusHistory: [
        { fulfillmentStatus: "received", at: "2026-01-10T15:00:00.000Z", by: "shopper" },
        { fulfillmentStatus: "preparing", at: "2026-01-10T16:30:00.000Z", by: "merchant" },
        { status: "cancelled", at: "2026-01-10T17:00:00.000Z", by: "merchant" },
      ],
      cancelReason: "Se nos terminó la masa de maíz",
    });
    show({
      checkout: aCheckout({
        orders: [cancelled],
        paymentMethod: "card",
        paymentStatus: "refund_due",
      }),
    });
    const order = merchantSection("Pupusería La Ceiba");
    const box = within(order).getByTestId("order-cancellation");
    expect(box.textContent).toContain("El comercio canceló este pedido");
    expect(box.textContent).toContain("10 de enero de 2026, 11:00");
    expect(box.textContent).toContain("Motivo: Se nos terminó la masa de maíz");
    // Only the steps it reached.
    expect(
      within(order)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toContain("En preparación10 de enero de 2026, 10:30");
    expect(within(order).queryByText("Entregado")).toBeNull();
    expect(within(order).getByTestId("order-payment-status").textContent).toBe(
      "Reembolso pendiente",
    );
    expect(screen.queryByRole("button", { name: /Cancelar pedido/ })).toBeNull();
  });

  it("a card checkout whose orders are all cancelled offers no payment", () => {
    const orders = [ceiba, cafe].map((order) => ({
      ...order,
      paymentMethod: "card" as const,
      paymentStatus: "pending" as const,
      status: "cancelled" as const,
      whatsappUrl: null,
    }));
    show({
      checkout: aCheckout({ orders, paymentMethod: "card", paymentStatus: "pending" }),
      onRetryPayment: vi.fn(),
    });
    expect(screen.getByTestId("all-cancelled").textContent).toBe(ALL_CANCELLED_NO_PAYMENT_MESSAGE);
    expect(screen.queryByRole("button", { name: /Reintentar pago|Pagar/ })).toBeNull();
    expect(screen.queryByText(/el pago no se ha completado/)).toBeNull();
  });

  it("'Cancelar pedido' asks first, calls the API with the order's id, then shows the answer", async () => {
    const open = anOrder({ cancellable: true, paymentMethod: "cash", paymentStatus: "pending" });
    const after = aCheckout({
      orders: [
        {
          ...open,
          cancellable: false,
          dte: null,
          status: "cancelled",
          statusHistory: [
            ...open.statusHistory,
            { status: "cancelled", at: "2026-01-10T15:20:00.000Z", by: "shopper" },
          ],
        },
      ],
      paymentMethod: "cash",
      paymentStatus: "pending",
    });
    const fetch = stubFetch({
      "POST /api/orders/ES-2026-000001/cancel?token=abc": () => jsonResponse(after),
    });
    show({
      checkout: aCheckout({ orders: [open], paymentMethod: "cash", paymentStatus: "pending" }),
      access,
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: /Cancelar pedido/ }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("¿Cancelar el pedido ES-2026-000001?");
    expect(fetch).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole("button", { name: "Sí, cancelar pedido" }));
    await waitFor(() =>
      expect(screen.getByTestId("order-cancellation").textContent).toContain(
        "Cancelaste este pedido",
      ),
    );
    expect(fetch).toHaveBeenCalledOnce();
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ orderId: 1 });
    expect(screen.getByTestId("order-status").textContent).toBe("Cancelado");
    expect(screen.queryByRole("button", { name: /Cancelar pedido/ })).toBeNull();
    expect(screen.getByText("Pedido cancelado")).toBeTruthy();
  });

  it("'No, mantenerlo' sends nothing", async () => {
    const fetch = stubFetch({});
    show({ checkout: aCheckout({ orders: [anOrder({ cancellable: true })] }), access });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: /Cancelar pedido/ }));
    await user.click(await screen.findByRole("button", { name: "No, mantenerlo" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a 409 (the merchant started) shows the server's message and the order as it is now", async () => {
    const open = anOrder({ cancellable: true });
    const now = aCheckout({
      orders: [{ ...open, cancellable: false, fulfillmentStatus: "preparing" }],
    });
    stubFetch({
      "POST /api/orders/ES-2026-000001/cancel?token=abc": () =>
        jsonResponse({ message: ORDER_ALREADY_PREPARING_MESSAGE, code: "conflict" }, 409),
      "GET /api/orders/ES-2026-000001?token=abc": () => jsonResponse(now),
    });
    show({ checkout: aCheckout({ orders: [open] }), access });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: /Cancelar pedido/ }));
    await user.click(await screen.findByRole("button", { name: "Sí, cancelar pedido" }));
    await screen.findByText(ORDER_ALREADY_PREPARING_MESSAGE);
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: /Cancelar pedido/ })).toBeNull(),
    );
    const current = screen.getAllByRole("listitem").find((li) => li.getAttribute("aria-current"));
    expect(current?.textContent).toContain("En preparación");
  });

  it("offers no 'Cancelar pedido' without the page's token", () => {
    show({ checkout: aCheckout({ orders: [anOrder({ cancellable: true })] }) });
    expect(screen.queryByRole("button", { name: /Cancelar pedido/ })).toBeNull();
  });
});

import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { type CheckoutDto, type CheckoutOrderDto, orderWhatsappUrl } from "../../shared/checkout";
import { OrderCheckout, type OrderCheckoutProps } from "./order-checkout";

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
    },
  ],
  totalAmount: "3.00",
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
    <MemoryRouter>
      <OrderCheckout {...props} />
    </MemoryRouter>,
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

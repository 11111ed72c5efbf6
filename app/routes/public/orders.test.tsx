import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CheckoutDto } from "../../../shared/checkout";
import { createQueryClient } from "../../lib/query-client";
import { ORDERS_STORAGE_KEY, readStoredOrders, rememberOrder } from "../../lib/orders-storage";
import { loader as detailLoader } from "./order-detail";
import OrdersPage from "./orders";
import type { Route } from "./+types/order-detail";

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function aCheckout(orderNumber: string, merchant: string): CheckoutDto {
  return {
    orders: [
      {
        id: Number(orderNumber.slice(-6)),
        orderNumber,
        merchant: { id: 7, name: merchant, slug: "m", whatsapp: null, phone: "+503 2222-0001" },
        items: [],
        totalAmount: "2.50",
        status: "pending",
        paymentMethod: "whatsapp",
        paymentStatus: "offline",
        whatsappUrl: null,
        customerName: "Ana",
        customerEmail: "ana@correo.sv",
        customerPhone: null,
        note: null,
        createdAt: "2026-01-10T15:00:00.000Z",
        fulfillment: "pickup",
        fulfillmentStatus: "ready",
        statusHistory: [],
        deliveryAddress: null,
        subtotal: "2.50",
        deliveryFee: "0.00",
        cancelReason: null,
        refundReference: null,
        bankDetails: null,
        cancellable: false,
      },
    ],
    totalAmount: "2.50",
    paymentMethod: "whatsapp",
    paymentStatus: "offline",
    orderUrl: `https://tiangue.test/orders/${orderNumber}?token=t`,
    paymentUrl: null,
    paidAt: null,
    createdAt: "2026-01-10T15:00:00.000Z",
  };
}

function showOrders() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OrdersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("/orders", () => {
  it("shows the spec's empty state when this browser placed nothing", async () => {
    vi.stubGlobal("fetch", vi.fn());
    showOrders();
    expect(await screen.findByText("No tienes pedidos")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("lists the stored checkouts from the API and quietly drops those that answer 404", async () => {
    rememberOrder({ orderNumber: "ES-2026-000001", token: "t1" }, new Date("2026-01-01"));
    rememberOrder({ orderNumber: "ES-2026-000009", token: "gone" }, new Date("2026-01-02"));
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith("/api/orders/ES-2026-000001?token=t1")
        ? new Response(JSON.stringify(aCheckout("ES-2026-000001", "Pupusería La Ceiba")), {
            status: 200,
          })
        : new Response(JSON.stringify({ message: "Pedido no encontrado" }), { status: 404 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    showOrders();

    const link = await screen.findByRole("link", { name: "ES-2026-000001" });
    expect(link.getAttribute("href")).toBe("/orders/ES-2026-000001?token=t1");
    expect(screen.getByText("Pupusería La Ceiba")).toBeTruthy();
    // Each order's step (issue 25).
    expect(screen.getByText("Listo para recoger")).toBeTruthy();
    expect(screen.queryByText(/ES-2026-000009/)).toBeNull();
    expect(screen.queryByText("No tienes pedidos")).toBeNull();
    await waitFor(() =>
      expect(readStoredOrders().map((o) => o.orderNumber)).toEqual(["ES-2026-000001"]),
    );
  });

  it("links 'Buscar mi pedido' for orders placed elsewhere", async () => {
    vi.stubGlobal("fetch", vi.fn());
    showOrders();
    const link = await screen.findByRole("link", { name: "Buscar mi pedido" });
    expect(link.getAttribute("href")).toBe("/orders/buscar");
  });

  it("ignores what else is in storage under its key", async () => {
    window.localStorage.setItem(ORDERS_STORAGE_KEY, '[{"orderNumber":1},"x"]');
    vi.stubGlobal("fetch", vi.fn());
    showOrders();
    expect(await screen.findByText("No tienes pedidos")).toBeTruthy();
  });
});

describe("/orders/{orderNumber} loader", () => {
  const call = (url: string, find: (...args: unknown[]) => Promise<CheckoutDto>) =>
    detailLoader({
      request: new Request(url),
      params: { orderNumber: "ES-2026-000001" },
      context: { services: { checkout: { find } }, clientAddress: "203.0.113.7" },
    } as unknown as Route.LoaderArgs);

  it("answers 404 without a token, never asking the service", async () => {
    const find = vi.fn();
    await expect(call("http://t/orders/ES-2026-000001", find)).rejects.toMatchObject({
      init: { status: 404 },
    });
    expect(find).not.toHaveBeenCalled();
  });

  it("turns the service's 404 (a wrong token) into the page's 404", async () => {
    const find = vi.fn(async () => {
      throw Object.assign(new Error("Pedido no encontrado"), { status: 404 });
    });
    await expect(call("http://t/orders/ES-2026-000001?token=wrong", find)).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  it("passes idTransaccion and the client's address on so the service confirms the payment with Wompi", async () => {
    const checkout = aCheckout("ES-2026-000001", "Pupusería La Ceiba");
    const find = vi.fn(async () => checkout);
    const result = await call(
      "http://t/orders/ES-2026-000001?token=tok&idTransaccion=abc-123",
      find,
    );
    // The address counts the lookups at Wompi against the page's limit (issue 26).
    expect(find).toHaveBeenCalledWith("ES-2026-000001", "tok", {
      transactionId: "abc-123",
      clientAddress: "203.0.113.7",
    });
    expect(result).toEqual({ checkout, token: "tok", returnedFromPayment: true });
  });
});

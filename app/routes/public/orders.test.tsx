import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CheckoutDto } from "../../../shared/checkout";
import { ORDERS_STORAGE_KEY, readStoredOrders, rememberOrder } from "../../lib/orders-storage";
import { dismissToast } from "../../lib/toast";
import { Toaster } from "../../components/ui/toaster";
import OrderDetail, { loader as detailLoader } from "./order-detail";
import OrdersPage from "./orders";
import type { Route } from "./+types/order-detail";

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

function aCheckout(orderNumber: string, merchant: string): CheckoutDto {
  return {
    orders: [
      {
        id: Number(orderNumber.slice(-6)),
        orderNumber,
        merchant: {
          id: 7,
          name: merchant,
          slug: "m",
          whatsapp: null,
          phone: "+503 2222-0001",
          legalName: null,
          taxId: null,
        },
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
        dte: null,
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
    <MemoryRouter>
      <OrdersPage />
    </MemoryRouter>,
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

  it("says which orders failed to load, and 'Reintentar' asks again for those alone", async () => {
    rememberOrder({ orderNumber: "ES-2026-000001", token: "t1" }, new Date("2026-01-01"));
    rememberOrder({ orderNumber: "ES-2026-000002", token: "t2" }, new Date("2026-01-02"));
    let secondIsDown = true;
    const fetchMock = vi.fn(async (url: string) => {
      if (url.startsWith("/api/orders/ES-2026-000002") && secondIsDown)
        return new Response(JSON.stringify({ message: "Error" }), { status: 500 });
      const number = url.slice("/api/orders/".length, url.indexOf("?"));
      return new Response(JSON.stringify(aCheckout(number, `Comercio ${number}`)), {
        status: 200,
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    showOrders();

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("No se pudo cargar uno de tus pedidos.");
    expect(screen.getByRole("link", { name: "ES-2026-000001" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "ES-2026-000002" })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);

    secondIsDown = false;
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByRole("link", { name: "ES-2026-000002" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "ES-2026-000001" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[2][0]).toBe("/api/orders/ES-2026-000002?token=t2");
    // A failure is not a 404: the order stays stored.
    expect(readStoredOrders()).toHaveLength(2);
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

describe("/orders/{orderNumber}: 'Reintentar pago'", () => {
  function showDetail() {
    const checkout = {
      ...aCheckout("ES-2026-000001", "Pupusería La Ceiba"),
      paymentMethod: "card" as const,
      paymentStatus: "pending" as const,
    };
    const props = {
      loaderData: { checkout, token: "tok", reviews: [], returnedFromPayment: false },
      params: { orderNumber: "ES-2026-000001" },
    } as unknown as Route.ComponentProps;
    render(
      <>
        <MemoryRouter>
          <OrderDetail {...props} />
        </MemoryRouter>
        <Toaster />
      </>,
    );
  }

  it("asks for a new payment link and opens it", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(
          JSON.stringify({
            ...aCheckout("ES-2026-000001", "Pupusería La Ceiba"),
            paymentUrl: "https://checkout.wompi.sv/pago/1",
          }),
          { status: 200 },
        ),
    );
    vi.stubGlobal("fetch", fetchMock);
    showDetail();
    const button = await screen.findByRole("button", { name: "Reintentar pago" });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.setup({ delay: null }).click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.wompi.sv/pago/1"));
    expect(fetchMock.mock.calls[0][0]).toBe("/api/orders/ES-2026-000001/payment?token=tok");
    expect(fetchMock.mock.calls[0][1]?.method).toBe("POST");
    // Busy until the browser leaves for Wompi.
    expect(screen.getByRole("button", { name: "Abriendo el pago..." })).toBeTruthy();
  });

  it("says so when the payment cannot be opened, and lets the shopper try again", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: "Wompi no responde", code: "bad_gateway" }), {
            status: 502,
          }),
      ),
    );
    showDetail();
    const button = await screen.findByRole("button", { name: "Reintentar pago" });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.setup({ delay: null }).click(button);
    expect(await screen.findByText("No se pudo abrir el pago")).toBeTruthy();
    expect(screen.getByText("Wompi no responde")).toBeTruthy();
    expect(
      (screen.getByRole("button", { name: "Reintentar pago" }) as HTMLButtonElement).disabled,
    ).toBe(false);
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
    expect(result).toEqual({ checkout, token: "tok", reviews: [], returnedFromPayment: true });
  });
});

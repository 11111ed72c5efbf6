import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAYMENT_METHOD_LABELS } from "../../../shared/order-life";
import { REFUND_REFERENCE_MESSAGE } from "../../../shared/schemas/order-life";
import { dismissToast } from "../../lib/toast";
import { OrdersTab } from "./orders-tab";
import { anOrder, jsonResponse, renderAdmin } from "../../test/test-utils";
import { listPage, stubLists } from "../../test/list-stub";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const ORDERS = [
  anOrder({
    id: 1,
    orderNumber: "ES-2026-000001",
    customerName: "José Pérez",
    customerEmail: "jose@example.com",
  }),
  anOrder({
    id: 2,
    orderNumber: "ES-2026-000002",
    customerName: "María Gómez",
    customerEmail: "maria@correo.sv",
    customerPhone: "+503 7000-0002",
    paymentId: "PAY-ABC-123",
    status: "paid",
  }),
  anOrder({
    id: 3,
    orderNumber: "ES-2026-000103",
    customerName: "Ana Núñez",
    customerEmail: "ana@x.sv",
    status: "cancelled",
  }),
];

/** The admin's orders API as a stub: `q` picks orders by number, a page holds `limit`. */
function ordersApi(orders: object[] = ORDERS, total?: number) {
  return stubLists({
    "GET /api/admin/orders": (url) => {
      const q = url.searchParams.get("q");
      const found = q ? orders.filter((o) => JSON.stringify(o).includes(q)) : orders;
      return listPage(found, q ? found.length : (total ?? found.length));
    },
    "PUT /api/admin/orders/1/status": (_url, body) =>
      jsonResponse({ ...ORDERS[0], ...(body as object) }),
  });
}

const search = () => screen.getByLabelText("Buscar pedidos");
const cards = () =>
  screen
    .queryAllByRole("article")
    .map((a) => a.getAttribute("aria-labelledby") && within(a).getByRole("heading").textContent);

describe("OrdersTab", () => {
  it("asks the server for what is typed, once typing pauses, from the first page", async () => {
    const api = ordersApi();
    const { user } = renderAdmin(<OrdersTab />);
    expect(await screen.findByText("Mostrando 3 de 3 pedidos")).toBeTruthy();
    expect(api.urls("/api/admin/orders")).toEqual(["/api/admin/orders?limit=20&offset=0"]);

    await user.type(search(), "ES-2026-000103");
    await waitFor(() => expect(cards()).toEqual(["Pedido ES-2026-000103"]));
    expect(screen.getByText("Mostrando 1 de 1 pedidos")).toBeTruthy();
    // One request for the whole word, not one per key.
    expect(api.urls("/api/admin/orders")).toEqual([
      "/api/admin/orders?limit=20&offset=0",
      "/api/admin/orders?q=ES-2026-000103&limit=20&offset=0",
    ]);
  });

  it("says when nothing matches and 'Limpiar' shows everything again", async () => {
    ordersApi();
    const { user } = renderAdmin(<OrdersTab />);
    await screen.findByText("Mostrando 3 de 3 pedidos");
    await user.type(search(), "nadie");
    expect(
      await screen.findByText("No se encontraron pedidos con ese criterio de búsqueda"),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Limpiar" }));
    expect((search() as HTMLInputElement).value).toBe("");
    expect(await screen.findByText("Mostrando 3 de 3 pedidos")).toBeTruthy();
  });

  it("pages through the total the server counts; a new search starts at page 1", async () => {
    const api = ordersApi(ORDERS, 45);
    const { user } = renderAdmin(<OrdersTab />);
    expect(await screen.findByText("Mostrando 3 de 45 pedidos")).toBeTruthy();
    expect(screen.getByText("Página 1 de 3")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /Siguiente/ }));
    expect(await screen.findByText("Página 2 de 3")).toBeTruthy();
    expect(api.urls("/api/admin/orders").at(-1)).toBe("/api/admin/orders?limit=20&offset=20");
    await user.click(screen.getByRole("button", { name: "Página 3" }));
    await waitFor(() =>
      expect(api.urls("/api/admin/orders").at(-1)).toBe("/api/admin/orders?limit=20&offset=40"),
    );
    await user.type(search(), "000002");
    await waitFor(() =>
      expect(api.urls("/api/admin/orders").at(-1)).toBe(
        "/api/admin/orders?q=000002&limit=20&offset=0",
      ),
    );
  });

  it("shows the customer, 'No proporcionado' for a missing phone, lines and payment id", async () => {
    ordersApi();
    renderAdmin(<OrdersTab />);
    await screen.findByText("Mostrando 3 de 3 pedidos");
    const [first, second] = screen.getAllByRole("article");
    expect(within(first).getByText("No proporcionado")).toBeTruthy();
    expect(within(first).getByText("Pendiente", { selector: "span" })).toBeTruthy();
    expect(within(first).getByText("3 × $1.00")).toBeTruthy();
    expect(within(first).getAllByText("$3.00").length).toBeGreaterThan(0);
    expect(within(first).queryByText(/ID de pago/)).toBeNull();
    expect(within(second).getByText("+503 7000-0002")).toBeTruthy();
    expect(within(second).getByText("Pagado", { selector: "span" })).toBeTruthy();
    expect(within(second).getByText("PAY-ABC-123")).toBeTruthy();
  });

  it("shows a checkout's merchant and payment state", async () => {
    const paid = {
      ...anOrder({ id: 4, orderNumber: "ES-2026-000004", paymentId: "1001", status: "paid" }),
      merchant: { id: 7, name: "Pupusería La Ceiba", slug: "pupuseria-la-ceiba" },
      paymentMethod: "card" as const,
      paymentStatus: "paid" as const,
      paymentTransactionId: "5f0c2b1e-tx",
      paidAt: "2026-01-10T15:05:00.000Z",
      note: "Sin cebolla",
    };
    const offline = {
      ...anOrder({ id: 5, orderNumber: "ES-2026-000005" }),
      merchant: { id: 8, name: "Café El Volcán", slug: "cafe-el-volcan" },
      paymentMethod: "whatsapp" as const,
      paymentStatus: "offline" as const,
      paymentTransactionId: null,
      paidAt: null,
      note: null,
    };
    ordersApi([paid, offline]);
    renderAdmin(<OrdersTab />);
    await screen.findByText("Mostrando 2 de 2 pedidos");
    const [first, second] = screen.getAllByRole("article");
    expect(within(first).getByText("Pupusería La Ceiba")).toBeTruthy();
    expect(within(first).getAllByText("Pagado", { selector: "span" })).toHaveLength(2);
    expect(within(first).getByText(PAYMENT_METHOD_LABELS.card)).toBeTruthy();
    expect(within(first).getByText("5f0c2b1e-tx")).toBeTruthy();
    expect(within(first).getByText("Sin cebolla")).toBeTruthy();
    expect(within(second).getByText("Café El Volcán")).toBeTruthy();
    expect(within(second).getByText("Pago coordinado con el comercio")).toBeTruthy();
  });

  it("changes the status and confirms", async () => {
    const api = ordersApi();
    const { user } = renderAdmin(<OrdersTab />);
    await screen.findByText("Mostrando 3 de 3 pedidos");
    const first = screen.getAllByRole("article")[0];
    await user.selectOptions(within(first).getByLabelText("Estado del pedido"), "paid");
    await waitFor(() => expect(screen.getByText("Estado actualizado")).toBeTruthy());
    expect(api.bodies("PUT /api/admin/orders/1/status")).toEqual([{ status: "paid" }]);
  });

  it("says when there are no orders at all", async () => {
    stubLists({ "GET /api/admin/orders": () => listPage([], 0) });
    renderAdmin(<OrdersTab />);
    expect(await screen.findByText("No hay pedidos registrados")).toBeTruthy();
  });

  it("shows how the order is delivered, its step, the address and the amounts (issue 25)", async () => {
    const delivery = {
      ...anOrder({ id: 6, orderNumber: "ES-2026-000006", totalAmount: "5.50" }),
      merchant: { id: 7, name: "Pupusería La Ceiba", slug: "pupuseria-la-ceiba" },
      paymentMethod: "cash" as const,
      paymentStatus: "pending" as const,
      paymentTransactionId: null,
      paidAt: null,
      note: null,
      fulfillment: "delivery" as const,
      fulfillmentStatus: "on_the_way" as const,
      statusHistory: [],
      deliveryAddress: {
        department: "La Libertad",
        municipality: "La Libertad Sur",
        address: "Residencial Las Palmas, casa 4",
        reference: null,
      },
      subtotal: "3.00",
      deliveryFee: "2.50",
      cancelReason: null,
      refundReference: null,
    };
    ordersApi([delivery]);
    renderAdmin(<OrdersTab />);
    const card = within(await screen.findByRole("article"));
    expect(card.getByText("Entrega a domicilio")).toBeTruthy();
    expect(card.getByText("En camino")).toBeTruthy();
    expect(
      card.getByText(/Residencial Las Palmas, casa 4, La Libertad Sur, La Libertad/),
    ).toBeTruthy();
    expect(card.getByRole("link", { name: /Ver en Google Maps/ }).getAttribute("href")).toContain(
      encodeURIComponent(
        "Residencial Las Palmas, casa 4, La Libertad Sur, La Libertad, El Salvador",
      ),
    );
    expect(card.getByText("Subtotal").nextElementSibling?.textContent).toBe("$3.00");
    expect(card.getByText("Envío").nextElementSibling?.textContent).toBe("$2.50");
    expect(card.queryByRole("button", { name: "Registrar reembolso" })).toBeNull();
  });

  it("records a refund's reference for a cancelled card order, and shows it once refunded", async () => {
    const due = {
      ...anOrder({ id: 7, orderNumber: "ES-2026-000007", status: "cancelled" }),
      merchant: { id: 7, name: "Pupusería La Ceiba", slug: "pupuseria-la-ceiba" },
      paymentMethod: "card" as const,
      paymentStatus: "refund_due" as const,
      paymentTransactionId: "tx-77",
      paidAt: "2026-01-10T15:05:00.000Z",
      note: null,
      fulfillment: "pickup" as const,
      fulfillmentStatus: "received" as const,
      statusHistory: [],
      deliveryAddress: null,
      subtotal: "3.00",
      deliveryFee: "0.00",
      cancelReason: "Se terminó el queso",
      refundReference: null,
    };
    const api = stubLists({
      "GET /api/admin/orders": () => listPage([due]),
      "POST /api/admin/orders/7/refund": (_url, body) =>
        jsonResponse({ ...due, paymentStatus: "refunded", ...(body as { reference: string }) }),
    });
    const { user } = renderAdmin(<OrdersTab />);
    const card = within(await screen.findByRole("article"));
    expect(card.getByText("Reembolso pendiente")).toBeTruthy();
    expect(card.getByText("Se terminó el queso")).toBeTruthy();
    await user.click(card.getByRole("button", { name: "Registrar reembolso" }));
    const dialog = within(await screen.findByRole("alertdialog"));
    await user.click(dialog.getByRole("button", { name: "Registrar reembolso" }));
    expect(dialog.getByText(REFUND_REFERENCE_MESSAGE)).toBeTruthy();
    expect(api.bodies("POST /api/admin/orders/7/refund")).toEqual([]);

    await user.type(dialog.getByLabelText("Referencia del reembolso"), "Wompi R-123");
    await user.click(dialog.getByRole("button", { name: "Registrar reembolso" }));
    await waitFor(() =>
      expect(api.bodies("POST /api/admin/orders/7/refund")).toEqual([{ reference: "Wompi R-123" }]),
    );
    expect(await screen.findByText("Reembolso registrado")).toBeTruthy();
    // The list is read again after the refund.
    await waitFor(() => expect(api.urls("/api/admin/orders")).toHaveLength(2));
  });

  it("shows 'Reembolsado' with its reference and no refund button", async () => {
    ordersApi([
      {
        ...anOrder({ id: 8, orderNumber: "ES-2026-000008", status: "cancelled" }),
        paymentMethod: "card",
        paymentStatus: "refunded",
        refundReference: "Wompi R-999",
      },
    ]);
    renderAdmin(<OrdersTab />);
    const card = within(await screen.findByRole("article"));
    expect(card.getByText("Reembolsado")).toBeTruthy();
    expect(card.getByText("Wompi R-999")).toBeTruthy();
    expect(card.queryByRole("button", { name: "Registrar reembolso" })).toBeNull();
  });
});

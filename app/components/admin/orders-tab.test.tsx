import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../lib/toast";
import { OrdersList, OrdersTab } from "./orders-tab";
import { anOrder, jsonResponse, renderAdmin, stubFetch } from "../../test/test-utils";

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

const search = () => screen.getByLabelText("Buscar pedidos");
const cards = () =>
  screen
    .queryAllByRole("article")
    .map((a) => a.getAttribute("aria-labelledby") && within(a).getByRole("heading").textContent);

describe("OrdersList", () => {
  // Typing five searches on a shared, busy machine: more time than the default 5 s.
  it("filters by name (accents and case ignored), e-mail, order number and payment id", async () => {
    const { user } = renderAdmin(<OrdersList orders={ORDERS} />);
    expect(screen.getByText("Mostrando 3 de 3 pedidos")).toBeTruthy();

    await user.type(search(), "JOSE perez");
    await waitFor(() => expect(screen.getByText("Mostrando 1 de 3 pedidos")).toBeTruthy());
    expect(cards()).toEqual(["Pedido ES-2026-000001"]);

    await user.clear(search());
    await user.type(search(), "correo.sv");
    await waitFor(() => expect(cards()).toEqual(["Pedido ES-2026-000002"]));

    await user.clear(search());
    await user.type(search(), "000103");
    await waitFor(() => expect(cards()).toEqual(["Pedido ES-2026-000103"]));

    await user.clear(search());
    await user.type(search(), "pay-abc");
    await waitFor(() => expect(cards()).toEqual(["Pedido ES-2026-000002"]));

    await user.clear(search());
    await user.type(search(), "nunez");
    await waitFor(() => expect(cards()).toEqual(["Pedido ES-2026-000103"]));
  }, 20_000);

  it("says when nothing matches and 'Limpiar' shows everything again", async () => {
    const { user } = renderAdmin(<OrdersList orders={ORDERS} />);
    await user.type(search(), "nadie");
    await waitFor(() =>
      expect(
        screen.getByText("No se encontraron pedidos con ese criterio de búsqueda"),
      ).toBeTruthy(),
    );
    expect(screen.getByText("Mostrando 0 de 3 pedidos")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Limpiar" }));
    expect((search() as HTMLInputElement).value).toBe("");
    await waitFor(() => expect(screen.getByText("Mostrando 3 de 3 pedidos")).toBeTruthy());
  });

  it("shows the customer, 'No proporcionado' for a missing phone, lines and payment id", () => {
    renderAdmin(<OrdersList orders={ORDERS} />);
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

  it("shows a checkout's merchant and payment state, and finds it by Wompi's transaction id", async () => {
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
    const { user } = renderAdmin(<OrdersList orders={[paid, offline]} />);
    const [first, second] = screen.getAllByRole("article");
    expect(within(first).getByText("Pupusería La Ceiba")).toBeTruthy();
    expect(within(first).getAllByText("Pagado", { selector: "span" })).toHaveLength(2);
    expect(within(first).getByText("Pagar con tarjeta")).toBeTruthy();
    expect(within(first).getByText("5f0c2b1e-tx")).toBeTruthy();
    expect(within(first).getByText("Sin cebolla")).toBeTruthy();
    expect(within(second).getByText("Café El Volcán")).toBeTruthy();
    expect(within(second).getByText("Pago coordinado con el comercio")).toBeTruthy();

    await user.type(search(), "5F0C2B1E");
    await waitFor(() => expect(cards()).toEqual(["Pedido ES-2026-000004"]));
  });

  it("changes the status and confirms", async () => {
    const fetch = stubFetch({
      "PUT /api/admin/orders/1/status": (body) =>
        jsonResponse({ ...ORDERS[0], ...(body as object) }),
    });
    const { user } = renderAdmin(<OrdersList orders={ORDERS} />);
    const first = screen.getAllByRole("article")[0];
    await user.selectOptions(within(first).getByLabelText("Estado del pedido"), "paid");
    await waitFor(() => expect(screen.getByText("Estado actualizado")).toBeTruthy());
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ status: "paid" });
  });
});

describe("OrdersTab", () => {
  it("says when there are no orders at all", async () => {
    stubFetch({ "GET /api/admin/orders": () => jsonResponse([]) });
    renderAdmin(<OrdersTab />);
    expect(await screen.findByText("No hay pedidos registrados")).toBeTruthy();
  });
});

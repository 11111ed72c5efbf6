import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CARD_NOT_CONFIRMED_MESSAGE, CANCEL_REASON_MESSAGE } from "../../../shared/order-life";
import type { PortalOrder } from "../../lib/merchant-api";
import { ORDER_SOUND_KEY } from "../../lib/order-sound";
import { dismissToast } from "../../lib/toast";
import { listPage, stubLists } from "../../test/list-stub";
import { aPortalOrder } from "../../test/portal-orders";
import { jsonResponse, renderAdmin } from "../../test/test-utils";
import { OrdersTab } from "./orders-tab";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
  window.localStorage.clear();
});

const DELIVERY = aPortalOrder({ id: 1, orderNumber: "ES-2026-000001" });
const PICKUP_CARD = aPortalOrder({
  id: 2,
  orderNumber: "ES-2026-000002",
  createdAt: "2026-01-11T15:00:00.000Z",
  fulfillment: "pickup",
  fulfillmentStatus: "preparing",
  deliveryAddress: null,
  deliveryFee: "0.00",
  totalAmount: "3.00",
  paymentMethod: "card",
  paymentStatus: "paid",
  customerPhone: null,
});
const DELIVERED = aPortalOrder({
  id: 3,
  orderNumber: "ES-2026-000003",
  createdAt: "2026-01-09T15:00:00.000Z",
  fulfillmentStatus: "delivered",
  status: "paid",
  paymentStatus: "paid",
});
const CANCELLED = aPortalOrder({
  id: 4,
  orderNumber: "ES-2026-000004",
  createdAt: "2026-01-08T15:00:00.000Z",
  status: "cancelled",
  cancelReason: "Se terminó el queso",
});

const ORDERS_PATH = "/api/merchant/7/orders";

function ordersApi(
  orders: PortalOrder[] = [DELIVERY, PICKUP_CARD, DELIVERED, CANCELLED],
  statusAnswer?: (id: number, body: Record<string, unknown>) => Response,
) {
  const routes: Record<string, (url: URL, body: unknown) => Response> = {
    [`GET ${ORDERS_PATH}`]: (url) => {
      const step = url.searchParams.get("fulfillmentStatus");
      return listPage(step ? orders.filter((o) => o.fulfillmentStatus === step) : orders);
    },
    "GET /api/merchant/7/payouts": () => jsonResponse({}),
  };
  for (const order of orders) {
    routes[`PUT ${ORDERS_PATH}/${order.id}/status`] = (_url, body) => {
      const change = body as Record<string, unknown>;
      if (statusAnswer) return statusAnswer(order.id, change);
      return jsonResponse({
        ...order,
        ...change,
        status: change.status ?? order.status,
        fulfillmentStatus: change.fulfillmentStatus ?? order.fulfillmentStatus,
      });
    };
  }
  return stubLists(routes);
}

const card = (number: string) =>
  screen.getAllByRole("article").find((a) => within(a).queryByText(`Pedido ${number}`))!;

describe("Portal 'Pedidos'", () => {
  it("lists the orders newest first, with where they go, how to call and the amounts", async () => {
    ordersApi();
    renderAdmin(<OrdersTab merchantId={7} />);
    await screen.findByText("Pedido ES-2026-000001");
    expect(
      screen.getAllByRole("article").map((a) => within(a).getByRole("heading").textContent),
    ).toEqual([
      "Pedido ES-2026-000002",
      "Pedido ES-2026-000001",
      "Pedido ES-2026-000003",
      "Pedido ES-2026-000004",
    ]);

    const delivery = card("ES-2026-000001");
    expect(within(delivery).getByText("Entrega a domicilio")).toBeTruthy();
    expect(within(delivery).getByText(/Portón negro/)).toBeTruthy();
    expect(
      within(delivery)
        .getByRole("link", { name: /Ver en Google Maps/ })
        .getAttribute("href"),
    ).toBe(
      "https://www.google.com/maps/search/?api=1&query=" +
        encodeURIComponent(
          "Colonia Escalón, Calle 3 #12, San Salvador Centro, San Salvador, El Salvador",
        ),
    );
    expect(
      within(delivery).getByRole("link", { name: "+503 7000-0002" }).getAttribute("href"),
    ).toBe("tel:+50370000002");
    expect(within(delivery).getByText("$2.50")).toBeTruthy();
    expect(within(delivery).getByText("$5.50")).toBeTruthy();
    expect(within(delivery).getByText("3 × $1.00")).toBeTruthy();

    const pickup = card("ES-2026-000002");
    expect(within(pickup).getByText("Recoger en tienda")).toBeTruthy();
    expect(within(pickup).getByText("Gratis")).toBeTruthy();
    expect(within(pickup).getByText("No proporcionado")).toBeTruthy();
    expect(within(pickup).queryByRole("link", { name: /Google Maps/ })).toBeNull();
  });

  it("offers the next step of each order's path, payment for cash, and cancelling until delivered", async () => {
    ordersApi();
    renderAdmin(<OrdersTab merchantId={7} />);
    await screen.findByText("Pedido ES-2026-000001");
    const buttons = (number: string) =>
      within(card(number))
        .queryAllByRole("button")
        .map((b) => b.textContent)
        // Issue 37's DTE form is on every standing order (order-dte-form.test.tsx).
        .filter((text) => text !== "Guardar DTE");

    // Cash, not received yet, at 'Recibido'.
    expect(buttons("ES-2026-000001")).toEqual([
      "Marcar: En preparación",
      "Marcar como pagado",
      "Cancelar pedido",
    ]);
    // Pickup paid by card: its next step is 'Listo para recoger'; Wompi says when it is paid.
    expect(buttons("ES-2026-000002")).toEqual(["Marcar: Listo para recoger", "Cancelar pedido"]);
    // Delivered and cancelled orders: nothing left to do.
    expect(buttons("ES-2026-000003")).toEqual([]);
    expect(buttons("ES-2026-000004")).toEqual([]);
    expect(within(card("ES-2026-000004")).getByText("Se terminó el queso")).toBeTruthy();
  });

  it("sends the next step and 'paid' as the contract's bodies", async () => {
    const api = ordersApi();
    const { user } = renderAdmin(<OrdersTab merchantId={7} />);
    await screen.findByText("Pedido ES-2026-000001");
    await user.click(
      within(card("ES-2026-000001")).getByRole("button", { name: "Marcar: En preparación" }),
    );
    await waitFor(() =>
      expect(api.bodies(`PUT ${ORDERS_PATH}/1/status`)).toEqual([
        { fulfillmentStatus: "preparing" },
      ]),
    );
    expect(await screen.findByText("Pedido actualizado")).toBeTruthy();

    await user.click(
      within(card("ES-2026-000001")).getByRole("button", { name: "Marcar como pagado" }),
    );
    await waitFor(() =>
      expect(api.bodies(`PUT ${ORDERS_PATH}/1/status`)).toEqual([
        { fulfillmentStatus: "preparing" },
        { status: "paid" },
      ]),
    );
    expect(await screen.findByText("Pago registrado")).toBeTruthy();
  });

  it("filters by step on the server, with the chosen chip pressed", async () => {
    const api = ordersApi();
    const { user } = renderAdmin(<OrdersTab merchantId={7} />);
    await screen.findByText("Pedido ES-2026-000001");
    const chips = within(screen.getByRole("group", { name: "Filtrar por paso" }));
    expect(chips.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Todos",
      "Recibido",
      "En preparación",
      "Listo para recoger",
      "En camino",
      "Entregado",
    ]);
    await user.click(chips.getByRole("button", { name: "Entregado" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    expect(screen.getByText("Pedido ES-2026-000003")).toBeTruthy();
    expect(chips.getByRole("button", { name: "Entregado" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(api.urls(ORDERS_PATH)).toEqual([
      ORDERS_PATH,
      `${ORDERS_PATH}?fulfillmentStatus=delivered`,
    ]);

    await user.click(chips.getByRole("button", { name: "En camino" }));
    expect(await screen.findByText("No tienes pedidos en 'En camino'.")).toBeTruthy();
  });

  it("asks for a reason of 5 to 300 characters before cancelling", async () => {
    const api = ordersApi();
    const { user } = renderAdmin(<OrdersTab merchantId={7} />);
    await screen.findByText("Pedido ES-2026-000001");
    await user.click(
      within(card("ES-2026-000001")).getByRole("button", { name: "Cancelar pedido" }),
    );
    const dialog = await screen.findByRole("alertdialog");
    await user.type(within(dialog).getByLabelText("Motivo de la cancelación"), "No");
    await user.click(within(dialog).getByRole("button", { name: "Cancelar pedido" }));
    expect(within(dialog).getByText(CANCEL_REASON_MESSAGE)).toBeTruthy();
    expect(api.bodies(`PUT ${ORDERS_PATH}/1/status`)).toEqual([]);

    await user.type(within(dialog).getByLabelText("Motivo de la cancelación"), " hay gas hoy");
    await user.click(within(dialog).getByRole("button", { name: "Cancelar pedido" }));
    await waitFor(() =>
      expect(api.bodies(`PUT ${ORDERS_PATH}/1/status`)).toEqual([
        { status: "cancelled", reason: "No hay gas hoy" },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(await screen.findByText("Pedido cancelado")).toBeTruthy();
  });

  it("shows the server's refusal in a toast", async () => {
    const unpaid = aPortalOrder({ paymentMethod: "card", paymentStatus: "pending" });
    ordersApi([unpaid], () =>
      jsonResponse({ message: CARD_NOT_CONFIRMED_MESSAGE, code: "conflict" }, 409),
    );
    const { user } = renderAdmin(<OrdersTab merchantId={7} />);
    await screen.findByText("Pedido ES-2026-000001");
    // Card not confirmed: no 'Marcar como pagado', and the card says why it waits.
    expect(screen.queryByRole("button", { name: "Marcar como pagado" })).toBeNull();
    expect(screen.getByText(/aún no se confirma: podrás avanzar/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Marcar: En preparación" }));
    expect((await screen.findAllByText(CARD_NOT_CONFIRMED_MESSAGE)).length).toBeGreaterThan(0);
  });

  it("says when there are no orders yet", async () => {
    ordersApi([]);
    renderAdmin(<OrdersTab merchantId={7} />);
    expect(await screen.findByText("Aún no tienes pedidos.")).toBeTruthy();
  });

  it("offers 'Escribir por WhatsApp' to the shopper beside the phone, with a first line", async () => {
    ordersApi();
    renderAdmin(<OrdersTab merchantId={7} />);
    await screen.findByText("Pedido ES-2026-000001");
    const chat = within(card("ES-2026-000001")).getByRole("link", {
      name: /Escribir por WhatsApp/,
    });
    const url = new URL(chat.getAttribute("href")!);
    expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/50370000002");
    expect(url.searchParams.get("text")).toBe(
      "Hola José, te escribimos de Pupusería La Ceiba sobre tu pedido ES-2026-000001",
    );
    expect(chat.getAttribute("target")).toBe("_blank");
    // No phone, no chat.
    expect(
      within(card("ES-2026-000002")).queryByRole("link", { name: /Escribir por WhatsApp/ }),
    ).toBeNull();
  });

  it("takes the shop's name from the portal's session when the order lacks it", async () => {
    ordersApi([aPortalOrder({ merchant: null, customerName: "  Ana María López" })]);
    const { client } = renderAdmin(<OrdersTab merchantId={7} />);
    client.setQueryData(["/api/merchant/me"], {
      merchants: [{ id: 7, name: "Café El Volcán", slug: "cafe-el-volcan" }],
    });
    await screen.findByText("Pedido ES-2026-000001");
    const chat = screen.getByRole("link", { name: /Escribir por WhatsApp/ });
    expect(new URL(chat.getAttribute("href")!).searchParams.get("text")).toBe(
      "Hola Ana, te escribimos de Café El Volcán sobre tu pedido ES-2026-000001",
    );
  });

  it("remembers 'Sonido de pedidos nuevos' in this browser", async () => {
    ordersApi();
    const { user, unmount } = renderAdmin(<OrdersTab merchantId={7} />);
    await screen.findByText("Pedido ES-2026-000001");
    const sound = screen.getByRole("switch", { name: "Sonido de pedidos nuevos" });
    expect(sound.getAttribute("aria-checked")).toBe("false");
    await user.click(sound);
    expect(sound.getAttribute("aria-checked")).toBe("true");
    expect(window.localStorage.getItem(ORDER_SOUND_KEY)).toBe("on");
    unmount();

    ordersApi();
    const again = renderAdmin(<OrdersTab merchantId={7} />);
    await screen.findByText("Pedido ES-2026-000001");
    const remembered = screen.getByRole("switch", { name: "Sonido de pedidos nuevos" });
    expect(remembered.getAttribute("aria-checked")).toBe("true");
    await again.user.click(remembered);
    expect(window.localStorage.getItem(ORDER_SOUND_KEY)).toBeNull();
  });

  it("scrolls to and outlines the order a notice opened (?pedido=)", async () => {
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    ordersApi();
    renderAdmin(<OrdersTab merchantId={7} orderId={3} />);
    await screen.findByText("Pedido ES-2026-000003");
    await waitFor(() => expect(scrolled).toEqual(["pedido-3"]));
    const shown = card("ES-2026-000003");
    expect(shown.getAttribute("aria-current")).toBe("true");
    expect(document.activeElement).toBe(shown);
    expect(card("ES-2026-000001").getAttribute("aria-current")).toBeNull();
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
});

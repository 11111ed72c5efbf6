import { act, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MerchantOrderEventDto } from "../../../shared/api-types";
import type { MerchantMeDto, PortalOrder } from "../../lib/merchant-api";
import { ORDER_SOUND_KEY, resetOrderSoundForTests } from "../../lib/order-sound";
import { FakeEventSource, installEventSource } from "../../test/fake-event-source";
import { listPage, stubLists } from "../../test/list-stub";
import { aPortalOrder } from "../../test/portal-orders";
import { jsonResponse, renderAdmin } from "../../test/test-utils";
import { PortalDashboard } from "./portal-dashboard";

const ME: MerchantMeDto = {
  email: "hola@laceiba.com.sv",
  merchants: [
    { id: 7, name: "Pupusería La Ceiba", slug: "pupuseria-la-ceiba" },
    { id: 8, name: "Café El Volcán", slug: "cafe-el-volcan" },
  ],
};

const TITLE = "Portal de comercio | Tiangue";
const FIRST = aPortalOrder({ id: 1, orderNumber: "ES-2026-000001" });
const NEW = aPortalOrder({
  id: 2,
  orderNumber: "ES-2026-000002",
  createdAt: "2026-01-11T15:00:00.000Z",
});

let focused = false;

beforeEach(() => {
  document.title = TITLE;
  focused = false;
  vi.spyOn(document, "hasFocus").mockImplementation(() => focused);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  resetOrderSoundForTests();
});

/** The portal at `path`; each merchant's orders are `orders` (changed by the test). */
function renderPortal(path: string, orders: { current: PortalOrder[] }) {
  const api = stubLists({
    "GET /api/merchant/7/orders": () => listPage(orders.current),
    "GET /api/merchant/8/orders": () => listPage([]),
    "GET /api/merchant/7/stats": () => jsonResponse({ message: "No" }, 500),
    "GET /api/merchant/8/stats": () => jsonResponse({ message: "No" }, 500),
  });
  const Stub = createRoutesStub([
    { path: "/merchant", Component: () => <PortalDashboard me={ME} /> },
  ]);
  const rendered = renderAdmin(<Stub initialEntries={[path]} />);
  return { api, ...rendered };
}

const stream = () => {
  const open = FakeEventSource.open();
  expect(open).toHaveLength(1);
  return open[0];
};

function order(type: MerchantOrderEventDto["type"], id: number, number: string) {
  act(() =>
    stream().emit("order", {
      type,
      orderId: id,
      orderNumber: number,
      fulfillmentStatus: "received",
      status: "pending",
    }),
  );
}

const ordersTab = () => screen.getByRole("tab", { name: /^Pedidos/ });

describe("the portal following its orders live (issue 35)", () => {
  it("opens the merchant's event stream, and closes it on a switch and on leaving", async () => {
    installEventSource();
    const { user, unmount } = renderPortal("/merchant?tab=resumen", { current: [FIRST] });
    await screen.findByRole("tab", { name: "Resumen" });
    expect(stream().url).toBe("/api/merchant/7/events");

    await user.selectOptions(screen.getByLabelText("Comercio"), "Café El Volcán");
    await waitFor(() => expect(stream().url).toBe("/api/merchant/8/events"));
    expect(FakeEventSource.instances.map((s) => [s.url, s.readyState])).toEqual([
      ["/api/merchant/7/events", FakeEventSource.CLOSED],
      ["/api/merchant/8/events", FakeEventSource.OPEN],
    ]);

    unmount();
    expect(FakeEventSource.open()).toEqual([]);
  });

  it("counts new orders on the 'Pedidos' tab and in the title until 'Pedidos' is opened", async () => {
    installEventSource();
    const orders = { current: [FIRST] };
    const { user, api } = renderPortal("/merchant?tab=resumen", orders);
    await screen.findByRole("tab", { name: "Resumen" });
    expect(ordersTab().textContent).toBe("Pedidos");

    // What is not one of our events is ignored.
    act(() => stream().emit("order", "not json"));
    act(() => stream().emit("order", { type: "deleted", orderId: 9 }));
    expect(ordersTab().textContent).toBe("Pedidos");

    orders.current = [FIRST, NEW];
    order("created", 2, "ES-2026-000002");
    order("created", 3, "ES-2026-000003");
    expect(ordersTab().textContent).toBe("Pedidos2, 2 pedidos nuevos");
    expect(document.title).toBe("(2) Pedidos | Tiangue");
    // A change of an order is not a new one.
    order("updated", 1, "ES-2026-000001");
    expect(document.title).toBe("(2) Pedidos | Tiangue");
    // The closed tab's list is not read meanwhile.
    expect(api.urls("/api/merchant/7/orders")).toEqual([]);

    await user.click(ordersTab());
    expect(await screen.findByText("Pedido ES-2026-000002")).toBeTruthy();
    expect(ordersTab().textContent).toBe("Pedidos");
    expect(document.title).toBe(TITLE);
  });

  it("on 'Pedidos' with the window in front, shows a new order first at once, counting none", async () => {
    installEventSource();
    focused = true;
    const orders = { current: [FIRST] };
    const { api } = renderPortal("/merchant?tab=pedidos", orders);
    await screen.findByText("Pedido ES-2026-000001");

    orders.current = [FIRST, NEW];
    order("created", 2, "ES-2026-000002");
    await waitFor(
      () =>
        expect(
          screen.getAllByRole("article").map((a) => within(a).getByRole("heading").textContent),
        ).toEqual(["Pedido ES-2026-000002", "Pedido ES-2026-000001"]),
      { timeout: 1000 },
    );
    expect(api.urls("/api/merchant/7/orders")).toHaveLength(2);
    expect(ordersTab().textContent).toBe("Pedidos");
    expect(document.title).toBe(TITLE);
  });

  it("counts while the window is behind another, and resets when it comes back", async () => {
    installEventSource();
    renderPortal("/merchant?tab=pedidos", { current: [FIRST] });
    await screen.findByText("Pedido ES-2026-000001");
    order("created", 2, "ES-2026-000002");
    expect(document.title).toBe("(1) Pedidos | Tiangue");
    expect(ordersTab().textContent).toBe("Pedidos1, 1 pedido nuevo");

    focused = true;
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    expect(document.title).toBe(TITLE);
    expect(ordersTab().textContent).toBe("Pedidos");
  });

  it("beeps for a new order once the merchant switched the sound on", async () => {
    installEventSource();
    const tones: number[] = [];
    class FakeAudioContext {
      state = "running";
      currentTime = 0;
      destination = {};
      resume = async () => {};
      createGain = () => ({
        gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
        connect: (node: unknown) => node,
      });
      createOscillator = () => ({
        type: "sine",
        frequency: {
          set value(hz: number) {
            tones.push(hz);
          },
        },
        connect: (node: unknown) => node,
        start: vi.fn(),
        stop: vi.fn(),
      });
    }
    vi.stubGlobal("AudioContext", FakeAudioContext);
    const { user } = renderPortal("/merchant?tab=pedidos", { current: [FIRST] });
    await screen.findByText("Pedido ES-2026-000001");

    order("created", 2, "ES-2026-000002");
    expect(tones).toEqual([]);

    await user.click(screen.getByRole("switch", { name: "Sonido de pedidos nuevos" }));
    expect(window.localStorage.getItem(ORDER_SOUND_KEY)).toBe("on");
    order("created", 3, "ES-2026-000003");
    expect(tones).toEqual([880, 1320]);
    order("updated", 3, "ES-2026-000003");
    expect(tones).toHaveLength(2);
  });

  it("opens the stream again after the server refused it, some time later", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      installEventSource();
      renderPortal("/merchant?tab=resumen", { current: [] });
      await screen.findByRole("tab", { name: "Resumen" });
      act(() => stream().fail());
      expect(FakeEventSource.open()).toEqual([]);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(30_000);
      });
      expect(stream().url).toBe("/api/merchant/7/events");
      expect(FakeEventSource.instances).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

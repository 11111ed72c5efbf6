import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WaitingOrderDto } from "../../../shared/api-types";
import { listPage, stubLists } from "../../test/list-stub";
import { renderAdmin } from "../../test/test-utils";
import { waitedLabel, WaitingOrders } from "./waiting-orders";

afterEach(() => vi.unstubAllGlobals());

const waiting = (overrides: Partial<WaitingOrderDto>): WaitingOrderDto => ({
  id: 1,
  orderNumber: "ES-2026-000001",
  merchantId: 7,
  merchantName: "Pupusería La Ceiba",
  createdAt: "2026-01-10T15:00:00.000Z",
  totalAmount: "5.50",
  waitingMinutes: 25,
  reminded: false,
  ...overrides,
});

const PATH = "/api/admin/orders/waiting";

describe("Admin 'Avisos': 'Pedidos sin respuesta'", () => {
  it("lists the waiting orders as the server orders them (oldest first), with the time waited", async () => {
    const api = stubLists({
      [`GET ${PATH}`]: () =>
        listPage(
          [
            waiting({ id: 3, orderNumber: "ES-2026-000003", waitingMinutes: 125, reminded: true }),
            waiting({ id: 1, merchantName: null }),
          ],
          30,
        ),
    });
    const { user } = renderAdmin(<WaitingOrders />);
    const list = within(await screen.findByRole("list", { name: "Pedidos sin respuesta" }));
    const rows = list.getAllByRole("listitem");
    expect(rows.map((row) => row.querySelector("p")?.textContent)).toEqual([
      "ES-2026-000003 · Pupusería La Ceiba",
      "ES-2026-000001 · Comercio eliminado",
    ]);
    expect(within(rows[0]).getByText("hace 2 h 5 min en horario")).toBeTruthy();
    expect(within(rows[0]).getByText("Recordado")).toBeTruthy();
    expect(within(rows[1]).getByText("hace 25 min en horario")).toBeTruthy();
    expect(within(rows[1]).queryByText("Recordado")).toBeNull();
    expect(screen.getByText("Mostrando 2 de 30 pedidos")).toBeTruthy();

    expect(api.urls(PATH)).toEqual([`${PATH}?limit=20&offset=0`]);
    await user.click(screen.getByRole("button", { name: /Siguiente/ }));
    await waitFor(() => expect(api.urls(PATH).at(-1)).toBe(`${PATH}?limit=20&offset=20`));
  });

  it("says when no order is waiting", async () => {
    stubLists({ [`GET ${PATH}`]: () => listPage([]) });
    renderAdmin(<WaitingOrders />);
    expect(await screen.findByText("Ningún pedido espera respuesta.")).toBeTruthy();
  });

  it("writes minutes, and hours past the hour", () => {
    expect(waitedLabel(0)).toBe("hace 0 min en horario");
    expect(waitedLabel(59)).toBe("hace 59 min en horario");
    expect(waitedLabel(60)).toBe("hace 1 h en horario");
    expect(waitedLabel(61)).toBe("hace 1 h 1 min en horario");
  });
});

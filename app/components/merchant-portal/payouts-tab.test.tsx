import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MerchantLedgerDto } from "../../../shared/api-types";
import { jsonResponse, renderAdmin, stubFetch } from "../../test/test-utils";
import { PayoutsTab } from "./payouts-tab";

afterEach(() => vi.unstubAllGlobals());

const LEDGER: MerchantLedgerDto = {
  owed: "28.50",
  paid: "20.00",
  balance: "8.50",
  commissionPercent: "5.00",
  orders: [
    {
      orderId: 11,
      orderNumber: "ES-2026-000011",
      deliveredAt: "2026-01-12T18:00:00.000Z",
      subtotal: "27.50",
      deliveryFee: "2.50",
      totalAmount: "30.00",
      commission: "1.50",
      owed: "28.50",
    },
  ],
  payouts: [
    {
      id: 3,
      merchantId: 7,
      amount: "20.00",
      reference: "Transferencia 004512",
      paidAt: "2026-01-13T18:00:00.000Z",
      createdAt: "2026-01-13T18:00:00.000Z",
    },
  ],
};

describe("Portal 'Liquidaciones'", () => {
  it("shows what is owed, paid and pending, each card order and each payout", async () => {
    const fetch = stubFetch({ "GET /api/merchant/7/payouts": () => jsonResponse(LEDGER) });
    renderAdmin(<PayoutsTab merchantId={7} />);
    const pending = await screen.findByText("Saldo pendiente");
    expect(pending.nextElementSibling?.textContent).toBe("$8.50");
    expect(screen.getByText("Por pedidos entregados").nextElementSibling?.textContent).toBe(
      "$28.50",
    );
    expect(screen.getByText("Ya pagado").nextElementSibling?.textContent).toBe("$20.00");
    expect(screen.getByText(/menos la comisión \(5\.00 %\)/)).toBeTruthy();

    const orders = screen.getByRole("list", { name: "Pedidos con tarjeta entregados" });
    const order = within(orders).getByRole("listitem");
    expect(within(order).getByText("Pedido ES-2026-000011")).toBeTruthy();
    expect(within(order).getByText(/12 de enero de 2026/)).toBeTruthy();
    const amount = (label: string) =>
      within(order).getByText(label).nextElementSibling?.textContent;
    expect(amount("Subtotal")).toBe("$27.50");
    expect(amount("Envío")).toBe("$2.50");
    expect(amount("Comisión")).toBe("-$1.50");
    expect(amount("A pagar")).toBe("$28.50");

    const payouts = screen.getByRole("list", { name: "Pagos recibidos" });
    expect(within(payouts).getByText("Referencia: Transferencia 004512")).toBeTruthy();
    expect(within(payouts).getByText("$20.00")).toBeTruthy();
    expect(within(payouts).getByText("13 de enero de 2026")).toBeTruthy();

    expect(screen.getByRole("link", { name: "Descargar CSV" }).getAttribute("href")).toBe(
      "/api/merchant/7/payouts?format=csv",
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("says when there is nothing yet", async () => {
    stubFetch({
      "GET /api/merchant/7/payouts": () =>
        jsonResponse({
          ...LEDGER,
          owed: "0.00",
          paid: "0.00",
          balance: "0.00",
          orders: [],
          payouts: [],
        }),
    });
    renderAdmin(<PayoutsTab merchantId={7} />);
    expect(await screen.findByText("Aún no tienes pedidos con tarjeta entregados.")).toBeTruthy();
    expect(screen.getByText("Aún no hay pagos registrados.")).toBeTruthy();
  });
});

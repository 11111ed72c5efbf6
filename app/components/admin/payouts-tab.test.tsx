import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAYOUT_OVER_BALANCE_MESSAGE } from "../../../shared/order-life";
import type { MerchantBalanceDto } from "../../../shared/api-types";
import { PAYOUT_REFERENCE_MESSAGE } from "../../../shared/schemas/order-life";
import { dismissToast } from "../../lib/toast";
import { stubLists } from "../../test/list-stub";
import { jsonResponse, renderAdmin } from "../../test/test-utils";
import { PayoutsTab } from "./payouts-tab";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const BALANCES: MerchantBalanceDto[] = [
  {
    merchantId: 7,
    merchantName: "Pupusería La Ceiba",
    owed: "28.50",
    paid: "20.00",
    balance: "8.50",
  },
  { merchantId: 8, merchantName: "Café El Volcán", owed: "10.00", paid: "10.00", balance: "0.00" },
];

function payoutsApi(answer?: () => Response) {
  return stubLists({
    "GET /api/admin/payouts": () => jsonResponse(BALANCES),
    "POST /api/admin/merchants/7/payouts": (_url, body) =>
      answer?.() ??
      jsonResponse(
        {
          id: 1,
          merchantId: 7,
          ...(body as object),
          paidAt: "2026-01-13T18:00:00.000Z",
          createdAt: "2026-01-13T18:00:00.000Z",
        },
        201,
      ),
  });
}

const balanceCard = (name: string) =>
  screen.getAllByRole("article").find((a) => within(a).queryByText(name))!;

describe("Admin 'Liquidaciones'", () => {
  it("lists each merchant's owed, paid and balance; only a balance can be paid", async () => {
    payoutsApi();
    renderAdmin(<PayoutsTab />);
    const ceiba = within(await screen.findByRole("article", { name: "Pupusería La Ceiba" }));
    expect(ceiba.getByText("Adeudado").nextElementSibling?.textContent).toBe("$28.50");
    expect(ceiba.getByText("Pagado").nextElementSibling?.textContent).toBe("$20.00");
    expect(ceiba.getByText("Saldo").nextElementSibling?.textContent).toBe("$8.50");
    expect(
      (
        ceiba.getByRole("button", {
          name: "Registrar pago a Pupusería La Ceiba",
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(false);
    const volcan = within(balanceCard("Café El Volcán"));
    expect(
      (volcan.getByRole("button", { name: /Registrar pago/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByRole("link", { name: "Descargar CSV" }).getAttribute("href")).toBe(
      "/api/admin/payouts?format=csv",
    );
  });

  it("records a payout with the amount, reference and date typed", async () => {
    const api = payoutsApi();
    const { user } = renderAdmin(<PayoutsTab />);
    await user.click(
      await screen.findByRole("button", { name: "Registrar pago a Pupusería La Ceiba" }),
    );
    const dialog = within(await screen.findByRole("dialog"));
    // The balance is the amount to start with.
    expect((dialog.getByLabelText(/^Monto/) as HTMLInputElement).value).toBe("8.50");

    await user.click(dialog.getByRole("button", { name: "Registrar pago" }));
    expect(dialog.getByText(PAYOUT_REFERENCE_MESSAGE)).toBeTruthy();

    await user.clear(dialog.getByLabelText(/^Monto/));
    await user.type(dialog.getByLabelText(/^Monto/), "9");
    await user.type(dialog.getByLabelText(/^Referencia/), "Transferencia 004512");
    await user.click(dialog.getByRole("button", { name: "Registrar pago" }));
    expect(dialog.getByText(PAYOUT_OVER_BALANCE_MESSAGE)).toBeTruthy();
    expect(api.bodies("POST /api/admin/merchants/7/payouts")).toEqual([]);

    await user.clear(dialog.getByLabelText(/^Monto/));
    await user.type(dialog.getByLabelText(/^Monto/), "5");
    const date = dialog.getByLabelText("Fecha del pago") as HTMLInputElement;
    await user.clear(date);
    await user.type(date, "2026-01-13");
    await user.click(dialog.getByRole("button", { name: "Registrar pago" }));
    await waitFor(() =>
      expect(api.bodies("POST /api/admin/merchants/7/payouts")).toEqual([
        { amount: "5.00", reference: "Transferencia 004512", paidAt: "2026-01-13T12:00:00-06:00" },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("Pago registrado")).toBeTruthy();
    // The balances are read again.
    expect(api.urls("/api/admin/payouts")).toHaveLength(2);
  });

  it("shows the server's refusal and keeps the form open", async () => {
    payoutsApi(() => jsonResponse({ message: PAYOUT_OVER_BALANCE_MESSAGE, code: "conflict" }, 409));
    const { user } = renderAdmin(<PayoutsTab />);
    await user.click(
      await screen.findByRole("button", { name: "Registrar pago a Pupusería La Ceiba" }),
    );
    const dialog = within(await screen.findByRole("dialog"));
    await user.type(dialog.getByLabelText(/^Referencia/), "Cheque 12");
    await user.click(dialog.getByRole("button", { name: "Registrar pago" }));
    expect((await screen.findAllByText(PAYOUT_OVER_BALANCE_MESSAGE)).length).toBeGreaterThan(0);
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});

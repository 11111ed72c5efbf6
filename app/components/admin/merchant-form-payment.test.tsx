import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PAYMENT_METHOD_LABELS } from "../../../shared/order-life";
import {
  ACCOUNT_TYPE_MESSAGE,
  BANK_FIELD_MESSAGE,
  DELIVERY_FEE_MESSAGE,
  PAYMENT_METHODS_MESSAGE,
} from "../../../shared/schemas/order-life";
import { ApiError } from "../../lib/api";
import { dismissToast } from "../../lib/toast";
import { aCategory, aMerchant, renderAdmin } from "../../test/test-utils";
import { MerchantForm } from "./merchant-form";

// Radix Switch measures itself; jsdom has no ResizeObserver.
beforeAll(() => {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => dismissToast());

const CATEGORIES = [aCategory({ id: 1 })];
const method = (m: keyof typeof PAYMENT_METHOD_LABELS) =>
  screen.getByRole("checkbox", { name: PAYMENT_METHOD_LABELS[m] }) as HTMLInputElement;
const bankFields = () =>
  screen.queryByRole("group", { name: "Datos bancarios para transferencias" });

/** The message the field's aria-describedby points at. */
function messageOf(label: string | RegExp): string | null | undefined {
  const input = screen.getByLabelText(label, { selector: "input,select" });
  expect(input.getAttribute("aria-invalid")).toBe("true");
  return document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;
}

function renderEdit(overrides: Parameters<typeof aMerchant>[0] = {}) {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  const view = renderAdmin(
    <MerchantForm
      mode="edit"
      merchant={aMerchant(overrides)}
      categories={CATEGORIES}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return { ...view, onSubmit };
}

/** Issue 25: the fee, the payment methods and the bank details of a merchant. */
describe("MerchantForm payment fields", { timeout: 30_000 }, () => {
  it("starts a new merchant with WhatsApp and card, and no bank details", () => {
    renderAdmin(
      <MerchantForm mode="create" categories={CATEGORIES} onSubmit={vi.fn()} onCancel={() => {}} />,
    );
    expect(method("whatsapp").checked).toBe(true);
    expect(method("card").checked).toBe(true);
    expect(method("cash").checked).toBe(false);
    expect(method("transfer").checked).toBe(false);
    expect(bankFields()).toBeNull();
  });

  it("asks for the bank details once transfers are checked, then sends methods, fee and bank", async () => {
    const { user, onSubmit } = renderEdit();
    await user.click(method("transfer"));
    const bank = bankFields();
    expect(bank).not.toBeNull();
    expect(within(bank!).getByLabelText(/^Banco/)).toBeTruthy();

    // Without the details nothing goes out, and each field says why.
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(await screen.findByText("Revisa los campos marcados.")).toBeTruthy();
    expect(messageOf(/^Banco/)).toBe(BANK_FIELD_MESSAGE);
    expect(messageOf(/^Titular de la cuenta/)).toBe(BANK_FIELD_MESSAGE);
    expect(messageOf(/^Número de cuenta/)).toBe(BANK_FIELD_MESSAGE);
    expect(messageOf(/^Tipo de cuenta/)).toBe(ACCOUNT_TYPE_MESSAGE);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Banco/));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Banco/), "Banco Agrícola");
    await user.type(screen.getByLabelText(/^Titular de la cuenta/), "La Ceiba S.A. de C.V.");
    await user.type(screen.getByLabelText(/^Número de cuenta/), "0012345678");
    await user.selectOptions(screen.getByLabelText(/^Tipo de cuenta/), "Ahorro");
    await user.click(method("cash"));
    await user.click(method("whatsapp"));
    await user.type(screen.getByLabelText("Costo de envío (USD)"), "2.5");
    await user.type(screen.getByLabelText("Envío gratis desde (USD)"), "25");
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      paymentMethods: ["cash", "transfer", "card"],
      deliveryFee: "2.50",
      freeDeliveryFrom: "25.00",
      bankName: "Banco Agrícola",
      accountHolder: "La Ceiba S.A. de C.V.",
      accountNumber: "0012345678",
      accountType: "Ahorro",
    });
  });

  it("starts from the stored settings; an empty fee is 'Envío por coordinar' (null)", async () => {
    const { user, onSubmit } = renderEdit({
      deliveryFee: "1.75",
      freeDeliveryFrom: null,
      paymentMethods: ["cash", "transfer"],
      bankName: "Banco Cuscatlán",
      accountHolder: "Ana Pérez",
      accountNumber: "998877",
      accountType: "Corriente",
    });
    expect((screen.getByLabelText("Costo de envío (USD)") as HTMLInputElement).value).toBe("1.75");
    expect(method("transfer").checked).toBe(true);
    expect(method("card").checked).toBe(false);
    expect((screen.getByLabelText(/^Banco/) as HTMLInputElement).value).toBe("Banco Cuscatlán");
    await user.clear(screen.getByLabelText("Costo de envío (USD)"));
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      deliveryFee: null,
      freeDeliveryFrom: null,
      paymentMethods: ["cash", "transfer"],
      accountType: "Corriente",
    });
  });

  it("refuses a fee that is not an amount, and shows the server's bank message by its field", async () => {
    const { user, onSubmit } = renderEdit();
    await user.type(screen.getByLabelText("Costo de envío (USD)"), "dos");
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(await screen.findByText(DELIVERY_FEE_MESSAGE)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    onSubmit.mockRejectedValueOnce(
      new ApiError(400, "400", {
        message: "Datos inválidos",
        code: "validation",
        errors: [{ path: "accountNumber", message: BANK_FIELD_MESSAGE }],
      }),
    );
    await user.clear(screen.getByLabelText("Costo de envío (USD)"));
    await user.click(method("transfer"));
    await user.type(screen.getByLabelText(/^Banco/), "Banco Agrícola");
    await user.type(screen.getByLabelText(/^Titular de la cuenta/), "Ana");
    await user.type(screen.getByLabelText(/^Número de cuenta/), "1");
    await user.selectOptions(screen.getByLabelText(/^Tipo de cuenta/), "Corriente");
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(messageOf(/^Número de cuenta/)).toBe(BANK_FIELD_MESSAGE));
  });

  it("does not hide the fee's rule behind the form's other errors", async () => {
    const { user } = renderAdmin(
      <MerchantForm mode="create" categories={CATEGORIES} onSubmit={vi.fn()} onCancel={() => {}} />,
    );
    await user.click(method("whatsapp"));
    await user.click(method("card"));
    await user.click(screen.getByRole("button", { name: "Registrar comercio" }));
    expect(await screen.findByText(PAYMENT_METHODS_MESSAGE)).toBeTruthy();
    expect(screen.getByText("El nombre es requerido")).toBeTruthy();
  });
});

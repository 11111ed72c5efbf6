import { screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PAYMENT_METHOD_LABELS } from "../../../shared/order-life";
import { MERCHANT_DESCRIPTION_MESSAGE } from "../../../shared/schemas/merchant-registration";
import { PAYMENT_METHODS_MESSAGE } from "../../../shared/schemas/order-life";
import { ApiError } from "../../lib/api";
import { dismissToast } from "../../lib/toast";
import { aMerchant, renderAdmin } from "../../test/test-utils";
import { ProfileForm } from "./profile-form";

const merchant = aMerchant({
  approved: true,
  status: "approved",
  schedule: JSON.stringify({ monday: { open: "09:00", close: "18:00" } }),
});

/** The message the field's aria-describedby points at. */
function messageOf(label: string): string | null | undefined {
  const input = screen.getByLabelText(label, { exact: false, selector: "input,textarea,select" });
  expect(input.getAttribute("aria-invalid")).toBe("true");
  return document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;
}

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

describe("ProfileForm ('Mi comercio')", () => {
  it("shows name and public address read-only", () => {
    renderAdmin(<ProfileForm merchant={merchant} onSubmit={vi.fn()} />);
    expect(screen.getByText(merchant.name)).toBeTruthy();
    expect(screen.getByText(`/merchants/${merchant.slug}`)).toBeTruthy();
    expect(screen.queryByLabelText("Nombre")).toBeNull();
  });

  it("puts the rule's message by the field and sends nothing", async () => {
    const onSubmit = vi.fn();
    const { user } = renderAdmin(<ProfileForm merchant={merchant} onSubmit={onSubmit} />);
    await user.clear(screen.getByLabelText("Descripción", { exact: false }));
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(await screen.findByText("Revisa los campos marcados.")).toBeTruthy();
    expect(messageOf("Descripción")).toBe(MERCHANT_DESCRIPTION_MESSAGE);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the edited hours and shows the server's field messages by their fields", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, "400", {
        message: "Datos inválidos",
        code: "validation",
        errors: [{ path: "website", message: "El sitio web no es válido" }],
      });
    });
    const { user } = renderAdmin(<ProfileForm merchant={merchant} onSubmit={onSubmit} />);
    await user.click(screen.getByLabelText("Cerrado el Lunes", { exact: false }));
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));

    expect(await screen.findByText("El sitio web no es válido")).toBeTruthy();
    expect(messageOf("Sitio web")).toBe("El sitio web no es válido");
    const payload = (onSubmit.mock.calls[0] as unknown as [Record<string, unknown>])[0];
    expect(JSON.parse(String(payload.schedule)).monday).toMatchObject({ closed: true });
    expect(payload).not.toHaveProperty("name");
    expect(payload).not.toHaveProperty("slug");
  });

  it("sends 'Cerrado temporalmente' and the special dates, and shows the server's date message", async () => {
    const onSubmit = vi.fn(async (_payload: Record<string, unknown>) => {
      throw new ApiError(400, "400", {
        message: "Datos inválidos",
        code: "validation",
        errors: [{ path: "specialDates.0.date", message: "Ingresa una fecha válida (AAAA-MM-DD)" }],
      });
    });
    const { user } = renderAdmin(<ProfileForm merchant={merchant} onSubmit={onSubmit} />);
    await user.click(screen.getByRole("switch", { name: "Cerrado temporalmente" }));
    await user.click(screen.getByRole("button", { name: "Agregar fecha especial" }));
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));

    expect(await screen.findByText("Ingresa una fecha válida (AAAA-MM-DD)")).toBeTruthy();
    const payload = onSubmit.mock.calls[0][0];
    expect(payload.temporarilyClosed).toBe(true);
    expect(payload.specialDates).toEqual([
      { date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), closed: true, open: null, close: null },
    ]);
  });

  it("edits its own fee and payment methods (issue 25) and sends them with the profile", async () => {
    const onSubmit = vi.fn(async (_payload: Record<string, unknown>) => undefined);
    const { user } = renderAdmin(
      <ProfileForm
        merchant={{ ...merchant, deliveryFee: "3.00", paymentMethods: ["whatsapp"] }}
        onSubmit={onSubmit}
      />,
    );
    const transfer = screen.getByRole("checkbox", { name: PAYMENT_METHOD_LABELS.transfer });
    expect(screen.queryByLabelText(/^Número de cuenta/)).toBeNull();
    await user.click(transfer);
    await user.type(screen.getByLabelText(/^Banco/), "Banco Agrícola");
    await user.type(screen.getByLabelText(/^Titular de la cuenta/), "Pupusería La Ceiba");
    await user.type(screen.getByLabelText(/^Número de cuenta/), "0012345678");
    await user.selectOptions(screen.getByLabelText(/^Tipo de cuenta/), "Corriente");
    await user.clear(screen.getByLabelText("Costo de envío (USD)"));
    await user.type(screen.getByLabelText("Costo de envío (USD)"), "0");
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));

    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      deliveryFee: "0.00",
      freeDeliveryFrom: null,
      paymentMethods: ["transfer", "whatsapp"],
      bankName: "Banco Agrícola",
      accountHolder: "Pupusería La Ceiba",
      accountNumber: "0012345678",
      accountType: "Corriente",
    });
  });

  it("sends nothing without a payment method, and says so by the boxes", async () => {
    const onSubmit = vi.fn();
    const { user } = renderAdmin(
      <ProfileForm merchant={{ ...merchant, paymentMethods: ["card"] }} onSubmit={onSubmit} />,
    );
    await user.click(screen.getByRole("checkbox", { name: PAYMENT_METHOD_LABELS.card }));
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(await screen.findByText(PAYMENT_METHODS_MESSAGE)).toBeTruthy();
    expect(screen.getByText("Revisa los campos marcados.")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

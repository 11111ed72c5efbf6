import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
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

/** Issue 12: the admin merchant form asks how the merchant delivers and sends it. */
// A long form on a shared machine: more time than the default 5 s.
describe("MerchantForm delivery fields", { timeout: 30_000 }, () => {
  it("sends the delivery chosen, with the municipalities and the note", async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const { user } = renderAdmin(
      <MerchantForm
        mode="edit"
        merchant={aMerchant()}
        categories={CATEGORIES}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    await user.click(
      screen.getByRole("radio", { name: "Entrega a domicilio y recoger en tienda" }),
    );
    await user.selectOptions(screen.getByLabelText("¿A dónde entregas?"), "municipalities");
    // Issue 36: whole municipalities and single districts alike.
    await user.selectOptions(screen.getByLabelText(/^Municipios o distritos donde entregas/), [
      "San Salvador Centro",
      "Soyapango",
    ]);
    await user.click(screen.getByLabelText("Nota de entrega (opcional)"));
    await user.paste("Envío $2.50 en San Salvador Centro");
    // A fee by place and a minimum order.
    await user.click(screen.getByRole("button", { name: "Agregar costo por lugar" }));
    await user.type(screen.getByLabelText("Lugar"), "Soyapango");
    await user.type(screen.getByLabelText("Costo ($)"), "2.00");
    await user.type(screen.getByLabelText("Pedido mínimo (opcional)"), "10.00");
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      fulfillment: "both",
      deliveryArea: "municipalities",
      deliveryNote: "Envío $2.50 en San Salvador Centro",
      deliveryFees: [{ place: "Soyapango", fee: "2.00" }],
      minimumOrder: "10.00",
    });
    // In the list's order, whatever the order of the clicks.
    expect([...onSubmit.mock.calls[0][0].deliveryMunicipalities].sort()).toEqual([
      "San Salvador Centro",
      "Soyapango",
    ]);
  });

  it("starts from the merchant's delivery, and pickup only sends no area", async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const { user } = renderAdmin(
      <MerchantForm
        mode="edit"
        merchant={aMerchant({
          fulfillment: "delivery",
          deliveryArea: "country",
          deliveryMunicipalities: [],
          deliveryNote: "Envíos por encomienda",
        })}
        categories={CATEGORIES}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    expect(
      (screen.getByRole("radio", { name: "Entrega a domicilio" }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((screen.getByLabelText("¿A dónde entregas?") as HTMLSelectElement).value).toBe(
      "country",
    );
    await user.click(screen.getByRole("radio", { name: "Recoger en tienda" }));
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      fulfillment: "pickup",
      deliveryArea: null,
      deliveryMunicipalities: [],
      deliveryNote: "Envíos por encomienda",
    });
  });

  it("sends no delivery fields when none is chosen, and shows the server's message by the field", async () => {
    const onSubmit = vi.fn().mockRejectedValue(
      new ApiError(400, "Datos inválidos", {
        message: "Datos inválidos",
        code: "validation",
        errors: [{ path: "deliveryMunicipalities", message: "Elige al menos un municipio" }],
      }),
    );
    const { user } = renderAdmin(
      <MerchantForm
        mode="edit"
        merchant={aMerchant()}
        categories={CATEGORIES}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).not.toHaveProperty("fulfillment");
    expect(onSubmit.mock.calls[0][0]).not.toHaveProperty("deliveryArea");
    // The message waits for the list it belongs to.
    await user.click(screen.getByRole("radio", { name: "Entrega a domicilio" }));
    await user.selectOptions(screen.getByLabelText("¿A dónde entregas?"), "municipalities");
    await screen.findByText("Elige al menos un municipio");
  });
});

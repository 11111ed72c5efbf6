import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../lib/toast";
import { MerchantForm } from "./merchant-form";
import { aCategory, aMerchant, renderAdmin } from "../../test/test-utils";

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

const CATEGORIES = [aCategory({ id: 1 }), aCategory({ id: 2, name: "Cafés", slug: "cafes" })];
const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe("MerchantForm", () => {
  it("creates with the switch's approval, a slug and the schedule as JSON keyed by weekday", async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const { user } = renderAdmin(
      <MerchantForm
        mode="create"
        categories={CATEGORIES}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    await user.type(input(/^Nombre/), "Café Ñandú");
    await user.selectOptions(input(/^Categoría/), "2");
    await user.type(input(/^Descripción/), "Café de altura.");
    await user.type(input(/^Correo electrónico/), "hola@nandu.sv");
    await user.type(input(/^Teléfono/), "50322220000");
    await user.type(input(/^Dirección/), "Calle 1");
    await user.selectOptions(input(/^Departamento/), "San Salvador");
    await user.selectOptions(input(/^Municipio/), "San Salvador Centro");
    await user.type(input(/^LinkedIn/), "cafenandu");
    const publish = screen.getByRole("switch", { name: "Publicar inmediatamente" });
    expect(publish.getAttribute("aria-checked")).toBe("true");
    await user.click(publish);
    await user.click(screen.getByRole("button", { name: "Registrar comercio" }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const payload = onSubmit.mock.calls[0][0];
    expect(payload).toMatchObject({
      name: "Café Ñandú",
      slug: "cafe-nandu",
      categoryId: 2,
      phone: "+503 2222-0000",
      approved: false,
      isActive: true,
      linkedin: "https://www.linkedin.com/company/cafenandu",
      whatsapp: null,
    });
    const schedule = JSON.parse(payload.schedule);
    expect(Object.keys(schedule)).toEqual([
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
      "saturday",
      "sunday",
    ]);
    expect(schedule.monday).toEqual({ open: "09:00", close: "18:00" });
  });

  it("shows the shared schema's messages and sends nothing when required fields are empty", async () => {
    const onSubmit = vi.fn();
    const { user } = renderAdmin(
      <MerchantForm
        mode="create"
        categories={CATEGORIES}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Registrar comercio" }));
    expect(await screen.findByText("El nombre es requerido")).toBeTruthy();
    expect(screen.getByText("Por favor ingresa un email válido")).toBeTruthy();
    expect(screen.getByText("Formato requerido: +000 0000-0000")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("edits with the merchant's values, without slug or approval", async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const { user } = renderAdmin(
      <MerchantForm
        mode="edit"
        merchant={aMerchant({ isActive: false })}
        categories={CATEGORIES}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    expect(input(/^Nombre/).value).toBe("Pupusería La Ceiba");
    expect(screen.queryByRole("switch", { name: "Publicar inmediatamente" })).toBeNull();
    expect(
      screen.getByRole("switch", { name: "Comercio activo" }).getAttribute("aria-checked"),
    ).toBe("false");
    await user.click(screen.getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const payload = onSubmit.mock.calls[0][0];
    expect(payload).not.toHaveProperty("slug");
    expect(payload).not.toHaveProperty("approved");
    expect(payload.isActive).toBe(false);
    // Days missing from the stored schedule come back closed.
    expect(JSON.parse(payload.schedule).sunday).toEqual({ closed: true });
  });
});

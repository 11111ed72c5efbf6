import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "../../lib/toast";
import { jsonResponse, renderAdmin, stubFetch } from "../../test/test-utils";
import { MerchantAccessSection } from "./merchant-access-section";

const BASE = "/api/admin/merchants/7";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe("MerchantAccessSection (merchant details dialog)", () => {
  it("sends the sign-in link to the merchant's sign-in e-mail", async () => {
    const fetch = stubFetch({
      [`GET ${BASE}/sign-in-email`]: () =>
        jsonResponse({ email: "hola@laceiba.com.sv", custom: false }),
      [`POST ${BASE}/login-link`]: () =>
        jsonResponse(
          { message: "Enviamos el enlace a hola@laceiba.com.sv", email: "hola@laceiba.com.sv" },
          202,
        ),
    });
    const { user } = renderAdmin(<MerchantAccessSection merchantId={7} />);
    expect(await screen.findByText("hola@laceiba.com.sv")).toBeTruthy();
    expect(screen.getByText("(el correo de contacto)")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Enviar enlace de acceso" }));
    expect(
      await screen.findByText("Enviamos el enlace de acceso a hola@laceiba.com.sv"),
    ).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      `${BASE}/login-link`,
      expect.objectContaining({ method: "POST" }),
    );
  });

  it("changes the sign-in e-mail, with the server's message by the field when refused", async () => {
    let attempts = 0;
    const fetch = stubFetch({
      [`GET ${BASE}/sign-in-email`]: () =>
        jsonResponse({ email: "hola@laceiba.com.sv", custom: false }),
      [`PUT ${BASE}/sign-in-email`]: (body) =>
        ++attempts === 1
          ? jsonResponse({ message: "Ese correo ya entra a otro comercio" }, 409)
          : jsonResponse({ email: (body as { email: string }).email, custom: true }),
      [`GET ${BASE}/audit`]: () => jsonResponse([]),
    });
    const { user } = renderAdmin(<MerchantAccessSection merchantId={7} />);
    await screen.findByText("hola@laceiba.com.sv");
    await user.click(screen.getByRole("button", { name: "Cambiar correo de acceso" }));
    const input = screen.getByLabelText("Nuevo correo de acceso");
    await user.clear(input);
    await user.type(input, "no-es-correo");
    await user.click(screen.getByRole("button", { name: "Guardar correo" }));
    expect(await screen.findByText("Por favor ingresa un email válido")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);

    await user.clear(input);
    await user.type(input, "dueno@laceiba.com.sv");
    await user.click(screen.getByRole("button", { name: "Guardar correo" }));
    expect(await screen.findByText("Ese correo ya entra a otro comercio")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");

    await user.click(screen.getByRole("button", { name: "Guardar correo" }));
    expect(await screen.findByText("Correo de acceso actualizado")).toBeTruthy();
    expect(screen.queryByLabelText("Nuevo correo de acceso")).toBeNull();
    expect(screen.getAllByText("dueno@laceiba.com.sv").length).toBeGreaterThan(0);
    expect(screen.queryByText("(el correo de contacto)")).toBeNull();
    expect(fetch).toHaveBeenCalledWith(
      `${BASE}/sign-in-email`,
      expect.objectContaining({
        method: "PUT",
        body: JSON.stringify({ email: "dueno@laceiba.com.sv" }),
      }),
    );
  });

  it("shows who changed what, newest first as the server sends it", async () => {
    stubFetch({
      [`GET ${BASE}/sign-in-email`]: () =>
        jsonResponse({ email: "hola@laceiba.com.sv", custom: false }),
      [`GET ${BASE}/audit`]: () =>
        jsonResponse([
          {
            id: 2,
            merchantId: 7,
            actor: "hola@laceiba.com.sv",
            actorRole: "merchant",
            action: "product.update",
            summary: "Producto editado: Horchata ($1.50)",
            createdAt: "2026-11-20T15:00:00.000Z",
          },
          {
            id: 1,
            merchantId: 7,
            actor: "admin",
            actorRole: "admin",
            action: "sign-in-email.update",
            summary: "Correo de acceso cambiado",
            createdAt: "2026-11-19T15:00:00.000Z",
          },
        ]),
    });
    const { user } = renderAdmin(<MerchantAccessSection merchantId={7} />);
    await user.click(await screen.findByRole("button", { name: "Ver historial de cambios" }));
    const log = await screen.findByRole("list", { name: "Historial de cambios" });
    const items = log.querySelectorAll("li");
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain("Producto editado: Horchata ($1.50)");
    expect(items[0].textContent).toContain("Comercio");
    expect(items[1].textContent).toContain("Administrador");
  });
});

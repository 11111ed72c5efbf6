import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MerchantNoticeSettingsDto } from "../../../shared/api-types";
import { WHATSAPP_NUMBER_MESSAGE } from "../../../shared/whatsapp-number";
import { dismissToast } from "../../lib/toast";
import { stubLists } from "../../test/list-stub";
import { jsonResponse, renderAdmin } from "../../test/test-utils";
import { NoticesTab } from "./notices-tab";
import { PUSH_UNSUPPORTED_TEXT } from "./push-devices";

// Radix Switch measures itself inside a form; jsdom has no ResizeObserver.
beforeEach(() => {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const SETTINGS: MerchantNoticeSettingsDto = {
  whatsappNumber: "+50370000001",
  whatsapp: true,
  push: false,
  email: true,
  whatsappConsentAt: "2026-01-10T15:00:00.000Z",
  whatsappAvailable: true,
  pushPublicKey:
    "BOr8ZbLkLq1qQ8T8s0PBJ4b3N0E2m3Z4Q0u5t5gQy3m2s1x1yV4h8k0c9ZrP7JY4nJ1m3t8sTg2p0aQ7h6n5w4Yc",
  emailAddress: "hola@laceiba.com.sv",
};

const PATH = "/api/merchant/7/notices";

function settingsApi(
  settings: MerchantNoticeSettingsDto = SETTINGS,
  put: (body: Record<string, unknown>) => Response = (body) =>
    jsonResponse({ ...settings, ...body, whatsappNumber: "+50371234567" }),
) {
  return stubLists({
    [`GET ${PATH}`]: () => jsonResponse(settings),
    [`PUT ${PATH}`]: (_url, body) => put(body as Record<string, unknown>),
    "GET /api/merchant/7/push-subscriptions": () => jsonResponse([]),
  });
}

const toggle = (name: string) => screen.getByRole("switch", { name });
const number = () => screen.getByLabelText("Número de WhatsApp para avisos") as HTMLInputElement;
const messageOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute("aria-describedby") ?? "")?.textContent;

describe("Portal 'Avisos'", () => {
  it("shows the three channels as stored, the number formatted and where e-mails go", async () => {
    settingsApi();
    renderAdmin(<NoticesTab merchantId={7} />);
    await screen.findByRole("form", { name: "Cómo te avisamos" });
    expect(toggle("WhatsApp").getAttribute("aria-checked")).toBe("true");
    expect(toggle("Notificaciones en este teléfono").getAttribute("aria-checked")).toBe("false");
    expect(toggle("Correo").getAttribute("aria-checked")).toBe("true");
    expect(number().value).toBe("+503 7000-0001");
    expect(screen.getByText(/te llegan los pedidos nuevos y los recordatorios/)).toBeTruthy();
    expect(screen.getByText("Un correo por cada pedido nuevo a hola@laceiba.com.sv.")).toBeTruthy();
    expect(
      screen.getByText("Aceptaste los avisos por WhatsApp el 10 de enero de 2026."),
    ).toBeTruthy();
    // jsdom has no Push: the portal says what to do instead.
    expect(screen.getByText(PUSH_UNSUPPORTED_TEXT)).toBeTruthy();
  });

  it("saves the switches and the number as the API takes them, then shows the stored number", async () => {
    const api = settingsApi();
    const { user } = renderAdmin(<NoticesTab merchantId={7} />);
    await screen.findByRole("form", { name: "Cómo te avisamos" });
    await user.click(toggle("Notificaciones en este teléfono"));
    await user.click(toggle("Correo"));
    await user.clear(number());
    await user.type(number(), " 7123-4567 ");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() =>
      expect(api.bodies(`PUT ${PATH}`)).toEqual([
        { whatsappNumber: "7123-4567", whatsapp: true, push: true, email: false },
      ]),
    );
    await waitFor(() => expect(number().value).toBe("+503 7123-4567"));
    expect(await screen.findByText("Avisos guardados")).toBeTruthy();
  });

  it("sends a blank number as null (the shop's WhatsApp)", async () => {
    const api = settingsApi();
    const { user } = renderAdmin(<NoticesTab merchantId={7} />);
    await screen.findByRole("form", { name: "Cómo te avisamos" });
    await user.clear(number());
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(api.bodies(`PUT ${PATH}`)).toHaveLength(1));
    expect(api.bodies(`PUT ${PATH}`)[0]).toMatchObject({ whatsappNumber: null });
  });

  it("says a mistyped number by its field without asking the server", async () => {
    const api = settingsApi();
    const { user } = renderAdmin(<NoticesTab merchantId={7} />);
    await screen.findByRole("form", { name: "Cómo te avisamos" });
    await user.clear(number());
    await user.type(number(), "2222-0000");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(messageOf(number())).toBe(WHATSAPP_NUMBER_MESSAGE));
    expect(number().getAttribute("aria-invalid")).toBe("true");
    expect(api.bodies(`PUT ${PATH}`)).toEqual([]);
  });

  it("puts a 400's field messages next to their fields", async () => {
    settingsApi(SETTINGS, () =>
      jsonResponse(
        {
          message: "Datos inválidos",
          code: "validation",
          errors: [
            { path: "whatsappNumber", message: "Este número no tiene WhatsApp" },
            { path: "email", message: "Indica si este aviso va encendido o apagado" },
          ],
        },
        400,
      ),
    );
    const { user } = renderAdmin(<NoticesTab merchantId={7} />);
    await screen.findByRole("form", { name: "Cómo te avisamos" });
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(messageOf(number())).toBe("Este número no tiene WhatsApp"));
    const emailError = screen.getByText("Indica si este aviso va encendido o apagado");
    // Under the 'Correo' switch, not elsewhere.
    expect(emailError.parentElement?.contains(toggle("Correo"))).toBe(true);
    expect((await screen.findAllByText("Datos inválidos")).length).toBeGreaterThan(0);
  });

  it("without WhatsApp on this Tiangue, says so and keeps its switch off", async () => {
    settingsApi({ ...SETTINGS, whatsappAvailable: false });
    renderAdmin(<NoticesTab merchantId={7} />);
    await screen.findByRole("form", { name: "Cómo te avisamos" });
    expect(
      screen.getByText("Los avisos por WhatsApp no están configurados en este Tiangue."),
    ).toBeTruthy();
    expect((toggle("WhatsApp") as HTMLButtonElement).disabled).toBe(true);
    expect(toggle("WhatsApp").getAttribute("aria-checked")).toBe("false");
  });
});

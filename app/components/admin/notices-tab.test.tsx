import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminNoticeDto } from "../../../shared/api-types";
import { dismissToast } from "../../lib/toast";
import { listPage, stubLists } from "../../test/list-stub";
import { jsonResponse, renderAdmin } from "../../test/test-utils";
import { NoticesTab } from "./notices-tab";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

function aNotice(overrides: Partial<AdminNoticeDto> = {}): AdminNoticeDto {
  return {
    id: 1,
    channel: "email",
    kind: "order.new",
    to: "hola@laceiba.com.sv",
    status: "sent",
    tries: 1,
    lastError: null,
    createdAt: "2026-01-10T15:00:00.000Z",
    sentAt: "2026-01-10T15:00:05.000Z",
    ...overrides,
  };
}

const NOTICES = [
  aNotice(),
  aNotice({
    id: 2,
    channel: "whatsapp",
    to: "+50370000001",
    status: "failed",
    tries: 3,
    lastError: "131026: Message undeliverable",
    sentAt: null,
  }),
  aNotice({
    id: 2,
    channel: "push",
    kind: "order.new",
    to: "Pupusería La Ceiba",
    status: "replaced",
    lastError: "El teléfono ya no acepta notificaciones",
    sentAt: null,
  }),
];

const NOTICES_PATH = "/api/admin/notices";

/** 'Avisos' with these notices and a total; health and waiting orders answer empty. */
function noticesApi(total = NOTICES.length, resend?: () => Response) {
  return stubLists({
    [`GET ${NOTICES_PATH}`]: () => listPage(NOTICES, total),
    [`GET ${NOTICES_PATH}/health`]: () => jsonResponse([]),
    "GET /api/admin/orders/waiting": () => listPage([]),
    [`POST ${NOTICES_PATH}/whatsapp/2/resend`]:
      resend ?? (() => jsonResponse({ ...NOTICES[1], status: "pending", lastError: null })),
  });
}

const noticeCard = (title: string) => within(screen.getByRole("article", { name: title }));

describe("Admin 'Avisos': the notices", () => {
  it("shows each notice's channel, kind, recipient, state, reason, tries and times", async () => {
    noticesApi();
    renderAdmin(<NoticesTab />);
    expect(await screen.findByText("Mostrando 3 de 3 avisos")).toBeTruthy();

    const failed = noticeCard("WhatsApp a +50370000001");
    expect(failed.getByText("order.new")).toBeTruthy();
    expect(failed.getByText("Falló")).toBeTruthy();
    expect(failed.getByText("131026: Message undeliverable")).toBeTruthy();
    expect(failed.getByText("Intentos").nextElementSibling?.textContent).toBe("3");
    expect(failed.getByText("Enviado").nextElementSibling?.textContent).toBe("—");

    const replaced = noticeCard("Notificación a Pupusería La Ceiba");
    expect(replaced.getByText("Reemplazado por correo")).toBeTruthy();
    expect(replaced.getByText("El teléfono ya no acepta notificaciones")).toBeTruthy();

    const sent = noticeCard("Correo a hola@laceiba.com.sv");
    expect(sent.getByText("Enviado", { selector: "span" })).toBeTruthy();
    expect(sent.getByText("Creado").nextElementSibling?.textContent).toBe(
      "10 de enero de 2026, 09:00",
    );
  });

  it("builds the query string from the channel and state filters, from page 1", async () => {
    const api = noticesApi(45);
    const { user } = renderAdmin(<NoticesTab />);
    await screen.findByText("Mostrando 3 de 45 avisos");
    expect(
      Array.from((screen.getByLabelText("Canal") as HTMLSelectElement).options, (o) => o.text),
    ).toEqual(["Todos los canales", "Correo", "WhatsApp", "Notificación"]);
    expect((screen.getByLabelText("Estado") as HTMLSelectElement).options[0].text).toBe(
      "Todos los estados",
    );

    await user.click(screen.getByRole("button", { name: /Siguiente/ }));
    await waitFor(() =>
      expect(api.urls(NOTICES_PATH).at(-1)).toBe(`${NOTICES_PATH}?limit=20&offset=20`),
    );
    await user.selectOptions(screen.getByLabelText("Canal"), "WhatsApp");
    await waitFor(() =>
      expect(api.urls(NOTICES_PATH).at(-1)).toBe(
        `${NOTICES_PATH}?channel=whatsapp&limit=20&offset=0`,
      ),
    );
    await user.selectOptions(screen.getByLabelText("Estado"), "Falló");
    await waitFor(() =>
      expect(api.urls(NOTICES_PATH).at(-1)).toBe(
        `${NOTICES_PATH}?channel=whatsapp&status=failed&limit=20&offset=0`,
      ),
    );
    await user.selectOptions(screen.getByLabelText("Canal"), "Todos los canales");
    await waitFor(() =>
      expect(api.urls(NOTICES_PATH).at(-1)).toBe(`${NOTICES_PATH}?status=failed&limit=20&offset=0`),
    );
  });

  it("offers 'Reenviar' only for a failed notice, sends it and reads the list again", async () => {
    const api = noticesApi();
    const { user } = renderAdmin(<NoticesTab />);
    await screen.findByText("Mostrando 3 de 3 avisos");
    const resend = screen.getAllByRole("button", { name: /^Reenviar/ });
    expect(resend).toHaveLength(1);
    expect(resend[0].getAttribute("aria-label")).toBe(
      "Reenviar order.new por WhatsApp a +50370000001",
    );
    await user.click(resend[0]);
    await waitFor(() =>
      expect(api.bodies(`POST ${NOTICES_PATH}/whatsapp/2/resend`)).toEqual([undefined]),
    );
    expect(await screen.findByText("Aviso en cola")).toBeTruthy();
    await waitFor(() => expect(api.urls(NOTICES_PATH)).toHaveLength(2));
    // The channels' backlog too.
    await waitFor(() => expect(api.urls(`${NOTICES_PATH}/health`)).toHaveLength(2));
  });

  it("shows the server's refusal when the notice is no longer failed (409)", async () => {
    noticesApi(3, () =>
      jsonResponse({ message: "Este aviso ya no está fallido", code: "conflict" }, 409),
    );
    const { user } = renderAdmin(<NoticesTab />);
    await screen.findByText("Mostrando 3 de 3 avisos");
    await user.click(screen.getByRole("button", { name: /^Reenviar/ }));
    expect(await screen.findByText("Este aviso ya no está fallido")).toBeTruthy();
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OutboxEmailDto } from "../../../shared/order-life";
import { dismissToast } from "../../lib/toast";
import { stubLists } from "../../test/list-stub";
import { jsonResponse, renderAdmin } from "../../test/test-utils";
import { EmailsTab } from "./emails-tab";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

function anEmail(overrides: Partial<OutboxEmailDto> = {}): OutboxEmailDto {
  return {
    id: 1,
    kind: "order.placed",
    to: "jose@example.com",
    subject: "Tu pedido ES-2026-000001",
    status: "sent",
    attempts: 1,
    lastError: null,
    createdAt: "2026-01-10T15:00:00.000Z",
    sentAt: "2026-01-10T15:00:05.000Z",
    ...overrides,
  };
}

const EMAILS = [
  anEmail(),
  anEmail({
    id: 2,
    kind: "merchant.order",
    to: "hola@laceiba.com.sv",
    subject: "Nuevo pedido ES-2026-000001",
    status: "failed",
    attempts: 5,
    lastError: "connect ECONNREFUSED 127.0.0.1:587",
    sentAt: null,
  }),
  anEmail({ id: 3, status: "logged", subject: "Registrado", sentAt: null }),
];

/** The outbox's API: a page, its total, and whether mail is sent. */
function emailsApi(total = EMAILS.length, sending = "false") {
  return stubLists({
    "GET /api/admin/emails": () =>
      new Response(JSON.stringify(EMAILS), {
        status: 200,
        headers: {
          "content-type": "application/json",
          "x-total-count": String(total),
          "x-mail-sending": sending,
        },
      }),
    "POST /api/admin/emails/2/resend": () =>
      jsonResponse({ ...EMAILS[1], status: "pending", lastError: null }),
  });
}

const emailCard = (subject: string) => within(screen.getByRole("article", { name: subject }));

describe("Admin 'Correos'", () => {
  it("lists each e-mail's recipient, subject, kind, state, attempts and last error", async () => {
    emailsApi();
    renderAdmin(<EmailsTab />);
    expect(await screen.findByText("Mostrando 3 de 3 correos")).toBeTruthy();
    expect(screen.getByText(/SMTP\) no está configurado/)).toBeTruthy();

    const failed = emailCard("Nuevo pedido ES-2026-000001");
    expect(failed.getByText("hola@laceiba.com.sv")).toBeTruthy();
    expect(failed.getByText("merchant.order")).toBeTruthy();
    expect(failed.getByText("Falló")).toBeTruthy();
    expect(failed.getByText("Intentos").nextElementSibling?.textContent).toBe("5");
    expect(failed.getByText("connect ECONNREFUSED 127.0.0.1:587")).toBeTruthy();
    expect(failed.getByText(/10 de enero de 2026/)).toBeTruthy();

    const sent = emailCard("Tu pedido ES-2026-000001");
    expect(sent.getByText("Enviado", { selector: "span" })).toBeTruthy();
    expect(emailCard("Registrado").getByText("Registrado (sin SMTP)")).toBeTruthy();
  });

  it("offers 'Reenviar' only for failed ones and sends it", async () => {
    const api = emailsApi();
    const { user } = renderAdmin(<EmailsTab />);
    await screen.findByText("Mostrando 3 de 3 correos");
    const resend = screen.getAllByRole("button", { name: /^Reenviar/ });
    expect(resend).toHaveLength(1);
    expect(resend[0].getAttribute("aria-label")).toBe(
      "Reenviar «Nuevo pedido ES-2026-000001» a hola@laceiba.com.sv",
    );
    await user.click(resend[0]);
    await waitFor(() => expect(api.bodies("POST /api/admin/emails/2/resend")).toEqual([undefined]));
    expect(await screen.findByText("Correo en cola")).toBeTruthy();
    // The page is read again.
    await waitFor(() => expect(api.urls("/api/admin/emails")).toHaveLength(2));
  });

  it("pages through the outbox with X-Total-Count", async () => {
    const api = emailsApi(45, "true");
    const { user } = renderAdmin(<EmailsTab />);
    expect(await screen.findByText("Mostrando 3 de 45 correos")).toBeTruthy();
    expect(screen.queryByText(/no está configurado/)).toBeNull();
    await user.click(screen.getByRole("button", { name: /Siguiente/ }));
    await waitFor(() =>
      expect(api.urls("/api/admin/emails").at(-1)).toBe("/api/admin/emails?limit=20&offset=20"),
    );
  });
});

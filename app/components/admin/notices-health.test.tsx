import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { NoticeChannelHealthDto } from "../../../shared/api-types";
import { dismissToast } from "../../lib/toast";
import { stubLists } from "../../test/list-stub";
import { jsonResponse, renderAdmin } from "../../test/test-utils";
import { NoticesHealth } from "./notices-health";

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const channel = (overrides: Partial<NoticeChannelHealthDto>): NoticeChannelHealthDto => ({
  channel: "email",
  configured: true,
  stopped: false,
  stoppedAt: null,
  cause: null,
  backlog: 0,
  ...overrides,
});

const STOPPED = [
  channel({ channel: "email", configured: false, backlog: 2 }),
  channel({
    channel: "whatsapp",
    stopped: true,
    stoppedAt: "2026-01-10T15:00:00.000Z",
    cause: "190: Error validating access token",
    backlog: 7,
  }),
  channel({ channel: "push", backlog: 1 }),
];
const RESUMED = STOPPED.map((c) =>
  c.channel === "whatsapp" ? { ...c, stopped: false, stoppedAt: null, cause: null } : c,
);

function healthApi(afterRetry: NoticeChannelHealthDto[] = RESUMED) {
  let health = STOPPED;
  return stubLists({
    "GET /api/admin/notices/health": () => jsonResponse(health),
    "POST /api/admin/notices/whatsapp/retry": () => {
      health = afterRetry;
      return jsonResponse(health);
    },
  });
}

const channelCard = (name: string) => within(screen.getByRole("article", { name }));

describe("Admin 'Avisos': the channels' health", () => {
  it("says which channel is configured, stopped and what it has to send", async () => {
    healthApi();
    renderAdmin(<NoticesHealth />);
    const email = within(await screen.findByRole("article", { name: "Canal Correo" }));
    expect(email.getByText("No configurado")).toBeTruthy();
    expect(email.getByText(/SMTP\) no está configurado/)).toBeTruthy();
    expect(email.getByText("2 avisos por enviar")).toBeTruthy();
    expect(email.queryByRole("button")).toBeNull();

    const whatsapp = channelCard("Canal WhatsApp");
    expect(whatsapp.getByText("Detenido")).toBeTruthy();
    expect(whatsapp.getByText("190: Error validating access token")).toBeTruthy();
    expect(whatsapp.getByText(/Desde el/).textContent).toBe("Desde el 10 de enero de 2026, 09:00");
    expect(whatsapp.getByText("7 avisos por enviar")).toBeTruthy();

    const push = channelCard("Canal Notificación");
    expect(push.getByText("Funcionando")).toBeTruthy();
    expect(push.getByText("1 aviso por enviar")).toBeTruthy();
  });

  it("'Reintentar' resumes WhatsApp and shows the answer's health", async () => {
    const api = healthApi();
    const { user } = renderAdmin(<NoticesHealth />);
    await screen.findByRole("article", { name: "Canal WhatsApp" });
    await user.click(channelCard("Canal WhatsApp").getByRole("button", { name: "Reintentar" }));
    await waitFor(() =>
      expect(api.bodies("POST /api/admin/notices/whatsapp/retry")).toEqual([undefined]),
    );
    await waitFor(() =>
      expect(channelCard("Canal WhatsApp").getByText("Funcionando")).toBeTruthy(),
    );
    expect(channelCard("Canal WhatsApp").queryByRole("button", { name: "Reintentar" })).toBeNull();
    expect(await screen.findByText("WhatsApp reanudado")).toBeTruthy();
  });

  it("says so when WhatsApp is still stopped after the retry", async () => {
    healthApi(STOPPED);
    const { user } = renderAdmin(<NoticesHealth />);
    await screen.findByRole("article", { name: "Canal WhatsApp" });
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByText("WhatsApp sigue detenido")).toBeTruthy();
  });
});

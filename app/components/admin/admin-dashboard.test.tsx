import { screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { UserDto } from "../../../shared/api-types";
import { listPage, stubLists } from "../../test/list-stub";
import { jsonResponse, renderAdmin } from "../../test/test-utils";
import { AdminDashboard } from "./admin-dashboard";

afterEach(() => vi.unstubAllGlobals());

const ADMIN = {
  id: "u1",
  email: "admin@tiangue.sv",
  username: "admin",
  firstName: "Ana",
  lastName: null,
  profileImageUrl: null,
  role: "admin",
} as UserDto;

const SPEC_TABS = [
  "Solicitudes pendientes",
  "Comercios",
  "Categorías",
  "Pedidos",
  "Productos",
  "Reseñas",
];

/** The panel with the outbox's answer saying (or not) whether mail is sent. */
function renderPanel(mailSending: string | null, path = "/admin") {
  const api = stubLists({
    "GET /api/admin/merchants/pending": () => listPage([]),
    "GET /api/admin/payouts": () => jsonResponse([]),
    "GET /api/admin/emails": () =>
      new Response("[]", {
        status: 200,
        headers: {
          "content-type": "application/json",
          "x-total-count": "0",
          ...(mailSending === null ? {} : { "x-mail-sending": mailSending }),
        },
      }),
  });
  const Stub = createRoutesStub([
    { path: "/admin", Component: () => <AdminDashboard user={ADMIN} /> },
  ]);
  renderAdmin(<Stub initialEntries={[path]} />);
  return api;
}

const tabNames = () => screen.getAllByRole("tab").map((t) => t.textContent);

describe("AdminDashboard tabs (issue 25)", () => {
  it("keeps the spec's six tabs first, then 'Liquidaciones'; no 'Correos' while mail is sent", async () => {
    const api = renderPanel("true");
    await waitFor(() => expect(api.urls("/api/admin/emails")).toHaveLength(1));
    expect(api.urls("/api/admin/emails")).toEqual(["/api/admin/emails?limit=20&offset=0"]);
    expect(await screen.findByText("No hay solicitudes pendientes")).toBeTruthy();
    expect(tabNames()).toEqual([...SPEC_TABS, "Liquidaciones"]);
    expect(
      screen.getByRole("tab", { name: /Solicitudes pendientes/ }).getAttribute("aria-selected"),
    ).toBe("true");
  });

  it("adds 'Correos' last when the server says it sends no mail", async () => {
    renderPanel("false");
    await waitFor(() => expect(tabNames()).toEqual([...SPEC_TABS, "Liquidaciones", "Correos"]));
  });

  it("shows no 'Correos' when the server does not say", async () => {
    const api = renderPanel(null);
    await waitFor(() => expect(api.urls("/api/admin/emails")).toHaveLength(1));
    await screen.findByText("No hay solicitudes pendientes");
    expect(tabNames()).not.toContain("Correos");
  });

  it("opens ?tab=emails once it knows mail is off", async () => {
    renderPanel("false", "/admin?tab=emails");
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Correos" }).getAttribute("aria-selected")).toBe(
        "true",
      ),
    );
    expect(await screen.findByText("No hay correos registrados")).toBeTruthy();
  });
});

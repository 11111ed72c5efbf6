import { screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
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

/** The panel, with 'Avisos' answering empty lists and healthy channels. */
function renderPanel(path = "/admin") {
  const api = stubLists({
    "GET /api/admin/merchants/pending": () => listPage([]),
    "GET /api/admin/payouts": () => jsonResponse([]),
    "GET /api/admin/notices": () => listPage([]),
    "GET /api/admin/notices/health": () => jsonResponse([]),
    "GET /api/admin/orders/waiting": () => listPage([]),
  });
  const Stub = createRoutesStub([
    {
      path: "/admin",
      Component: () => (
        <>
          <AdminDashboard user={ADMIN} />
          <CurrentSearch />
        </>
      ),
    },
  ]);
  renderAdmin(<Stub initialEntries={[path]} />);
  return api;
}

/** The address's query string, to see where the panel went. */
function CurrentSearch() {
  return <output data-testid="search">{useLocation().search}</output>;
}

const tabNames = () => screen.getAllByRole("tab").map((t) => t.textContent);

describe("AdminDashboard tabs (issues 25 and 35)", () => {
  it("keeps the spec's six tabs first, then 'Liquidaciones', 'Avisos' and 'Datos personales'", async () => {
    const api = renderPanel();
    expect(await screen.findByText("No hay solicitudes pendientes")).toBeTruthy();
    expect(tabNames()).toEqual([...SPEC_TABS, "Liquidaciones", "Avisos", "Datos personales"]);
    expect(
      screen.getByRole("tab", { name: /Solicitudes pendientes/ }).getAttribute("aria-selected"),
    ).toBe("true");
    // 'Avisos' asks nothing until it is opened.
    expect(api.urls("/api/admin/notices")).toEqual([]);
  });

  it("opens 'Avisos' with ?tab=notices", async () => {
    const api = renderPanel("/admin?tab=notices");
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Avisos" }).getAttribute("aria-selected")).toBe(
        "true",
      ),
    );
    expect(await screen.findByText("No hay avisos registrados")).toBeTruthy();
    expect(api.urls("/api/admin/notices")).toEqual(["/api/admin/notices?limit=20&offset=0"]);
  });

  it("sends the old 'Correos' address (?tab=emails) to 'Avisos'", async () => {
    renderPanel("/admin?tab=emails");
    await waitFor(() => expect(screen.getByTestId("search").textContent).toBe("?tab=notices"));
    expect(screen.getByRole("tab", { name: "Avisos" }).getAttribute("aria-selected")).toBe("true");
    expect(tabNames()).not.toContain("Correos");
  });
});

import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAdmin, stubFetch } from "../../test/test-utils";
import { dismissToast } from "../../lib/toast";
import AdminPanel from "./panel";

const ADMIN = {
  id: "u1",
  email: "admin@tiangue.sv",
  username: "admin",
  firstName: "Ana",
  lastName: null,
  profileImageUrl: null,
  role: "admin",
};

function json(body: unknown, status = 200) {
  return new Response(status === 204 ? null : JSON.stringify(body), { status });
}

function Login() {
  return <p>Pantalla de login</p>;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderPanel(
  routes: Record<string, () => Response>,
  path = "/admin",
  loginLoader?: () => unknown,
) {
  const fetch = stubFetch(routes);
  const Stub = createRoutesStub([
    {
      path: "/admin",
      Component: () => (
        <>
          <AdminPanel />
          <Where />
        </>
      ),
    },
    { path: "/admin/login", Component: Login, loader: loginLoader },
  ]);
  renderAdmin(<Stub initialEntries={[path]} />);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe("AdminPanel", () => {
  it("checks access, then says it redirects and goes to the login when unauthorised", async () => {
    let release: () => void = () => {};
    const held = new Promise<null>((resolve) => (release = () => resolve(null)));
    renderPanel(
      { "GET /api/auth/user": () => json({ message: "No has iniciado sesión" }, 401) },
      "/admin",
      () => held,
    );
    expect(await screen.findByText("Verificando acceso...")).toBeTruthy();
    expect(await screen.findByText("Redirigiendo al login...")).toBeTruthy();
    release();
    expect(await screen.findByText("Pantalla de login")).toBeTruthy();
  });

  it("shows the panel with the greeting, pending count and the pending tab by default", async () => {
    renderPanel({
      "GET /api/auth/user": () => json(ADMIN),
      "GET /api/admin/merchants/pending?limit=20&offset=0": () => json([]),
    });
    expect(await screen.findByText("Hola, Ana")).toBeTruthy();
    expect(await screen.findByText("0 solicitudes pendientes")).toBeTruthy();
    expect(
      screen.getByRole("tab", { name: /Solicitudes pendientes/ }).getAttribute("aria-selected"),
    ).toBe("true");
    expect(await screen.findByText("No hay solicitudes pendientes")).toBeTruthy();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Solicitudes pendientes",
      "Comercios",
      "Categorías",
      "Pedidos",
      "Productos",
      "Reseñas",
      "Liquidaciones",
      "Avisos",
      "Datos personales",
    ]);
  });

  it("keeps the active tab in ?tab=", async () => {
    renderPanel(
      {
        "GET /api/auth/user": () => json(ADMIN),
        "GET /api/admin/merchants/pending?limit=20&offset=0": () => json([]),
        "GET /api/admin/orders?limit=20&offset=0": () => json([]),
        "GET /api/admin/merchants?limit=20&offset=0": () => json([]),
      },
      "/admin?tab=orders",
    );
    expect(await screen.findByText("No hay pedidos registrados")).toBeTruthy();
    await userEvent.setup().click(screen.getByRole("tab", { name: "Comercios" }));
    expect(await screen.findByText("No hay comercios registrados")).toBeTruthy();
    expect(screen.getByTestId("where").textContent).toBe("/admin?tab=merchants");
  });

  it("signs out and goes to the login, even when the sign-out call fails", async () => {
    renderPanel({
      "GET /api/auth/user": () => json(ADMIN),
      "GET /api/admin/merchants/pending?limit=20&offset=0": () => json([]),
      "POST /api/auth/logout": () => json({ message: "x" }, 500),
    });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Cerrar sesión" }));
    expect(await screen.findByText("Pantalla de login")).toBeTruthy();
  });
});

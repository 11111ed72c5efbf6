import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAdmin } from "../../test/test-utils";
import { dismissToast } from "../../lib/toast";
import AdminLogin from "./login";

const ADMIN = {
  id: "u1",
  email: "admin@tiangue.sv",
  username: "admin",
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  role: "admin",
};

function renderLogin(path = "/admin/login", fetchImpl?: typeof fetch) {
  const fetch = vi.fn(fetchImpl ?? (async () => new Response(JSON.stringify(ADMIN))));
  vi.stubGlobal("fetch", fetch);
  const Stub = createRoutesStub([
    { path: "/admin/login", Component: AdminLogin },
    { path: "/admin", Component: () => <p>Panel cargado</p> },
  ]);
  renderAdmin(<Stub initialEntries={[path]} />);
  return fetch;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  dismissToast();
});

describe("AdminLogin", () => {
  it("requires user and password, with the messages next to the fields", async () => {
    const fetch = renderLogin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Iniciar Sesión" }));
    expect(await screen.findByText("El usuario es requerido")).toBeTruthy();
    expect(screen.getByText("La contraseña es requerida")).toBeTruthy();
    expect(screen.getByLabelText("Usuario").getAttribute("aria-invalid")).toBe("true");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("offers the external account as a link to /api/login", async () => {
    renderLogin();
    const link = await screen.findByRole("link", { name: "Iniciar sesión con cuenta externa" });
    expect(link.getAttribute("href")).toBe("/api/login");
  });

  it.each([
    ["sin_acceso", "Tu cuenta no tiene acceso al panel de administración"],
    ["oidc_no_configurado", "El inicio de sesión con cuenta externa no está configurado"],
    ["oidc_fallo", "No se pudo iniciar sesión con la cuenta externa"],
  ])("explains ?error=%s", async (code, message) => {
    renderLogin(`/admin/login?error=${code}`);
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });

  it("confirms the access and goes to /admin one second later", async () => {
    const fetch = renderLogin();
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText("Usuario"), "admin");
    await user.type(screen.getByLabelText("Contraseña"), "secreta");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.click(screen.getByRole("button", { name: "Iniciar Sesión" }));
    // TanStack Query flushes its updates on a zero-delay timer: run those without moving time.
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(screen.getByText("¡Acceso autorizado!")).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      "/api/auth/login",
      expect.objectContaining({
        method: "POST",
        body: JSON.stringify({ username: "admin", password: "secreta" }),
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(990));
    expect(screen.queryByText("Panel cargado")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText("Panel cargado")).toBeTruthy();
  });

  it("shows the server's message when the credentials are wrong", async () => {
    renderLogin(
      "/admin/login",
      async () =>
        new Response(JSON.stringify({ message: "Credenciales incorrectas" }), { status: 401 }),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Usuario"), "admin");
    await user.type(screen.getByLabelText("Contraseña"), "mala");
    await user.click(screen.getByRole("button", { name: "Iniciar Sesión" }));
    expect(await screen.findByText("Error de acceso")).toBeTruthy();
    expect(screen.getByText("Credenciales incorrectas")).toBeTruthy();
  });

  it("says the server could not be reached on a network failure", async () => {
    renderLogin("/admin/login", async () => {
      throw new TypeError("Failed to fetch");
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Usuario"), "admin");
    await user.type(screen.getByLabelText("Contraseña"), "x");
    await user.click(screen.getByRole("button", { name: "Iniciar Sesión" }));
    expect(await screen.findByText("Error de conexión")).toBeTruthy();
    expect(screen.getByText("No se pudo conectar al servidor")).toBeTruthy();
  });
});

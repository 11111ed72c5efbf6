import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AdminHeader, greetingName } from "./admin-header";

function renderHeader(props: Partial<Parameters<typeof AdminHeader>[0]> = {}) {
  const onRegister = vi.fn();
  const onLogout = vi.fn();
  const Stub = createRoutesStub([
    {
      path: "/admin",
      Component: () => (
        <AdminHeader
          user={{ firstName: "Ana", email: "ana@tiangue.sv" }}
          pendingCount={3}
          onRegister={onRegister}
          onLogout={onLogout}
          {...props}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={["/admin"]} />);
  return { onRegister, onLogout };
}

describe("greetingName", () => {
  it("uses the first name, else the e-mail, else 'Usuario'", () => {
    expect(greetingName({ firstName: "Ana", email: "ana@tiangue.sv" })).toBe("Ana");
    expect(greetingName({ firstName: null, email: "ana@tiangue.sv" })).toBe("ana@tiangue.sv");
    expect(greetingName({ firstName: "  ", email: "ana@tiangue.sv" })).toBe("ana@tiangue.sv");
    expect(greetingName({ firstName: null, email: null })).toBe("Usuario");
    expect(greetingName(undefined)).toBe("Usuario");
  });
});

describe("AdminHeader", () => {
  it("greets with the first name and shows the pending count", () => {
    renderHeader();
    expect(screen.getByRole("heading", { name: "Panel de Administración" })).toBeTruthy();
    expect(screen.getByText("Hola, Ana")).toBeTruthy();
    expect(screen.getByText("3 solicitudes pendientes")).toBeTruthy();
  });

  it("falls back to the e-mail, then to 'Usuario'", () => {
    renderHeader({ user: { firstName: null, email: "admin@tiangue.sv" } });
    expect(screen.getByText("Hola, admin@tiangue.sv")).toBeTruthy();
  });

  it("says 'Hola, Usuario' with neither name nor e-mail", () => {
    renderHeader({ user: { firstName: null, email: null } });
    expect(screen.getByText("Hola, Usuario")).toBeTruthy();
  });

  it("opens the registration and signs out from its buttons", async () => {
    const { onRegister, onLogout } = renderHeader();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Registrar comercio" }));
    await user.click(screen.getByRole("button", { name: "Cerrar sesión" }));
    expect(onRegister).toHaveBeenCalledTimes(1);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});

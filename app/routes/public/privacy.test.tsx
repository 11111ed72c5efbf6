import { render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { describe, expect, it } from "vitest";
import { ORDER_LINK_EXPIRED_MESSAGE } from "../../../shared/checkout";
import { ERASED_REVIEW_AUTHOR, ERASED_TEXT } from "../../../shared/personal-data";
import { ErrorBoundary as OrderErrorBoundary } from "./order-detail";
import Privacy from "./privacy";

describe("the privacy page says how to ask for one's data (issue 37)", () => {
  it("names the address, the answer's time, what an erasure does and what is kept how long", () => {
    const Stub = createRoutesStub([{ path: "/privacy", Component: Privacy }]);
    render(<Stub initialEntries={["/privacy"]} />);
    const rights = screen.getByRole("heading", { name: "6. Tus derechos" }).parentElement!;
    const text = rights.textContent ?? "";
    expect(text).toContain("Ley para la Protección de Datos Personales");
    expect(text).toContain("soporte@tiangue.sv");
    expect(text).toContain("10 días hábiles");
    expect(text).toContain(`«${ERASED_TEXT}»`);
    expect(text).toContain(`«${ERASED_REVIEW_AUTHOR}»`);
    expect(text).toMatch(/favoritos y tu carrito.*solo en tu navegador/);
    const kept = screen.getByRole("heading", { name: "7. Conservación de los datos" })
      .parentElement!.textContent;
    // ORDER_PERSONAL_DATA_DAYS' default (730) and the later links' 90 days.
    expect(kept).toContain("dos años después de entregados o cancelados");
    expect(kept).toContain("vencen a los 90 días");
  });
});

describe("an order link past its days (issue 37)", () => {
  it("shows 'Este enlace venció' and the way to 'Buscar mi pedido', not a bare 404", async () => {
    const Stub = createRoutesStub([
      {
        path: "/orders/:orderNumber",
        loader: () => {
          throw data({ message: ORDER_LINK_EXPIRED_MESSAGE, code: "gone" }, { status: 410 });
        },
        Component: () => null,
        ErrorBoundary: OrderErrorBoundary,
      },
    ]);
    render(<Stub initialEntries={["/orders/ES-2026-000001?token=x"]} />);
    expect(await screen.findByRole("heading", { name: "Este enlace venció" })).toBeTruthy();
    expect(screen.getByText(new RegExp(ORDER_LINK_EXPIRED_MESSAGE))).toBeTruthy();
    expect(screen.getByRole("link", { name: "Buscar mi pedido" }).getAttribute("href")).toBe(
      "/orders/buscar",
    );
  });
});

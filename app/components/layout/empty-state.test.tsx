import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { EmptyState, type EmptyStateProps } from "./empty-state";

function renderEmpty(props: EmptyStateProps) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <EmptyState {...props} /> }]);
  render(<Stub />);
}

describe("EmptyState", () => {
  it("has the spec's default titles for the cart and orders", async () => {
    renderEmpty({ kind: "cart" });
    expect(await screen.findByRole("heading", { name: "Tu carrito está vacío" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver productos" }).getAttribute("href")).toBe(
      "/products",
    );
  });

  it("has a default for orders", async () => {
    renderEmpty({ kind: "orders" });
    expect(await screen.findByRole("heading", { name: "No tienes pedidos" })).toBeTruthy();
  });

  it("takes another text and action, or none", async () => {
    renderEmpty({ kind: "search", title: "Nada", description: "Otra cosa", action: null });
    expect(await screen.findByRole("heading", { name: "Nada" })).toBeTruthy();
    expect(screen.getByText("Otra cosa")).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });
});

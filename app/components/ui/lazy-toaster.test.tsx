import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { dismissToast, toast } from "../../lib/toast";
import { LazyToaster } from "./lazy-toaster";

afterEach(() => dismissToast());

describe("LazyToaster", () => {
  it("renders nothing (and loads no Radix Toast) before the first toast", () => {
    const { container } = render(<LazyToaster />);
    expect(container.innerHTML).toBe("");
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("shows the first toast once its chunk has loaded, and keeps the region afterwards", async () => {
    render(<LazyToaster />);
    act(() => {
      toast({ title: "Producto agregado al carrito", description: "Ya está en tu carrito" });
    });
    expect(await screen.findByText("Producto agregado al carrito")).toBeTruthy();
    expect(screen.getByText("Ya está en tu carrito")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Notificaciones (F8)" })).toBeTruthy();

    act(() => dismissToast());
    expect(screen.queryByText("Producto agregado al carrito")).toBeNull();
    // The region stays mounted, so F8 and the next toast need no new download.
    expect(screen.getByRole("region", { name: "Notificaciones (F8)" })).toBeTruthy();
    act(() => {
      toast({ title: "Error", description: "No se pudo", variant: "destructive" });
    });
    expect(await screen.findByText("No se pudo")).toBeTruthy();
  });
});

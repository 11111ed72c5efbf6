import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { dismissToast, toast } from "../../lib/toast";
import { LazyToaster } from "./lazy-toaster";

afterEach(() => dismissToast());

/** F8 as a browser sends it (user-event's key map has no code for it). */
const pressF8 = () =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: "F8", code: "F8" });

describe("LazyToaster", () => {
  it("renders only an empty named region before the first toast, in the server HTML too", () => {
    const { container } = render(<LazyToaster />);
    const region = screen.getByRole("region", { name: "Notificaciones (F8)" });
    expect(container.firstElementChild).toBe(region);
    expect(region.querySelector("ol")?.children.length).toBe(0);
    expect(region.textContent).toBe("");
    // Present from the first (server-rendered) paint, before any JavaScript.
    expect(renderToString(<LazyToaster />)).toContain('aria-label="Notificaciones (F8)"');
  });

  it("F8 focuses the notification region before any toast (issue 15.7)", async () => {
    render(
      <>
        <button type="button">Agregar al carrito</button>
        <LazyToaster />
      </>,
    );
    const button = screen.getByRole("button", { name: "Agregar al carrito" });
    button.focus();
    pressF8();
    const region = screen.getByRole("region", { name: "Notificaciones (F8)" });
    expect(document.activeElement).not.toBe(button);
    expect(region.contains(document.activeElement)).toBe(true);
  });

  it(
    "F8 still focuses the region once Radix's toaster has taken over",
    { timeout: 20_000 },
    async () => {
      render(<LazyToaster />);
      act(() => {
        toast({ title: "Producto agregado al carrito" });
      });
      await screen.findByText("Producto agregado al carrito", {}, { timeout: 10_000 });
      act(() => dismissToast());
      (document.activeElement as HTMLElement | null)?.blur();
      pressF8();
      const regions = screen.getAllByRole("region", { name: "Notificaciones (F8)" });
      expect(regions).toHaveLength(1);
      expect(regions[0].contains(document.activeElement)).toBe(true);
    },
  );

  it("shows the first toast once its chunk has loaded, and keeps the region afterwards", async () => {
    render(<LazyToaster />);
    act(() => {
      toast({ title: "Producto agregado al carrito", description: "Ya está en tu carrito" });
    });
    expect(
      await screen.findByText("Producto agregado al carrito", {}, { timeout: 10_000 }),
    ).toBeTruthy();
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

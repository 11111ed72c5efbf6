import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CART_SESSION_KEY } from "../../lib/cart-session";
import { resetCartStoreForTests, useCart, useCartCount } from "../../lib/cart-store";
import { dismissToast } from "../../lib/toast";
import { AddToCartButton } from "./add-to-cart-button";
import { ContactButtons } from "../catalogue/contact-buttons";
import { Toaster } from "../ui/toaster";

/** Like a product's page: no query client around the button (issue 27). */
function renderInRouter(element: ReactNode) {
  const router = createMemoryRouter([{ path: "/", element }]);
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
}

function Badge() {
  return <p data-testid="badge">{useCartCount()}</p>;
}

/** What /cart shows of the tab's cart. */
function CartLines() {
  return (
    <p data-testid="lines">
      {useCart()
        .lines.map((line) => line.quantity)
        .join(",")}
    </p>
  );
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  resetCartStoreForTests();
  dismissToast();
});

describe("AddToCartButton", () => {
  it("adds one unit to this browser's cart, reloads the cart and links to it", async () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    const fetch = vi.fn(async () => new Response("{}", { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    renderInRouter(<AddToCartButton productId={7} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Agregar al carrito" }));
    expect(await screen.findByText("Producto agregado al carrito")).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/cart/session_1_abc");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ productId: 7, quantity: 1 });
    // Then the cart is read again (spec §4), for the header's badge.
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]).toEqual([
      "/api/cart/session_1_abc",
      expect.objectContaining({ method: "GET" }),
    ]);
    expect(screen.getByRole("link", { name: "Ver carrito" }).getAttribute("href")).toBe("/cart");
  });

  it("updates the header's badge and the cart's lines /cart shows", async () => {
    localStorage.setItem(CART_SESSION_KEY, "session_1_abc");
    let lines = [{ quantity: 2 }];
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method !== "POST") return json(lines);
      lines = [{ quantity: 3 }];
      return json({}, 201);
    });
    vi.stubGlobal("fetch", fetch);
    renderInRouter(
      <>
        <Badge />
        <AddToCartButton productId={7} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId("badge").textContent).toBe("2"));
    await userEvent.setup().click(screen.getByRole("button", { name: "Agregar al carrito" }));
    await screen.findByText("Producto agregado al carrito");
    expect(screen.getByTestId("badge").textContent).toBe("3");
    // /cart, shown next, takes the lines read after the add: no read of its own.
    render(<CartLines />);
    expect(screen.getByTestId("lines").textContent).toBe("3");
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("makes the cart id on first use", async () => {
    const fetch = vi.fn(async () => new Response("{}", { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    renderInRouter(<AddToCartButton productId={7} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Agregar al carrito" }));
    await screen.findByText("Producto agregado al carrito");
    const id = localStorage.getItem(CART_SESSION_KEY);
    expect(id).toMatch(/^session_\d+_[a-z0-9]+$/);
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe(`/api/cart/${id}`);
  });

  it("says so when the product can't be added", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("no", { status: 404 })),
    );
    renderInRouter(<AddToCartButton productId={7} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Agregar al carrito" }));
    expect(await screen.findByText("Error")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Ver carrito" })).toBeNull();
  });
});

describe("ContactButtons", () => {
  it("links WhatsApp (digits only, new tab), Llamar and Email", () => {
    render(
      <ContactButtons
        phone="+503 2222-0000"
        whatsapp="+503 7000-0001"
        email="hola@tienda.sv"
        whatsappLabel="Comprar por WhatsApp"
        whatsappText="Hola, me interesa el producto: Pupusas"
      />,
    );
    const whatsapp = screen.getByRole("link", { name: /Comprar por WhatsApp/ });
    expect(whatsapp.getAttribute("href")).toBe(
      "https://wa.me/50370000001?text=Hola%2C%20me%20interesa%20el%20producto%3A%20Pupusas",
    );
    expect(whatsapp.getAttribute("target")).toBe("_blank");
    expect(whatsapp.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByRole("link", { name: "Llamar" }).getAttribute("href")).toBe(
      "tel:+50322220000",
    );
    expect(screen.getByRole("link", { name: "Email" }).getAttribute("href")).toBe(
      "mailto:hola@tienda.sv",
    );
  });

  it("hides what the merchant doesn't have", () => {
    render(<ContactButtons phone="+503 2222-0000" whatsapp={null} />);
    expect(screen.queryByRole("link", { name: /WhatsApp/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "Email" })).toBeNull();
    expect(screen.getByRole("link", { name: "Llamar" })).toBeTruthy();
  });
});

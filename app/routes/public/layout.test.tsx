import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { createRoutesStub, Link, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { pendingShapeOf } from "../../components/layout/navigation-pending";
import { MASCOT_MESSAGES } from "../../components/layout/loading-mascot";
import PublicLayout, { PENDING_DELAY_MS } from "./layout";

// Issue 15.7: the skeletons and the mascot show while a client-side navigation waits for its
// loader, in the shape of the page it goes to, and never on the first (server-rendered) load.

/** A loader that answers only when the test says so. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, loader: async () => (await opened, { ok: true }) };
}

function Page({ title }: { title: string }) {
  useLoaderData();
  return (
    <div>
      <h1>{title}</h1>
      <Link to="/products">Ver productos</Link>
      <Link to="/merchants/pupuseria-la-ceiba">Ver comercio</Link>
      <Link to="/products/pupusa-revuelta">Ver producto</Link>
      <Link to="/help">Ver ayuda</Link>
      <Link to="/?page=2">Página 2</Link>
    </div>
  );
}

function renderSite(initial = "/") {
  let homeLoads = 0;
  const gates = {
    home: gate(),
    products: gate(),
    merchant: gate(),
    product: gate(),
    help: gate(),
  };
  const Stub = createRoutesStub([
    {
      id: "routes/public/layout",
      path: "/",
      Component: PublicLayout as unknown as ComponentType,
      loader: () => ({ publicUrl: "https://tiangue.test", year: 2026 }),
      HydrateFallback: () => null,
      children: [
        {
          index: true,
          Component: () => <Page title="Inicio" />,
          // The first load answers at once; a later one (?page=2) waits for its gate.
          loader: () => (homeLoads++ === 0 ? { ok: true } : gates.home.loader()),
        },
        {
          path: "products",
          Component: () => <Page title="Productos" />,
          loader: gates.products.loader,
        },
        {
          path: "merchants/:slug",
          Component: () => <Page title="Comercio" />,
          loader: gates.merchant.loader,
        },
        {
          path: "products/:slug",
          Component: () => <Page title="Producto" />,
          loader: gates.product.loader,
        },
        { path: "help", Component: () => <Page title="Ayuda" />, loader: gates.help.loader },
      ],
    },
  ]);
  const view = render(<Stub initialEntries={[initial]} />);
  return { gates, container: view.container };
}

const pendingShape = (container: HTMLElement) =>
  container.querySelector("[data-pending]")?.getAttribute("data-pending") ?? null;
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const findPending = (container: HTMLElement) =>
  screen.findByText(
    (_content, element) => element === container.querySelector("[data-pending]"),
    {},
    { timeout: 3000 },
  );

describe("the public layout while a page loads", () => {
  it("shows no stand-in on the first load", async () => {
    const { container } = renderSite("/");
    await screen.findByRole("heading", { name: "Inicio" });
    await wait(PENDING_DELAY_MS * 3);
    expect(pendingShape(container)).toBeNull();
    expect(screen.queryByText(MASCOT_MESSAGES[0])).toBeNull();
    expect(screen.getByRole("heading", { name: "Inicio" })).toBeTruthy();
  });

  it("shows the product grid skeleton on the way to /products, then the page", async () => {
    const { gates, container } = renderSite("/");
    await screen.findByRole("heading", { name: "Inicio" });
    await userEvent.click(screen.getByRole("link", { name: "Ver productos" }));

    await findPending(container);
    expect(pendingShape(container)).toBe("products");
    expect(container.querySelectorAll("[data-pending] li").length).toBe(12);
    // The page being left is hidden meanwhile, not shown half-replaced.
    expect(screen.queryByRole("heading", { name: "Inicio" })).toBeNull();
    expect(screen.getByRole("progressbar", { name: "Cargando página" })).toBeTruthy();

    await act(async () => gates.products.open());
    await screen.findByRole("heading", { name: "Productos" });
    expect(pendingShape(container)).toBeNull();
  });

  it("matches the destination: a merchant page, a product page", async () => {
    const { gates, container } = renderSite("/");
    await screen.findByRole("heading", { name: "Inicio" });
    await userEvent.click(screen.getByRole("link", { name: "Ver comercio" }));
    await findPending(container);
    expect(pendingShape(container)).toBe("merchant");
    await act(async () => gates.merchant.open());
    await screen.findByRole("heading", { name: "Comercio" });

    await userEvent.click(screen.getByRole("link", { name: "Ver producto" }));
    await findPending(container);
    expect(pendingShape(container)).toBe("product");
    await act(async () => gates.product.open());
    await screen.findByRole("heading", { name: "Producto" });
  });

  it("shows the mascot and its messages for a page without a skeleton", async () => {
    const { container } = renderSite("/");
    await screen.findByRole("heading", { name: "Inicio" });
    await userEvent.click(screen.getByRole("link", { name: "Ver ayuda" }));
    const message = await screen.findByText(MASCOT_MESSAGES[0], {}, { timeout: 3000 });
    expect(pendingShape(container)).toBe("mascot");
    expect(message.getAttribute("role")).toBe("status");
    expect(message.getAttribute("aria-live")).toBe("polite");
  });

  it("keeps the page on screen when only its query string changes (?page=)", async () => {
    const { gates, container } = renderSite("/");
    await screen.findByRole("heading", { name: "Inicio" });
    await userEvent.click(screen.getByRole("link", { name: "Página 2" }));
    await wait(PENDING_DELAY_MS * 3);
    // Still loading (the bar says so), but the page stays: no stand-in replaces it.
    expect(screen.getByRole("progressbar", { name: "Cargando página" })).toBeTruthy();
    expect(pendingShape(container)).toBeNull();
    expect(screen.getByRole("heading", { name: "Inicio" })).toBeTruthy();
    await act(async () => gates.home.open());
  });
});

describe("pendingShapeOf", () => {
  it("reads the destination's shape from its URL", () => {
    expect(pendingShapeOf("/products")).toBe("products");
    expect(pendingShapeOf("/products/")).toBe("products");
    expect(pendingShapeOf("/merchants")).toBe("merchants");
    expect(pendingShapeOf("/merchants/la-ceiba")).toBe("merchant");
    expect(pendingShapeOf("/products/pupusa")).toBe("product");
    expect(pendingShapeOf("/categories/cafe")).toBe("merchants");
    expect(pendingShapeOf("/categories/cafe", "?tab=productos")).toBe("products");
    for (const path of ["/", "/search", "/cart", "/help", "/categories"]) {
      expect(pendingShapeOf(path), path).toBe("mascot");
    }
  });
});

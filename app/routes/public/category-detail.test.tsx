import { render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { aPublicMerchant } from "../../test/merchants";
import type { CategoryDto } from "../../../shared/api-types";
import { aProduct } from "../../test/test-utils";
import CategoryDetail, { loader } from "./category-detail";
import type { Route } from "./+types/category-detail";

const category: CategoryDto = {
  id: 7,
  name: "Artesanías",
  slug: "artesanias",
  icon: "🧺",
  imageUrl: null,
  merchantCount: 70,
  productCount: 2,
};

const twoProducts = [1, 2].map((n) =>
  aProduct({ id: n, name: `Canasta ${n}`, slug: `canasta-${n}`, categoryId: category.id }),
);

/** Services holding 70 merchants and two products in the category, answering pages. */
function renderCategory(url: string) {
  const all = Array.from({ length: 70 }, (_, i) =>
    aPublicMerchant(i + 1, { categoryId: category.id }),
  );
  const merchants = {
    listPublic: vi.fn(async (_filter: unknown, page: { limit: number; offset: number }) => ({
      items: all.slice(page.offset, page.offset + page.limit),
      total: all.length,
    })),
    countPublic: vi.fn(async () => all.length),
  };
  const products = { listPublic: vi.fn(async () => ({ items: twoProducts, total: 2 })) };
  const services = { categories: { getBySlug: async () => category }, merchants, products };
  const Stub = createRoutesStub([
    {
      path: "/categories/:categorySlug",
      Component: CategoryDetail as unknown as ComponentType,
      HydrateFallback: () => null,
      loader: (args) => loader({ ...args, context: { services } } as unknown as Route.LoaderArgs),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return { merchants, products };
}

describe("a category's merchants tab", () => {
  it("shows one page of merchants, the total in the tab and links to the other pages", async () => {
    const fake = renderCategory("/categories/artesanias?page=2");
    await screen.findByRole("heading", { level: 1, name: "Artesanías" });
    expect(fake.merchants.listPublic).toHaveBeenCalledWith(
      { categoryId: 7 },
      { limit: 30, offset: 30 },
    );
    // Only the tab shown is loaded: the products tab's label is the category's stored count.
    expect(fake.products.listPublic).not.toHaveBeenCalled();
    expect(screen.getByRole("tab", { name: "Comercios (70)" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Productos (2)" })).toBeTruthy();
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getAllByRole("article")).toHaveLength(30);
    expect(within(panel).getByRole("heading", { name: "Comercio 31" })).toBeTruthy();
    const pages = within(panel).getByRole("navigation", { name: "Paginación" });
    expect(within(pages).getByRole("link", { name: "Página 3" }).getAttribute("href")).toBe(
      "/categories/artesanias?page=3",
    );
  });

  it("offers the first page when ?page is past the end", async () => {
    renderCategory("/categories/artesanias?page=9");
    await screen.findByRole("heading", { level: 1, name: "Artesanías" });
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByText(/Esta página no tiene comercios/)).toBeTruthy();
    expect(
      within(panel).getByRole("link", { name: "Ir a la primera página" }).getAttribute("href"),
    ).toBe("/categories/artesanias");
  });
});

describe("a category's products tab", () => {
  it("loads the products and only the merchants' count, and back on the merchants tab its list", async () => {
    const fake = renderCategory("/categories/artesanias?tab=productos");
    const productsTab = await screen.findByRole("tab", { name: "Productos (2)" });
    expect(productsTab.getAttribute("aria-selected")).toBe("true");
    expect(fake.merchants.countPublic).toHaveBeenCalledWith({ categoryId: 7 });
    expect(fake.merchants.listPublic).not.toHaveBeenCalled();
    expect(fake.products.listPublic).toHaveBeenCalledWith(
      expect.objectContaining({ categoryId: 7, offset: 0 }),
    );
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByRole("heading", { name: "Canasta 2" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Comercios (70)" })).toBeTruthy();

    await userEvent.click(screen.getByRole("tab", { name: "Comercios (70)" }));
    await screen.findByRole("heading", { name: "Comercio 1" });
    expect(fake.merchants.listPublic).toHaveBeenCalledWith(
      { categoryId: 7 },
      { limit: 30, offset: 0 },
    );
    expect(within(screen.getByRole("tabpanel")).getAllByRole("article")).toHaveLength(30);
  });
});

describe("the category page's data", () => {
  const call = (url: string, services: unknown) =>
    loader({
      request: new Request(`http://localhost${url}`),
      params: { categorySlug: "artesanias" },
      context: { services },
    } as unknown as Route.LoaderArgs);

  it("holds only what the cards show, not each merchant's or product's every field", async () => {
    const merchant = aPublicMerchant(1, { categoryId: category.id });
    const services = {
      categories: { getBySlug: async () => category },
      merchants: {
        listPublic: async () => ({ items: [merchant], total: 1 }),
        countPublic: async () => 1,
      },
      products: { listPublic: async () => ({ items: twoProducts, total: 2 }) },
    };
    const merchantsTab = await call("/categories/artesanias", services);
    expect(merchantsTab.merchants[0]).toMatchObject({ slug: merchant.slug, name: merchant.name });
    // Contacts and ids stay on the server: the page's data is serialised into its HTML.
    expect(merchantsTab.merchants[0]).not.toHaveProperty("phone");
    expect(merchantsTab.merchants[0]).not.toHaveProperty("email");
    expect(merchantsTab.merchants[0]).not.toHaveProperty("id");

    const productsTab = await call("/categories/artesanias?tab=productos", services);
    expect(productsTab.products[0]).toMatchObject({
      slug: "canasta-1",
      price: twoProducts[0]!.price,
    });
    expect(productsTab.products[0]).not.toHaveProperty("description");
    expect(productsTab.products[0]).not.toHaveProperty("id");
  });
});

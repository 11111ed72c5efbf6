import { render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { aPublicMerchant } from "../../../tests/fixtures/merchants";
import type { CategoryDto } from "../../../shared/api-types";
import CategoryDetail, { loader } from "./category-detail";
import type { Route } from "./+types/category-detail";

const category: CategoryDto = {
  id: 7,
  name: "Artesanías",
  slug: "artesanias",
  icon: "🧺",
  imageUrl: null,
  merchantCount: 70,
  productCount: 0,
};

/** Services holding 70 merchants and no product in the category, answering pages. */
function renderCategory(url: string) {
  const all = Array.from({ length: 70 }, (_, i) =>
    aPublicMerchant(i + 1, { categoryId: category.id }),
  );
  const merchants = {
    listPublic: vi.fn(async (_filter: unknown, page: { limit: number; offset: number }) => ({
      items: all.slice(page.offset, page.offset + page.limit),
      total: all.length,
    })),
  };
  const products = { listPublic: vi.fn(async () => ({ items: [], total: 0 })) };
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
    // ?page= pages the tab shown: the products tab stays on its first page.
    expect(fake.products.listPublic).toHaveBeenCalledWith(
      expect.objectContaining({ categoryId: 7, offset: 0 }),
    );
    expect(screen.getByRole("tab", { name: "Comercios (70)" })).toBeTruthy();
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

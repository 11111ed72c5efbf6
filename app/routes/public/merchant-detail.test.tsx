import { render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { aPublicMerchant } from "../../test/merchants";
import { aProduct } from "../../test/test-utils";
import MerchantDetail, { loader } from "./merchant-detail";
import type { Route } from "./+types/merchant-detail";

// The merchant page's products tab is paged like /products (issue 15.7): 60 a page, ?page=.

const merchant = aPublicMerchant(7, { name: "Pupusería La Ceiba", slug: "pupuseria-la-ceiba" });

function renderMerchant(url: string, total: number, shown = merchant) {
  const all = Array.from({ length: total }, (_, i) =>
    aProduct({ id: i + 1, name: `Producto ${i + 1}`, slug: `producto-${i + 1}` }),
  );
  const products = {
    listPublic: vi.fn(async (filter: { limit: number; offset: number }) => ({
      items: all.slice(filter.offset, filter.offset + filter.limit),
      total,
    })),
  };
  const services = {
    merchants: { getPublic: async () => shown },
    products,
    reviews: {
      listPublic: async () => ({ items: [], total: 0, page: 1, pageSize: 10 }),
      verifiedCount: async () => 3,
    },
  };
  const Stub = createRoutesStub([
    {
      path: "/merchants/:merchantSlug",
      Component: MerchantDetail as unknown as ComponentType,
      HydrateFallback: () => null,
      loader: (args) =>
        loader({
          ...args,
          context: { services, config: { publicUrl: "https://tiangue.test" } },
        } as unknown as Route.LoaderArgs),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return { products };
}

// Role queries walk the whole (big) DOM on every retry: the h1 is found by its tag.
const heading = () =>
  screen.findByText("Pupusería La Ceiba", { selector: "h1" }, { timeout: 5000 });

const productsPanel = () =>
  screen.getAllByRole("tabpanel").find((panel) => panel.id.endsWith("products"))!;

describe("a merchant's products tab", () => {
  // A big DOM for role queries on a shared machine: more time than the default 5 s.
  it(
    "shows one page of 60 products, the full count and links to every page",
    { timeout: 20_000 },
    async () => {
      const fake = renderMerchant("/merchants/pupuseria-la-ceiba?page=2", 130);
      await heading();
      expect(fake.products.listPublic).toHaveBeenCalledWith({
        merchantId: 7,
        limit: 60,
        offset: 60,
      });
      expect(screen.getByRole("tab", { name: "Productos (130)" })).toBeTruthy();
      const panel = productsPanel();
      expect(panel.querySelectorAll("article")).toHaveLength(60);
      expect(panel.querySelector("article h3")?.textContent).toBe("Producto 61");
      const pages = within(panel).getByRole("navigation", { name: "Paginación" });
      expect(within(pages).getByText("Página 2 de 3")).toBeTruthy();
      // Plain links: they work before (and without) JavaScript.
      expect(within(pages).getByRole("link", { name: "Página 3" }).getAttribute("href")).toBe(
        "/merchants/pupuseria-la-ceiba?page=3",
      );
      expect(
        within(pages)
          .getByRole("link", { name: /Anterior/ })
          .getAttribute("href"),
      ).toBe("/merchants/pupuseria-la-ceiba");
    },
  );

  it("has no page links when everything fits on one page", async () => {
    renderMerchant("/merchants/pupuseria-la-ceiba", 12);
    await heading();
    const panel = productsPanel();
    expect(panel.querySelectorAll("article")).toHaveLength(12);
    expect(within(panel).queryByRole("navigation", { name: "Paginación" })).toBeNull();
    // Issue 37: how many of its reviews are verified purchases.
    expect(screen.getByTestId("verified-reviews").textContent).toContain("3 compras verificadas");
  });

  it("offers the first page when ?page is past the end", async () => {
    renderMerchant("/merchants/pupuseria-la-ceiba?page=9", 130);
    await heading();
    const panel = productsPanel();
    expect(within(panel).getByText(/Esta página no tiene productos/)).toBeTruthy();
    expect(
      within(panel).getByRole("link", { name: "Ir a la primera página" }).getAttribute("href"),
    ).toBe("/merchants/pupuseria-la-ceiba");
  });
});

describe("a shop that closes at lunch (issue 36)", () => {
  it("shows both ranges of a split day and gives JSON-LD one opening each", async () => {
    const lunch = aPublicMerchant(7, {
      name: "Pupusería La Ceiba",
      slug: "pupuseria-la-ceiba",
      schedule: JSON.stringify({
        monday: {
          ranges: [
            { open: "09:00", close: "12:00" },
            { open: "14:00", close: "18:00" },
          ],
          closed: false,
        },
        tuesday: { open: "09:00", close: "18:00" },
      }),
    });
    renderMerchant("/merchants/pupuseria-la-ceiba", 0, lunch);
    await heading();
    const monday = screen.getByText("Lunes", { selector: "th" }).closest("tr")!;
    expect(monday.querySelector("td")?.textContent).toBe(
      "9:00 a. m. – 12:00 p. m., 2:00 p. m. – 6:00 p. m.",
    );
    const tuesday = screen.getByText("Martes", { selector: "th" }).closest("tr")!;
    expect(tuesday.querySelector("td")?.textContent).toBe("9:00am - 6:00pm");
    const ld = [...document.querySelectorAll('script[type="application/ld+json"]')]
      .map((s) => JSON.parse(s.textContent ?? "{}") as Record<string, unknown>)
      .find((data) => data["@type"] === "LocalBusiness")!;
    expect(ld.openingHoursSpecification).toEqual([
      expect.objectContaining({
        dayOfWeek: "https://schema.org/Monday",
        opens: "09:00",
        closes: "12:00",
      }),
      expect.objectContaining({
        dayOfWeek: "https://schema.org/Monday",
        opens: "14:00",
        closes: "18:00",
      }),
      expect.objectContaining({
        dayOfWeek: "https://schema.org/Tuesday",
        opens: "09:00",
        closes: "18:00",
      }),
    ]);
  });
});

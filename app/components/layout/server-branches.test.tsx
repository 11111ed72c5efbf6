import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProductDto } from "../../../shared/api-types";

/**
 * Issue 13: a few components still take a cheaper path in the server build
 * (import.meta.env.SSR): the header's navigation links and cart count, and SiteLink's plain
 * links (in the footer and in every card). Hydration needs their HTML to be the browser's
 * first render exactly: each is rendered both ways here and compared. (The cards and reviews
 * written from templates, which this once compared too, are gone: docs/decisions/0041.)
 */
async function modules(ssr: boolean) {
  vi.resetModules();
  vi.stubEnv("SSR", ssr);
  const [rr, header, footer, cards, cart] = await Promise.all([
    import("react-router"),
    import("./site-header"),
    import("./site-footer"),
    import("../catalogue/product-card"),
    import("../cart-checkout/add-to-cart-button"),
  ]);
  return { rr, header, footer, cards, cart };
}
type Modules = Awaited<ReturnType<typeof modules>>;

async function bothWays(at: string, tree: (m: Modules) => ReactNode) {
  const html: string[] = [];
  for (const ssr of [true, false]) {
    const m = await modules(ssr);
    const Stub = m.rr.createRoutesStub([{ path: "*", Component: () => tree(m) }]);
    html.push(renderToString(<Stub initialEntries={[at]} />));
  }
  return html;
}

const PRODUCT = {
  slug: "pan-dulce",
  name: "Pan dulce",
  imageUrl: "/uploads/p/1-800.webp",
  price: "1.50",
  rating: "4.5",
  reviewCount: 2,
  merchantName: "Panadería",
} satisfies Partial<ProductDto>;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

// Each case imports the components twice, fresh: slow on a busy machine.
describe("server and browser render the same HTML", { timeout: 30_000 }, () => {
  it.each(["/", "/products/pan-dulce", "/merchants", "/Merchants/x", "/productsx", "/search"])(
    "the header and footer at %s",
    async (at) => {
      const [server, browser] = await bothWays(at, (m) => (
        <>
          <m.header.SiteHeader />
          <m.footer.SiteFooter year={2026} />
        </>
      ));
      expect(server).toContain('data-discover="true"');
      expect(server).toBe(browser);
    },
  );

  it("a product grid and the add-to-cart button", async () => {
    const [server, browser] = await bothWays("/merchants/m", (m) => (
      <>
        <m.cards.ProductGrid products={[PRODUCT, { ...PRODUCT, slug: "pan-2" }]} />
        <m.cart.AddToCartButton productId={3} />
      </>
    ));
    expect(server).toBe(browser);
  });
});

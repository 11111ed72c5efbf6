import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProductDto, ReviewDto } from "../../shared/api-types";

/**
 * Issue 13: a few components take a cheaper path in the server build (import.meta.env.SSR):
 * static links, no query observers. Hydration needs their HTML to be the browser's first
 * render exactly: each is rendered both ways here and compared.
 */
async function modules(ssr: boolean) {
  vi.resetModules();
  vi.stubEnv("SSR", ssr);
  const [rr, query, client, header, footer, reviews, cards, cart, tabs, lazyForm] =
    await Promise.all([
      import("react-router"),
      import("@tanstack/react-query"),
      import("../lib/query-client"),
      import("../components/layout/site-header"),
      import("../components/layout/site-footer"),
      import("../components/reviews/review-list"),
      import("../components/catalogue/product-card"),
      import("../components/cart-checkout/add-to-cart-button"),
      import("../components/ui/tabs"),
      import("../components/reviews/lazy-review-form"),
    ]);
  // The server's writers from React's templates (decision 0023), loaded beside their modules.
  await Promise.all([cards.serverCardMarkupLoaded, reviews.serverReviewMarkupLoaded]);
  return { rr, query, client, header, footer, reviews, cards, cart, tabs, lazyForm };
}
type Modules = Awaited<ReturnType<typeof modules>>;

async function bothWays(at: string, tree: (m: Modules) => ReactNode) {
  const html: string[] = [];
  for (const ssr of [true, false]) {
    const m = await modules(ssr);
    const Stub = m.rr.createRoutesStub([{ path: "*", Component: () => tree(m) }]);
    html.push(
      renderToString(
        <m.query.QueryClientProvider client={m.client.createQueryClient()}>
          <Stub initialEntries={[at]} />
        </m.query.QueryClientProvider>,
      ),
    );
  }
  return html;
}

function review(id: number): ReviewDto {
  return {
    id,
    userId: `user-${id}`,
    userName: `Cliente ${id}`,
    rating: 4,
    comment: `Comentario ${id}`,
    merchantId: null,
    productId: 3,
    isApproved: true,
    createdAt: "2026-03-02T16:00:00.000Z",
    updatedAt: "2026-03-02T16:00:00.000Z",
    verifiedPurchase: false,
    reply: null,
  };
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

  it.each([
    ["no first page", undefined],
    ["an empty first page", { items: [], total: 0 }],
    ["every review", { items: [review(1), review(2)], total: 2 }],
    ["more to load", { items: [review(1), review(2)], total: 7 }],
  ])("the review list with %s", async (_, initialPage) => {
    const [server, browser] = await bothWays("/products/p", (m) => (
      <m.reviews.ReviewList productId={3} initialPage={initialPage} rating="4.2" />
    ));
    expect(server).toBe(browser);
  });

  // The tabs render alike on both sides; the templated lists inside their panels do not.
  it.each(["products", "reviews"])("the merchant page's tabs, %s first", async (first) => {
    const [server, browser] = await bothWays("/merchants/m", (m) => (
      <>
        <m.reviews.ReviewList merchantId={8} initialPage={{ items: [review(9)], total: 1 }} />
        <m.tabs.PageTabs defaultValue={first} className="mt-10">
          <m.tabs.PageTabsList aria-label="Secciones del comercio">
            <m.tabs.PageTabsTrigger value="products">Productos (3)</m.tabs.PageTabsTrigger>
            <m.tabs.PageTabsTrigger value="reviews">Reseñas (1)</m.tabs.PageTabsTrigger>
            <m.lazyForm.WriteReviewTabTrigger value="write-review" />
          </m.tabs.PageTabsList>
          <m.tabs.PageTabsContent value="products">
            <m.cards.ProductGrid products={[PRODUCT]} />
          </m.tabs.PageTabsContent>
          <m.tabs.PageTabsContent
            value="reviews"
            forceMount
            className="data-[state=inactive]:hidden"
          >
            <m.reviews.ReviewList merchantId={1} initialPage={{ items: [review(1)], total: 3 }} />
          </m.tabs.PageTabsContent>
          <m.tabs.PageTabsContent value="write-review">
            <m.lazyForm.LazyReviewForm merchantId={1} />
          </m.tabs.PageTabsContent>
        </m.tabs.PageTabs>
        <m.reviews.ReviewList productId={2} initialPage={{ items: [], total: 0 }} />
      </>
    ));
    // Each panel names its tab by an id from useId, which must come out the same both ways.
    const page = document.createElement("div");
    page.innerHTML = server;
    const panels = [...page.querySelectorAll('[role="tabpanel"]')];
    expect(panels).toHaveLength(3);
    for (const panel of panels) {
      const tab = page.querySelector(`[id="${panel.getAttribute("aria-labelledby")}"]`);
      expect(tab?.getAttribute("role")).toBe("tab");
    }
    expect(server).toBe(browser);
  });
});

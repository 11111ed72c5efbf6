import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ProductCardData } from "../components/catalogue/product-card";

/**
 * The server writes most product cards from templates cut out of React's own HTML
 * (product-card-markup.ts). Hydration needs that HTML to be exactly what React writes for the
 * card: every kind of card, with awkward values, is compared with React's render here.
 */
async function serverModules() {
  vi.resetModules();
  vi.stubEnv("SSR", true);
  const card = await import("../components/catalogue/product-card");
  // The card module loads its writer itself: wait for that one instance.
  await card.serverCardMarkupLoaded;
  const markup = await import("./product-card-markup");
  const templates = await import("./react-templates");
  return { card, markup, templates };
}
let m: Awaited<ReturnType<typeof serverModules>>;

beforeAll(async () => {
  // Loaded by the card module, which renders every kind as the server does at start.
  m = await serverModules();
});

const BASE: ProductCardData = {
  slug: "pan-dulce",
  name: "Pan dulce",
  imageUrl: "/api/placeholder/800/800",
  price: "1.50",
};

const CASES: [string, ProductCardData][] = [
  ["bare, as search results list them", BASE],
  ["with its seller", { ...BASE, merchantName: "Panadería Doña Tere" }],
  ["no picture", { ...BASE, imageUrl: "", merchantName: "Panadería" }],
  ["an uploaded picture (srcset)", { ...BASE, imageUrl: "/uploads/products/7-1200.webp" }],
  ["an upload at 800", { ...BASE, imageUrl: "/uploads/products/7-800.webp", rating: "3.0" }],
  ["an upload too small for a srcset", { ...BASE, imageUrl: "/uploads/products/7-400.webp" }],
  ["a picture in a bucket", { ...BASE, imageUrl: "http://localhost/cdn/p/7.webp?v=1&w=2" }],
  ["rating without count", { ...BASE, rating: "4.5" }],
  ["one review", { ...BASE, rating: "5.00", reviewCount: 1, merchantName: "Café" }],
  ["no reviews", { ...BASE, rating: "0", reviewCount: 0, merchantName: "Café" }],
  ["many reviews", { ...BASE, rating: "2.49", reviewCount: 1234, merchantName: "Café" }],
  ["an unreadable rating", { ...BASE, rating: "n/a", reviewCount: 3 }],
  [
    "markup and quotes in every text",
    {
      slug: "a-b_c-1",
      name: `<script>alert("x")</script> & 'co' ©`,
      imageUrl: `/uploads/"x'<y>&-1200.webp`,
      price: "12345678.9",
      merchantName: `"Tienda" <b>&</b> 'uno'`,
      rating: "4.96",
      reviewCount: 2,
    },
  ],
  ["a price that is not a number", { ...BASE, price: "<n/a>" }],
  // Issue 36.
  ["sold out", { ...BASE, available: false, merchantName: "Panadería" }],
  ["with variants: 'Desde'", { ...BASE, priceFrom: true, rating: "4.0", reviewCount: 3 }],
  ["both", { ...BASE, available: false, priceFrom: true }],
];

describe("product cards written from React's templates", () => {
  it.each(CASES)("%s: the same HTML as React's", (_, product) => {
    for (const headingLevel of ["h2", "h3"] as const) {
      const html = m.markup.productCardMarkup(product, { priority: false, headingLevel });
      expect(html).not.toBeNull();
      expect(html).toBe(
        renderToString(
          <m.card.ProductCard product={product} priority={false} headingLevel={headingLevel} />,
        ),
      );
    }
  });

  it("escapes what the shopper's browser would otherwise read as markup", () => {
    const hostile = CASES.find(([name]) => name === "markup and quotes in every text")![1];
    const html = m.markup.productCardMarkup(hostile, { priority: false })!;
    expect(html).not.toContain("<script>");
    expect(html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;co&#x27;",
    );
  });

  it("leaves to React the cards it writes otherwise", () => {
    const write = (product: ProductCardData, priority = false) =>
      m.markup.productCardMarkup(product, { priority });
    // A picture with priority: React also adds its preload to the page's head.
    expect(write(BASE, true)).toBeNull();
    // Not a plain path: React Router's <Link> writes that link.
    expect(write({ ...BASE, slug: "../x" })).toBeNull();
    // React rewrites javascript: URLs.
    expect(write({ ...BASE, imageUrl: "javascript:alert(1)" })).toBeNull();
    expect(write(BASE)).not.toBeNull();
  });

  it("writes nothing before its templates are rendered", async () => {
    vi.resetModules();
    vi.stubEnv("SSR", false);
    // The module alone, as the browser never loads it: no kind rendered yet.
    const markup = await import("./product-card-markup");
    expect(markup.productCardMarkup(BASE, { priority: false })).toBeNull();
    vi.unstubAllEnvs();
  });

  it("the grid writes the same HTML with and without the templates", async () => {
    const products = CASES.map(([, product], i) => ({ ...product, slug: `p-${i}` }));
    const grid = renderToString(<m.card.ProductGrid products={products} eagerCount={2} />);
    const byReact = renderToString(
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6 cards-render-near-screen">
        {products.map((product, i) => (
          <li key={product.slug}>
            <m.card.ProductCard product={product} priority={i < 2} />
          </li>
        ))}
      </ul>,
    );
    expect(grid).toBe(byReact);
    // …and the cards after the first two came from the templates.
    expect(m.markup.productCardMarkup(products[2]!, { priority: false })).not.toBeNull();
  });

  it("the grid writes each card but those with priority from its template", () => {
    const products = CASES.map(([, product], i) => ({ ...product, slug: `p-${i}` }));
    const get = vi
      .spyOn(m.templates.TemplateKinds.prototype, "get")
      .mockReturnValue({ statics: ["<b>from a template</b>"], holes: [] });
    try {
      const grid = renderToString(<m.card.ProductGrid products={products} eagerCount={2} />);
      expect(grid.split("<li><b>from a template</b></li>")).toHaveLength(products.length - 2 + 1);
    } finally {
      get.mockRestore();
    }
  });
});

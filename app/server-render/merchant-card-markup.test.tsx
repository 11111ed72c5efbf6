import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { MerchantCardData } from "../components/catalogue/merchant-card";

/**
 * The server writes merchant cards from templates cut out of React's own HTML
 * (merchant-card-markup.ts). Hydration needs that HTML to be exactly what React writes: each
 * kind of card, with awkward values, is compared with React's render here.
 */
async function serverModules() {
  vi.resetModules();
  vi.stubEnv("SSR", true);
  const card = await import("../components/catalogue/merchant-card");
  // The card module loads its writer itself: wait for that one instance.
  await card.serverCardMarkupLoaded;
  const markup = await import("./merchant-card-markup");
  const templates = await import("./react-templates");
  return { card, markup, templates };
}
const afterThisPage = () => new Promise((resolve) => setImmediate(resolve));
let m: Awaited<ReturnType<typeof serverModules>>;
beforeAll(async () => {
  m = await serverModules();
});

/** Wednesday 2026-03-04, 10:30 in El Salvador. */
const NOW = "2026-03-04T16:30:00.000Z";
const WEEK = JSON.stringify({
  monday: { open: "08:00", close: "18:00" },
  wednesday: { open: "08:00", close: "18:00" },
  thursday: { open: "13:00", close: "18:00" },
});

const BASE: MerchantCardData = {
  slug: "panaderia-tere",
  name: "Panadería Doña Tere",
  description: "Pan dulce salvadoreño, horneado cada mañana.",
  imageUrl: "/api/placeholder/1200/400",
  logoUrl: "/api/placeholder/256/256",
  address: "Calle Arce #12, San Salvador",
  department: "San Salvador",
  municipality: "San Salvador Centro",
  rating: "4.50",
  reviewCount: 12,
  productCount: 30,
  schedule: WEEK,
  temporarilyClosed: false,
  specialDates: [],
};

const CASES: [string, MerchantCardData, string | undefined][] = [
  ["open now", BASE, NOW],
  ["without the loader's clock", BASE, undefined],
  [
    "closed now, opens later today",
    { ...BASE, schedule: JSON.stringify({ wednesday: { open: "13:00", close: "18:00" } }) },
    NOW,
  ],
  [
    "closed today",
    { ...BASE, schedule: JSON.stringify({ monday: { open: "08:00", close: "18:00" } }) },
    NOW,
  ],
  ["temporarily closed", { ...BASE, temporarilyClosed: true }, NOW],
  [
    "closed for a special date",
    { ...BASE, specialDates: [{ date: "2026-03-04", closed: true, open: null, close: null }] },
    NOW,
  ],
  ["an unreadable schedule", { ...BASE, schedule: "lunes a viernes" }, NOW],
  ["no picture, no logo", { ...BASE, imageUrl: null, logoUrl: null }, NOW],
  [
    "uploaded picture and logo",
    {
      ...BASE,
      imageUrl: "/uploads/merchants/3-1200.webp",
      logoUrl: "/uploads/merchants/4-800.webp",
    },
    NOW,
  ],
  [
    "a picture in a bucket",
    { ...BASE, imageUrl: "http://localhost/cdn/m/3.webp?v=1&w=2", logoUrl: null },
    NOW,
  ],
  ["no description", { ...BASE, description: "" }, NOW],
  ["one review, one product", { ...BASE, reviewCount: 1, productCount: 1, rating: "5.00" }, NOW],
  ["no reviews, no products", { ...BASE, reviewCount: 0, productCount: 0, rating: "0" }, NOW],
  ["only a department", { ...BASE, municipality: null }, NOW],
  ["only an address", { ...BASE, municipality: null, department: null }, NOW],
  [
    "markup and quotes in every text",
    {
      ...BASE,
      slug: "a_b-2",
      name: `<script>alert("x")</script> & 'co'`,
      description: `"Lo mejor" <b>&</b> 'más'`,
      municipality: `<Soyapango> & "otros"`,
      imageUrl: `/uploads/"x'<y>&-1200.webp`,
      rating: "2.349",
    },
    NOW,
  ],
];

describe("merchant cards written from React's templates", () => {
  it.each(CASES)("%s: the same HTML as React's", async (_, merchant, now) => {
    for (const headingLevel of ["h2", "h3"] as const) {
      const write = () =>
        m.markup.merchantCardMarkup(merchant, { priority: false, headingLevel, now });
      // A kind is rendered after the page that first needs it; that page's card is React's.
      write();
      await afterThisPage();
      const html = write();
      expect(html).not.toBeNull();
      expect(html).toBe(
        renderToString(
          <m.card.MerchantCard
            merchant={merchant}
            priority={false}
            headingLevel={headingLevel}
            now={now}
          />,
        ),
      );
    }
  });

  it("escapes what the shopper's browser would otherwise read as markup", () => {
    const html = m.markup.merchantCardMarkup(CASES.at(-1)![1], { priority: false, now: NOW })!;
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;Soyapango&gt; &amp; &quot;otros&quot;");
  });

  it("leaves to React the cards it writes otherwise", () => {
    const write = (merchant: MerchantCardData, priority = false) =>
      m.markup.merchantCardMarkup(merchant, { priority, now: NOW });
    expect(write(BASE, true)).toBeNull();
    expect(write({ ...BASE, slug: "../x" })).toBeNull();
    expect(write({ ...BASE, logoUrl: "javascript:alert(1)" })).toBeNull();
    expect(write(BASE)).not.toBeNull();
  });

  it("the grid writes the same HTML with and without the templates", async () => {
    const merchants = CASES.map(([, merchant], i) => ({ ...merchant, slug: `m-${i}` }));
    const grid = () =>
      renderToString(<m.card.MerchantGrid merchants={merchants} eagerCount={2} now={NOW} />);
    grid();
    await afterThisPage();
    const byReact = renderToString(
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 cards-render-near-screen [--card-height:430px]">
        {merchants.map((merchant, i) => (
          <li key={merchant.slug}>
            <m.card.MerchantCard merchant={merchant} priority={i < 2} now={NOW} />
          </li>
        ))}
      </ul>,
    );
    expect(grid()).toBe(byReact);
    // …and the cards after the first two came from the templates.
    expect(
      m.markup.merchantCardMarkup(merchants[2]!, { priority: false, now: NOW }),
    ).not.toBeNull();
  });

  it("the grid writes each card but those with priority from its template", () => {
    const merchants = CASES.map(([, merchant], i) => ({ ...merchant, slug: `m-${i}` }));
    const get = vi
      .spyOn(m.templates.TemplateKinds.prototype, "get")
      .mockReturnValue({ statics: ["<b>from a template</b>"], holes: [] });
    try {
      const grid = renderToString(
        <m.card.MerchantGrid merchants={merchants} eagerCount={2} now={NOW} />,
      );
      expect(grid.split("<li><b>from a template</b></li>")).toHaveLength(merchants.length - 2 + 1);
    } finally {
      get.mockRestore();
    }
  });
});

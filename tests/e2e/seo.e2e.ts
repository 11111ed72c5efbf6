import { createRequire } from "node:module";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryDto, MerchantDto, ProductDto } from "../../shared/api-types";
import { baseUrl, DESKTOP, launchBrowser, newPage, PHONE, thirdPartyRequests } from "./fixtures";
import { api, collectConsoleProblems, getJson, open } from "./storefront-support";

// jsdom ships no types (and @types/jsdom isn't installed): only its parser is used here.
const { JSDOM } = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (html: string) => { window: { document: Document } };
};

let browser: Browser;
let category: CategoryDto;
let merchant: MerchantDto;
let product: ProductDto;
let merchantProducts: ProductDto[];

beforeAll(async () => {
  browser = await launchBrowser();
  merchant = await api.merchant("pupuseria-la-ceiba");
  merchantProducts = await api.products(merchant.id);
  product = merchantProducts[0];
  category = (await api.categories()).find((c) => c.id === merchant.categoryId)!;
});

afterAll(async () => {
  await browser?.close();
  expect(thirdPartyRequests).toEqual([]);
});

/** The server's HTML of a page, as a crawler or a link preview gets it (no JavaScript). */
async function rawPage(path: string) {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { accept: "text/html" } });
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  const html = await response.text();
  return { html, document: new JSDOM(html).window.document };
}

function metaContent(document: Document, key: string): string | null {
  const tag =
    document.querySelector(`meta[property="${key}"]`) ??
    document.querySelector(`meta[name="${key}"]`);
  return tag?.getAttribute("content") ?? null;
}

function jsonLd(document: Document): Record<string, unknown>[] {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => {
    const parsed = JSON.parse(script.textContent ?? "") as unknown;
    return (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
  });
}

const absolute = /^https?:\/\/[^/]+\/\S+$/;

/** Width and height from a JPEG's start-of-frame marker (no image library in the browser tests). */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    const marker = bytes[offset + 1];
    const length = (bytes[offset + 2] << 8) | bytes[offset + 3];
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return {
        height: (bytes[offset + 5] << 8) | bytes[offset + 6],
        width: (bytes[offset + 7] << 8) | bytes[offset + 8],
      };
    }
    offset += 2 + length;
  }
  throw new Error("not a JPEG");
}

describe("server-rendered HTML for crawlers and link previews", () => {
  const cases = () => [
    { name: "home", path: "/", heading: null },
    { name: "a category", path: `/categories/${category.slug}`, heading: category.name },
    { name: "a merchant", path: `/merchants/${merchant.slug}`, heading: merchant.name },
    { name: "a product", path: `/products/${product.slug}`, heading: product.name },
  ];

  it.each(["home", "a category", "a merchant", "a product"])(
    "%s has a Spanish title, description, canonical URL and Open Graph tags",
    async (name) => {
      const { path, heading } = cases().find((c) => c.name === name)!;
      const { document } = await rawPage(path);

      expect(document.documentElement.lang).toBe("es");
      const title = document.title;
      expect(title).toMatch(/ \| Tiangue$/);
      if (heading) expect(title).toBe(`${heading} | Tiangue`);

      const description = metaContent(document, "description");
      expect(description?.length ?? 0).toBeGreaterThan(30);
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
        `${baseUrl()}${path}`,
      );
      expect(metaContent(document, "og:title")).toBeTruthy();
      expect(metaContent(document, "og:description")).toBeTruthy();
      expect(metaContent(document, "og:image")).toMatch(absolute);
      expect(metaContent(document, "og:url")).toBe(`${baseUrl()}${path}`);

      // The content itself is in the HTML, not only after JavaScript runs.
      if (heading) expect(document.querySelector("h1")?.textContent).toBe(heading);
    },
  );

  it("the preview picture of each page is served by the product", async () => {
    for (const { path } of cases()) {
      const { document } = await rawPage(path);
      const image = metaContent(document, "og:image")!;
      expect(image.startsWith(baseUrl()), image).toBe(true);
      const response = await fetch(image);
      expect(response.status, image).toBe(200);
      // Every page's preview is a JPEG: chat apps do not reliably show WebP (issue 15.6).
      expect(response.headers.get("content-type"), image).toBe("image/jpeg");
    }
  });

  it.each(["a merchant", "a product"])(
    "%s previews in WhatsApp: a JPEG og:image under 300 KB, of the size its tags say",
    async (name) => {
      const { path } = cases().find((c) => c.name === name)!;
      const { document } = await rawPage(path);
      expect(metaContent(document, "og:image:type")).toBe("image/jpeg");
      const width = Number(metaContent(document, "og:image:width"));
      const height = Number(metaContent(document, "og:image:height"));
      // Merchants: the banner cropped 1200×630; products: their picture 1200 square.
      expect([width, height]).toEqual(name === "a merchant" ? [1200, 630] : [1200, 1200]);
      expect(metaContent(document, "og:image:alt")).toBe(
        name === "a merchant" ? merchant.name : product.name,
      );

      // The demo's pictures predate their previews: the first request makes it, the next reads it.
      const url = metaContent(document, "og:image")!;
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await fetch(url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/jpeg");
        const bytes = new Uint8Array(await response.arrayBuffer());
        expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
        expect(bytes.length).toBeLessThan(300 * 1024);
        const size = jpegSize(bytes);
        expect([size.width, size.height]).toEqual([width, height]);
      }
    },
  );

  it("a merchant page carries LocalBusiness JSON-LD", async () => {
    const { html, document } = await rawPage(`/merchants/${merchant.slug}`);
    const business = jsonLd(document).find((item) => item["@type"] === "LocalBusiness");
    expect(business).toMatchObject({
      "@context": "https://schema.org",
      name: merchant.name,
      telephone: merchant.phone,
      url: `${baseUrl()}/merchants/${merchant.slug}`,
      address: expect.objectContaining({ streetAddress: merchant.address, addressCountry: "SV" }),
    });
    expect(metaContent(document, "og:title")).toContain(merchant.name);
    // JSON-LD escapes '<' so no text in it can close the script tag.
    for (const script of html.match(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g) ??
      []) {
      expect(script.slice(1, -9)).not.toContain("<");
    }
  });

  it("a product page is an Open Graph product with its price, and carries Product JSON-LD", async () => {
    const { document } = await rawPage(`/products/${product.slug}`);
    expect(metaContent(document, "og:type")).toBe("product");
    expect(metaContent(document, "product:price:amount")).toBe(product.price);
    expect(metaContent(document, "product:price:currency")).toBe("USD");
    expect(metaContent(document, "og:title")).toContain(product.name);
    const item = jsonLd(document).find((entry) => entry["@type"] === "Product");
    expect(item).toMatchObject({
      name: product.name,
      offers: expect.objectContaining({ price: product.price, priceCurrency: "USD" }),
    });
    expect((item!.image as string[]).every((src) => absolute.test(src))).toBe(true);
  });

  it("sitemap.xml lists the public merchants and products", async () => {
    const response = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/xml/);
    const xml = await response.text();
    const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    expect(locs).toContain(`${baseUrl()}/`);
    for (const m of await api.merchants())
      expect(locs).toContain(`${baseUrl()}/merchants/${m.slug}`);
    const someProducts = await getJson<ProductDto[]>("/api/products");
    expect(someProducts.length).toBeGreaterThan(0);
    for (const p of [...someProducts, ...merchantProducts]) {
      expect(locs).toContain(`${baseUrl()}/products/${p.slug}`);
    }
    expect([...locs].some((loc) => loc.includes("/admin"))).toBe(false);
  });

  it("robots.txt keeps crawlers out of the admin panel and points at the sitemap", async () => {
    const response = await fetch(`${baseUrl()}/robots.txt`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.split("\n")).toContain("Disallow: /admin");
    expect(text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  });
});

describe("with JavaScript turned off", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    await context.route(/^(?!http:\/\/localhost:\d+\/).*/, (route) => {
      thirdPartyRequests.push(route.request().url());
      return route.abort();
    });
  });

  afterAll(async () => {
    await context?.close();
  });

  it("a merchant page still shows its name, products and schedule", async () => {
    const p = await context.newPage();
    const response = await p.goto(`${baseUrl()}/merchants/${merchant.slug}`);
    expect(response!.status()).toBe(200);
    expect(await p.getByRole("heading", { level: 1 }).textContent()).toBe(merchant.name);
    for (const item of merchantProducts) {
      // Cards far below are laid out only once scrolled near (content-visibility, 0030).
      const link = p.getByRole("link", { name: item.name, exact: true }).first();
      await link.scrollIntoViewIfNeeded();
      expect(await link.isVisible()).toBe(true);
    }
    expect(await p.getByRole("heading", { name: "Horario de atención" }).isVisible()).toBe(true);
    // Pupusería La Ceiba: closed on Mondays, 16:00–22:00 the other days (demo catalogue).
    const row = (day: string) => p.getByRole("row", { name: new RegExp(`^${day}`) });
    expect(await row("Lunes").textContent()).toBe("LunesCerrado");
    expect(await row("Martes").textContent()).toBe("Martes4:00pm - 10:00pm");
    expect(await row("Domingo").textContent()).toBe("Domingo4:00pm - 10:00pm");
    // Issue 12: closed now but opening later today reads 'Abre a las 4:00 p. m.'.
    expect(
      await p
        .getByText(/^(Abierto ahora|Cerrado ahora|Abre a las \d{1,2}:\d{2} [ap]\. m\.)$/)
        .first()
        .isVisible(),
    ).toBe(true);
    // The header menu and search, hidden behind a toggle with JavaScript, are simply shown.
    expect(await p.getByRole("link", { name: "Comercios", exact: true }).isVisible()).toBe(true);
    expect(
      await p.getByRole("combobox", { name: "Buscar comercios y productos" }).isVisible(),
    ).toBe(true);
  });

  it("a product page shows its name, price and the WhatsApp link", async () => {
    const p = await context.newPage();
    await p.goto(`${baseUrl()}/products/${product.slug}`);
    expect(await p.getByRole("heading", { level: 1 }).textContent()).toBe(product.name);
    expect(await p.getByRole("link", { name: /Comprar por WhatsApp/ }).isVisible()).toBe(true);
  });
});

describe("hydration", () => {
  const PATHS = () => [
    "/",
    "/categories",
    `/categories/${category.slug}`,
    "/merchants",
    `/merchants/${merchant.slug}`,
    "/products",
    `/products/${product.slug}`,
    "/search?q=pupusa",
    "/register-merchant",
    "/cart",
    "/help",
    "/terms",
    "/privacy",
  ];
  // React's production build reports mismatches as minified errors #418–#425.
  const HYDRATION = /hydrat|did not match|Minified React error #4(18|19|21|22|23|25)\b/i;

  it.each([
    { label: "375 px", viewport: PHONE },
    { label: "1280 px", viewport: DESKTOP },
  ])("the main pages hydrate without mismatches at $label", async ({ viewport }) => {
    const p = await newPage(browser, viewport);
    try {
      const problems = collectConsoleProblems(p);
      for (const path of PATHS()) {
        await open(p, path);
        await p.waitForLoadState("networkidle");
        const mismatches = problems.filter((text) => HYDRATION.test(text));
        expect(mismatches, path).toEqual([]);
        const crashes = problems.filter((text) => text.startsWith("pageerror:"));
        expect(crashes, path).toEqual([]);
      }
    } finally {
      await p.context().close();
    }
  });
});

describe("client-side navigation", () => {
  it("the first load has no loading stand-in; going to /products shows its grid skeleton", async () => {
    const { html } = await rawPage("/products");
    expect(html).not.toContain("data-pending");

    const p = await newPage(browser, DESKTOP);
    try {
      await open(p, "/");
      // The next page's data is held back a moment, as on a slow connection.
      await p.route(/\/products\.data(\?|$)/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await p.locator("header").getByRole("link", { name: "Productos", exact: true }).click();
      await p.locator('[data-pending="products"]').waitFor({ state: "visible", timeout: 5000 });
      await p.getByRole("heading", { level: 1, name: "Productos" }).waitFor();
      expect(await p.locator("[data-pending]").count()).toBe(0);
    } finally {
      await p.context().close();
    }
  });
});

describe("the notification region", () => {
  it("F8 focuses it before any toast has been shown", async () => {
    const p = await newPage(browser, DESKTOP);
    try {
      await open(p, "/");
      const inRegion = () =>
        p.evaluate(() => {
          const region = document.querySelector(
            '[role="region"][aria-label="Notificaciones (F8)"]',
          );
          return region !== null && region.contains(document.activeElement);
        });
      // Hydration is seen before the region's key listener is attached (an effect): a key
      // pressed in between is lost, so press again for up to 5 s. Without a listener, never.
      let focused = false;
      for (let tries = 0; tries < 25 && !focused; tries++) {
        await p.keyboard.press("F8");
        focused = await inRegion();
        if (!focused) await p.waitForTimeout(200);
      }
      expect(focused).toBe(true);
    } finally {
      await p.context().close();
    }
  });
});

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  launchBrowser,
  newPage,
  PHONE,
  seriousAccessibilityViolations,
  thirdPartyRequests,
} from "./fixtures";
import { api, open } from "./storefront-support";

let browser: Browser;
/** Pages of the demo catalogue (slugs read once from the API). */
let paths: Record<string, string>;

beforeAll(async () => {
  browser = await launchBrowser();
  // A demo merchant with everything a page can show: logo, socials, schedule, reviews.
  const merchant = await api.merchant("pupuseria-la-ceiba");
  const category = (await api.categories()).find((c) => c.id === merchant.categoryId)!;
  const product = (await api.products(merchant.id))[0];
  paths = {
    category: `/categories/${category.slug}`,
    merchant: `/merchants/${merchant.slug}`,
    product: `/products/${product.slug}`,
  };
});

afterAll(async () => {
  await browser?.close();
});

const PAGES: { name: string; path: () => string }[] = [
  { name: "home", path: () => "/" },
  { name: "categories", path: () => "/categories" },
  { name: "a category", path: () => paths.category },
  { name: "merchants", path: () => "/merchants" },
  { name: "a merchant", path: () => paths.merchant },
  { name: "products", path: () => "/products" },
  { name: "a product", path: () => paths.product },
  { name: "merchant registration", path: () => "/register-merchant" },
  { name: "the empty cart", path: () => "/cart" },
  { name: "help", path: () => "/help" },
];

const VIEWPORTS = [
  { label: "375 px", viewport: PHONE },
  { label: "1280 px", viewport: DESKTOP },
];

/** Opens a page ready for axe: hydrated, images settled, nothing else loading. */
async function openForAudit(p: Page, path: string) {
  const response = await open(p, path);
  expect(response!.status(), path).toBe(200);
  await p.waitForLoadState("networkidle");
}

async function audit(p: Page) {
  const violations = await seriousAccessibilityViolations(p);
  // Printed whole on failure: rule, help text and the offending elements.
  expect(violations, `axe on ${p.url()}`).toEqual([]);
  expect(thirdPartyRequests, `third-party requests by ${p.url()}`).toEqual([]);
}

describe.each(VIEWPORTS)("no serious or critical axe findings at $label", ({ viewport }) => {
  it.each(PAGES)("on $name", async ({ path }) => {
    const p = await newPage(browser, viewport);
    try {
      await openForAudit(p, path());
      await audit(p);
    } finally {
      await p.context().close();
    }
  });

  it("on a cart with a product in it", async () => {
    const p = await newPage(browser, viewport);
    try {
      await openForAudit(p, paths.product);
      await p.getByRole("button", { name: "Agregar al carrito" }).click();
      await p.getByRole("link", { name: "Ver carrito" }).waitFor();
      await openForAudit(p, "/cart");
      await p.getByTestId("cart-total").waitFor();
      await audit(p);
    } finally {
      await p.context().close();
    }
  });

  it("on the review form showing its errors", async () => {
    const p = await newPage(browser, viewport);
    try {
      await openForAudit(p, paths.product);
      await p.getByRole("tab", { name: "Escribir reseña" }).click();
      await p.getByRole("button", { name: "Enviar reseña" }).click();
      await p.getByText("Debes seleccionar una calificación").waitFor();
      await audit(p);
    } finally {
      await p.context().close();
    }
  });

  it("on the registration form showing its errors", async () => {
    const p = await newPage(browser, viewport);
    try {
      await openForAudit(p, "/register-merchant");
      await p.getByRole("button", { name: "Registrar comercio" }).click();
      await p.getByText("Por favor ingresa un email válido").waitFor();
      await audit(p);
    } finally {
      await p.context().close();
    }
  });

  it("on the header search with its dropdown open", async () => {
    const p = await newPage(browser, viewport);
    try {
      await openForAudit(p, "/");
      if (viewport === PHONE)
        await p.getByRole("button", { name: "Abrir menú y búsqueda" }).click();
      await p.getByRole("combobox", { name: "Buscar comercios y productos" }).fill("cafe");
      await p.getByRole("option").first().waitFor();
      await audit(p);
    } finally {
      await p.context().close();
    }
  });
});

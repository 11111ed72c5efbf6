import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequestHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import * as root from "../../app/root";
import * as cartPage from "../../app/routes/public/cart";
import * as checkoutPage from "../../app/routes/public/checkout";
import * as layout from "../../app/routes/public/layout";
import { CART_SESSION_COOKIE } from "../../shared/cart-session-id";
import { buildApp } from "../app";
import { isPersonalPath } from "../cache/index";
import { loadConfig } from "../env";
import { insertCategory, insertMerchant, insertProduct } from "../test/factories";
import { testServerBuild, type TestRoute } from "../test/page-build";
import { openTestDatabase } from "../test/test-database";
import { mountPages } from "./web-app";

/**
 * Issue 27: /cart and /checkout are painted by the server. The browser mirrors its cart id
 * (kept in storage) in CART_SESSION_COOKIE; the pages' loaders read that cart through the
 * app's services. The real pages (app/root.tsx, the public layout, /cart and /checkout) are
 * rendered by React Router's handler on the app's database, as in production
 * (modelled on municipality-pages.test.ts).
 */

// The stylesheet's built URL (Vite gives none to a test).
vi.mock("../../app/app.css?url", () => ({ default: "/assets/app.css" }));

const ROUTES = {
  root: { path: "", module: root },
  "routes/public/layout": { parentId: "root", module: layout },
  "routes/public/cart": { parentId: "routes/public/layout", path: "cart", module: cartPage },
  "routes/public/checkout": {
    parentId: "routes/public/layout",
    path: "checkout",
    module: checkoutPage,
  },
} satisfies Record<string, TestRoute>;

const SESSION = "session_1764000000000_carritoconpupusa";
const PRODUCT = "Pupusa de loroco con queso";
const EMPTY = "Tu carrito está vacío";

/** The page's text: React's separators between text pieces cut out. */
const textOf = (html: string) => html.replaceAll("<!-- -->", "");

describe("/cart and /checkout painted by the server (issue 27)", () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), "tiangue-cart-pages-"));
    const handle = createRequestHandler(testServerBuild(ROUTES), "production");
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }),
      database,
      sessionSecret: "s".repeat(48),
      // Pages kept as in production: these two must never be.
      web: async (fastify) => mountPages(fastify, handle, { keepPages: true }),
    });
    await app.ready();
    await app.services.cache.enableForTests();

    const category = await insertCategory(database.db, { name: "Comida", slug: "comida" });
    const merchant = await insertMerchant(database.db, {
      categoryId: category.id,
      name: "Pupusería El Carrito",
      slug: "pupuseria-el-carrito",
      fulfillment: "pickup",
    });
    const product = await insertProduct(database.db, {
      merchantId: merchant.id,
      categoryId: category.id,
      name: PRODUCT,
      slug: "pupusa-de-loroco",
      price: "1.25",
    });
    await app.services.cart.add(SESSION, { productId: product.id, quantity: 2 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) =>
    app.inject({ method: "GET", url, headers: cookie === undefined ? {} : { cookie } });
  const withCart = (id = SESSION) => `${CART_SESSION_COOKIE}=${id}`;

  it("renders the cart's lines with the cookie, the empty cart without it", async () => {
    const withCookie = await get("/cart", `tiangue_municipio=x; ${withCart()}`);
    expect(withCookie.statusCode).toBe(200);
    const text = textOf(withCookie.body);
    expect(text).toContain(PRODUCT);
    expect(text).toContain("2 artículos en tu carrito");
    expect(text).not.toContain("Cargando carrito");
    expect(text).not.toContain(EMPTY);

    const without = await get("/cart");
    expect(without.statusCode).toBe(200);
    expect(textOf(without.body)).toContain(EMPTY);
    expect(without.body).not.toContain(PRODUCT);
  });

  it("keeps the header's badge at 0 in the server's HTML, cart or not", async () => {
    for (const cookie of [withCart(), undefined]) {
      const page = await get("/cart", cookie);
      expect(page.body).toContain('aria-label="Carrito"');
      expect(page.body).not.toContain("Carrito: ");
    }
  });

  it("renders the empty cart for an unknown id, and for a malformed one without asking", async () => {
    const unknown = await get("/cart", withCart("session_1_nadaaqui"));
    expect(unknown.statusCode).toBe(200);
    expect(textOf(unknown.body)).toContain(EMPTY);

    const list = vi.spyOn(app.services.cart, "list");
    try {
      for (const value of ["session.1", "x".repeat(101), "%3Cscript%3E"]) {
        const page = await get("/cart", withCart(value));
        expect(page.statusCode, value).toBe(200);
        expect(textOf(page.body), value).toContain(EMPTY);
      }
      expect(list).not.toHaveBeenCalled();
    } finally {
      list.mockRestore();
    }
  });

  it("leaves the cart to the browser, not a 500, when reading it fails", async () => {
    const list = vi
      .spyOn(app.services.cart, "list")
      .mockRejectedValue(new Error("connection terminated"));
    try {
      const page = await get("/cart", withCart());
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Cargando carrito");
      expect(page.body).not.toContain(PRODUCT);
    } finally {
      list.mockRestore();
    }
  });

  it("renders the checkout's summary with the cookie, without the form (the browser's)", async () => {
    const page = await get("/checkout", withCart());
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain("Resumen del pedido");
    expect(text).toContain(`2 × ${PRODUCT}`);
    expect(text).toContain("$2.50");
    expect(text).not.toContain("Cargando tu pedido");
    expect(text).not.toContain("Realizar pedido");

    const without = await get("/checkout");
    expect(textOf(without.body)).toContain(EMPTY);
  });

  it("never keeps these pages: personal paths, each rendered for its request", async () => {
    expect(isPersonalPath("/cart")).toBe(true);
    expect(isPersonalPath("/checkout")).toBe(true);
    // Issue 37, L6: as routing matches them.
    for (const path of [
      "/ORDERS/ES-2026-000001?token=x",
      "/Checkout",
      "/%6Frders/ES-1",
      "/ADMIN",
    ]) {
      expect(isPersonalPath(path), path).toBe(true);
    }
    expect(isPersonalPath("/Merchants/tienda")).toBe(false);
    const pages = app.services.cache.pages!;
    const entries = pages.stats().entries;
    for (const url of ["/cart", "/checkout"]) {
      for (const cookie of [withCart(), undefined]) {
        const page = await get(url, cookie);
        expect(page.headers["cache-control"], url).toBe("no-store");
      }
    }
    expect(pages.stats().entries).toBe(entries);
    // The same request again shows the cart as it is now, not as it was.
    await app.services.cart.clear(SESSION);
    expect(textOf((await get("/cart", withCart())).body)).toContain(EMPTY);
  });
});

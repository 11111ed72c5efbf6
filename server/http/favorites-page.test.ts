import { createRequestHandler, type AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as root from "../../app/root";
import * as favoritesPage from "../../app/routes/public/favorites";
import * as layout from "../../app/routes/public/layout";
import { encodeFavorites, FAVORITES_COOKIE, type Favorite } from "../../shared/favorites-cookie";
import { insertCategory, insertMerchant, insertProduct } from "../test/factories";
import { testServerBuild, type TestRoute } from "../test/page-build";
import { createTestApp, type TestApp } from "../test/test-app";
import { mountPages } from "./web-app";

/**
 * Issue 27: /favorites is painted by the server from the cookie that mirrors the browser's
 * storage. The real page (app/root.tsx, the public layout and /favorites, its loader reading
 * the cookie) is rendered by React Router's handler on the app's services and database, as
 * in production, with the page cache on (as server/http/municipality-pages.test.ts does).
 */

// The stylesheet's built URL (Vite gives none to a test).
vi.mock("../../app/app.css?url", () => ({ default: "/assets/app.css" }));

const ROUTES = {
  root: { path: "", module: root },
  "routes/public/layout": { parentId: "root", module: layout },
  "routes/public/favorites": {
    parentId: "routes/public/layout",
    path: "favorites",
    module: favoritesPage,
  },
} satisfies Record<string, TestRoute>;

const cookieOf = (list: Favorite[]) => `${FAVORITES_COOKIE}=${encodeFavorites(list)}`;
const EMPTY_STATE = "Aún no tienes favoritos";
const NO_JAVASCRIPT = "Activa JavaScript para ver tus favoritos guardados";

describe("/favorites painted by the server (issue 27)", () => {
  let t: TestApp;
  let renders = 0;
  /** Database statements sent since the last reset (at the driver: PGlite's or the pg pool's). */
  let statements = 0;
  const products: Favorite[] = [];
  let merchant: Favorite;

  beforeAll(async () => {
    const handle = createRequestHandler(testServerBuild(ROUTES), "production");
    t = await createTestApp(
      {},
      {
        web: async (fastify) =>
          mountPages(
            fastify,
            (request: Request, context?: AppLoadContext) => {
              renders++;
              return handle(request, context);
            },
            { keepPages: true },
          ),
      },
    );
    await t.app.services.cache.enableForTests();
    const category = await insertCategory(t.db);
    const seller = await insertMerchant(t.db, {
      categoryId: category.id,
      name: "Pupusería La Ceiba",
      slug: "pupuseria-la-ceiba",
    });
    merchant = { kind: "merchant", slug: seller.slug };
    for (const name of ["Pupusa revuelta", "Horchata de morro", "Pan dulce", "Café de altura"]) {
      const row = await insertProduct(t.db, {
        merchantId: seller.id,
        categoryId: category.id,
        name,
        slug: name.toLowerCase().replace(/\s+/g, "-").replace("é", "e"),
      });
      products.push({ kind: "product", slug: row.slug });
    }
    const pending = await insertMerchant(t.db, { categoryId: category.id, approved: false });
    const hidden = await insertProduct(t.db, {
      merchantId: pending.id,
      categoryId: category.id,
      name: "Producto escondido",
    });
    products.push({ kind: "product", slug: hidden.slug });

    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const query = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      statements++;
      return query(...args);
    };
  });
  afterAll(() => t?.close());

  const get = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/favorites", headers: cookie ? { cookie } : {} });

  it("shows the saved merchant and products in the HTML, never a hidden one", async () => {
    const res = await get(cookieOf([products[0], merchant, products[4]]));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Pupusa revuelta");
    expect(res.body).toContain("Pupusería La Ceiba");
    expect(res.body).not.toContain("Horchata de morro");
    expect(res.body).not.toContain("Producto escondido");
    expect(res.body).not.toContain(EMPTY_STATE);
    // The list shows without JavaScript: no 'enable JavaScript' notice.
    expect(res.body).not.toContain(NO_JAVASCRIPT);
  });

  it("shows the empty state without the cookie", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(EMPTY_STATE);
    expect(res.body).not.toContain("Pupusa revuelta");
    expect(res.body).not.toContain(NO_JAVASCRIPT);
  });

  it("leaves a list too long for the cookie to the browser, as before", async () => {
    const res = await get(`${FAVORITES_COOKIE}=*`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(NO_JAVASCRIPT);
    expect(res.body).not.toContain(EMPTY_STATE);
  });

  it("is never publicly cacheable nor kept, with or without the cookie", async () => {
    const before = renders;
    for (const cookie of [undefined, cookieOf([products[0]]), undefined]) {
      const res = await get(cookie);
      expect(res.headers["cache-control"], cookie).toBe("no-store");
      expect(String(res.headers.vary)).toMatch(/\bCookie\b/);
    }
    // Each request rendered for itself, the anonymous one too.
    expect(renders).toBe(before + 3);
    expect(t.app.services.cache.pages!.stats().entries).toBe(0);
  });

  it("reads two favourites or six in two statements: the merchants' and the products'", async () => {
    const count = async (list: Favorite[]) => {
      statements = 0;
      expect((await get(cookieOf(list))).statusCode).toBe(200);
      return statements;
    };
    expect(await count([merchant, products[0]])).toBe(2);
    expect(await count([merchant, ...products])).toBe(2);
    // Nothing to read without the cookie.
    expect(await count([])).toBe(0);
  });
});

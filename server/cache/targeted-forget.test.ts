import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import * as root from "../../app/root";
import * as help from "../../app/routes/public/help";
import * as home from "../../app/routes/public/home";
import * as layout from "../../app/routes/public/layout";
import * as merchantDetail from "../../app/routes/public/merchant-detail";
import * as productDetail from "../../app/routes/public/product-detail";
import * as productsPage from "../../app/routes/public/products";
import { buildApp } from "../app";
import { loadConfig } from "../env";
import { refreshCategoryCounts, refreshMerchantStats } from "../modules/catalog/counts.repository";
import { insertCategory, insertMerchant, insertProduct, insertReview } from "../test/factories";
import { keptPagesApp } from "../test/kept-pages-app";
import type { TestRoute } from "../test/page-build";
import { openTestDatabase } from "../test/test-database";

/**
 * Issue 38: a write forgets only what it changed. The real pages (home, /products, a
 * product's and a merchant's page, /help) are rendered by React Router's handler on the
 * app's services and kept as in production; each test counts the renders that a write
 * causes: what showed the changed thing is rendered again and shows the change, the rest
 * is still served as kept.
 */

// The stylesheet's built URL (Vite gives none to a test).
vi.mock("../../app/app.css?url", () => ({ default: "/assets/app.css" }));

const ROUTES = {
  root: { path: "", module: root },
  "routes/public/layout": { parentId: "root", module: layout },
  "routes/public/home": { parentId: "routes/public/layout", index: true, module: home },
  "routes/public/products": {
    parentId: "routes/public/layout",
    path: "products",
    module: productsPage,
  },
  "routes/public/help": { parentId: "routes/public/layout", path: "help", module: help },
  "routes/public/merchant-detail": {
    parentId: "routes/public/layout",
    path: "merchants/:merchantSlug",
    module: merchantDetail,
  },
  "routes/public/product-detail": {
    parentId: "routes/public/layout",
    path: "products/:productSlug",
    module: productDetail,
  },
} satisfies Record<string, TestRoute>;

const PAGES = [
  "/",
  "/products",
  "/help",
  "/merchants/cafe-el-volcan",
  "/merchants/panaderia-la-ceiba",
  "/products/cafe-de-altura",
  "/products/pan-dulce",
] as const;
type Page = (typeof PAGES)[number];

/** The app with the real pages kept; counts each page's renders by path. */
async function pagesApp(database: DatabaseHandle) {
  const kept = await keptPagesApp(database, ROUTES, (request) => new URL(request.url).pathname);
  return { ...kept, renders: (path: string) => kept.renders.get(path) ?? 0 };
}

type Shop = Awaited<ReturnType<typeof shop>>;

/** Two shops with one product each; the coffee is counted (5 left). */
async function shop(db: DatabaseHandle["db"]) {
  const category = await insertCategory(db, { name: "Comida", slug: "comida" });
  const volcan = await insertMerchant(db, {
    categoryId: category.id,
    name: "Café El Volcán",
    slug: "cafe-el-volcan",
  });
  const ceiba = await insertMerchant(db, {
    categoryId: category.id,
    name: "Panadería La Ceiba",
    slug: "panaderia-la-ceiba",
  });
  const coffee = await insertProduct(db, {
    merchantId: volcan.id,
    categoryId: category.id,
    name: "Café de altura",
    slug: "cafe-de-altura",
    description: "Tueste medio",
    price: "8.00",
    stock: 5,
  });
  const bread = await insertProduct(db, {
    merchantId: ceiba.id,
    categoryId: category.id,
    name: "Pan dulce",
    slug: "pan-dulce",
    description: "De horno de leña",
    price: "1.25",
  });
  await refreshMerchantStats(db, [volcan.id, ceiba.id]);
  await refreshCategoryCounts(db);
  return { category, volcan, ceiba, coffee, bread };
}

const coffeeEdit = (s: Shop, changes: Record<string, unknown>) => ({
  name: "Café de altura",
  description: "Tueste medio",
  price: "8.00",
  categoryId: s.category.id,
  ...changes,
});

function suite(
  name: string,
  setup: () => Promise<{
    database: DatabaseHandle;
    /** Where the writes are made: another process's app (absent: the app under test). */
    writer?: () => FastifyInstance;
    /** Resolves once `app` heard of the writes made so far (at once in one process). */
    heard: (app: FastifyInstance) => Promise<void>;
    close: () => Promise<void>;
  }>,
) {
  describe(name, () => {
    let env: Awaited<ReturnType<typeof setup>>;
    let t: Awaited<ReturnType<typeof pagesApp>>;
    let s: Shop;

    beforeAll(async () => {
      env = await setup();
      s = await shop(env.database.db);
      t = await pagesApp(env.database);
    });
    afterAll(async () => {
      await t?.close();
      await env?.close();
    });
    beforeEach(async () => {
      // Each test starts from every page kept once.
      for (const page of PAGES) {
        const answer = await t.app.inject({ method: "GET", url: page });
        expect(answer.statusCode, page).toBe(200);
      }
    });

    /** Visits every page; answers those rendered again, and the HTML of each. */
    async function visitAll() {
      const before = new Map(PAGES.map((page) => [page, t.renders(page)]));
      const html = new Map<Page, string>();
      for (const page of PAGES) {
        html.set(page, (await t.app.inject({ method: "GET", url: page })).body);
      }
      const rendered = PAGES.filter((page) => t.renders(page) > before.get(page)!);
      return { rendered, html };
    }

    /** Makes a write on the writer, and waits until this app heard of it. */
    async function write(work: (app: FastifyInstance) => Promise<unknown>) {
      await work(env.writer?.() ?? t.app);
      await env.heard(t.app);
    }

    it("serves every page kept while nothing is written", async () => {
      expect((await visitAll()).rendered).toEqual([]);
    });

    it("a product's new price: its page, its shop's, the lists and home; not the other shop nor /help", async () => {
      await write((app) =>
        app.services.products.update(s.coffee.id, coffeeEdit(s, { price: "9.50" })),
      );
      const { rendered, html } = await visitAll();
      expect(rendered.sort()).toEqual(
        ["/", "/merchants/cafe-el-volcan", "/products", "/products/cafe-de-altura"].sort(),
      );
      expect(html.get("/products/cafe-de-altura")).toContain("9.50");
      expect(html.get("/products")).toContain("9.50");
      expect(html.get("/merchants/cafe-el-volcan")).toContain("9.50");
    });

    it("a product's new description: its own page alone (no list shows it)", async () => {
      await write((app) =>
        app.services.products.update(
          s.coffee.id,
          coffeeEdit(s, { price: "9.50", description: "Tueste oscuro, notas de cacao" }),
        ),
      );
      const { rendered, html } = await visitAll();
      // Lists hold the product's card (its tag), so they are read again too: the card may
      // show any of its fields. Another shop's page and /help are not.
      expect(rendered).toContain("/products/cafe-de-altura");
      expect(rendered).not.toContain("/merchants/panaderia-la-ceiba");
      expect(rendered).not.toContain("/products/pan-dulce");
      expect(rendered).not.toContain("/help");
      expect(html.get("/products/cafe-de-altura")).toContain("notas de cacao");
    });

    it("an approved review: its product's page and what shows its rating; not the other shop nor /help", async () => {
      const review = await insertReview(env.database.db, {
        productId: s.bread.id,
        rating: 5,
        comment: "El mejor pan dulce de la colonia",
        isApproved: false,
      });
      await write((app) => app.services.reviews.approve(review.id));
      const { rendered, html } = await visitAll();
      expect(rendered).toContain("/products/pan-dulce");
      expect(rendered).toContain("/merchants/panaderia-la-ceiba");
      expect(rendered).not.toContain("/merchants/cafe-el-volcan");
      expect(rendered).not.toContain("/products/cafe-de-altura");
      expect(rendered).not.toContain("/help");
      expect(html.get("/products/pan-dulce")).toContain("El mejor pan dulce de la colonia");
    });

    it("a count that leaves availability as it was forgets nothing; the last unit forgets the product", async () => {
      const take = (quantity: number) =>
        write(async (app) => {
          const taken = await env.database.db.transaction((tx) =>
            app.services.products.takeStock(tx, [
              { productId: s.coffee.id, variantId: null, quantity },
            ]),
          );
          await app.services.products.availabilityChanged(taken.changes);
        });
      await take(1);
      expect((await visitAll()).rendered).toEqual([]);

      // The other 4 of the 5.
      await take(4);
      const { rendered, html } = await visitAll();
      expect(rendered).toContain("/products/cafe-de-altura");
      expect(rendered).not.toContain("/merchants/panaderia-la-ceiba");
      expect(rendered).not.toContain("/help");
      expect(html.get("/products/cafe-de-altura")).toContain("Agotado");
    });
  });
}

suite("one process: a write forgets only what it changed (issue 38)", async () => {
  const database = await openTestDatabase();
  return { database, heard: async () => {}, close: () => database.close() };
});

if (process.env.TEST_DB === "postgres") {
  suite(
    "two processes on PostgreSQL: another's write forgets only what it changed here",
    async () => {
      const database = await openTestDatabase();
      // A second process: its own pool and cache on the same database, its writes heard by NOTIFY.
      const pool = (
        database.db as unknown as { $client: { options: { connectionString: string } } }
      ).$client;
      const other = await openDatabase({ url: pool.options.connectionString, poolSize: 2 });
      const otherDir = mkdtempSync(join(tmpdir(), "tiangue-targeted-writer-"));
      const writer = await buildApp({
        config: loadConfig({ NODE_ENV: "test", DATA_DIR: otherDir }),
        database: other,
        sessionSecret: "s".repeat(48),
      });
      await writer.ready();
      await writer.services.cache.enableForTests();
      return {
        database,
        writer: () => writer,
        // Notifications arrive in order: once a marker sent after the write is heard, so is it.
        heard: async (app) => {
          const version = app.services.cache.version();
          await writer.services.cache.forget(["test:marker"]);
          const deadline = Date.now() + 10_000;
          while (app.services.cache.version() === version) {
            if (Date.now() > deadline) throw new Error("la notificación no llegó");
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        },
        close: async () => {
          await writer.close();
          await other.close();
          await database.close();
          rmSync(otherDir, { recursive: true, force: true });
        },
      };
    },
  );
}

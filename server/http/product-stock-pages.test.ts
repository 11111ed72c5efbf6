import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequestHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import * as root from "../../app/root";
import * as cartPage from "../../app/routes/public/cart";
import * as layout from "../../app/routes/public/layout";
import * as productPage from "../../app/routes/public/product-detail";
import type { ProductDto } from "../../shared/api-types";
import { CART_SESSION_COOKIE, cartSessionIdFromCookie } from "../../shared/cart-session-id";
import { buildApp } from "../app";
import { loadConfig } from "../env";
import { insertCategory, insertMerchant } from "../test/factories";
import { testServerBuild, type TestRoute } from "../test/page-build";
import { openTestDatabase } from "../test/test-database";
import { mountPages } from "./web-app";

/**
 * Issue 36 on the pages: a product's 'Disponible' / 'Agotado' and its JSON-LD availability,
 * the variants' list of its form, and 'Agregar al carrito' without JavaScript, which posts
 * that form to /cart (the cart page's action). Real pages through React Router's handler.
 */

vi.mock("../../app/app.css?url", () => ({ default: "/assets/app.css" }));

const ROUTES = {
  root: { path: "", module: root },
  "routes/public/layout": { parentId: "root", module: layout },
  "routes/public/cart": { parentId: "routes/public/layout", path: "cart", module: cartPage },
  "routes/public/product-detail": {
    parentId: "routes/public/layout",
    path: "products/:productSlug",
    module: productPage,
  },
} satisfies Record<string, TestRoute>;

const textOf = (html: string) => html.replaceAll("<!-- -->", "");

describe("stock and variants on the pages (issue 36)", () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dataDir: string;
  let shirt: ProductDto;
  let tamal: ProductDto;
  let atol: ProductDto;
  let addresses = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), "tiangue-stock-pages-"));
    const handle = createRequestHandler(testServerBuild(ROUTES), "production");
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }),
      database,
      sessionSecret: "s".repeat(48),
      web: async (fastify) => mountPages(fastify, handle, { keepPages: true }),
    });
    await app.ready();
    const categoryId = (await insertCategory(database.db)).id;
    const merchantId = (await insertMerchant(database.db, { categoryId })).id;
    const create = (fields: object) =>
      app.services.products.create({
        description: "Hecho en casa.",
        price: "3.00",
        categoryId,
        merchantId,
        ...fields,
      });
    shirt = await create({
      name: "Camisa típica",
      options: [{ name: "Talla", values: ["S", "M", "L"] }],
      variants: [
        { options: { Talla: "S" }, price: "18.00" },
        { options: { Talla: "M" }, price: "20.00", soldOut: true },
        { options: { Talla: "L" }, price: "22.00", stock: 2 },
      ],
    });
    tamal = await create({ name: "Tamal de elote", soldOut: true });
    atol = await create({ name: "Atol shuco", stock: 3 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const postForm = (fields: Record<string, string>, cookie?: string) =>
    app.inject({
      method: "POST",
      url: "/cart",
      remoteAddress: `10.36.9.${++addresses}`,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(cookie ? { cookie } : {}),
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it("says 'Agotado' with OutOfStock, and its button adds nothing", async () => {
    const page = await app.inject({ method: "GET", url: `/products/${tamal.slug}` });
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain("Agotado");
    expect(text).not.toContain("Disponible");
    expect(page.body).toContain('"availability":"https://schema.org/OutOfStock"');
    expect(page.body).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>.*Agotado/s);
  });

  it("a product with variants: 'Desde', the variants' list, sold-out ones not choosable", async () => {
    const page = await app.inject({ method: "GET", url: `/products/${shirt.slug}` });
    const text = textOf(page.body);
    expect(text).toContain("Desde $18.00");
    expect(text).toContain("Disponible");
    expect(page.body).toContain('"availability":"https://schema.org/InStock"');
    expect(page.body).toContain('"@type":"AggregateOffer"');
    expect(page.body).toMatch(/<form [^>]*action="\/cart"/);
    expect(page.body).toMatch(/<form [^>]*method="post"/);
    expect(page.body).toContain('name="variantId"');
    const m = shirt.variants.find((v) => v.name === "M")!;
    expect(page.body).toContain(
      `<option value="${m.id}" disabled="">M · $20.00 (agotado)</option>`,
    );
  });

  it("without JavaScript, the form adds the line and shows the cart, a new cart's id in a cookie", async () => {
    const l = shirt.variants.find((v) => v.name === "L")!;
    const added = await postForm({ productId: String(shirt.id), variantId: String(l.id) });
    expect(added.statusCode).toBe(302);
    expect(added.headers.location).toBe("/cart");
    const setCookie = String(added.headers["set-cookie"]);
    const sessionId = cartSessionIdFromCookie(setCookie.split(";")[0]);
    expect(sessionId).not.toBeNull();
    const lines = await app.services.cart.list(sessionId!);
    expect(lines.map((line) => [line.productId, line.variantName, line.quantity])).toEqual([
      [shirt.id, "L", 1],
    ]);

    // The same cart again: its cookie is kept, the line grows.
    const cookie = `${CART_SESSION_COOKIE}=${sessionId}`;
    const again = await postForm({ productId: String(shirt.id), variantId: String(l.id) }, cookie);
    expect(again.statusCode).toBe(302);
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect((await app.services.cart.list(sessionId!))[0].quantity).toBe(2);

    // Past the count: the cart page says why, and adds nothing.
    const over = await postForm({ productId: String(shirt.id), variantId: String(l.id) }, cookie);
    expect(over.statusCode).toBe(200);
    expect(textOf(over.body)).toContain(
      "Ya tienes en tu carrito las 2 que quedan de Camisa típica (L)",
    );
    expect((await app.services.cart.list(sessionId!))[0].quantity).toBe(2);

    const soldOut = await postForm({ productId: String(tamal.id) }, cookie);
    expect(textOf(soldOut.body)).toContain("Este producto está agotado");
    const noChoice = await postForm({ productId: String(shirt.id) }, cookie);
    expect(textOf(noChoice.body)).toContain("Elige una opción de Camisa típica");
    expect(await app.services.cart.list(sessionId!)).toHaveLength(1);

    expect((await postForm({ productId: String(atol.id) }, cookie)).statusCode).toBe(302);
    expect(await app.services.cart.list(sessionId!)).toHaveLength(2);
  });

  it("refuses the form from another site", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/cart",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://otro-sitio.example",
      },
      payload: `productId=${atol.id}`,
    });
    expect(res.statusCode).toBe(403);
  });
});

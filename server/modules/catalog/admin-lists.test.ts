import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  categories,
  merchants,
  merchantLoginTokens,
  orders,
  products,
  reviews,
} from "../../../db/schema/index";
import type {
  AdminMerchantDto,
  AdminReviewDto,
  OrderDto,
  ProductDto,
} from "../../../shared/api-types";
import {
  ADMIN_SEARCH_TOO_LONG,
  MERCHANT_FILTER_MESSAGE,
  REVIEW_STATUS_FILTER_MESSAGE,
} from "../../../shared/schemas/list-queries";
import { LIMIT_MESSAGE, OFFSET_MESSAGE } from "../../../shared/schemas/query";
import { insertCategory, insertMerchant, insertProduct, insertReview } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Issue 13: the admin panel's lists (and the merchant portal's products) answer one page,
 * searched on the server, with the count of every match in X-Total-Count.
 */
describe("admin lists: pages, search and totals", () => {
  let t: TestApp;
  let categoryId: number;

  const admin = (url: string) => t.asAdmin({ method: "GET", url });
  const total = (res: { headers: Record<string, unknown> }) => Number(res.headers["x-total-count"]);
  const badRequest = (message: string) => ({ message, code: "bad_request" });

  beforeAll(async () => {
    t = await createTestApp();
    await t.adminCookie();
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.delete(orders);
    await t.db.delete(reviews);
    await t.db.delete(products);
    await t.db.delete(merchants);
    await t.db.delete(categories);
    categoryId = (await insertCategory(t.db)).id;
  });

  describe("GET /api/admin/products", () => {
    it("answers spec-sized pages: 100 by default, limit and offset, the total in X-Total-Count", async () => {
      const m = await insertMerchant(t.db, { categoryId });
      const base = Date.parse("2026-01-01T00:00:00Z");
      await t.db.insert(products).values(
        Array.from({ length: 105 }, (_, i) => ({
          name: `Artículo ${i + 1}`,
          slug: `articulo-${i + 1}`,
          description: "Uno de muchos.",
          price: "1.00",
          imageUrl: "/images/default-product.webp",
          merchantId: m.id,
          categoryId,
          createdAt: new Date(base + i * 1000),
        })),
      );
      const all = await admin("/api/admin/products");
      expect(all.statusCode).toBe(200);
      expect(all.json()).toHaveLength(100);
      expect(total(all)).toBe(105);
      expect((all.json() as ProductDto[])[0].name).toBe("Artículo 105");

      const page = await admin("/api/admin/products?limit=20&offset=100");
      expect((page.json() as ProductDto[]).map((p) => p.name)).toEqual([
        "Artículo 5",
        "Artículo 4",
        "Artículo 3",
        "Artículo 2",
        "Artículo 1",
      ]);
      expect(total(page)).toBe(105);

      const beyond = await admin("/api/admin/products?offset=500");
      expect(beyond.json()).toEqual([]);
      expect(total(beyond)).toBe(105);
    });

    it("searches names anywhere, case and accents aside, with the merchant filter and % literal", async () => {
      const a = await insertMerchant(t.db, { categoryId });
      const b = await insertMerchant(t.db, { categoryId });
      await insertProduct(t.db, { merchantId: a.id, categoryId, name: "Café de altura" });
      await insertProduct(t.db, { merchantId: b.id, categoryId, name: "CAFETERA italiana" });
      await insertProduct(t.db, { merchantId: b.id, categoryId, name: "Pupusas 100% maíz" });
      await insertProduct(t.db, {
        merchantId: b.id,
        categoryId,
        name: "Té verde",
        isActive: false,
      });

      const cafe = await admin("/api/admin/products?q=cafe");
      expect((cafe.json() as ProductDto[]).map((p) => p.name).sort()).toEqual([
        "CAFETERA italiana",
        "Café de altura",
      ]);
      expect(total(cafe)).toBe(2);

      const ofB = await admin(`/api/admin/products?q=CAF&merchantId=${b.id}`);
      expect((ofB.json() as ProductDto[]).map((p) => p.name)).toEqual(["CAFETERA italiana"]);
      expect(total(ofB)).toBe(1);

      // Inactive products are the administrator's too.
      expect((await admin("/api/admin/products?q=te%20verde")).json()).toHaveLength(1);
      expect((await admin("/api/admin/products?q=100%25")).json()).toHaveLength(1);
      const percent = await admin("/api/admin/products?q=%25%25");
      expect(percent.json()).toEqual([]);
      expect(total(percent)).toBe(0);
      // A blank search is no search.
      expect(total(await admin("/api/admin/products?q=%20%20"))).toBe(4);
    });

    it("answers 400 with the Spanish message for a bad page, filter or search", async () => {
      const cases: [string, string][] = [
        ["limit=0", LIMIT_MESSAGE],
        ["limit=101", LIMIT_MESSAGE],
        ["limit=abc", LIMIT_MESSAGE],
        ["offset=-1", OFFSET_MESSAGE],
        ["offset=1.5", OFFSET_MESSAGE],
        ["merchantId=x", MERCHANT_FILTER_MESSAGE],
        [`q=${"a".repeat(201)}`, ADMIN_SEARCH_TOO_LONG],
        ["q=a&q=b", "Búsqueda inválida"],
      ];
      for (const [query, message] of cases) {
        const res = await admin(`/api/admin/products?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json(), query).toEqual(badRequest(message));
      }
    });
  });

  describe("GET /api/admin/merchants and /pending", () => {
    it("pages and searches by name, e-mail or address; pending keeps its own order and count", async () => {
      const created = [];
      for (let i = 1; i <= 5; i++) {
        created.push(
          await insertMerchant(t.db, {
            categoryId,
            name: i === 3 ? "Panadería Ñandú" : `Tienda ${i}`,
            email: i === 4 ? "ventas@ferreteria.sv" : `tienda${i}@ejemplo.sv`,
            address: i === 5 ? "Barrio El Centro, Suchitoto" : "Calle Arce 123",
            approved: i % 2 === 0,
            createdAt: new Date(Date.parse("2026-02-01T00:00:00Z") + i * 1000),
          }),
        );
      }
      const first = await admin("/api/admin/merchants?limit=2");
      expect((first.json() as AdminMerchantDto[]).map((m) => m.id)).toEqual([
        created[4].id,
        created[3].id,
      ]);
      expect(total(first)).toBe(5);
      const second = await admin("/api/admin/merchants?limit=2&offset=2");
      expect((second.json() as AdminMerchantDto[]).map((m) => m.id)).toEqual([
        created[2].id,
        created[1].id,
      ]);

      for (const [q, index] of [
        ["panaderia nandu", 2],
        ["FERRETERIA", 3],
        ["suchitoto", 4],
      ] as const) {
        const res = await admin(`/api/admin/merchants?q=${encodeURIComponent(q)}`);
        expect(
          (res.json() as AdminMerchantDto[]).map((m) => m.id),
          q,
        ).toEqual([created[index].id]);
        expect(total(res), q).toBe(1);
      }

      // Pending: 1, 3 and 5, oldest first.
      const pending = await admin("/api/admin/merchants/pending?limit=2");
      expect((pending.json() as AdminMerchantDto[]).map((m) => m.id)).toEqual([
        created[0].id,
        created[2].id,
      ]);
      expect(total(pending)).toBe(3);
      const found = await admin("/api/admin/merchants/pending?q=suchitoto");
      expect((found.json() as AdminMerchantDto[]).map((m) => m.id)).toEqual([created[4].id]);
      const none = await admin("/api/admin/merchants/pending?q=ferreteria");
      expect(none.json()).toEqual([]);
      expect(total(none)).toBe(0);

      const bad = await admin("/api/admin/merchants/pending?limit=1000");
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual(badRequest(LIMIT_MESSAGE));
    });

    it("names every merchant for the pickers, by name, whatever the page size", async () => {
      for (let i = 0; i < 120; i++) {
        await insertMerchant(t.db, { categoryId, name: `Comercio ${String(i).padStart(3, "0")}` });
      }
      const res = await admin("/api/admin/merchants/names");
      expect(res.statusCode).toBe(200);
      const names = res.json() as { id: number; name: string }[];
      expect(names).toHaveLength(120);
      expect(names[0]).toEqual({
        id: expect.any(Number),
        name: "Comercio 000",
        categoryId,
        status: "approved",
      });
      expect(names.at(-1)?.name).toBe("Comercio 119");
    });
  });

  describe("GET /api/admin/reviews", () => {
    it("filters by status, searches author and text, pages with the total", async () => {
      const m = await insertMerchant(t.db, { categoryId });
      const at = (i: number) => new Date(Date.parse("2026-03-01T00:00:00Z") + i * 1000);
      const r1 = await insertReview(t.db, {
        merchantId: m.id,
        rating: 5,
        userName: "José Martínez",
        isApproved: true,
        createdAt: at(1),
      });
      const r2 = await insertReview(t.db, {
        merchantId: m.id,
        rating: 2,
        comment: "El envío tardó demasiado.",
        createdAt: at(2),
      });
      const r3 = await insertReview(t.db, { merchantId: m.id, rating: 4, createdAt: at(3) });

      const all = await admin("/api/admin/reviews?limit=2");
      expect((all.json() as AdminReviewDto[]).map((r) => r.id)).toEqual([r3.id, r2.id]);
      expect(total(all)).toBe(3);

      const pending = await admin("/api/admin/reviews?status=pending");
      expect((pending.json() as AdminReviewDto[]).map((r) => r.id)).toEqual([r3.id, r2.id]);
      expect(total(pending)).toBe(2);
      const approved = await admin("/api/admin/reviews?status=approved");
      expect((approved.json() as AdminReviewDto[]).map((r) => r.id)).toEqual([r1.id]);

      const byAuthor = await admin("/api/admin/reviews?q=jose%20mart");
      expect((byAuthor.json() as AdminReviewDto[]).map((r) => r.id)).toEqual([r1.id]);
      const byText = await admin("/api/admin/reviews?q=ENVIO&status=pending");
      expect((byText.json() as AdminReviewDto[]).map((r) => r.id)).toEqual([r2.id]);
      expect(total(byText)).toBe(1);
      const elsewhere = await admin("/api/admin/reviews?q=envio&status=approved");
      expect(elsewhere.json()).toEqual([]);

      for (const status of ["all", "true", ""]) {
        const res = await admin(`/api/admin/reviews?status=${status}&status=pending`);
        expect(res.statusCode, status).toBe(400);
        expect(res.json()).toEqual(badRequest(REVIEW_STATUS_FILTER_MESSAGE));
      }
      const wrong = await admin("/api/admin/reviews?status=todas");
      expect(wrong.json()).toEqual(badRequest(REVIEW_STATUS_FILTER_MESSAGE));
    });
  });

  describe("GET /api/admin/orders", () => {
    it("pages the orders newest first with the total, and the search's total", async () => {
      const at = (i: number) => new Date(Date.parse("2026-04-01T00:00:00Z") + i * 1000);
      const rows = await t.db
        .insert(orders)
        .values(
          Array.from({ length: 7 }, (_, i) => ({
            orderNumber: `TG-LISTA-${i + 1}`,
            customerName: i === 6 ? "María Peña" : `Cliente ${i + 1}`,
            customerEmail: `cliente${i + 1}@ejemplo.sv`,
            totalAmount: "5.00",
            subtotal: "5.00",
            createdAt: at(i),
          })),
        )
        .returning();
      const page = await admin("/api/admin/orders?limit=3&offset=3");
      expect((page.json() as OrderDto[]).map((o) => o.orderNumber)).toEqual([
        "TG-LISTA-4",
        "TG-LISTA-3",
        "TG-LISTA-2",
      ]);
      expect(total(page)).toBe(7);
      const found = await admin("/api/admin/orders?q=maria%20pena");
      expect((found.json() as OrderDto[]).map((o) => o.id)).toEqual([rows[6].id]);
      expect(total(found)).toBe(1);
      const bad = await admin("/api/admin/orders?offset=x");
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual(badRequest(OFFSET_MESSAGE));
    });
  });

  describe("GET /api/merchant/:merchantId/products (the merchant portal)", () => {
    it("answers the merchant's own products a page at a time, searched by name", async () => {
      const mine = await insertMerchant(t.db, { categoryId, email: "duena@tienda.sv" });
      const other = await insertMerchant(t.db, { categoryId });
      for (let i = 1; i <= 4; i++) {
        await insertProduct(t.db, { merchantId: mine.id, categoryId, name: `Vela aromática ${i}` });
      }
      await insertProduct(t.db, { merchantId: mine.id, categoryId, name: "Jabón de coco" });
      await insertProduct(t.db, { merchantId: other.id, categoryId, name: "Vela ajena" });
      const cookie = await merchantCookie("duena@tienda.sv");
      const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

      const page = await get(`/api/merchant/${mine.id}/products?limit=2`);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toHaveLength(2);
      expect(total(page)).toBe(5);
      const velas = await get(`/api/merchant/${mine.id}/products?q=vela`);
      expect((velas.json() as ProductDto[]).every((p) => p.merchantId === mine.id)).toBe(true);
      expect(total(velas)).toBe(4);
      const bad = await get(`/api/merchant/${mine.id}/products?limit=0`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual(badRequest(LIMIT_MESSAGE));
      expect((await get(`/api/merchant/${other.id}/products`)).statusCode).toBe(404);
    });
  });

  /** Signs in as the merchant's e-mail with a one-time link token written straight in. */
  async function merchantCookie(email: string): Promise<string> {
    const token = `token-de-prueba-${Date.now()}`;
    await t.db.insert(merchantLoginTokens).values({
      tokenHash: createHash("sha256").update(token).digest("hex"),
      email,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/merchant/login",
      payload: { token },
    });
    expect(res.statusCode).toBe(200);
    return String(res.headers["set-cookie"]).split(";")[0];
  }
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, merchants, products } from "../../../db/schema/index";
import { insertCategory, insertMerchant, insertProduct, insertReview } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { refreshCategoryCounts, refreshMerchantStats } from "./counts.repository";

/**
 * Two administrators changing the same target at once. On PostgreSQL each service call
 * below runs its transaction on its own pool connection, really at the same time, and a
 * recount that read before the other transaction committed would store a stale count
 * (the lost update this file guards against). Each race is run ROUNDS times, since one
 * run may happen not to overlap. On PGlite (one connection) the calls take turns: the
 * same checks then prove the counts are right at all.
 */
const ROUNDS = 12;

describe("counts under concurrent writes", () => {
  let t: TestApp;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp();
    categoryId = (await insertCategory(t.db)).id;
  });
  afterAll(() => t.close());

  const productRow = async (id: number) =>
    (await t.db.select().from(products).where(eq(products.id, id)))[0];
  const merchantRow = async (id: number) =>
    (await t.db.select().from(merchants).where(eq(merchants.id, id)))[0];
  const categoryRow = async (id: number) =>
    (await t.db.select().from(categories).where(eq(categories.id, id)))[0];

  it("two approvals of one product's reviews at once both count", async () => {
    const reviews = t.app.services.reviews;
    const merchant = await insertMerchant(t.db, { categoryId });
    for (let round = 0; round < ROUNDS; round++) {
      const product = await insertProduct(t.db, { merchantId: merchant.id, categoryId });
      const a = await insertReview(t.db, { productId: product.id, rating: 5 });
      const b = await insertReview(t.db, { productId: product.id, rating: 2 });
      await Promise.all([reviews.approve(a.id), reviews.approve(b.id)]);
      expect(await productRow(product.id)).toMatchObject({ rating: "3.5", reviewCount: 2 });
      await Promise.all([reviews.remove(a.id), reviews.remove(b.id)]);
      expect(await productRow(product.id)).toMatchObject({ rating: "0.0", reviewCount: 0 });
    }
  });

  it("two approvals of one merchant's reviews at once both count", async () => {
    const reviews = t.app.services.reviews;
    for (let round = 0; round < ROUNDS; round++) {
      const merchant = await insertMerchant(t.db, { categoryId });
      const a = await insertReview(t.db, { merchantId: merchant.id, rating: 4 });
      const b = await insertReview(t.db, { merchantId: merchant.id, rating: 1 });
      await Promise.all([reviews.approve(a.id), reviews.approve(b.id)]);
      expect(await merchantRow(merchant.id)).toMatchObject({ rating: "2.5", reviewCount: 2 });
    }
  });

  it("two product deletions of one merchant at once both leave its counts", async () => {
    const service = t.app.services.products;
    const category = await insertCategory(t.db);
    for (let round = 0; round < ROUNDS; round++) {
      const merchant = await insertMerchant(t.db, { categoryId });
      const ids = [];
      for (let i = 0; i < 3; i++) {
        const product = await insertProduct(t.db, {
          merchantId: merchant.id,
          categoryId: category.id,
        });
        ids.push(product.id);
      }
      await refreshMerchantStats(t.db, [merchant.id]);
      await refreshCategoryCounts(t.db, [category.id]);
      const before = (await categoryRow(category.id)).productCount;
      await Promise.all([service.remove(ids[0]), service.remove(ids[1])]);
      expect((await merchantRow(merchant.id)).productCount).toBe(1);
      expect((await categoryRow(category.id)).productCount).toBe(before - 2);
    }
  });

  it("two product edits of one merchant at once both count, without a deadlock", async () => {
    const service = t.app.services.products;
    for (let round = 0; round < ROUNDS; round++) {
      const merchant = await insertMerchant(t.db, { categoryId });
      const a = await insertProduct(t.db, { merchantId: merchant.id, categoryId });
      const b = await insertProduct(t.db, { merchantId: merchant.id, categoryId });
      await refreshMerchantStats(t.db, [merchant.id]);
      const names = new Map([a, b].map((p) => [p.id, p.name]));
      // The same names, so no edit takes the slug lock (which would make them take turns).
      const edit = (id: number, isActive: boolean) =>
        service.update(id, {
          name: names.get(id),
          description: "Descripción nueva",
          price: "3.50",
          merchantId: merchant.id,
          categoryId,
          isActive,
        });
      // One is hidden (the count changes), the other only edited.
      await Promise.all([edit(a.id, false), edit(b.id, true)]);
      expect((await merchantRow(merchant.id)).productCount).toBe(1);
      await Promise.all([edit(a.id, true), edit(b.id, false)]);
      expect((await merchantRow(merchant.id)).productCount).toBe(1);
      await Promise.all([edit(a.id, false), edit(b.id, false)]);
      expect((await merchantRow(merchant.id)).productCount).toBe(0);
    }
  });

  it("two merchant approvals in one category at once both count", async () => {
    const service = t.app.services.merchants;
    const category = await insertCategory(t.db);
    for (let round = 0; round < ROUNDS; round++) {
      const a = await insertMerchant(t.db, { categoryId: category.id, approved: false });
      const b = await insertMerchant(t.db, { categoryId: category.id, approved: false });
      await Promise.all([service.approve(a.id), service.approve(b.id)]);
      expect((await categoryRow(category.id)).merchantCount).toBe(2 * (round + 1));
    }
  });
});

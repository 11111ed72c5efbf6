import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { categories, merchants, products } from "../../../db/schema/index";
import { refreshCategoryCounts } from "../catalog/counts.repository";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

const IN_USE = "No se puede eliminar la categoría porque tiene comercios o productos asociados";
const NOT_FOUND = { message: "Categoría no encontrada", code: "not_found" };
const REQUIRED = "El nombre y slug son requeridos";

describe("categories API", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    // Each test starts from an empty catalogue.
    await t.db.delete(products);
    await t.db.delete(merchants);
    await t.db.delete(categories);
  });

  describe("GET /api/categories", () => {
    it("lists every category by name, accents ignored, in the CategoryDto shape", async () => {
      for (const name of ["Zapatos", "Ópticas", "artesanías", "Bebidas"]) {
        await insertCategory(t.db, {
          name,
          slug: name.toLowerCase().normalize("NFD").replace(/\p{M}/gu, ""),
        });
      }
      const res = await t.app.inject({ method: "GET", url: "/api/categories" });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.map((c: { name: string }) => c.name)).toEqual([
        "artesanías",
        "Bebidas",
        "Ópticas",
        "Zapatos",
      ]);
      expect(Object.keys(body[0]).sort()).toEqual(
        ["icon", "id", "imageUrl", "merchantCount", "name", "productCount", "slug"].sort(),
      );
      expect(body[0]).toMatchObject({
        icon: "🛍️",
        imageUrl: null,
        merchantCount: 0,
        productCount: 0,
      });
    });

    it("counts only public merchants and products", async () => {
      const category = await insertCategory(t.db);
      const shown = await insertMerchant(t.db, { categoryId: category.id });
      await insertMerchant(t.db, { categoryId: category.id, approved: false });
      await insertMerchant(t.db, { categoryId: category.id, isActive: false });
      await insertProduct(t.db, { merchantId: shown.id, categoryId: category.id });
      await insertProduct(t.db, { merchantId: shown.id, categoryId: category.id, isActive: false });
      await refreshCategoryCounts(t.db);
      const [dto] = (await t.app.inject({ method: "GET", url: "/api/categories" })).json();
      expect(dto).toMatchObject({ id: category.id, merchantCount: 1, productCount: 1 });
    });
  });

  describe("GET /api/admin/categories", () => {
    it("answers 401 without a session", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/admin/categories" });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBeTypeOf("string");
    });

    it("gives administrators the same list", async () => {
      await insertCategory(t.db, { name: "Comida", slug: "comida" });
      const res = await t.asAdmin({ method: "GET", url: "/api/admin/categories" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(
        (await t.app.inject({ method: "GET", url: "/api/categories" })).json(),
      );
      expect(res.json()).toHaveLength(1);
    });
  });

  describe("POST /api/admin/categories", () => {
    const create = (payload: unknown) =>
      t.asAdmin({ method: "POST", url: "/api/admin/categories", payload: payload as object });

    it("creates a category, ignoring a merchantCount sent by the form", async () => {
      const res = await create({
        name: "Pupuserías",
        slug: "pupuserias",
        icon: "🫓",
        imageUrl: "",
        merchantCount: 7,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        name: "Pupuserías",
        slug: "pupuserias",
        icon: "🫓",
        imageUrl: null,
        merchantCount: 0,
        productCount: 0,
      });
      const [row] = await t.db.select().from(categories).where(eq(categories.slug, "pupuserias"));
      expect(row.merchantCount).toBe(0);
    });

    it("answers 409 when the slug is taken", async () => {
      await insertCategory(t.db, { slug: "comida" });
      const res = await create({ name: "Comida típica", slug: "comida" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: "Ya existe una categoría con ese slug",
        code: "conflict",
      });
    });

    it.each([
      [{ slug: "comida" }, "name", REQUIRED],
      [{ name: "   ", slug: "comida" }, "name", REQUIRED],
      [{ name: "Comida" }, "slug", REQUIRED],
      [
        { name: "Comida", slug: "Comida Típica" },
        "slug",
        "El slug solo puede tener letras minúsculas, números y guiones",
      ],
      [
        { name: "Comida", slug: "comida", imageUrl: "javascript:alert(1)" },
        "imageUrl",
        "URL de imagen inválida",
      ],
    ])("refuses %j with a Spanish message on %s", async (payload, path, message) => {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    });

    it("refuses bodies that are not a JSON object", async () => {
      expect((await create([1, 2])).statusCode).toBe(400);
      const text = await t.asAdmin({
        method: "POST",
        url: "/api/admin/categories",
        headers: { "content-type": "text/plain" },
        payload: "name=x",
      });
      expect(text.statusCode).toBe(415);
      const broken = await t.asAdmin({
        method: "POST",
        url: "/api/admin/categories",
        headers: { "content-type": "application/json" },
        payload: "{nope",
      });
      expect(broken.statusCode).toBe(400);
    });

    it("answers 401 without a session and creates nothing", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/categories",
        payload: { name: "Intrusa", slug: "intrusa" },
      });
      expect(res.statusCode).toBe(401);
      expect(await t.db.select().from(categories)).toHaveLength(0);
    });
  });

  describe("PUT /api/admin/categories/:id", () => {
    it("updates name, slug, icon and image, keeping the counts", async () => {
      const category = await insertCategory(t.db, { name: "Ropa", slug: "ropa" });
      await insertMerchant(t.db, { categoryId: category.id });
      await refreshCategoryCounts(t.db);
      const res = await t.asAdmin({
        method: "PUT",
        url: `/api/admin/categories/${category.id}`,
        payload: {
          name: "Ropa y calzado",
          slug: "ropa-y-calzado",
          icon: "👗",
          imageUrl: "/uploads/ropa.webp",
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: category.id,
        name: "Ropa y calzado",
        slug: "ropa-y-calzado",
        icon: "👗",
        imageUrl: "/uploads/ropa.webp",
        merchantCount: 1,
        productCount: 0,
      });
    });

    it("answers 409 when the new slug belongs to another category", async () => {
      await insertCategory(t.db, { slug: "comida" });
      const other = await insertCategory(t.db, { slug: "bebidas" });
      const res = await t.asAdmin({
        method: "PUT",
        url: `/api/admin/categories/${other.id}`,
        payload: { name: "Bebidas", slug: "comida" },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("Ya existe una categoría con ese slug");
    });

    it("answers 400 for invalid input and 404 for unknown ids", async () => {
      const category = await insertCategory(t.db);
      const invalid = await t.asAdmin({
        method: "PUT",
        url: `/api/admin/categories/${category.id}`,
        payload: { name: "", slug: "x" },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toBe(REQUIRED);
      for (const id of ["999999", "abc", "0"]) {
        const res = await t.asAdmin({
          method: "PUT",
          url: `/api/admin/categories/${id}`,
          payload: { name: "Nada", slug: "nada" },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    });

    it("answers 401 without a session", async () => {
      const category = await insertCategory(t.db, { name: "Ropa" });
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/admin/categories/${category.id}`,
        payload: { name: "Hackeada", slug: "hackeada" },
      });
      expect(res.statusCode).toBe(401);
      const [row] = await t.db.select().from(categories).where(eq(categories.id, category.id));
      expect(row.name).toBe("Ropa");
    });
  });

  describe("DELETE /api/admin/categories/:id", () => {
    it("deletes an unused category", async () => {
      const category = await insertCategory(t.db);
      const res = await t.asAdmin({
        method: "DELETE",
        url: `/api/admin/categories/${category.id}`,
      });
      expect(res.statusCode).toBe(204);
      expect(await t.app.services.categories.getById(category.id)).toBeNull();
    });

    it("answers 409 while a merchant uses it, even a pending one", async () => {
      const category = await insertCategory(t.db);
      await insertMerchant(t.db, { categoryId: category.id, approved: false });
      const res = await t.asAdmin({
        method: "DELETE",
        url: `/api/admin/categories/${category.id}`,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: IN_USE, code: "conflict" });
      expect(await t.app.services.categories.getById(category.id)).not.toBeNull();
    });

    it("answers 409 while a product uses it", async () => {
      const home = await insertCategory(t.db);
      const used = await insertCategory(t.db);
      const merchant = await insertMerchant(t.db, { categoryId: home.id, approved: false });
      await insertProduct(t.db, { merchantId: merchant.id, categoryId: used.id, isActive: false });
      const res = await t.asAdmin({ method: "DELETE", url: `/api/admin/categories/${used.id}` });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(IN_USE);
    });

    it("answers 404 for unknown ids", async () => {
      for (const id of ["999999", "abc"]) {
        const res = await t.asAdmin({ method: "DELETE", url: `/api/admin/categories/${id}` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    });

    it("answers 401 without a session", async () => {
      const category = await insertCategory(t.db);
      const res = await t.app.inject({
        method: "DELETE",
        url: `/api/admin/categories/${category.id}`,
      });
      expect(res.statusCode).toBe(401);
      expect(await t.app.services.categories.getById(category.id)).not.toBeNull();
    });
  });

  describe("a category's product total (issue 13, decision 0018)", () => {
    it("is the stored count, kept by the writes: no count of the category's products", async () => {
      const category = await insertCategory(t.db);
      const other = await insertCategory(t.db);
      const merchant = await insertMerchant(t.db, { categoryId: category.id });
      const hidden = await insertMerchant(t.db, { categoryId: category.id, approved: false });
      for (let i = 0; i < 5; i++) {
        await insertProduct(t.db, { merchantId: merchant.id, categoryId: category.id });
        await insertProduct(t.db, { merchantId: hidden.id, categoryId: category.id });
      }
      await insertProduct(t.db, { merchantId: merchant.id, categoryId: other.id });
      await insertProduct(t.db, {
        merchantId: merchant.id,
        categoryId: category.id,
        isActive: false,
      });
      await refreshCategoryCounts(t.db);
      const total = async (query: string) => {
        const res = await t.app.inject({ url: `/api/products?${query}` });
        expect(res.statusCode).toBe(200);
        return res.headers["x-total-count"];
      };
      // A full page needs a total beyond it: the public products of the category, 5.
      expect(await total(`categoryId=${category.id}&limit=2`)).toBe("5");
      expect(await total(`categoryId=${category.id}&limit=2&offset=100`)).toBe("5");
      expect(await total(`categoryId=${other.id}&limit=1&offset=5`)).toBe("1");
      // The whole catalogue: every category's stored count.
      expect(await total("limit=2")).toBe("6");
      // The stored count is what is read (the writes keep it true in their transaction).
      await t.db.update(categories).set({ productCount: 7 }).where(eq(categories.id, category.id));
      expect(await total(`categoryId=${category.id}&limit=2`)).toBe("7");
      // With a merchant filter the products are counted.
      expect(await total(`categoryId=${category.id}&merchantId=${merchant.id}&limit=2`)).toBe("5");
    });
  });

  describe("service", () => {
    it("finds categories by slug and id, null when absent", async () => {
      const category = await insertCategory(t.db, { name: "Café", slug: "cafe" });
      const service = t.app.services.categories;
      expect(await service.getBySlug("cafe")).toMatchObject({ id: category.id, name: "Café" });
      expect(await service.getById(category.id)).toMatchObject({ slug: "cafe" });
      expect(await service.getBySlug("no-existe")).toBeNull();
      expect(await service.getById(category.id + 1000)).toBeNull();
    });

    it("validates unknown input with the shared schema", async () => {
      await expect(t.app.services.categories.create({ name: 1 })).rejects.toMatchObject({
        status: 400,
      });
      await expect(
        t.app.services.categories.update(123456, { name: "X", slug: "x" }),
      ).rejects.toMatchObject({
        status: 404,
        message: "Categoría no encontrada",
      });
      await expect(t.app.services.categories.remove(123456)).rejects.toMatchObject({ status: 404 });
    });
  });
});

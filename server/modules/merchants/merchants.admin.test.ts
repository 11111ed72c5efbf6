import { eq, inArray } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cartItems,
  categories,
  merchants,
  orderItems,
  orders,
  products,
  reviews,
} from "../../../db/schema/index";
import type { AdminMerchantDto, CategoryDto, MerchantDto } from "../../../shared/api-types";
import { refreshCategoryCounts, refreshMerchantStats } from "../catalog/counts.repository";
import { insertCategory, insertMerchant, insertProduct, insertReview } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

const NOT_FOUND = { message: "Comercio no encontrado", code: "not_found" };

describe("merchants admin API", () => {
  let t: TestApp;
  let categoryId: number;

  const adminMerchant = (overrides: Record<string, unknown> = {}) => ({
    name: "Ferretería El Martillo",
    description: "Herramientas y materiales de construcción.",
    address: "Av. Roosevelt 45, Santa Ana",
    department: "Santa Ana",
    municipality: "Santa Ana Centro",
    phone: "+503 2440-1234",
    whatsapp: "+503 7123-4567",
    email: "ventas@martillo.sv",
    categoryId,
    schedule: JSON.stringify({
      monday: { open: "08:00", close: "17:00" },
      sunday: { closed: true },
    }),
    website: "martillo.sv",
    facebook: "",
    instagram: "",
    tiktok: "",
    linkedin: "ferreteria-martillo",
    imageUrl: "/uploads/martillo.webp",
    logoUrl: "",
    ...overrides,
  });

  const get = (url: string) => t.app.inject({ method: "GET", url });
  const admin = (options: InjectOptions) => t.asAdmin(options);
  const categoryCounts = async (id: number) => {
    const list: CategoryDto[] = (await get("/api/categories")).json();
    const found = list.find((c) => c.id === id)!;
    return { merchants: found.merchantCount, products: found.productCount };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.adminCookie();
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.delete(orders);
    await t.db.delete(products);
    await t.db.delete(merchants);
    await t.db.delete(categories);
    categoryId = (await insertCategory(t.db, { name: "Ferreterías", slug: "ferreterias" })).id;
  });

  describe("without a session", () => {
    it("answers 401 on every admin merchant route and changes nothing", async () => {
      const m = await insertMerchant(t.db, { categoryId, approved: false });
      const routes: InjectOptions[] = [
        { method: "GET", url: "/api/admin/merchants" },
        { method: "GET", url: "/api/admin/merchants/pending" },
        { method: "POST", url: "/api/admin/merchants", payload: adminMerchant() },
        { method: "PUT", url: `/api/admin/merchants/${m.id}`, payload: adminMerchant() },
        { method: "DELETE", url: `/api/admin/merchants/${m.id}` },
        { method: "POST", url: `/api/admin/merchants/${m.id}/approve` },
        { method: "POST", url: `/api/admin/merchants/${m.id}/reject`, payload: { reason: "No" } },
        { method: "POST", url: "/api/admin/merchants/999999/approve" },
      ];
      for (const route of routes) {
        const res = await t.app.inject(route);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json().message).toBeTypeOf("string");
      }
      const rows = await t.db.select().from(merchants);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ approved: false, rejectionReason: null, name: m.name });
    });
  });

  describe("GET /api/admin/merchants", () => {
    it("lists every merchant, newest first, with status, reason and update time", async () => {
      const approved = await insertMerchant(t.db, { categoryId, name: "Aprobado" });
      const pending = await insertMerchant(t.db, {
        categoryId,
        name: "Pendiente",
        approved: false,
      });
      const rejected = await insertMerchant(t.db, {
        categoryId,
        name: "Rechazado",
        approved: false,
        rejectionReason: "Dirección incompleta",
      });
      const inactive = await insertMerchant(t.db, {
        categoryId,
        name: "Inactivo",
        isActive: false,
      });
      const res = await admin({ method: "GET", url: "/api/admin/merchants" });
      expect(res.statusCode).toBe(200);
      const body: AdminMerchantDto[] = res.json();
      expect(body.map((m) => m.id)).toEqual([inactive.id, rejected.id, pending.id, approved.id]);
      expect(body.map((m) => m.status)).toEqual(["approved", "rejected", "pending", "approved"]);
      expect(body[1]).toMatchObject({ rejectionReason: "Dirección incompleta", approved: false });
      expect(body[2].rejectionReason).toBeNull();
      expect(body[0].updatedAt).toMatch(/Z$/);
      expect(body[0].isActive).toBe(false);
    });
  });

  describe("GET /api/admin/merchants/pending", () => {
    it("lists only undecided applications, oldest first", async () => {
      const first = await insertMerchant(t.db, { categoryId, approved: false });
      await insertMerchant(t.db, { categoryId });
      await insertMerchant(t.db, { categoryId, approved: false, rejectionReason: "No" });
      const second = await insertMerchant(t.db, { categoryId, approved: false });
      const res = await admin({ method: "GET", url: "/api/admin/merchants/pending" });
      expect(res.statusCode).toBe(200);
      const body: AdminMerchantDto[] = res.json();
      expect(body.map((m) => m.id)).toEqual([first.id, second.id]);
      expect(body.every((m) => m.status === "pending")).toBe(true);
    });
  });

  describe("POST /api/admin/merchants", () => {
    it("publishes immediately by default, with normalized contacts and the schedule as JSON text", async () => {
      const res = await admin({
        method: "POST",
        url: "/api/admin/merchants",
        payload: adminMerchant(),
      });
      expect(res.statusCode).toBe(201);
      const body: AdminMerchantDto = res.json();
      expect(body).toMatchObject({
        slug: "ferreteria-el-martillo",
        approved: true,
        isActive: true,
        status: "approved",
        rejectionReason: null,
        website: "https://martillo.sv",
        linkedin: "https://www.linkedin.com/company/ferreteria-martillo",
        imageUrl: "/uploads/martillo.webp",
        logoUrl: null,
        facebook: null,
      });
      expect(JSON.parse(body.schedule)).toEqual({
        monday: { open: "08:00", close: "17:00" },
        sunday: { closed: true },
      });
      expect((await get(`/api/merchants/${body.slug}`)).statusCode).toBe(200);
      expect(await categoryCounts(categoryId)).toEqual({ merchants: 1, products: 0 });
    });

    it("sends the merchant to the pending queue when publish-immediately is off", async () => {
      const res = await admin({
        method: "POST",
        url: "/api/admin/merchants",
        payload: adminMerchant({ approved: false }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ approved: false, status: "pending" });
      const pending = (await admin({ method: "GET", url: "/api/admin/merchants/pending" })).json();
      expect(pending.map((m: AdminMerchantDto) => m.id)).toEqual([res.json().id]);
      expect((await get(`/api/merchants/${res.json().id}`)).statusCode).toBe(404);
      expect(await categoryCounts(categoryId)).toEqual({ merchants: 0, products: 0 });
    });

    it("makes the slug unique, from the given slug or the name", async () => {
      await insertMerchant(t.db, { categoryId, slug: "ferreteria-el-martillo" });
      const second = await admin({
        method: "POST",
        url: "/api/admin/merchants",
        payload: adminMerchant(),
      });
      expect(second.json().slug).toBe("ferreteria-el-martillo-2");
      const custom = await admin({
        method: "POST",
        url: "/api/admin/merchants",
        payload: adminMerchant({ slug: "El Martillo Centro" }),
      });
      expect(custom.json().slug).toBe("el-martillo-centro");
    });

    it("refuses invalid input and unknown categories with Spanish messages", async () => {
      const bad = await admin({
        method: "POST",
        url: "/api/admin/merchants",
        payload: adminMerchant({ phone: "2440", email: "x@", linkedin: "no vale!" }),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual(
        expect.arrayContaining([
          { path: "phone", message: "Formato requerido: +000 0000-0000" },
          { path: "email", message: "Por favor ingresa un email válido" },
          { path: "linkedin", message: "Por favor ingresa un perfil de LinkedIn válido" },
        ]),
      );
      const noCategory = await admin({
        method: "POST",
        url: "/api/admin/merchants",
        payload: adminMerchant({ categoryId: categoryId + 1000 }),
      });
      expect(noCategory.statusCode).toBe(400);
      expect(noCategory.json().message).toBe("Por favor selecciona una categoría");
      expect(await t.db.select().from(merchants)).toHaveLength(0);
    });
  });

  describe("PUT /api/admin/merchants/:id", () => {
    it("updates the fields and keeps the slug, even with a new name", async () => {
      const m = await insertMerchant(t.db, {
        categoryId,
        name: "Viejo",
        slug: "viejo",
        logoUrl: "/uploads/logo.webp",
      });
      const res = await admin({
        method: "PUT",
        url: `/api/admin/merchants/${m.id}`,
        payload: adminMerchant({
          name: "Nuevo nombre",
          slug: "ignorado",
          instagram: "@nuevo",
          logoUrl: undefined,
        }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: m.id,
        name: "Nuevo nombre",
        slug: "viejo",
        instagram: "https://www.instagram.com/nuevo",
        // Not sent: kept.
        logoUrl: "/uploads/logo.webp",
        approved: true,
      });
      const [row] = await t.db.select().from(merchants).where(eq(merchants.id, m.id));
      expect(row).toMatchObject({
        name: "Nuevo nombre",
        slug: "viejo",
        email: "ventas@martillo.sv",
      });
    });

    it("clears an optional field sent empty", async () => {
      const m = await insertMerchant(t.db, { categoryId, website: "https://viejo.sv" });
      const res = await admin({
        method: "PUT",
        url: `/api/admin/merchants/${m.id}`,
        payload: adminMerchant({ website: "" }),
      });
      expect(res.json().website).toBeNull();
    });

    it("keeps department and municipality left out (spec §7's edit has neither), clears them sent empty", async () => {
      const m = await insertMerchant(t.db, { categoryId });
      const { department: _d, municipality: _m, ...specPayload } = adminMerchant();
      const kept = await admin({
        method: "PUT",
        url: `/api/admin/merchants/${m.id}`,
        payload: specPayload,
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({
        department: "San Salvador",
        municipality: "San Salvador Centro",
      });
      const cleared = await admin({
        method: "PUT",
        url: `/api/admin/merchants/${m.id}`,
        payload: { ...specPayload, department: "", municipality: "" },
      });
      expect(cleared.json()).toMatchObject({ department: null, municipality: null });
    });

    it("moves the counts when the category changes, and hides an inactive merchant", async () => {
      const other = await insertCategory(t.db);
      const m = await insertMerchant(t.db, { categoryId });
      await insertProduct(t.db, { merchantId: m.id, categoryId: other.id });
      await refreshCategoryCounts(t.db);
      expect(await categoryCounts(categoryId)).toEqual({ merchants: 1, products: 0 });
      expect(await categoryCounts(other.id)).toEqual({ merchants: 0, products: 1 });

      const moved = await admin({
        method: "PUT",
        url: `/api/admin/merchants/${m.id}`,
        payload: adminMerchant({ categoryId: other.id }),
      });
      expect(moved.statusCode).toBe(200);
      expect(await categoryCounts(categoryId)).toEqual({ merchants: 0, products: 0 });
      expect(await categoryCounts(other.id)).toEqual({ merchants: 1, products: 1 });

      await admin({
        method: "PUT",
        url: `/api/admin/merchants/${m.id}`,
        payload: adminMerchant({ categoryId: other.id, isActive: false }),
      });
      expect(await categoryCounts(other.id)).toEqual({ merchants: 0, products: 0 });
      expect((await get(`/api/merchants/${m.id}`)).statusCode).toBe(404);
    });

    it("answers 400 for invalid input and unknown categories, 404 for unknown ids", async () => {
      const m = await insertMerchant(t.db, { categoryId });
      const invalid = await admin({
        method: "PUT",
        url: `/api/admin/merchants/${m.id}`,
        payload: adminMerchant({ categoryId: 0 }),
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().errors).toContainEqual({
        path: "categoryId",
        message: "Por favor selecciona una categoría",
      });
      const noCategory = await admin({
        method: "PUT",
        url: `/api/admin/merchants/${m.id}`,
        payload: adminMerchant({ categoryId: categoryId + 1000 }),
      });
      expect(noCategory.statusCode).toBe(400);
      expect(noCategory.json().message).toBe("Por favor selecciona una categoría");
      for (const id of ["999999", "abc", "0"]) {
        const res = await admin({
          method: "PUT",
          url: `/api/admin/merchants/${id}`,
          payload: adminMerchant(),
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    });
  });

  describe("approve and reject", () => {
    it("approving publishes the merchant and counts it, with its products", async () => {
      const productCategory = await insertCategory(t.db);
      const m = await insertMerchant(t.db, { categoryId, approved: false });
      await insertProduct(t.db, { merchantId: m.id, categoryId: productCategory.id });
      await refreshCategoryCounts(t.db);
      expect(await categoryCounts(categoryId)).toEqual({ merchants: 0, products: 0 });
      expect(await categoryCounts(productCategory.id)).toEqual({ merchants: 0, products: 0 });

      const res = await admin({ method: "POST", url: `/api/admin/merchants/${m.id}/approve` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: m.id,
        approved: true,
        status: "approved",
        rejectionReason: null,
      });
      expect(await categoryCounts(categoryId)).toEqual({ merchants: 1, products: 0 });
      expect(await categoryCounts(productCategory.id)).toEqual({ merchants: 0, products: 1 });
      expect((await get(`/api/merchants/${m.slug}`)).statusCode).toBe(200);
      expect((await get("/api/merchants")).json().map((x: MerchantDto) => x.id)).toEqual([m.id]);
      expect((await get("/api/merchants/featured")).json().map((x: MerchantDto) => x.id)).toEqual([
        m.id,
      ]);
      expect((await admin({ method: "GET", url: "/api/admin/merchants/pending" })).json()).toEqual(
        [],
      );
    });

    it("rejecting stores the reason, leaves the queue and uncounts an approved merchant", async () => {
      const m = await insertMerchant(t.db, { categoryId });
      await refreshCategoryCounts(t.db);
      expect(await categoryCounts(categoryId)).toEqual({ merchants: 1, products: 0 });

      const res = await admin({
        method: "POST",
        url: `/api/admin/merchants/${m.id}/reject`,
        payload: { reason: "  La dirección no existe  " },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        approved: false,
        status: "rejected",
        rejectionReason: "La dirección no existe",
      });
      expect(await categoryCounts(categoryId)).toEqual({ merchants: 0, products: 0 });
      expect((await get(`/api/merchants/${m.id}`)).statusCode).toBe(404);
      expect((await admin({ method: "GET", url: "/api/admin/merchants/pending" })).json()).toEqual(
        [],
      );
      const all: AdminMerchantDto[] = (
        await admin({ method: "GET", url: "/api/admin/merchants" })
      ).json();
      expect(all[0].status).toBe("rejected");

      // Approving later clears the reason.
      const again = await admin({ method: "POST", url: `/api/admin/merchants/${m.id}/approve` });
      expect(again.json()).toMatchObject({ status: "approved", rejectionReason: null });
      expect(await categoryCounts(categoryId)).toEqual({ merchants: 1, products: 0 });
    });

    it("a pending merchant rejected leaves the pending queue", async () => {
      const m = await insertMerchant(t.db, { categoryId, approved: false });
      await admin({
        method: "POST",
        url: `/api/admin/merchants/${m.id}/reject`,
        payload: { reason: "Duplicado" },
      });
      expect((await admin({ method: "GET", url: "/api/admin/merchants/pending" })).json()).toEqual(
        [],
      );
      const [row] = await t.db.select().from(merchants).where(eq(merchants.id, m.id));
      expect(row).toMatchObject({ approved: false, rejectionReason: "Duplicado" });
    });

    it.each([{}, { reason: "   " }, { reason: 5 }])(
      "reject refuses %j with the reason message",
      async (payload) => {
        const m = await insertMerchant(t.db, { categoryId, approved: false });
        const res = await admin({
          method: "POST",
          url: `/api/admin/merchants/${m.id}/reject`,
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toContainEqual({
          path: "reason",
          message: "Por favor proporciona una razón para el rechazo",
        });
        const [row] = await t.db.select().from(merchants).where(eq(merchants.id, m.id));
        expect(row.rejectionReason).toBeNull();
      },
    );

    it("answers 404 for unknown ids", async () => {
      for (const id of ["999999", "abc"]) {
        const approve = await admin({ method: "POST", url: `/api/admin/merchants/${id}/approve` });
        expect(approve.statusCode).toBe(404);
        expect(approve.json()).toEqual(NOT_FOUND);
        const reject = await admin({
          method: "POST",
          url: `/api/admin/merchants/${id}/reject`,
          payload: { reason: "No" },
        });
        expect(reject.statusCode).toBe(404);
        expect(reject.json()).toEqual(NOT_FOUND);
      }
    });
  });

  describe("DELETE /api/admin/merchants/:id", () => {
    it("removes the merchant, its products, reviews and cart lines; order lines keep name and price", async () => {
      const productCategory = await insertCategory(t.db);
      const m = await insertMerchant(t.db, { categoryId });
      const keep = await insertMerchant(t.db, { categoryId });
      const product = await insertProduct(t.db, {
        merchantId: m.id,
        categoryId: productCategory.id,
        name: "Martillo de uña",
        price: "12.50",
      });
      const kept = await insertProduct(t.db, {
        merchantId: keep.id,
        categoryId: productCategory.id,
      });
      await insertReview(t.db, { rating: 5, merchantId: m.id, isApproved: true });
      await insertReview(t.db, { rating: 4, productId: product.id, isApproved: true });
      const keptReview = await insertReview(t.db, {
        rating: 3,
        merchantId: keep.id,
        isApproved: true,
      });
      await t.db.insert(cartItems).values([
        { sessionId: "session-1", productId: product.id, quantity: 2 },
        { sessionId: "session-1", productId: kept.id, quantity: 1 },
      ]);
      const [order] = await t.db
        .insert(orders)
        .values({
          orderNumber: "ES-2026-000001",
          customerName: "Ana",
          customerEmail: "ana@ejemplo.sv",
          totalAmount: "25.00",
          subtotal: "25.00",
        })
        .returning();
      await t.db.insert(orderItems).values({
        orderId: order.id,
        productId: product.id,
        productName: "Martillo de uña",
        quantity: 2,
        price: "12.50",
      });
      await refreshMerchantStats(t.db, [m.id, keep.id]);
      await refreshCategoryCounts(t.db);
      expect(await categoryCounts(categoryId)).toEqual({ merchants: 2, products: 0 });
      expect(await categoryCounts(productCategory.id)).toEqual({ merchants: 0, products: 2 });

      const res = await admin({ method: "DELETE", url: `/api/admin/merchants/${m.id}` });
      expect(res.statusCode).toBe(204);

      expect(await t.db.select().from(merchants).where(eq(merchants.id, m.id))).toEqual([]);
      expect(await t.db.select().from(products).where(eq(products.merchantId, m.id))).toEqual([]);
      const leftReviews = await t.db.select().from(reviews);
      expect(leftReviews.map((r) => r.id)).toEqual([keptReview.id]);
      const leftCart = await t.db
        .select()
        .from(cartItems)
        .where(inArray(cartItems.sessionId, ["session-1"]));
      expect(leftCart.map((c) => c.productId)).toEqual([kept.id]);
      const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      expect(line).toMatchObject({
        productId: null,
        productName: "Martillo de uña",
        price: "12.50",
        quantity: 2,
      });
      expect(await categoryCounts(categoryId)).toEqual({ merchants: 1, products: 0 });
      expect(await categoryCounts(productCategory.id)).toEqual({ merchants: 0, products: 1 });

      const again = await admin({ method: "DELETE", url: `/api/admin/merchants/${m.id}` });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
    });

    it("lets the category be deleted once its last merchant is gone", async () => {
      const m = await insertMerchant(t.db, { categoryId, approved: false });
      expect(
        (await admin({ method: "DELETE", url: `/api/admin/categories/${categoryId}` })).statusCode,
      ).toBe(409);
      expect(
        (await admin({ method: "DELETE", url: `/api/admin/merchants/${m.id}` })).statusCode,
      ).toBe(204);
      expect(
        (await admin({ method: "DELETE", url: `/api/admin/categories/${categoryId}` })).statusCode,
      ).toBe(204);
    });

    it("answers 404 for unknown ids", async () => {
      for (const id of ["999999", "abc", "-1"]) {
        const res = await admin({ method: "DELETE", url: `/api/admin/merchants/${id}` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    });
  });

  describe("service", () => {
    it("createAdmin and update validate unknown input", async () => {
      const service = t.app.services.merchants;
      await expect(service.createAdmin({ name: "" })).rejects.toMatchObject({ status: 400 });
      await expect(service.update(999999, adminMerchant())).rejects.toMatchObject({
        status: 404,
        message: "Comercio no encontrado",
      });
      await expect(service.reject(999999, { reason: "x" })).rejects.toMatchObject({ status: 404 });
      await expect(service.approve(999999)).rejects.toMatchObject({ status: 404 });
      await expect(service.remove(999999)).rejects.toMatchObject({ status: 404 });
    });
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { categories, merchants, merchantSpecialDates, products } from "../../../db/schema/index";
import { FEATURED_MERCHANTS } from "../../../shared/limits";
import type { MerchantDto } from "../../../shared/api-types";
import { refreshCategoryCounts } from "../catalog/counts.repository";
import { insertCategory, insertMerchant } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { LIMIT_MESSAGE, OFFSET_MESSAGE } from "./merchants.service";

const NOT_FOUND = { message: "Comercio no encontrado", code: "not_found" };
const PHONE = "Formato requerido: +000 0000-0000";

const MERCHANT_DTO_KEYS = [
  "id",
  "name",
  "slug",
  "description",
  "imageUrl",
  "logoUrl",
  "address",
  "department",
  "municipality",
  "phone",
  "whatsapp",
  "email",
  "rating",
  "reviewCount",
  "productCount",
  "categoryId",
  "isActive",
  "approved",
  "schedule",
  "facebook",
  "instagram",
  "tiktok",
  "linkedin",
  "website",
  "createdAt",
  "temporarilyClosed",
  "specialDates",
  "fulfillment",
  "deliveryArea",
  "deliveryMunicipalities",
  "deliveryNote",
  // Issue 25: the fee and what it accepts are public; its bank details never are.
  "deliveryFee",
  "freeDeliveryFrom",
  "paymentMethods",
  // Issue 36: the district, fees by place and the minimum order are public too.
  "district",
  "deliveryFees",
  "minimumOrder",
  // Issue 37: who sells ('Datos del comercio'), as the consumer law asks it shown.
  "legalName",
  "taxId",
].sort();

/** `count` public merchants "<prefix> 00", "<prefix> 01"… in one insert (names sort as numbered). */
async function insertNumbered(
  db: TestApp["db"],
  count: number,
  categoryId: number,
  prefix: string,
) {
  const slug = prefix.toLowerCase().replace(/\W+/g, "-");
  await db.insert(merchants).values(
    Array.from({ length: count }, (_, i) => {
      const n = String(i).padStart(2, "0");
      return {
        name: `${prefix} ${n}`,
        slug: `lista-${slug}-${n}`,
        description: "Para paginar.",
        address: "Calle Arce 123, San Salvador",
        department: "San Salvador",
        municipality: "San Salvador Centro",
        phone: "+503 2222-0000",
        email: `lista-${slug}${n}@ejemplo.sv`,
        schedule: "",
        categoryId,
        approved: true,
      };
    }),
  );
  // As every write does: a category's merchants are counted from its stored count.
  await refreshCategoryCounts(db, [categoryId]);
}

const names = (body: MerchantDto[]) => body.map((m) => m.name);

describe("merchants public API", () => {
  let t: TestApp;
  let categoryId: number;
  let address = 0;

  /** Each registration from its own address, so the public write limit stays out of the way. */
  const register = (payload: unknown, remoteAddress = `10.1.${address >> 8}.${address++ & 255}`) =>
    t.app.inject({
      method: "POST",
      url: "/api/merchants",
      payload: payload as object,
      remoteAddress,
    });

  const registration = (overrides: Record<string, unknown> = {}) => ({
    name: "Panadería Ñandú",
    slug: "panaderia-nandu",
    description: "Pan dulce y francés horneado cada mañana.",
    address: "Calle Arce 123, San Salvador",
    department: "San Salvador",
    municipality: "San Salvador Centro",
    phone: "+503 2222-3333",
    whatsapp: "+503 7000-1111",
    email: "hola@nandu.sv",
    schedule: "Lunes: 09:00 - 18:00\nDomingo: Cerrado",
    website: "",
    facebook: "",
    instagram: "",
    tiktok: "",
    categoryId,
    ...overrides,
  });

  const get = (url: string) => t.app.inject({ method: "GET", url });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.delete(products);
    await t.db.delete(merchants);
    await t.db.delete(categories);
    categoryId = (await insertCategory(t.db, { name: "Panaderías", slug: "panaderias" })).id;
  });

  describe("GET /api/merchants", () => {
    it("lists only approved, active merchants, by name, in the MerchantDto shape", async () => {
      await insertMerchant(t.db, { categoryId, name: "Zapatería Sol", rating: "4.5" });
      await insertMerchant(t.db, { categoryId, name: "Óptica Luz" });
      await insertMerchant(t.db, { categoryId, name: "Abarrotes Pendiente", approved: false });
      await insertMerchant(t.db, { categoryId, name: "Abarrotes Inactivo", isActive: false });
      await insertMerchant(t.db, {
        categoryId,
        name: "Abarrotes Rechazado",
        approved: false,
        rejectionReason: "Datos falsos",
      });
      await insertMerchant(t.db, { categoryId, name: "café Central" });
      const res = await get("/api/merchants");
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-total-count"]).toBe("3");
      const body: MerchantDto[] = res.json();
      expect(body.map((m) => m.name)).toEqual(["café Central", "Óptica Luz", "Zapatería Sol"]);
      expect(Object.keys(body[0]).sort()).toEqual(MERCHANT_DTO_KEYS);
      expect(body[2].rating).toBe("4.5");
      expect(body[0].rating).toBe("0.0");
      expect(body[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(body[0]).not.toHaveProperty("rejectionReason");
    });

    it("filters by category", async () => {
      const other = await insertCategory(t.db);
      await insertMerchant(t.db, { categoryId, name: "Pan" });
      await insertMerchant(t.db, { categoryId: other.id, name: "Ropa" });
      const res = await get(`/api/merchants?categoryId=${other.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((m: MerchantDto) => m.name)).toEqual(["Ropa"]);
      expect((await get("/api/merchants?categoryId=")).json()).toHaveLength(2);
      expect((await get("/api/merchants?categoryId=999999")).json()).toEqual([]);
    });

    it("filters by department, accents and case optional", async () => {
      await insertMerchant(t.db, { categoryId, name: "Capital", department: "San Salvador" });
      await insertMerchant(t.db, {
        categoryId,
        name: "Occidente",
        department: "Ahuachapán",
        municipality: "Ahuachapán Centro",
      });
      for (const department of ["Ahuachap%C3%A1n", "ahuachapan"]) {
        const res = await get(`/api/merchants?department=${department}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().map((m: MerchantDto) => m.name)).toEqual(["Occidente"]);
      }
      const both = await get(`/api/merchants?department=San%20Salvador&categoryId=${categoryId}`);
      expect(both.json().map((m: MerchantDto) => m.name)).toEqual(["Capital"]);
    });

    it.each(["abc", "0", "-1", "1.5", "1e3"])("answers 400 for categoryId=%s", async (value) => {
      const res = await get(`/api/merchants?categoryId=${value}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: "La categoría indicada no es válida",
        code: "bad_request",
      });
    });

    it("answers 400 for an unknown department", async () => {
      const res = await get("/api/merchants?department=Narnia");
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "Departamento desconocido", code: "bad_request" });
    });

    it("service listPublic checks its filter too", async () => {
      const service = t.app.services.merchants;
      await expect(service.listPublic({ categoryId: 0 })).rejects.toMatchObject({ status: 400 });
      await expect(service.listPublic({ department: "Texas" })).rejects.toMatchObject({
        status: 400,
        message: "Departamento desconocido",
      });
      await insertMerchant(t.db, { categoryId, name: "Uno" });
      expect((await service.listPublic({ categoryId })).items).toHaveLength(1);
    });

    it("pages with limit and offset (default 30), the header counting every match", async () => {
      await insertNumbered(t.db, 65, categoryId, "Comercio");
      await insertMerchant(t.db, { categoryId, name: "Comercio Pendiente", approved: false });

      const first = await get("/api/merchants");
      expect(first.statusCode).toBe(200);
      expect(first.headers["x-total-count"]).toBe("65");
      expect(first.json()).toHaveLength(30);
      expect(first.json()[0].name).toBe("Comercio 00");
      expect(first.json()[29].name).toBe("Comercio 29");

      const second = await get("/api/merchants?offset=30");
      expect(second.json()[0].name).toBe("Comercio 30");
      expect(second.headers["x-total-count"]).toBe("65");

      const last = await get("/api/merchants?limit=10&offset=60");
      expect(names(last.json())).toEqual([
        "Comercio 60",
        "Comercio 61",
        "Comercio 62",
        "Comercio 63",
        "Comercio 64",
      ]);
      expect(last.headers["x-total-count"]).toBe("65");

      // Pages of 100 (the most) meet every merchant exactly once.
      const max = await get("/api/merchants?limit=100");
      expect(max.json()).toHaveLength(65);
      expect(new Set(names(max.json())).size).toBe(65);

      const beyond = await get("/api/merchants?offset=1000");
      expect(beyond.statusCode).toBe(200);
      expect(beyond.json()).toEqual([]);
      expect(beyond.headers["x-total-count"]).toBe("65");
    });

    it("pages within a category or department, the header counting only its merchants", async () => {
      const other = await insertCategory(t.db, { name: "Ropa", slug: "ropa" });
      await insertNumbered(t.db, 35, categoryId, "Panadería");
      await insertNumbered(t.db, 12, other.id, "Ropa");
      await insertMerchant(t.db, {
        categoryId: other.id,
        name: "Ropa de Occidente",
        department: "Ahuachapán",
        municipality: "Ahuachapán Centro",
      });

      const second = await get(`/api/merchants?categoryId=${categoryId}&offset=30`);
      expect(second.headers["x-total-count"]).toBe("35");
      expect(names(second.json())).toEqual([
        "Panadería 30",
        "Panadería 31",
        "Panadería 32",
        "Panadería 33",
        "Panadería 34",
      ]);

      const ropa = await get(`/api/merchants?categoryId=${other.id}&limit=5&offset=10`);
      expect(ropa.headers["x-total-count"]).toBe("13");
      expect(names(ropa.json())).toEqual(["Ropa 10", "Ropa 11", "Ropa de Occidente"]);

      const both = await get(
        `/api/merchants?categoryId=${other.id}&department=San%20Salvador&limit=5`,
      );
      expect(both.headers["x-total-count"]).toBe("12");
      expect(both.json()).toHaveLength(5);

      const none = await get("/api/merchants?categoryId=999999&offset=30");
      expect(none.json()).toEqual([]);
      expect(none.headers["x-total-count"]).toBe("0");
    });

    it.each([
      ["limit=0", LIMIT_MESSAGE],
      ["limit=101", LIMIT_MESSAGE],
      ["limit=abc", LIMIT_MESSAGE],
      ["limit=1.5", LIMIT_MESSAGE],
      ["limit=-5", LIMIT_MESSAGE],
      ["limit=5&limit=6", LIMIT_MESSAGE],
      ["limit=99999999999999999999", LIMIT_MESSAGE],
      ["offset=-1", OFFSET_MESSAGE],
      ["offset=x", OFFSET_MESSAGE],
      ["offset=2.5", OFFSET_MESSAGE],
      ["offset=1&offset=2", OFFSET_MESSAGE],
      ["offset=99999999999999999999", OFFSET_MESSAGE],
    ])("answers 400 with a Spanish message to %s", async (query, message) => {
      const res = await get(`/api/merchants?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code: "bad_request" });
    });

    it("counts a category's merchants from its stored count, any other filter by counting", async () => {
      const service = t.app.services.merchants;
      await insertNumbered(t.db, 31, categoryId, "Contado");
      expect(await service.countPublic({ categoryId })).toBe(31);
      expect((await service.listPublic({ categoryId })).total).toBe(31);
      // The stored count is what a category-only count reads (kept true by every write).
      await t.db.update(categories).set({ merchantCount: 40 }).where(eq(categories.id, categoryId));
      expect(await service.countPublic({ categoryId })).toBe(40);
      expect((await service.listPublic({ categoryId })).total).toBe(40);
      // A page with room left knows its total from its rows; other filters count the rows.
      expect((await service.listPublic({ categoryId }, { limit: 50 })).total).toBe(31);
      expect(await service.countPublic({ categoryId, department: "San Salvador" })).toBe(31);
      expect(await service.countPublic({ categoryId, department: "Ahuachapán" })).toBe(0);
      expect(await service.countPublic({ categoryId, municipality: "San Salvador Centro" })).toBe(
        31,
      );
      await expect(service.countPublic({ categoryId: 0 })).rejects.toMatchObject({ status: 400 });
    });

    it("states the limit's range in Spanish", () => {
      expect(LIMIT_MESSAGE).toBe("El límite debe ser un número entero entre 1 y 100");
    });

    it("service listPublic answers a page (the first by default) and its total", async () => {
      const service = t.app.services.merchants;
      await insertNumbered(t.db, 35, categoryId, "Comercio");
      const page = await service.listPublic({ categoryId }, { limit: 4, offset: 32 });
      expect(page.total).toBe(35);
      expect(names(page.items)).toEqual(["Comercio 32", "Comercio 33", "Comercio 34"]);
      expect((await service.listPublic({ categoryId }, {})).items).toHaveLength(30);
      const first = await service.listPublic({ categoryId });
      expect(first.total).toBe(35);
      expect(first.items).toHaveLength(30);
      await expect(service.listPublic({}, { limit: 101 })).rejects.toMatchObject({
        status: 400,
        message: LIMIT_MESSAGE,
      });
      await expect(service.listPublic({}, { offset: -1 })).rejects.toMatchObject({
        status: 400,
        message: OFFSET_MESSAGE,
      });
      await expect(service.listPublic({ categoryId: 0 }, {})).rejects.toMatchObject({
        status: 400,
      });
    });
  });

  describe("GET /api/merchants/featured", () => {
    it("orders public merchants by rating, then review count, then name, at most FEATURED_MERCHANTS", async () => {
      const rows: [string, string, number][] = [
        ["Bajo", "3.0", 50],
        ["Top", "4.9", 2],
        ["Alto B", "4.5", 10],
        ["Alto A", "4.5", 10],
        ["Alto muchas", "4.5", 30],
        ["Medio", "4.0", 5],
        ["Nuevo", "0.0", 0],
        ["Medio bajo", "3.5", 1],
      ];
      for (const [name, rating, reviewCount] of rows) {
        await insertMerchant(t.db, { categoryId, name, rating, reviewCount });
      }
      // Better rated, but not public.
      await insertMerchant(t.db, {
        categoryId,
        name: "Pendiente",
        rating: "5.0",
        reviewCount: 99,
        approved: false,
      });
      await insertMerchant(t.db, {
        categoryId,
        name: "Inactivo",
        rating: "5.0",
        reviewCount: 99,
        isActive: false,
      });
      const res = await get("/api/merchants/featured");
      expect(res.statusCode).toBe(200);
      const names = res.json().map((m: MerchantDto) => m.name);
      expect(FEATURED_MERCHANTS).toBe(6);
      expect(names).toEqual(["Top", "Alto muchas", "Alto A", "Alto B", "Medio", "Medio bajo"]);
    });

    it("is an empty list without public merchants", async () => {
      await insertMerchant(t.db, { categoryId, approved: false });
      expect((await get("/api/merchants/featured")).json()).toEqual([]);
    });
  });

  describe("GET /api/merchants/:idOrSlug", () => {
    it("finds a public merchant by id and by slug", async () => {
      const row = await insertMerchant(t.db, {
        categoryId,
        name: "Pupusería 2000",
        slug: "pupuseria-2000",
      });
      const byId = await get(`/api/merchants/${row.id}`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toMatchObject({
        id: row.id,
        slug: "pupuseria-2000",
        name: "Pupusería 2000",
      });
      const bySlug = await get("/api/merchants/pupuseria-2000");
      expect(bySlug.statusCode).toBe(200);
      expect(bySlug.json()).toEqual(byId.json());
    });

    it("reads digits only as an id, never as a slug", async () => {
      await insertMerchant(t.db, { categoryId, slug: "777777" });
      expect((await get("/api/merchants/777777")).statusCode).toBe(404);
    });

    it("answers 404 for pending, rejected, inactive and unknown merchants", async () => {
      const pending = await insertMerchant(t.db, { categoryId, approved: false });
      const rejected = await insertMerchant(t.db, {
        categoryId,
        approved: false,
        rejectionReason: "No",
      });
      const inactive = await insertMerchant(t.db, { categoryId, isActive: false });
      const urls = [
        ...[pending, rejected, inactive].flatMap((m) => [
          `/api/merchants/${m.id}`,
          `/api/merchants/${m.slug}`,
        ]),
        "/api/merchants/999999",
        "/api/merchants/99999999999999999999",
        "/api/merchants/no-existe",
      ];
      for (const url of urls) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    });
  });

  describe("POST /api/merchants", () => {
    it("registers a pending merchant with the slug made from the name and normalized contacts", async () => {
      const res = await register(
        registration({
          slug: "lo-que-diga-el-cliente",
          website: "www.nandu.sv",
          facebook: "panaderianandu",
          instagram: "@panaderia.nandu",
          tiktok: "nandu_pan",
          approved: true,
          isActive: false,
          rating: "5.0",
        }),
      );
      expect(res.statusCode).toBe(201);
      const body: MerchantDto = res.json();
      expect(Object.keys(body).sort()).toEqual(MERCHANT_DTO_KEYS);
      expect(body).toMatchObject({
        name: "Panadería Ñandú",
        slug: "panaderia-nandu",
        approved: false,
        isActive: true,
        rating: "0.0",
        reviewCount: 0,
        productCount: 0,
        categoryId,
        department: "San Salvador",
        municipality: "San Salvador Centro",
        phone: "+503 2222-3333",
        whatsapp: "+503 7000-1111",
        email: "hola@nandu.sv",
        website: "https://www.nandu.sv",
        facebook: "https://www.facebook.com/panaderianandu",
        instagram: "https://www.instagram.com/panaderia.nandu",
        tiktok: "https://www.tiktok.com/@nandu_pan",
        linkedin: null,
        schedule: "Lunes: 09:00 - 18:00\nDomingo: Cerrado",
      });
      const [row] = await t.db.select().from(merchants).where(eq(merchants.id, body.id));
      expect(row).toMatchObject({ approved: false, isActive: true, rejectionReason: null });
    });

    it("stores empty optional fields as null", async () => {
      const res = await register(registration({ whatsapp: "" }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        whatsapp: null,
        website: null,
        facebook: null,
        instagram: null,
        tiktok: null,
      });
    });

    it("reads a local Salvadoran number (8 digits, 2, 6 or 7 first) as +503", async () => {
      const res = await register(registration({ phone: "2222 3333", whatsapp: "70001111" }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ phone: "+503 2222-3333", whatsapp: "+503 7000-1111" });
    });

    it("makes clashing slugs unique with -2, -3…", async () => {
      const slugs = [];
      for (let i = 0; i < 3; i++) slugs.push((await register(registration())).json().slug);
      expect(slugs).toEqual(["panaderia-nandu", "panaderia-nandu-2", "panaderia-nandu-3"]);
      // A name whose slug only looks like a numbered form still gets its own.
      expect((await register(registration({ name: "Panadería Ñandú 2" }))).json().slug).toBe(
        "panaderia-nandu-2-2",
      );
    });

    it("gives names without letters or digits the slug 'comercio'", async () => {
      expect((await register(registration({ name: "🥐🥖" }))).json().slug).toBe("comercio");
      expect((await register(registration({ name: "¡¡¡!!!" }))).json().slug).toBe("comercio-2");
    });

    it("never takes a slug the API uses as a path", async () => {
      const res = await register(registration({ name: "Featured" }));
      expect(res.json().slug).toBe("featured-2");
    });

    it("keeps slugs unique under concurrent registrations", async () => {
      const created = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.app.services.merchants.register(registration({ name: "Tienda Doña Rosa" })),
        ),
      );
      const slugs = created.map((m) => m.slug).sort();
      expect(new Set(slugs).size).toBe(6);
      expect(slugs).toContain("tienda-dona-rosa");
      expect(slugs).toContain("tienda-dona-rosa-6");
    });

    it.each([
      ["phone", { phone: "8000-0000" }, PHONE],
      ["phone", { phone: "" }, PHONE],
      ["phone", { phone: undefined }, PHONE],
      ["whatsapp", { whatsapp: "+50370001111" }, PHONE],
      ["email", { email: "no-es-correo" }, "Por favor ingresa un email válido"],
      ["email", { email: undefined }, "Por favor ingresa un email válido"],
      ["categoryId", { categoryId: 0 }, "Por favor selecciona una categoría"],
      ["categoryId", { categoryId: undefined }, "Por favor selecciona una categoría"],
      ["categoryId", { categoryId: "abc" }, "Por favor selecciona una categoría"],
      [
        "website",
        { website: "no es un sitio" },
        "Por favor ingresa un sitio web válido (ej: www.mitienda.com)",
      ],
      ["facebook", { facebook: "mi perfil!" }, "Por favor ingresa un perfil de Facebook válido"],
      ["instagram", { instagram: "@@ no" }, "Por favor ingresa un perfil de Instagram válido"],
      ["tiktok", { tiktok: "tik tok!" }, "Por favor ingresa un perfil de TikTok válido"],
      ["name", { name: "  " }, "El nombre es requerido"],
      ["address", { address: "" }, "La dirección es requerida"],
      ["description", { description: undefined }, "La descripción es requerida"],
      ["department", { department: "Narnia" }, "Selecciona un departamento"],
      [
        "municipality",
        { municipality: "Santa Ana Norte" },
        "Selecciona un municipio del departamento",
      ],
    ])("refuses a bad %s with its Spanish message (%j)", async (path, overrides, message) => {
      const res = await register(registration(overrides));
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errors).toContainEqual({ path, message });
      expect(body.message).toBeTypeOf("string");
      expect(await t.db.select().from(merchants)).toHaveLength(0);
    });

    it("refuses a category that does not exist", async () => {
      const res = await register(registration({ categoryId: categoryId + 1000 }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: "Por favor selecciona una categoría",
        code: "validation",
        errors: [{ path: "categoryId", message: "Por favor selecciona una categoría" }],
      });
    });

    it("refuses malformed and non-object bodies with 4xx JSON", async () => {
      const broken = await t.app.inject({
        method: "POST",
        url: "/api/merchants",
        headers: { "content-type": "application/json" },
        payload: "{name:",
        remoteAddress: "10.2.0.1",
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().message).toBeTypeOf("string");
      const array = await register([registration()]);
      expect(array.statusCode).toBe(400);
      const empty = await t.app.inject({
        method: "POST",
        url: "/api/merchants",
        remoteAddress: "10.2.0.2",
      });
      expect(empty.statusCode).toBe(400);
    });

    it("is rate limited per address", async () => {
      const statuses = [];
      for (let i = 0; i < 31; i++) statuses.push((await register({}, "10.3.0.1")).statusCode);
      expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
      expect(statuses[30]).toBe(429);
      expect((await register({}, "10.3.0.2")).statusCode).toBe(400);
    });
  });

  describe("visibility of a pending registration", () => {
    it("stays out of the public list, detail, featured and category counts", async () => {
      await insertMerchant(t.db, { categoryId, name: "Visible" });
      await refreshCategoryCounts(t.db);
      const created: MerchantDto = (await register(registration())).json();
      expect((await get("/api/merchants")).json().map((m: MerchantDto) => m.name)).toEqual([
        "Visible",
      ]);
      expect((await get(`/api/merchants?categoryId=${categoryId}`)).json()).toHaveLength(1);
      expect((await get(`/api/merchants/${created.id}`)).statusCode).toBe(404);
      expect((await get(`/api/merchants/${created.slug}`)).statusCode).toBe(404);
      expect(
        (await get("/api/merchants/featured")).json().map((m: MerchantDto) => m.id),
      ).not.toContain(created.id);
      const [category] = (await get("/api/categories")).json();
      expect(category.merchantCount).toBe(1);
      expect(await t.app.services.merchants.getPublic(String(created.id))).toBeNull();
    });
  });

  describe("listPublicBySlugs (/favorites, issue 27)", () => {
    it("answers the public merchants in the list's order as getPublic does, and the rest as gone", async () => {
      const first = await insertMerchant(t.db, { categoryId, slug: "primero" });
      await insertMerchant(t.db, { categoryId, slug: "segundo" });
      await t.db
        .insert(merchantSpecialDates)
        .values({ merchantId: first.id, date: "2099-12-25", closed: true });
      const pending = await insertMerchant(t.db, { categoryId, approved: false });
      const rejected = await insertMerchant(t.db, {
        categoryId,
        approved: false,
        rejectionReason: "No",
      });
      const inactive = await insertMerchant(t.db, { categoryId, isActive: false });
      const service = t.app.services.merchants;

      const answer = await service.listPublicBySlugs([
        "segundo",
        pending.slug,
        "no-existe",
        "primero",
        rejected.slug,
        inactive.slug,
        "segundo",
        "No Es Slug",
      ]);
      expect(answer.items).toEqual([
        await service.getPublic("segundo"),
        await service.getPublic("primero"),
      ]);
      expect(answer.items[1].specialDates).toEqual([
        { date: "2099-12-25", closed: true, open: null, close: null },
      ]);
      expect(answer.gone).toEqual([
        pending.slug,
        "no-existe",
        rejected.slug,
        inactive.slug,
        "No Es Slug",
      ]);
      expect(await service.listPublicBySlugs([])).toEqual({ items: [], gone: [] });
    });
  });

  describe("listPublicSlugs", () => {
    it("lists public merchants' slugs with ISO update times", async () => {
      await insertMerchant(t.db, { categoryId, slug: "publico" });
      await insertMerchant(t.db, { categoryId, slug: "oculto", approved: false });
      const slugs = await t.app.services.merchants.listPublicSlugs();
      expect(slugs).toEqual([
        { slug: "publico", updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) },
      ]);
    });
  });
});

/** With the public-read cache on, every page (and filter) is its own entry. */
describe("merchants list pages with the cache on", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.services.cache.enableForTests();
  });
  afterAll(() => t.close());

  it("keeps pages, page sizes and categories apart", async () => {
    const get = async (url: string) => {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      return { names: names(res.json()), total: res.headers["x-total-count"] };
    };
    const category = await insertCategory(t.db, { name: "Cafeterías", slug: "cafeterias" });
    const other = await insertCategory(t.db, { name: "Floristerías", slug: "floristerias" });
    await insertNumbered(t.db, 7, category.id, "Café");
    await insertNumbered(t.db, 2, other.id, "Flores");

    for (let round = 0; round < 2; round++) {
      // The second round is answered from the cache: the same answers.
      expect(await get("/api/merchants?limit=3")).toEqual({
        names: ["Café 00", "Café 01", "Café 02"],
        total: "9",
      });
      expect(await get("/api/merchants?limit=3&offset=3")).toEqual({
        names: ["Café 03", "Café 04", "Café 05"],
        total: "9",
      });
      expect((await get("/api/merchants?limit=4&offset=3")).names).toHaveLength(4);
      expect(await get(`/api/merchants?categoryId=${other.id}&limit=3`)).toEqual({
        names: ["Flores 00", "Flores 01"],
        total: "2",
      });
      expect(await get(`/api/merchants?categoryId=${category.id}&limit=3&offset=6`)).toEqual({
        names: ["Café 06"],
        total: "7",
      });
    }
  });
});

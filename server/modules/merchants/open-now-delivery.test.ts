import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchantHours, merchantSpecialDates, type merchants } from "../../../db/schema/index";
import type { MerchantDto, SearchResultDto } from "../../../shared/api-types";
import { svMoment } from "../../../shared/open-now";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

const ALWAYS = JSON.stringify(
  Object.fromEntries(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [
      d,
      { open: "00:00", close: "00:00" },
    ]),
  ),
);
const NEVER =
  "Lunes: Cerrado\nMartes: Cerrado\nMiércoles: Cerrado\nJueves: Cerrado\nViernes: Cerrado\nSábado: Cerrado\nDomingo: Cerrado";

describe("open now and delivery filters (issue 12)", () => {
  let t: TestApp;
  let categoryId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.services.cache.enableForTests();
    categoryId = (await insertCategory(t.db, { name: "Comida" })).id;
    const today = svMoment(new Date()).date;
    // Inserted directly, like rows from before merchant_hours: the first query fills their hours.
    const make = async (key: string, values: Partial<typeof merchants.$inferInsert>) => {
      const row = await insertMerchant(t.db, { name: `Pupusería ${key}`, categoryId, ...values });
      ids[key] = row.id;
      await insertProduct(t.db, { merchantId: row.id, categoryId, name: `Pupusas de ${key}` });
      return row;
    };
    await make("Siempre", { schedule: ALWAYS });
    await make("Nunca", { schedule: NEVER });
    await make("Pausada", { schedule: ALWAYS, temporarilyClosed: true });
    const feriado = await make("Feriado", { schedule: ALWAYS });
    await t.db
      .insert(merchantSpecialDates)
      .values({ merchantId: feriado.id, date: today, closed: true });
    const especial = await make("Especial", { schedule: NEVER });
    await t.db.insert(merchantSpecialDates).values({
      merchantId: especial.id,
      date: today,
      closed: false,
      openMinute: 0,
      closeMinute: 1440,
    });
    // Delivery: located in San Miguel, delivering to a list; and one delivering everywhere.
    await make("Lista", {
      schedule: NEVER,
      department: "San Miguel",
      municipality: "San Miguel Centro",
      fulfillment: "delivery",
      deliveryArea: "municipalities",
      deliveryMunicipalities: ["La Libertad Sur"],
    });
    await make("Pais", {
      schedule: NEVER,
      department: "Santa Ana",
      municipality: "Santa Ana Norte",
      fulfillment: "both",
      deliveryArea: "country",
    });
    // Department-wide delivery counts only with delivery: a pickup shop is found where it is.
    await make("Depto", {
      schedule: NEVER,
      department: "Usulután",
      municipality: "Usulután Este",
      fulfillment: "delivery",
      deliveryArea: "department",
    });
    await make("DeptoRetiro", {
      schedule: NEVER,
      department: "Usulután",
      municipality: "Usulután Norte",
      fulfillment: "pickup",
      deliveryArea: "department",
    });
    await make("Retiro", {
      schedule: NEVER,
      department: "Santa Ana",
      municipality: "Santa Ana Centro",
      fulfillment: "pickup",
      deliveryArea: null,
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: string) => {
    const res = await t.app.inject({ method: "GET", url: `/api/merchants?${query}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as MerchantDto[]).map((m) => m.name.replace("Pupusería ", "")).sort();
  };

  it("open=now keeps merchants open at this minute in El Salvador", async () => {
    expect(await list("open=now")).toEqual(["Especial", "Siempre"]);
    const res = await t.app.inject({ method: "GET", url: "/api/merchants?open=now" });
    expect(res.headers["x-total-count"]).toBe("2");
  });

  it("filled the queryable hours of rows written before them", async () => {
    const rows = await t.db
      .select()
      .from(merchantHours)
      .where(eq(merchantHours.merchantId, ids.Siempre));
    expect(rows.map((r) => [r.startMinute, r.endMinute])).toEqual([[0, 10080]]);
  });

  it("municipality= means located there or delivering there, accents optional", async () => {
    expect(await list("municipality=la%20libertad%20sur")).toEqual(["Lista", "Pais"]);
    expect(await list("municipality=Santa%20Ana%20Centro")).toEqual(["Pais", "Retiro"]);
    expect(await list("municipality=San%20Salvador%20Centro")).toEqual([
      "Especial",
      "Feriado",
      "Nunca",
      "Pais",
      "Pausada",
      "Siempre",
    ]);
    expect(await list("municipality=San%20Salvador%20Centro&open=now")).toEqual([
      "Especial",
      "Siempre",
    ]);
  });

  it("a department-wide delivery reaches every municipality of that department, only with delivery", async () => {
    expect(await list("municipality=Usulut%C3%A1n%20Oeste")).toEqual(["Depto", "Pais"]);
    expect(await list("municipality=Usulut%C3%A1n%20Norte")).toEqual([
      "Depto",
      "DeptoRetiro",
      "Pais",
    ]);
    expect(await list("municipality=San%20Miguel%20Norte")).toEqual(["Pais"]);
  });

  it("answers 400 with a Spanish message for a wrong open or municipality", async () => {
    for (const [query, message] of [
      ["open=ayer", "El filtro 'open' solo acepta 'now'"],
      ["municipality=Narnia", "Municipio desconocido"],
      ["municipality=a&municipality=b", "Municipio desconocido"],
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/api/merchants?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("GET /api/search takes the same filters, for merchants and their products", async () => {
    const search = async (query: string) => {
      const res = await t.app.inject({ method: "GET", url: `/api/search?q=pupus&${query}` });
      expect(res.statusCode).toBe(200);
      return res.json() as SearchResultDto;
    };
    const open = await search("open=now");
    expect(open.merchants.map((m) => m.id).sort()).toEqual([ids.Siempre, ids.Especial].sort());
    expect(open.productTotal).toBe(2);
    const there = await search("municipality=La%20Libertad%20Sur");
    expect(there.merchants.map((m) => m.id).sort()).toEqual([ids.Lista, ids.Pais].sort());
    expect(there.products.map((p) => p.name).sort()).toEqual([
      "Pupusas de Lista",
      "Pupusas de Pais",
    ]);
    const bad = await t.app.inject({ method: "GET", url: "/api/search?q=pupus&open=1" });
    expect(bad.statusCode).toBe(400);
  });

  it("admin writes store the delivery, closure and special dates, and the filters follow", async () => {
    const today = svMoment(new Date()).date;
    const res = await t.asAdmin({
      method: "PUT",
      url: `/api/admin/merchants/${ids.Nunca}`,
      payload: {
        name: "Pupusería Nunca",
        description: "Ahora abre hoy.",
        address: "Calle Arce 123",
        phone: "+503 2222-0000",
        email: "nunca@ejemplo.sv",
        categoryId,
        schedule: ALWAYS,
        fulfillment: "delivery",
        deliveryArea: "municipalities",
        deliveryMunicipalities: ["cabanas este"],
        deliveryNote: "Envío $2.50",
        specialDates: [{ date: "2030-01-01", closed: true }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fulfillment: "delivery",
      deliveryArea: "municipalities",
      deliveryMunicipalities: ["Cabañas Este"],
      deliveryNote: "Envío $2.50",
      temporarilyClosed: false,
      specialDates: [{ date: "2030-01-01", closed: true, open: null, close: null }],
    });
    expect(await list("open=now")).toEqual(["Especial", "Nunca", "Siempre"]);
    expect(await list("municipality=Caba%C3%B1as%20Este")).toEqual(["Nunca", "Pais"]);

    const closeToday = await t.asAdmin({
      method: "PUT",
      url: `/api/admin/merchants/${ids.Nunca}`,
      payload: {
        name: "Pupusería Nunca",
        description: "Cerrado hoy.",
        address: "Calle Arce 123",
        phone: "+503 2222-0000",
        email: "nunca@ejemplo.sv",
        categoryId,
        schedule: ALWAYS,
        specialDates: [{ date: today, open: "00:00", close: "00:01" }],
      },
    });
    expect(closeToday.statusCode).toBe(200);
    expect(await list("open=now")).toEqual(["Especial", "Siempre"]);

    const reopened = await t.app.services.merchants.updateOperations(ids.Nunca, {
      specialDates: [],
      temporarilyClosed: true,
    });
    expect(reopened.temporarilyClosed).toBe(true);
    expect(await list("open=now")).toEqual(["Especial", "Siempre"]);
  });

  it("refuses delivery settings that cannot work, with the field's message", async () => {
    const res = await t.asAdmin({
      method: "PUT",
      url: `/api/admin/merchants/${ids.Siempre}`,
      payload: {
        name: "Pupusería Siempre",
        description: "x",
        address: "Calle Arce 123",
        phone: "+503 2222-0000",
        email: "siempre@ejemplo.sv",
        categoryId,
        schedule: ALWAYS,
        fulfillment: "delivery",
        deliveryArea: "municipalities",
        deliveryMunicipalities: [],
        specialDates: [{ date: "2030-02-30", closed: true }],
      },
    });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["deliveryMunicipalities"]));
  });
});

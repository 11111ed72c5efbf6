import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { merchants } from "../../../db/schema/index";
import type { AdminMerchantDto, MerchantDto, SearchResultDto } from "../../../shared/api-types";
import { findZone } from "../../../shared/places";
import { zonePlaceKeys } from "../catalog/opening-hours";
import { insertCategory, insertMerchant } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Issue 36 on the merchants: the district (written with the place, checked against it), the
 * places of the delivery list and the fees by place, the minimum order, and 'Entrega en mi
 * zona' (`?zone=`) on the lists and search, answered from served_places' index.
 */

describe("districts and zones on the merchants (issue 36)", () => {
  let t: TestApp;
  let categoryId: number;

  const body = (overrides: Record<string, unknown> = {}) => ({
    name: "Pupusería La Zona",
    description: "Pupusas de arroz y maíz.",
    address: "Calle principal, casa 5",
    department: "San Salvador",
    municipality: "San Salvador Este",
    phone: "+503 2222-3333",
    email: "zona@ejemplo.sv",
    categoryId,
    schedule: JSON.stringify({ monday: { open: "08:00", close: "17:00" } }),
    ...overrides,
  });

  const create = (overrides: Record<string, unknown> = {}) =>
    t.asAdmin({ method: "POST", url: "/api/admin/merchants", payload: body(overrides) });

  const errorsOf = (res: { json: () => unknown }) =>
    (res.json() as { errors?: { path: string; message: string }[] }).errors;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.services.cache.enableForTests();
    categoryId = (await insertCategory(t.db, { name: "Comida" })).id;
    const make = (name: string, values: Partial<typeof merchants.$inferInsert>) =>
      insertMerchant(t.db, { name, categoryId, address: "Calle principal, casa 5", ...values });
    const este = { department: "San Salvador", municipality: "San Salvador Este" };
    // Where each is and where it delivers: the zones below must find exactly these.
    await make("En Soyapango", { ...este, district: "Soyapango", fulfillment: "pickup" });
    await make("En Ilopango", { ...este, district: "Ilopango", fulfillment: "pickup" });
    await make("En el Este", { ...este, fulfillment: "pickup" });
    await make("Lleva a Soyapango", {
      department: "La Libertad",
      municipality: "La Libertad Sur",
      district: "Santa Tecla",
      fulfillment: "delivery",
      deliveryArea: "municipalities",
      deliveryMunicipalities: ["Soyapango", "Antiguo Cuscatlán"],
    });
    await make("Lleva al Este", {
      department: "La Paz",
      municipality: "La Paz Oeste",
      fulfillment: "delivery",
      deliveryArea: "municipalities",
      deliveryMunicipalities: ["San Salvador Este"],
    });
    await make("Lleva al Rosario", {
      department: "La Paz",
      municipality: "La Paz Oeste",
      fulfillment: "delivery",
      deliveryArea: "municipalities",
      deliveryMunicipalities: ["El Rosario (La Paz Centro)"],
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  describe("writes", () => {
    it("stores the district, the places, the fees by place and the minimum order, and shows them", async () => {
      const res = await create({
        name: "Pupusería Con Zonas",
        district: "soyapango",
        fulfillment: "delivery",
        deliveryArea: "municipalities",
        deliveryMunicipalities: ["soyapango", "ILOPANGO", "San Salvador Centro"],
        deliveryFee: "3.00",
        deliveryFees: [
          { place: "Soyapango", fee: "2" },
          { place: "ilopango", fee: 3.5 },
        ],
        minimumOrder: "10",
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<AdminMerchantDto>();
      expect(created).toMatchObject({
        district: "Soyapango",
        deliveryMunicipalities: ["Soyapango", "Ilopango", "San Salvador Centro"],
        deliveryFees: [
          { place: "Soyapango", fee: "2.00" },
          { place: "Ilopango", fee: "3.50" },
        ],
        minimumOrder: "10.00",
      });
      const page = await t.app.inject({ method: "GET", url: `/api/merchants/${created.slug}` });
      expect(page.json<MerchantDto>()).toMatchObject({
        district: "Soyapango",
        minimumOrder: "10.00",
        deliveryFees: created.deliveryFees,
      });

      // A place given again without its district leaves none; null clears fees and minimum.
      const edit = await t.asAdmin({
        method: "PUT",
        url: `/api/admin/merchants/${created.id}`,
        payload: {
          ...body({ name: "Pupusería Con Zonas", municipality: "San Salvador Centro" }),
          deliveryFees: null,
          minimumOrder: null,
        },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json<AdminMerchantDto>()).toMatchObject({
        municipality: "San Salvador Centro",
        district: null,
        deliveryFees: [],
        minimumOrder: null,
      });
    });

    it("the public registration takes the district too", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/merchants",
        payload: body({ name: "Registro Con Distrito", district: "Tonacatepeque" }),
        remoteAddress: "10.36.1.1",
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<MerchantDto>().district).toBe("Tonacatepeque");
    });

    it("400 with a Spanish message per field for bad places, fees and minimums", async () => {
      const cases: [Record<string, unknown>, { path: string; message: string }][] = [
        [
          { district: "Santa Tecla" },
          { path: "district", message: "Selecciona un distrito del municipio" },
        ],
        [
          { municipality: "", district: "Soyapango" },
          { path: "district", message: "Selecciona un distrito del municipio" },
        ],
        [
          {
            fulfillment: "delivery",
            deliveryArea: "municipalities",
            deliveryMunicipalities: ["Atlantis"],
          },
          {
            path: "deliveryMunicipalities.0",
            message: "Municipio o distrito de entrega desconocido",
          },
        ],
        [
          {
            fulfillment: "delivery",
            deliveryArea: "municipalities",
            deliveryMunicipalities: ["el rosario"],
          },
          {
            path: "deliveryMunicipalities.0",
            message:
              "Hay 3 distritos llamados El Rosario: elige uno, como El Rosario (Cuscatlán Sur)",
          },
        ],
        [
          { deliveryFees: [{ place: "Soyapango", fee: "2.505" }] },
          { path: "deliveryFees.0.fee", message: "Ingresa un costo de envío válido (ej: 2.50)" },
        ],
        [
          { deliveryFees: [{ place: "Marte", fee: "2.00" }] },
          {
            path: "deliveryFees.0.place",
            message: "Lugar desconocido: elige un municipio o un distrito",
          },
        ],
        [
          {
            deliveryFees: [
              { place: "Soyapango", fee: "2.00" },
              { place: "soyapango", fee: "2.50" },
            ],
          },
          {
            path: "deliveryFees.1.place",
            message: "Cada lugar solo puede tener un costo de envío",
          },
        ],
        [
          { minimumOrder: "-5" },
          { path: "minimumOrder", message: "Ingresa un pedido mínimo válido (ej: 10.00)" },
        ],
        [
          { minimumOrder: "10.001" },
          { path: "minimumOrder", message: "Ingresa un pedido mínimo válido (ej: 10.00)" },
        ],
        // A fee for a place it does not deliver to.
        [
          {
            fulfillment: "delivery",
            deliveryArea: "municipalities",
            deliveryMunicipalities: ["Soyapango"],
            deliveryFees: [{ place: "Ilopango", fee: "2.00" }],
          },
          {
            path: "deliveryFees.0.place",
            message: "No entregas en Ilopango: agrégalo a tus lugares de entrega o quita su costo",
          },
        ],
      ];
      for (const [index, [overrides, error]] of cases.entries()) {
        const res = await create({ name: `Comercio Malo ${index}`, ...overrides });
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(errorsOf(res), JSON.stringify(overrides)).toContainEqual(error);
      }
    });
  });

  describe("?zone= (Entrega en mi zona)", () => {
    const names = async (query: string) => {
      const res = await t.app.inject({ method: "GET", url: `/api/merchants?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as MerchantDto[])
        .map((m) => m.name)
        .filter((n) => n.startsWith("En ") || n.startsWith("Lleva "))
        .sort();
    };

    it("a district means located in it or delivering to it, its whole municipality included", async () => {
      const soyapango = ["En Soyapango", "Lleva a Soyapango", "Lleva al Este"];
      expect(await names("zone=soyapango")).toEqual(soyapango);
      expect(await names("zone=Soyapango")).toEqual(soyapango);
      expect(await names("zone=ilopango")).toEqual(["En Ilopango", "Lleva al Este"]);
      expect(await names("zone=antiguo%20cuscatlan")).toEqual(["Lleva a Soyapango"]);
      expect(await names("zone=Santa%20Tecla")).toEqual(["Lleva a Soyapango"]);
      // Nobody is in Tonacatepeque; delivering to all of San Salvador Este reaches it.
      expect(await names("zone=tonacatepeque")).toEqual(["Lleva al Este"]);
    });

    it("a municipality means located in it or delivering to it or to one of its districts", async () => {
      const all = [
        "En Ilopango",
        "En Soyapango",
        "En el Este",
        "Lleva a Soyapango",
        "Lleva al Este",
      ];
      expect(await names("zone=san%20salvador%20este")).toEqual(all);
      // Today's ?municipality= URLs read the same, and take a district too.
      expect(await names("municipality=San%20Salvador%20Este")).toEqual(all);
      expect(await names("municipality=Soyapango")).toEqual(await names("zone=Soyapango"));
    });

    it("a name several districts share means any of them; a label, that one", async () => {
      expect(await names("zone=el%20rosario")).toEqual(["Lleva al Rosario"]);
      expect(await names("zone=El%20Rosario%20(La%20Paz%20Centro)")).toEqual(["Lleva al Rosario"]);
      expect(await names("zone=El%20Rosario%20(Moraz%C3%A1n%20Norte)")).toEqual([]);
    });

    it("400 for a zone that names no place, with the parameter's own message", async () => {
      const zone = await t.app.inject({ method: "GET", url: "/api/merchants?zone=Atlantis" });
      expect(zone.statusCode).toBe(400);
      expect(zone.json().message).toBe("Zona desconocida: escribe un municipio o un distrito");
      const old = await t.app.inject({
        method: "GET",
        url: "/api/merchants?municipality=Atlantis",
      });
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toBe("Municipio desconocido");
      const search = await t.app.inject({ method: "GET", url: "/api/search?q=pupusa&zone=Marte" });
      expect(search.statusCode).toBe(400);
    });

    it("search finds merchants by their district's name, and filters by zone", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/search?q=soyapango" });
      expect(res.statusCode).toBe(200);
      const found = res.json<SearchResultDto>().merchants.map((m) => m.name);
      // Neither its name nor its address says Soyapango: its district does.
      expect(found).toContain("En Soyapango");
      expect(found).not.toContain("En Ilopango");
      const zoned = await t.app.inject({ method: "GET", url: "/api/search?q=calle&zone=ilopango" });
      expect(zoned.statusCode).toBe(200);
      expect(
        zoned
          .json<SearchResultDto>()
          .merchants.map((m) => m.name)
          .filter((n) => n.startsWith("En ") || n.startsWith("Lleva "))
          .sort(),
      ).toEqual(["En Ilopango", "Lleva al Este"]);
    });

    it("a zone stays one lookup of served_places' GIN index", async () => {
      for (const text of ["Soyapango", "San Salvador Este"]) {
        const keys = zonePlaceKeys(findZone(text)!);
        const plan = await t.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          return tx.execute(
            sql`explain select id from merchants where served_places && ${sql.param(keys)}::text[]`,
          );
        });
        const lines = (plan as unknown as { rows: Record<string, string>[] }).rows
          .map((r) => Object.values(r)[0])
          .join("\n");
        expect(lines).toContain("merchants_served_places_idx");
      }
    });
  });
});

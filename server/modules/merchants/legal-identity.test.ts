import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants } from "../../../db/schema/index";
import { DUI_CHECK_DIGIT_MESSAGE, TAX_ID_NEEDED_MESSAGE } from "../../../shared/tax-id";
import { insertCategory, insertMerchant } from "../../test/factories";
import { startDoorApp, type DoorApp } from "../../test/order-life-fixtures";

/**
 * Issue 37: a merchant's legal identity through the registration, the admin's create and
 * edit and the portal's profile, with and without it (spec §7's payloads still work and
 * keep what is stored), and the administrators' list of the approved merchants lacking it.
 */
describe("a merchant's razón social and NIT or DUI (issue 37)", () => {
  let door: DoorApp;
  let categoryId: number;
  let addresses = 0;

  /** Spec §7's exact registration payload. */
  const registration = (overrides: Record<string, unknown> = {}) => ({
    name: `Panadería Ñandú ${++addresses}`,
    slug: "panaderia-nandu",
    description: "Pan dulce y francés horneado cada mañana.",
    address: "Calle Arce 123, San Salvador",
    phone: "+503 2222-3333",
    whatsapp: "+503 7000-1111",
    email: `hola${addresses}@nandu.sv`,
    schedule: "Lunes: 09:00 - 18:00\nDomingo: Cerrado",
    website: "",
    facebook: "",
    instagram: "",
    tiktok: "",
    categoryId,
    ...overrides,
  });
  const register = (payload: object) =>
    door.t.app.inject({
      method: "POST",
      url: "/api/merchants",
      payload,
      remoteAddress: `10.37.0.${++addresses}`,
    });
  const stored = async (id: number) => {
    const [row] = await door.t.db
      .select({ legalName: merchants.legalName, taxId: merchants.taxId })
      .from(merchants)
      .where(eq(merchants.id, id));
    return row;
  };

  beforeAll(async () => {
    door = await startDoorApp();
    categoryId = (await insertCategory(door.t.db)).id;
  });
  afterAll(() => door.close());

  it("registers with spec §7's exact payload, without legal identity", async () => {
    const res = await register(registration());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ legalName: null, taxId: null, approved: false });
  });

  it("registers with a person's DUI, stored in its written form", async () => {
    const res = await register(
      registration({ legalName: "Teresa Alvarado de López", taxId: "045678903" }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      legalName: "Teresa Alvarado de López",
      taxId: "04567890-3",
    });
    expect(await stored(res.json().id)).toEqual({
      legalName: "Teresa Alvarado de López",
      taxId: "04567890-3",
    });
  });

  it("refuses a DUI with a wrong check digit and a name without number, creating nothing", async () => {
    const before = await door.t.db.select({ id: merchants.id }).from(merchants);
    const wrong = await register(registration({ legalName: "Teresa", taxId: "04567890-0" }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: "taxId", message: DUI_CHECK_DIGIT_MESSAGE }]);
    const half = await register(registration({ legalName: "Teresa", taxId: "" }));
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual([{ path: "taxId", message: TAX_ID_NEEDED_MESSAGE }]);
    expect(await door.t.db.select({ id: merchants.id }).from(merchants)).toHaveLength(
      before.length,
    );
  });

  it("keeps it through the admin's edit with spec §7's payload, and clears it when sent empty", async () => {
    const created = await door.t.asAdmin({
      method: "POST",
      url: "/api/admin/merchants",
      payload: {
        ...registration(),
        schedule: JSON.stringify({ monday: { open: "08:00", close: "17:00" } }),
        legalName: "Ferretería El Martillo, S.A. de C.V.",
        taxId: "0614-150585-101-5",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const edit = (extra: object) =>
      door.t.asAdmin({
        method: "PUT",
        url: `/api/admin/merchants/${id}`,
        payload: {
          ...registration({ name: "Ferretería El Martillo" }),
          schedule: JSON.stringify({ monday: { open: "08:00", close: "17:00" } }),
          ...extra,
        },
      });
    expect((await edit({})).json()).toMatchObject({ taxId: "0614-150585-101-5" });
    expect(await stored(id)).toEqual({
      legalName: "Ferretería El Martillo, S.A. de C.V.",
      taxId: "0614-150585-101-5",
    });
    expect((await edit({ legalName: "", taxId: "" })).statusCode).toBe(200);
    expect(await stored(id)).toEqual({ legalName: null, taxId: null });
  });

  it("is written by the merchant from the portal's profile", async () => {
    const shop = await insertMerchant(door.t.db, {
      categoryId,
      email: "portal.legal@ejemplo.sv",
      approved: true,
    });
    const cookie = await door.merchantCookie(shop.email);
    const profile = {
      description: shop.description,
      address: shop.address,
      phone: shop.phone,
      email: shop.email,
      schedule: JSON.stringify({ monday: { open: "08:00", close: "17:00" } }),
    };
    const res = await door.inject({
      method: "PUT",
      url: `/api/merchant/${shop.id}`,
      cookie,
      payload: { ...profile, legalName: "Café El Volcán S.A. de C.V.", taxId: "06141505851015" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ taxId: "0614-150585-101-5" });
    const bad = await door.inject({
      method: "PUT",
      url: `/api/merchant/${shop.id}`,
      cookie,
      payload: { ...profile, taxId: "1234" },
    });
    expect(bad.statusCode).toBe(400);
    expect(await stored(shop.id)).toEqual({
      legalName: "Café El Volcán S.A. de C.V.",
      taxId: "0614-150585-101-5",
    });
  });

  it("lists for administrators the approved merchants still lacking it", async () => {
    const lacking = await insertMerchant(door.t.db, { categoryId, approved: true });
    const half = await insertMerchant(door.t.db, {
      categoryId,
      approved: true,
      legalName: "Sin número S.A.",
    });
    await insertMerchant(door.t.db, { categoryId, approved: false });
    const res = await door.t.asAdmin({ method: "GET", url: "/api/admin/merchants?legal=missing" });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((m: { id: number }) => m.id);
    expect(ids).toEqual(expect.arrayContaining([lacking.id, half.id]));
    for (const m of res.json()) {
      expect(m.status).toBe("approved");
      expect(m.legalName === null || m.taxId === null).toBe(true);
    }
    expect(Number(res.headers["x-total-count"])).toBe(ids.length);
    const wrong = await door.t.asAdmin({ method: "GET", url: "/api/admin/merchants?legal=todos" });
    expect(wrong.statusCode).toBe(400);
  });
});

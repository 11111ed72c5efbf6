import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { merchantHours, merchants } from "../../../db/schema/index";
import type { MerchantDto } from "../../../shared/api-types";
import { insertCategory } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

// Issue 36: a shop that closes at lunch. Its registration's lines store one merchant_hours
// row per range, and 'Abierto ahora' (?open=now) follows both ranges.

const LUNCH_LINES = [
  "Lunes: 09:00 - 12:00, 14:00 - 18:00",
  "Martes: 09:00 - 18:00",
  "Miércoles: Cerrado",
  "Jueves: Cerrado",
  "Viernes: Cerrado",
  "Sábado: Cerrado",
  "Domingo: Cerrado",
].join("\n");

// El Salvador is UTC−6 all year; 2026-11-23 is a Monday.
const svMonday = (time: string) => new Date(`2026-11-23T${time}:00-06:00`);

describe("split hours through the API (issue 36)", () => {
  let t: TestApp;
  let categoryId: number;
  let merchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    categoryId = (await insertCategory(t.db, { name: "Ferreterías" })).id;
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it("registers the registration's lines with two ranges and stores one hours row each", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/merchants",
      remoteAddress: "10.36.0.1",
      payload: {
        name: "Ferretería El Almuerzo",
        slug: "ferreteria-el-almuerzo",
        description: "Cerramos a la hora del almuerzo.",
        address: "Calle Principal 1, Apopa",
        phone: "+503 2222-3333",
        whatsapp: "+503 7000-1111",
        email: "hola@almuerzo.sv",
        schedule: LUNCH_LINES,
        website: "",
        facebook: "",
        instagram: "",
        tiktok: "",
        categoryId,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    merchantId = (res.json() as MerchantDto).id;
    const [stored] = await t.db
      .select({ schedule: merchants.schedule })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    expect(stored?.schedule).toContain("Lunes: 09:00 - 12:00, 14:00 - 18:00");
    const rows = await t.db
      .select({ start: merchantHours.startMinute, end: merchantHours.endMinute })
      .from(merchantHours)
      .where(eq(merchantHours.merchantId, merchantId))
      .orderBy(asc(merchantHours.startMinute));
    expect(rows).toEqual([
      { start: 540, end: 720 },
      { start: 840, end: 1080 },
      { start: 1440 + 540, end: 1440 + 1080 },
    ]);
  });

  it("refuses overlapping ranges with the schedule's Spanish message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/merchants",
      remoteAddress: "10.36.0.2",
      payload: {
        name: "Ferretería Traslape",
        slug: "ferreteria-traslape",
        description: "Horario imposible.",
        address: "Calle Principal 2, Apopa",
        phone: "+503 2222-3334",
        whatsapp: "+503 7000-1112",
        email: "hola@traslape.sv",
        schedule: "Lunes: 09:00 - 14:00, 12:00 - 18:00",
        website: "",
        facebook: "",
        instagram: "",
        tiktok: "",
        categoryId,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: "schedule",
      message: "Ingresa un horario válido",
    });
  });

  it("is open now in the morning and the afternoon, not at lunch", async () => {
    await t.db.update(merchants).set({ approved: true }).where(eq(merchants.id, merchantId));
    const openNow = async (at: Date) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(at);
      const res = await t.app.inject({ method: "GET", url: "/api/merchants?open=now" });
      vi.useRealTimers();
      expect(res.statusCode).toBe(200);
      return (res.json() as MerchantDto[]).map((m) => m.slug);
    };
    expect(await openNow(svMonday("10:00"))).toEqual(["ferreteria-el-almuerzo"]);
    expect(await openNow(svMonday("12:30"))).toEqual([]);
    expect(await openNow(svMonday("14:00"))).toEqual(["ferreteria-el-almuerzo"]);
    expect(await openNow(svMonday("18:00"))).toEqual([]);
  });
});

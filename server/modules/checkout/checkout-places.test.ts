import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, checkouts, orders } from "../../../db/schema/index";
import type { CheckoutDto, CheckoutOptionsDto } from "../../../shared/checkout";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Issue 36 at the checkout: the address's district (checked against its municipality, kept
 * on the order), the fee of the district, else of the municipality, else the general one, a
 * district the merchant does not serve, and the merchant's minimum order on the subtotal.
 */

const customer = {
  customerName: "Ana Peña",
  customerEmail: "ana@ejemplo.sv",
  customerPhone: "7000-1234",
  paymentMethod: "cash",
};
const ESTE = {
  department: "San Salvador",
  municipality: "San Salvador Este",
  address: "Colonia Los Santos, pasaje 3, casa 12",
  reference: "Portón negro",
};

describe("districts, fees by place and minimum orders at the checkout (issue 36)", () => {
  let t: TestApp;
  let zonas: { id: number };
  let productId: number;
  let sinMinimo: number;
  let sessions = 0;
  let addresses = 0;

  const checkout = (body: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/api/checkout",
      payload: body,
      remoteAddress: `10.36.0.${(++addresses % 250) + 1}`,
    });

  async function cartWith(lines: [number, number][]): Promise<string> {
    const sessionId = `session_${Date.now()}_zonas${++sessions}`;
    for (const [id, quantity] of lines) {
      await t.app.services.cart.add(sessionId, { productId: id, quantity });
    }
    return sessionId;
  }

  async function placed(body: Record<string, unknown>): Promise<CheckoutDto> {
    const res = await checkout(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CheckoutDto>();
  }

  const count = async () => {
    const [o] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const [c] = await t.db.select({ n: sql<number>`count(*)::int` }).from(checkouts);
    return [Number(o.n), Number(c.n)];
  };

  /** Refused with `status`, creating nothing and keeping the cart. */
  async function refused(body: Record<string, unknown>, status: number) {
    const sessionId = body.sessionId as string;
    const before = await count();
    const lines = await t.db.select().from(cartItems).where(eq(cartItems.sessionId, sessionId));
    const res = await checkout(body);
    expect(res.statusCode, res.body).toBe(status);
    expect(await count()).toEqual(before);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.sessionId, sessionId))).toEqual(
      lines,
    );
    return res.json<{ message: string; errors?: { path: string; message: string }[] }>();
  }

  beforeAll(async () => {
    t = await createTestApp();
    const categoryId = (await insertCategory(t.db)).id;
    zonas = await insertMerchant(t.db, {
      name: "Pupusería Zonas",
      categoryId,
      fulfillment: "delivery",
      deliveryArea: "municipalities",
      deliveryMunicipalities: ["Soyapango", "Ilopango", "San Salvador Centro"],
      deliveryFee: "3.00",
      deliveryFees: [
        { place: "Soyapango", fee: "2.00" },
        { place: "Ilopango", fee: "3.50" },
      ],
      minimumOrder: "10.00",
      paymentMethods: ["cash", "whatsapp"],
    });
    productId = (await insertProduct(t.db, { merchantId: zonas.id, categoryId, price: "4.00" })).id;
    const otro = await insertMerchant(t.db, {
      name: "Tienda Sin Mínimo",
      categoryId,
      fulfillment: "delivery",
      deliveryArea: "municipalities",
      deliveryMunicipalities: ["San Salvador Este"],
      deliveryFee: "1.00",
      deliveryFees: [{ place: "San Salvador Este", fee: "1.25" }],
      paymentMethods: ["cash"],
    });
    sinMinimo = (await insertProduct(t.db, { merchantId: otro.id, categoryId, price: "1.00" })).id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it("charges the district's fee and keeps the district on the order", async () => {
    const sessionId = await cartWith([[productId, 3]]);
    const dto = await placed({
      sessionId,
      ...customer,
      deliveryAddress: { ...ESTE, district: "soyapango" },
    });
    const [order] = dto.orders;
    expect(order.subtotal).toBe("12.00");
    expect(order.deliveryFee).toBe("2.00");
    expect(order.totalAmount).toBe("14.00");
    // Spelt as the decree writes it, whatever the shopper typed.
    expect(order.deliveryAddress).toMatchObject({
      municipality: "San Salvador Este",
      district: "Soyapango",
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.deliveryDistrict).toBe("Soyapango");
  });

  it("charges another district's own fee, a municipality's fee, or else the general fee", async () => {
    const fee = async (lines: [number, number][], address: Record<string, unknown>) =>
      (
        await placed({ sessionId: await cartWith(lines), ...customer, deliveryAddress: address })
      ).orders.map((o) => o.deliveryFee);
    expect(await fee([[productId, 3]], { ...ESTE, district: "Ilopango" })).toEqual(["3.50"]);
    // San Salvador Centro is served whole, with no fee of its own: the general one.
    const centro = { ...ESTE, municipality: "San Salvador Centro" };
    expect(await fee([[productId, 3]], { ...centro, district: "Mejicanos" })).toEqual(["3.00"]);
    expect(await fee([[productId, 3]], centro)).toEqual(["3.00"]);
    // A fee for the whole municipality applies to each of its districts.
    expect(await fee([[sinMinimo, 1]], { ...ESTE, district: "Tonacatepeque" })).toEqual(["1.25"]);
  });

  it("409 'No entregan en <distrito>: …' for a district it does not serve, and for its municipality without one", async () => {
    const sessionId = await cartWith([[productId, 3]]);
    expect(
      (
        await refused(
          { sessionId, ...customer, deliveryAddress: { ...ESTE, district: "Tonacatepeque" } },
          409,
        )
      ).message,
    ).toBe("No entregan en Tonacatepeque: Pupusería Zonas");
    // Serving two of its districts is not serving all of San Salvador Este.
    expect((await refused({ sessionId, ...customer, deliveryAddress: ESTE }, 409)).message).toBe(
      "No entregan en San Salvador Este: Pupusería Zonas",
    );
  });

  it("400 under deliveryAddress.district for a district of another municipality or an unknown one", async () => {
    const sessionId = await cartWith([[productId, 3]]);
    for (const district of ["Santa Tecla", "Atlántida", "Mejicanos"]) {
      const body = await refused(
        { sessionId, ...customer, deliveryAddress: { ...ESTE, district } },
        400,
      );
      expect(body.errors).toEqual([
        { path: "deliveryAddress.district", message: "Selecciona un distrito del municipio" },
      ]);
    }
  });

  it("409 'El pedido mínimo de <comercio> es $Y' on the subtotal before the fee, creating nothing", async () => {
    // $8.00 of pupusas and a $2.00 fee reach $10.00, but the minimum is on the subtotal.
    const sessionId = await cartWith([
      [productId, 2],
      [sinMinimo, 1],
    ]);
    const body = await refused(
      { sessionId, ...customer, deliveryAddress: { ...ESTE, district: "Soyapango" } },
      409,
    );
    expect(body.message).toBe("El pedido mínimo de Pupusería Zonas es $10.00");
    // At the minimum exactly, it goes through.
    await t.app.services.cart.add(sessionId, { productId, quantity: 1 });
    const dto = await placed({
      sessionId,
      ...customer,
      deliveryAddress: { ...ESTE, district: "Soyapango" },
    });
    expect(dto.orders.map((o) => o.subtotal)).toEqual(["12.00", "1.00"]);
  });

  it("tells the /checkout form each merchant's fees by place and minimum order", async () => {
    const sessionId = await cartWith([[productId, 1]]);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/checkout/options?sessionId=${sessionId}`,
    });
    expect(res.statusCode).toBe(200);
    const [merchant] = res.json<CheckoutOptionsDto>().merchants!;
    expect(merchant).toMatchObject({
      minimumOrder: "10.00",
      deliveryFees: [
        { place: "Soyapango", fee: "2.00" },
        { place: "Ilopango", fee: "3.50" },
      ],
      subtotal: "4.00",
    });
  });
});

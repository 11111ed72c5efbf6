import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cartItems,
  checkouts,
  type merchants,
  orders,
  outboxEmails,
  type products,
} from "../../../db/schema/index";
import type { CheckoutDto, CheckoutOptionsDto } from "../../../shared/checkout";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { orderLinksIn, startDoorApp, type DoorApp } from "../../test/order-life-fixtures";
import { LOOKUPS_PER_EMAIL } from "./checkout.service";

/**
 * Issue 25 at the checkout: how each merchant hands over its order and what it charges for
 * it, what it accepts, the 400s and 409s that create nothing, the cancelled checkout that
 * is never paid again, 'Buscar mi pedido', and the public forms' e-mail cap.
 */

const customer = {
  customerName: "Ana Peña",
  customerEmail: "ana@ejemplo.sv",
  customerPhone: "7000-1234",
};
const CENTRO = {
  department: "San Salvador",
  municipality: "San Salvador Centro",
  address: "Calle Arce 1234, edificio azul",
  reference: "Frente al parque",
};
/** Soyapango, in the 2024 division. */
const SOYAPANGO = { ...CENTRO, municipality: "San Salvador Este", reference: null };
const ALL_METHODS = ["cash", "transfer", "card", "whatsapp"];
const BANK = {
  bankName: "Banco Cuscatlán",
  accountHolder: "Pupusería Domicilio S.A.",
  accountNumber: "987654321012",
  accountType: "Corriente",
};

type Merchant = typeof merchants.$inferSelect;
type Product = typeof products.$inferSelect;

describe("the checkout that reaches the door (issue 25)", () => {
  let door: DoorApp;
  let categoryId: number;
  /** Delivers to Centro and Norte only: $2.50, free from $20.00; takes everything. */
  let domicilio: Merchant;
  /** Delivery (its department) or pickup: $1.75. */
  let ambas: Merchant;
  /** Pickup only. */
  let recoger: Merchant;
  /** The spec's merchant: no fulfilment set up, WhatsApp and card. */
  let clasico: Merchant;
  let cerrado: Merchant;
  /** Delivers everywhere, fee by arrangement. */
  let coordinar: Merchant;
  /** Delivers to Norte only. */
  let norte: Merchant;
  const product: Record<string, Product> = {};

  const t = () => door.t;
  let emails = 0;
  const newEmail = (name = "cliente") => `${name}${++emails}@ejemplo.sv`;

  async function counts() {
    const [o] = await t()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(orders);
    const [c] = await t()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(checkouts);
    const [m] = await t()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(outboxEmails);
    return { orders: Number(o.n), checkouts: Number(c.n), emails: Number(m.n) };
  }
  const cartLines = (sessionId: string) =>
    t()
      .db.select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.sessionId, sessionId))
      .orderBy(asc(cartItems.productId));

  /**
   * Sends the checkout and expects it refused with `status` (and `message`), creating
   * nothing and leaving the cart as it was. Answers the error body.
   */
  async function refused(
    body: Record<string, unknown>,
    status: number,
    message?: string,
  ): Promise<{ message: string; errors?: { path: string; message: string }[] }> {
    const sessionId = body.sessionId as string;
    const lines = await cartLines(sessionId);
    expect(lines.length).toBeGreaterThan(0);
    const before = await counts();
    const res = await door.checkout(body);
    expect(res.statusCode, res.body).toBe(status);
    if (message !== undefined) expect(res.json().message).toBe(message);
    expect(await counts()).toEqual(before);
    expect(await cartLines(sessionId)).toEqual(lines);
    return res.json();
  }

  beforeAll(async () => {
    door = await startDoorApp();
    categoryId = (await insertCategory(t().db)).id;
    const merchant = (values: Partial<typeof merchants.$inferInsert>) =>
      insertMerchant(t().db, { categoryId, ...values });
    domicilio = await merchant({
      name: "Pupusería Domicilio",
      email: "domicilio@ejemplo.sv",
      fulfillment: "delivery",
      deliveryArea: "municipalities",
      deliveryMunicipalities: ["San Salvador Centro", "San Salvador Norte"],
      deliveryFee: "2.50",
      freeDeliveryFrom: "20.00",
      paymentMethods: ALL_METHODS,
      ...BANK,
    });
    ambas = await merchant({
      name: "Panadería Ambas",
      email: "ambas@ejemplo.sv",
      fulfillment: "both",
      deliveryArea: "department",
      deliveryFee: "1.75",
      paymentMethods: ALL_METHODS,
    });
    recoger = await merchant({
      name: "Tienda Recoger",
      email: "recoger@ejemplo.sv",
      fulfillment: "pickup",
      paymentMethods: ALL_METHODS,
    });
    clasico = await merchant({ name: "Comercio Clásico", email: "clasico@ejemplo.sv" });
    cerrado = await merchant({
      name: "Cerrado Hoy",
      email: "cerrado@ejemplo.sv",
      fulfillment: "pickup",
      paymentMethods: ALL_METHODS,
      temporarilyClosed: true,
    });
    coordinar = await merchant({
      name: "Envíos por Coordinar",
      email: "coordinar@ejemplo.sv",
      fulfillment: "delivery",
      deliveryArea: "country",
      paymentMethods: ALL_METHODS,
    });
    norte = await merchant({
      name: "Tienda Norte",
      email: "norte@ejemplo.sv",
      fulfillment: "delivery",
      deliveryArea: "municipalities",
      deliveryMunicipalities: ["San Salvador Norte"],
      deliveryFee: "1.00",
      paymentMethods: ALL_METHODS,
    });
    const item = (key: string, merchantId: number, price: string) =>
      insertProduct(t().db, { merchantId, categoryId, price, name: `Producto ${key}` }).then(
        (p) => (product[key] = p),
      );
    await item("pupusa", domicilio.id, "5.00");
    await item("caro", domicilio.id, "19.99");
    await item("pan", ambas.id, "4.00");
    await item("jarro", recoger.id, "3.00");
    await item("regalo", recoger.id, "0.00");
    await item("clasico", clasico.id, "6.40");
    await item("cerrado", cerrado.id, "2.00");
    await item("coordinado", coordinar.id, "7.00");
    await item("norte", norte.id, "1.50");
  });
  afterAll(async () => {
    await door?.close();
  });

  describe("delivery fees", () => {
    it("charges the merchant's fee below its free-from subtotal", async () => {
      const sessionId = await door.cartWith([[product.pupusa.id, 2]]);
      const dto = await door.placed({
        sessionId,
        ...customer,
        paymentMethod: "cash",
        deliveryAddress: CENTRO,
      });
      const [order] = dto.orders;
      expect(order).toMatchObject({
        fulfillment: "delivery",
        subtotal: "10.00",
        deliveryFee: "2.50",
        totalAmount: "12.50",
        deliveryAddress: CENTRO,
      });
      expect(dto.totalAmount).toBe("12.50");
      // Cash is paid at the door: pending until the merchant delivers it, then paid.
      expect(dto).toMatchObject({
        paymentMethod: "cash",
        paymentStatus: "pending",
        paymentUrl: null,
      });
      expect(order.paymentStatus).toBe("pending");
      await t().app.services.orders.changeForMerchant(domicilio.id, order.id, {
        fulfillmentStatus: "delivered",
      });
      const { pathname, search } = new URL(dto.orderUrl);
      const page = await door.orderPage(`http://x${pathname}${search}`);
      expect(page.json<CheckoutDto>()).toMatchObject({
        paymentStatus: "paid",
        orders: [{ paymentStatus: "paid", status: "paid", fulfillmentStatus: "delivered" }],
      });
      const [row] = await t().db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({
        subtotal: "10.00",
        deliveryFee: "2.50",
        totalAmount: "12.50",
        deliveryMunicipality: "San Salvador Centro",
        deliveryAddress: CENTRO.address,
        deliveryReference: CENTRO.reference,
      });
    });

    it("delivers free from the free-from subtotal on (exactly $20.00), not a cent below", async () => {
      const at = await door.placed({
        sessionId: await door.cartWith([[product.pupusa.id, 4]]),
        ...customer,
        paymentMethod: "whatsapp",
        deliveryAddress: CENTRO,
      });
      expect(at.orders[0]).toMatchObject({
        subtotal: "20.00",
        deliveryFee: "0.00",
        totalAmount: "20.00",
      });
      const below = await door.placed({
        sessionId: await door.cartWith([[product.caro.id, 1]]),
        ...customer,
        paymentMethod: "whatsapp",
        deliveryAddress: CENTRO,
      });
      expect(below.orders[0]).toMatchObject({
        subtotal: "19.99",
        deliveryFee: "2.50",
        totalAmount: "22.49",
      });
    });

    it("charges nothing for pickup ('0.00'), and keeps no address on a pickup order", async () => {
      const dto = await door.placed({
        sessionId: await door.cartWith([[product.pan.id, 3]]),
        ...customer,
        paymentMethod: "whatsapp",
        fulfillment: { [ambas.id]: "pickup" },
        deliveryAddress: CENTRO,
      });
      expect(dto.orders[0]).toMatchObject({
        fulfillment: "pickup",
        subtotal: "12.00",
        deliveryFee: "0.00",
        totalAmount: "12.00",
        deliveryAddress: null,
      });
    });

    it("a null fee is 'por coordinar': deliveryFee null and the total is the subtotal", async () => {
      const dto = await door.placed({
        sessionId: await door.cartWith([[product.coordinado.id, 2]]),
        ...customer,
        paymentMethod: "cash",
        deliveryAddress: { ...CENTRO, department: "Santa Ana", municipality: "Santa Ana Centro" },
      });
      expect(dto.orders[0]).toMatchObject({
        fulfillment: "delivery",
        subtotal: "14.00",
        deliveryFee: null,
        totalAmount: "14.00",
      });
      expect(dto.totalAmount).toBe("14.00");
    });

    it("a merchant without fulfilment set up gets 'arrange', whatever the shopper picks", async () => {
      const dto = await door.placed({
        sessionId: await door.cartWith([[product.clasico.id, 1]]),
        ...customer,
        paymentMethod: "whatsapp",
      });
      expect(dto.orders[0]).toMatchObject({
        fulfillment: "arrange",
        deliveryFee: null,
        subtotal: "6.40",
        totalAmount: "6.40",
        deliveryAddress: null,
      });
      // It accepts either choice: no 400, no 409, and no fee (none is set up).
      for (const [choice, address] of [
        ["pickup", undefined],
        ["delivery", SOYAPANGO],
      ] as const) {
        const chosen = await door.placed({
          sessionId: await door.cartWith([[product.clasico.id, 1]]),
          ...customer,
          paymentMethod: "whatsapp",
          fulfillment: { [clasico.id]: choice },
          ...(address ? { deliveryAddress: address } : {}),
        });
        expect(chosen.orders[0].totalAmount, choice).toBe("6.40");
        expect(chosen.orders[0].subtotal, choice).toBe("6.40");
      }
    });

    it("sums each merchant's total into the checkout's, fees included", async () => {
      const dto = await door.placed({
        sessionId: await door.cartWith([
          [product.pupusa.id, 1],
          [product.pan.id, 1],
          [product.jarro.id, 2],
        ]),
        ...customer,
        paymentMethod: "card",
        fulfillment: { [ambas.id]: "delivery" },
        deliveryAddress: CENTRO,
      });
      expect(dto.orders.map((o) => [o.fulfillment, o.deliveryFee, o.totalAmount])).toEqual([
        ["delivery", "2.50", "7.50"],
        ["delivery", "1.75", "5.75"],
        ["pickup", "0.00", "6.00"],
      ]);
      expect(dto.totalAmount).toBe("19.25");
      const link = door.fake.links.find((l) => l.redirectUrl === dto.orderUrl)!;
      expect(link.amount).toBe(19.25);
      // The same prices whatever the method: no card fee, no cash discount.
      const cash = await door.placed({
        sessionId: await door.cartWith([
          [product.pupusa.id, 1],
          [product.pan.id, 1],
          [product.jarro.id, 2],
        ]),
        ...customer,
        paymentMethod: "cash",
        fulfillment: { [ambas.id]: "delivery" },
        deliveryAddress: CENTRO,
      });
      expect(cash.totalAmount).toBe("19.25");
    });
  });

  describe("what the checkout refuses, creating nothing and keeping the cart", () => {
    it("400 under 'fulfillment' when a merchant offering both is not told which", async () => {
      const sessionId = await door.cartWith([
        [product.pan.id, 1],
        [product.jarro.id, 1],
      ]);
      const body = await refused({ sessionId, ...customer, paymentMethod: "whatsapp" }, 400);
      expect(body.errors).toEqual([
        {
          path: "fulfillment",
          message: "Elige entrega a domicilio o recoger en tienda para Panadería Ambas",
        },
      ]);
      // Told for another merchant only: still missing.
      await refused(
        {
          sessionId,
          ...customer,
          paymentMethod: "whatsapp",
          fulfillment: { [recoger.id]: "pickup" },
        },
        400,
      );
    });

    it("400 under 'fulfillment' for a way the merchant does not offer", async () => {
      const sessionId = await door.cartWith([[product.jarro.id, 1]]);
      const body = await refused(
        {
          sessionId,
          ...customer,
          paymentMethod: "whatsapp",
          fulfillment: { [recoger.id]: "delivery" },
          deliveryAddress: CENTRO,
        },
        400,
      );
      expect(body.errors).toEqual([
        { path: "fulfillment", message: "Tienda Recoger no ofrece entrega a domicilio" },
      ]);
    });

    it("400 under deliveryAddress.* without an address for a delivery", async () => {
      const sessionId = await door.cartWith([[product.pupusa.id, 1]]);
      const body = await refused({ sessionId, ...customer, paymentMethod: "whatsapp" }, 400);
      expect(body.errors?.map((e) => e.path).sort()).toEqual([
        "deliveryAddress.address",
        "deliveryAddress.department",
        "deliveryAddress.municipality",
      ]);
      const short = await refused(
        {
          sessionId,
          ...customer,
          paymentMethod: "whatsapp",
          deliveryAddress: { ...CENTRO, address: "abc" },
        },
        400,
      );
      expect(short.errors).toEqual([
        {
          path: "deliveryAddress.address",
          message: "Ingresa la dirección de entrega (5 a 200 caracteres)",
        },
      ]);
      const long = await refused(
        {
          sessionId,
          ...customer,
          paymentMethod: "whatsapp",
          deliveryAddress: { ...CENTRO, address: "x".repeat(201) },
        },
        400,
      );
      expect(long.errors?.[0].path).toBe("deliveryAddress.address");
    });

    it("400 for a municipality that is not of the department, or an unknown department", async () => {
      const sessionId = await door.cartWith([[product.pupusa.id, 1]]);
      const other = await refused(
        {
          sessionId,
          ...customer,
          paymentMethod: "whatsapp",
          deliveryAddress: { ...CENTRO, municipality: "Santa Ana Centro" },
        },
        400,
      );
      expect(other.errors?.map((e) => e.path)).toEqual(["deliveryAddress.municipality"]);
      const made = await refused(
        {
          sessionId,
          ...customer,
          paymentMethod: "whatsapp",
          deliveryAddress: { ...CENTRO, department: "Narnia" },
        },
        400,
      );
      expect(made.errors?.map((e) => e.path)).toContain("deliveryAddress.department");
    });

    it("400 under customerPhone without a phone for a delivery or for cash; not otherwise", async () => {
      const { customerPhone: _phone, ...noPhone } = customer;
      const delivery = await refused(
        {
          sessionId: await door.cartWith([[product.pupusa.id, 1]]),
          ...noPhone,
          paymentMethod: "whatsapp",
          deliveryAddress: CENTRO,
        },
        400,
      );
      expect(delivery.errors).toEqual([
        {
          path: "customerPhone",
          message: "Ingresa tu teléfono: el comercio debe poder llamarte al entregar",
        },
      ]);
      const cash = await refused(
        {
          sessionId: await door.cartWith([[product.jarro.id, 1]]),
          ...noPhone,
          customerPhone: "",
          paymentMethod: "cash",
        },
        400,
      );
      expect(cash.errors?.map((e) => e.path)).toEqual(["customerPhone"]);
      // Pickup paid through WhatsApp: the phone stays optional.
      const dto = await door.placed({
        sessionId: await door.cartWith([[product.jarro.id, 1]]),
        ...noPhone,
        paymentMethod: "whatsapp",
      });
      expect(dto.orders[0].customerPhone).toBeNull();
    });

    it("409 'No entregan en <municipio>: <names>' for merchants asked to deliver outside their area", async () => {
      const sessionId = await door.cartWith([
        [product.pupusa.id, 1],
        [product.pan.id, 1],
        [product.norte.id, 1],
      ]);
      // Soyapango is San Salvador Este: Ambas delivers to its whole department, the others don't.
      await refused(
        {
          sessionId,
          ...customer,
          paymentMethod: "cash",
          fulfillment: { [ambas.id]: "delivery" },
          deliveryAddress: SOYAPANGO,
        },
        409,
        "No entregan en San Salvador Este: Pupusería Domicilio, Tienda Norte",
      );
      // Ambas is not named even when it is asked to deliver outside its department.
      await refused(
        {
          sessionId: await door.cartWith([
            [product.pan.id, 1],
            [product.jarro.id, 1],
          ]),
          ...customer,
          paymentMethod: "cash",
          fulfillment: { [ambas.id]: "delivery" },
          deliveryAddress: {
            ...CENTRO,
            department: "La Libertad",
            municipality: "La Libertad Sur",
          },
        },
        409,
        "No entregan en La Libertad Sur: Panadería Ambas",
      );
    });

    it("409 'Cerrado por ahora: <names>' for a merchant closed for now", async () => {
      await refused(
        {
          sessionId: await door.cartWith([
            [product.jarro.id, 1],
            [product.cerrado.id, 2],
          ]),
          ...customer,
          paymentMethod: "cash",
        },
        409,
        "Cerrado por ahora: Cerrado Hoy",
      );
    });

    it("409 naming the merchants that do not accept the payment method", async () => {
      await refused(
        {
          sessionId: await door.cartWith([
            [product.jarro.id, 1],
            [product.clasico.id, 1],
          ]),
          ...customer,
          paymentMethod: "cash",
        },
        409,
        "Estos comercios no aceptan ese medio de pago: Comercio Clásico",
      );
      await refused(
        {
          sessionId: await door.cartWith([[product.clasico.id, 1]]),
          ...customer,
          paymentMethod: "transfer",
        },
        409,
        "Estos comercios no aceptan ese medio de pago: Comercio Clásico",
      );
    });

    it("409 'No hay nada que pagar con tarjeta' for a card checkout of 0.00, not a 500", async () => {
      await refused(
        {
          sessionId: await door.cartWith([[product.regalo.id, 3]]),
          ...customer,
          paymentMethod: "card",
        },
        409,
        "No hay nada que pagar con tarjeta",
      );
      // The same free cart paid at the counter is fine.
      const dto = await door.placed({
        sessionId: await door.cartWith([[product.regalo.id, 3]]),
        ...customer,
        paymentMethod: "cash",
      });
      expect(dto.totalAmount).toBe("0.00");
    });
  });

  describe("the spec's checkout, unchanged", () => {
    it("accepts the exact old body for merchants with default settings", async () => {
      for (const paymentMethod of ["whatsapp", "card"]) {
        const sessionId = await door.cartWith([[product.clasico.id, 2]]);
        const res = await door.checkout({
          sessionId,
          customerName: "Juan Pérez",
          customerEmail: newEmail("juan"),
          customerPhone: "+503 7000-0000",
          note: "Sin chile",
          paymentMethod,
        });
        expect(res.statusCode, res.body).toBe(201);
        const dto = res.json<CheckoutDto>();
        expect(dto.orders).toHaveLength(1);
        expect(dto.orders[0]).toMatchObject({
          status: "pending",
          totalAmount: "12.80",
          subtotal: "12.80",
          fulfillment: "arrange",
          deliveryFee: null,
          note: "Sin chile",
        });
        expect(dto.totalAmount).toBe("12.80");
        if (paymentMethod === "card") expect(dto.paymentUrl).toMatch(/\/pago\/\d+$/);
        else expect(dto.orders[0].whatsappUrl).toContain("https://wa.me/");
      }
      // Without the optional phone and note, too.
      const dto = await door.placed({
        sessionId: await door.cartWith([[product.clasico.id, 1]]),
        customerName: "Juan Pérez",
        customerEmail: newEmail("juan"),
        paymentMethod: "whatsapp",
      });
      expect(dto.orders[0].customerPhone).toBeNull();
    });
  });

  describe("GET /api/checkout/options", () => {
    it("lists the cart's merchants with their terms, in the cart's order, and no bank details", async () => {
      const sessionId = await door.cartWith([
        [product.pupusa.id, 2],
        [product.jarro.id, 1],
        [product.pupusa.id, 1],
      ]);
      const res = await door.inject({
        method: "GET",
        url: `/api/checkout/options?sessionId=${sessionId}`,
      });
      expect(res.statusCode).toBe(200);
      const options = res.json<CheckoutOptionsDto>();
      expect(options.cardPayment).toBe(true);
      expect(options.merchants).toEqual([
        expect.objectContaining({
          id: domicilio.id,
          name: "Pupusería Domicilio",
          fulfillment: "delivery",
          deliveryArea: "municipalities",
          deliveryMunicipalities: ["San Salvador Centro", "San Salvador Norte"],
          deliveryFee: "2.50",
          freeDeliveryFrom: "20.00",
          paymentMethods: ALL_METHODS,
          temporarilyClosed: false,
          subtotal: "15.00",
        }),
        expect.objectContaining({
          id: recoger.id,
          fulfillment: "pickup",
          deliveryFee: null,
          freeDeliveryFrom: null,
          subtotal: "3.00",
        }),
      ]);
      expect(res.body).not.toContain(BANK.accountNumber);
      expect(res.body).not.toContain("accountHolder");

      const plain = await door.inject({ method: "GET", url: "/api/checkout/options" });
      expect(plain.json()).toEqual({ cardPayment: true });
      const bad = await door.inject({
        method: "GET",
        url: "/api/checkout/options?sessionId=no%20v%C3%A1lido",
      });
      expect(bad.json()).toEqual({ cardPayment: true, merchants: [] });
    });
  });

  describe("bank details", () => {
    it("are on the order page of a transfer order only, and never on the public API", async () => {
      const transfer = await door.placed({
        sessionId: await door.cartWith([[product.pupusa.id, 1]]),
        ...customer,
        paymentMethod: "transfer",
        deliveryAddress: CENTRO,
      });
      expect(transfer.orders[0].bankDetails).toEqual(BANK);
      const page = (await door.orderPage(transfer.orderUrl)).json<CheckoutDto>();
      expect(page.orders[0].bankDetails).toEqual(BANK);

      for (const paymentMethod of ["cash", "whatsapp", "card"]) {
        const dto = await door.placed({
          sessionId: await door.cartWith([[product.pupusa.id, 1]]),
          ...customer,
          paymentMethod,
          deliveryAddress: CENTRO,
        });
        expect(dto.orders[0].bankDetails, paymentMethod).toBeNull();
        const again = (await door.orderPage(dto.orderUrl)).json<CheckoutDto>();
        expect(again.orders[0].bankDetails, paymentMethod).toBeNull();
      }

      for (const url of [
        `/api/merchants/${domicilio.slug}`,
        `/api/merchants/${domicilio.id}`,
        `/api/merchants?limit=100`,
      ]) {
        const res = await door.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain("Pupusería Domicilio");
        expect(res.body, url).not.toContain(BANK.accountNumber);
      }
    });
  });

  describe("a cancelled checkout is never paid again", () => {
    const cancel = (dto: CheckoutDto, orderId: number) =>
      door.inject({
        method: "POST",
        url: `/api/orders/${dto.orders[0].orderNumber}/cancel?token=${new URL(dto.orderUrl).searchParams.get("token")}`,
        payload: { orderId },
      });
    const retry = (dto: CheckoutDto) =>
      door.inject({
        method: "POST",
        url: `/api/orders/${dto.orders[0].orderNumber}/payment?token=${new URL(dto.orderUrl).searchParams.get("token")}`,
      });
    const refund = (id: number, reference = "REEMB-001") =>
      t().asAdmin({
        method: "POST",
        url: `/api/admin/orders/${id}/refund`,
        payload: { reference },
      });
    const rowsOf = (dto: CheckoutDto) =>
      Promise.all(
        dto.orders.map(
          async (o) => (await t().db.select().from(orders).where(eq(orders.id, o.id)))[0],
        ),
      );

    it("all cancelled: no payment link (409), and a payment that still arrives is owed back", async () => {
      // Issue 37 L3 deactivates the link at Wompi; here Wompi never hears of it (down), so
      // the shopper can still pay on the page it kept open.
      door.fake.failWith("down", ["linkEdit"]);
      const dto = await door.placed({
        sessionId: await door.cartWith([
          [product.jarro.id, 2],
          [product.pan.id, 1],
        ]),
        ...customer,
        customerEmail: newEmail("arrepentida"),
        paymentMethod: "card",
        fulfillment: { [ambas.id]: "pickup" },
      });
      expect(dto.paymentUrl).not.toBeNull();
      const link = door.fake.links.find((l) => l.redirectUrl === dto.orderUrl)!;
      expect(link.amount).toBe(10);

      // While one order is left, the link is still offered.
      expect((await cancel(dto, dto.orders[0].id)).statusCode).toBe(200);
      expect((await retry(dto)).statusCode).toBe(200);
      expect((await cancel(dto, dto.orders[1].id)).statusCode).toBe(200);

      const again = await retry(dto);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().message).toBe(
        "Todos los pedidos de esta compra fueron cancelados: ya no hay nada que pagar",
      );
      const page = (await door.orderPage(dto.orderUrl)).json<CheckoutDto>();
      expect(page.paymentUrl).toBeNull();

      // The shopper pays with the link it kept anyway.
      const { transaction, webhook } = await door.fake.pay(link.id);
      door.fake.failWith(null, ["linkEdit"]);
      expect(webhook?.status).toBe(200);
      const [checkout] = await t()
        .db.select()
        .from(checkouts)
        .where(eq(checkouts.reference, link.reference));
      expect(checkout.transactionId).toBe(transaction.id);
      for (const row of await rowsOf(dto)) {
        expect(row).toMatchObject({
          status: "cancelled",
          refundStatus: "due",
          paymentTransactionId: transaction.id,
        });
      }
      const after = (await door.orderPage(dto.orderUrl)).json<CheckoutDto>();
      expect(after.orders.map((o) => [o.status, o.paymentStatus])).toEqual([
        ["cancelled", "refund_due"],
        ["cancelled", "refund_due"],
      ]);
      // Nobody is told the cancelled orders are paid.
      const paidNotices = (await t().db.select().from(outboxEmails)).filter((m) =>
        [
          `checkout:${checkout.id}:paid:customer`,
          ...dto.orders.map((o) => `order:${o.id}:paid:merchant`),
        ].includes(m.dedupeKey),
      );
      expect(paidNotices).toEqual([]);

      // The administrator records each refund, once.
      for (const order of dto.orders) {
        const res = await refund(order.id, `REEMB-${order.id}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          status: "cancelled",
          paymentStatus: "refunded",
          refundReference: `REEMB-${order.id}`,
        });
        const twice = await refund(order.id);
        expect(twice.statusCode).toBe(409);
        expect(twice.json().message).toBe("Este pedido no tiene un reembolso pendiente");
      }
      expect((await rowsOf(dto)).every((r) => r.refundStatus === "refunded")).toBe(true);
    });

    it("one cancelled of two: the link charges the other (issue 37 L3), its payment owes nothing back", async () => {
      const dto = await door.placed({
        sessionId: await door.cartWith([
          [product.jarro.id, 1],
          [product.pan.id, 1],
        ]),
        ...customer,
        customerEmail: newEmail("mitad"),
        paymentMethod: "card",
        fulfillment: { [ambas.id]: "pickup" },
      });
      expect((await cancel(dto, dto.orders[0].id)).statusCode).toBe(200);
      // Back from Wompi with the transaction (the return path, before any webhook).
      const link = door.fake.links.find((l) => l.redirectUrl === dto.orderUrl)!;
      door.fake.transactions.push({
        id: `tx-vuelta-${link.id}`,
        linkId: link.id,
        approved: true,
        real: true,
        amount: link.amount,
        createdAt: new Date(),
      });
      const back = await door.orderPage(`${dto.orderUrl}&idTransaccion=tx-vuelta-${link.id}`);
      expect(back.statusCode).toBe(200);
      expect(link.amount).toBe(4);
      expect(back.json<CheckoutDto>().orders.map((o) => [o.status, o.paymentStatus])).toEqual([
        ["cancelled", "pending"],
        ["paid", "paid"],
      ]);
    });

    it("the shopper cancelling a paid card order while 'Recibido' makes its refund due", async () => {
      const dto = await door.placed({
        sessionId: await door.cartWith([[product.jarro.id, 2]]),
        ...customer,
        customerEmail: newEmail("pagada"),
        paymentMethod: "card",
      });
      const link = door.fake.links.find((l) => l.redirectUrl === dto.orderUrl)!;
      await door.fake.pay(link.id);
      const res = await cancel(dto, dto.orders[0].id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<CheckoutDto>().orders[0]).toMatchObject({
        status: "cancelled",
        paymentStatus: "refund_due",
      });
      expect((await rowsOf(dto))[0].refundStatus).toBe("due");
      // Paid already: nothing more to pay.
      expect((await retry(dto)).statusCode).toBe(409);
    });

    it("a refund that is not due is 409: pending, paid, or cancelled before any payment", async () => {
      const dto = await door.placed({
        sessionId: await door.cartWith([
          [product.jarro.id, 1],
          [product.pan.id, 1],
        ]),
        ...customer,
        customerEmail: newEmail("sin.reembolso"),
        paymentMethod: "card",
        fulfillment: { [ambas.id]: "pickup" },
      });
      expect((await refund(dto.orders[0].id)).statusCode).toBe(409);
      expect((await cancel(dto, dto.orders[0].id)).statusCode).toBe(200);
      expect((await refund(dto.orders[0].id)).statusCode).toBe(409);
      const link = door.fake.links.find((l) => l.redirectUrl === dto.orderUrl)!;
      await door.fake.pay(link.id);
      expect((await refund(dto.orders[1].id)).statusCode).toBe(409);
      // Issue 37 L3: the link charged only the other order, so nothing of this one is owed.
      expect((await refund(dto.orders[0].id)).statusCode).toBe(409);
      expect((await refund(999_999)).statusCode).toBe(404);
      // The paid one cancelled now is owed back.
      expect((await cancel(dto, dto.orders[1].id)).statusCode).toBe(200);
      expect((await refund(dto.orders[1].id, "")).statusCode).toBe(400);
      expect((await refund(dto.orders[1].id)).statusCode).toBe(200);
    });
  });

  describe("'Buscar mi pedido' (POST /api/orders/lookup)", () => {
    const lookup = (payload: Record<string, unknown>) =>
      door.inject({ method: "POST", url: "/api/orders/lookup", payload });
    const MESSAGE = "Si los datos coinciden, te enviamos el enlace de tu pedido";

    it("answers the same 202 to a match and no match, and e-mails a working link only on a match", async () => {
      const email = newEmail("buscadora");
      const dto = await door.placed({
        sessionId: await door.cartWith([[product.jarro.id, 1]]),
        ...customer,
        customerEmail: email,
        paymentMethod: "whatsapp",
      });
      const n = dto.orders[0].orderNumber;
      const stranger = newEmail("extrano");
      const answers = [
        await lookup({ orderNumber: n.toLowerCase(), email: email.toUpperCase() }),
        await lookup({ orderNumber: n, email: stranger }),
        await lookup({ orderNumber: "ES-2020-999999", email: stranger }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ message: MESSAGE });
      }

      const received = await door.mailTo(email);
      expect(received.map((m) => m.subject).sort()).toEqual(
        [`El enlace de tu pedido ${n}`, `Tu pedido en Tiangue: ${n}`].sort(),
      );
      expect(await door.mailTo(stranger)).toEqual([]);
      const [mail] = received.filter((m) => m.subject.startsWith("El enlace"));
      const [link] = orderLinksIn(mail.text);
      expect(new URL(link).searchParams.get("token")).not.toBe(
        new URL(dto.orderUrl).searchParams.get("token"),
      );
      const page = await door.orderPage(link);
      expect(page.statusCode).toBe(200);
      expect(page.json<CheckoutDto>().orders[0].orderNumber).toBe(n);
    });

    it("answers 400 only to a malformed body", async () => {
      for (const payload of [
        {},
        { orderNumber: "123", email: "ana@ejemplo.sv" },
        { orderNumber: "ES-2026-000001", email: "no-es-correo" },
      ]) {
        expect((await lookup(payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it(`answers 429 past ${LOOKUPS_PER_EMAIL} requests for one address in the window`, async () => {
      expect(LOOKUPS_PER_EMAIL).toBe(3);
      const email = newEmail("insistente");
      for (let i = 1; i <= LOOKUPS_PER_EMAIL; i++) {
        expect((await lookup({ orderNumber: `ES-2026-00000${i}`, email })).statusCode).toBe(202);
      }
      const res = await lookup({ orderNumber: "ES-2026-000009", email: email.toUpperCase() });
      expect(res.statusCode).toBe(429);
      // Another address is not affected.
      expect((await lookup({ orderNumber: "ES-2026-000009", email: newEmail() })).statusCode).toBe(
        202,
      );
    });
  });

  describe("no mail cannon", () => {
    it("the 6th public-form e-mail to one address in an hour is skipped (with the reason); the checkout still succeeds; step e-mails are not capped", async () => {
      const email = newEmail("compradora");
      const placed: CheckoutDto[] = [];
      for (let i = 0; i < 6; i++) {
        placed.push(
          await door.placed({
            sessionId: await door.cartWith([[product.jarro.id, 1]]),
            ...customer,
            customerEmail: email,
            paymentMethod: "whatsapp",
          }),
        );
      }
      const summaries = await t()
        .db.select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.recipient, email), eq(outboxEmails.kind, "checkout.customer")))
        .orderBy(asc(outboxEmails.id));
      expect(summaries).toHaveLength(6);
      expect(summaries.slice(0, 5).every((m) => m.status !== "skipped")).toBe(true);
      expect(summaries[5]).toMatchObject({
        status: "skipped",
        lastError:
          "No enviado: más de 5 correos en una hora a esta dirección desde formularios públicos",
      });
      // The merchant still hears of every order.
      const merchantMails = await t()
        .db.select()
        .from(outboxEmails)
        .where(eq(outboxEmails.kind, "order.merchant"));
      for (const dto of placed) {
        expect(
          merchantMails.some((m) => m.dedupeKey === `order:${dto.orders[0].id}:merchant`),
        ).toBe(true);
      }
      expect(await door.mailTo(email)).toHaveLength(5);

      // A step of the sixth order reaches the shopper all the same.
      const cookie = await door.merchantCookie(recoger.email);
      const sixth = placed[5].orders[0];
      const step = await door.inject({
        method: "PUT",
        url: `/api/merchant/${recoger.id}/orders/${sixth.id}/status`,
        payload: { fulfillmentStatus: "preparing" },
        cookie,
      });
      expect(step.statusCode).toBe(200);
      const received = await door.mailTo(email);
      expect(received).toHaveLength(6);
      expect(received.at(-1)!.subject).toBe(`Pedido ${sixth.orderNumber}: En preparación`);
      // 'Buscar mi pedido' counts too: its e-mail is skipped, its answer the same 202.
      const lookup = await door.inject({
        method: "POST",
        url: "/api/orders/lookup",
        payload: { orderNumber: sixth.orderNumber, email },
      });
      expect(lookup.statusCode).toBe(202);
      // Answered first, queued after (issue 37 L1).
      await t().app.services.checkout.lookups.settled();
      const [lookupMail] = await t()
        .db.select()
        .from(outboxEmails)
        .where(
          and(eq(outboxEmails.recipient, email), eq(outboxEmails.kind, "order.lookup.customer")),
        );
      expect(lookupMail.status).toBe("skipped");
    });

    it("the shopper's summary never echoes more than 80 characters of the typed name or address", async () => {
      const words = (seed: string, length: number) =>
        Array.from({ length: 40 }, (_, i) => `${seed}${i}`)
          .join(" ")
          .slice(0, length)
          .trim();
      const name = words("nom", 100);
      const address = words("dir", 200);
      const reference = words("ref", 200);
      const note = words("nota", 500);
      const email = newEmail("eco");
      await door.placed({
        sessionId: await door.cartWith([[product.pupusa.id, 1]]),
        customerName: name,
        customerEmail: email,
        customerPhone: "7000-1234",
        note,
        paymentMethod: "cash",
        deliveryAddress: { ...CENTRO, address, reference },
      });
      const [summary] = await door.mailTo(email);
      expect(summary.subject).toMatch(/^Tu pedido en Tiangue/);
      const echoed = (text: string, typed: string) => {
        for (let i = 0; i + 81 <= typed.length; i++) {
          if (text.includes(typed.slice(i, i + 81))) return true;
        }
        return false;
      };
      for (const body of [summary.text, summary.html]) {
        for (const typed of [name, address, reference, note]) {
          expect(echoed(body, typed), typed.slice(0, 20)).toBe(false);
        }
      }
      // Not vacuous: the shopper does read the beginning of its name and address.
      expect(summary.text).toContain(name.slice(0, 60));
      expect(summary.text).toContain(address.slice(0, 60));
      // The merchant, who must find the door, reads them whole.
      const [merchantMail] = (await door.mailTo(domicilio.email)).filter((m) =>
        m.text.includes(name.slice(0, 60)),
      );
      expect(merchantMail.text).toContain(address);
      expect(merchantMail.text).toContain(reference);
    });
  });
});

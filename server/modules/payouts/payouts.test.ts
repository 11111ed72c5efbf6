import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants, orders } from "../../../db/schema/index";
import type { MerchantBalanceDto, MerchantLedgerDto, PayoutDto } from "../../../shared/api-types";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { startDoorApp, type DoorApp } from "../../test/order-life-fixtures";

/**
 * Issue 25's ledger: what Tiangue owes each merchant of its card orders' money. Figures come
 * from SQL in exact numeric; here they are checked against sums done by hand, in integer
 * cents, with COMMISSION_PERCENT=7.5.
 */

type Merchant = typeof merchants.$inferSelect;
type NewOrder = typeof orders.$inferInsert;

const OWNER = "tesoreria@grupo-sabores.sv";
const OVER_BALANCE = "El monto supera el saldo pendiente del comercio";

/** "12.34" → 1234 (non-negative, two decimals at most). */
const cents = (text: string) => {
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
};
const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;

/** The commission in cents: subtotal × percent / 100, rounded half up to the cent. */
function commissionCents(subtotalCents: number, percent: string): number {
  const hundredths = cents(percent); // 7.50 % → 750
  const exact = subtotalCents * hundredths; // in 1/10,000 of a cent
  const whole = Math.floor(exact / 10_000);
  return exact % 10_000 >= 5_000 ? whole + 1 : whole;
}

/** Whether an order owes its merchant money, by the words. */
const owes = (o: NewOrder) =>
  o.paymentMethod === "card" &&
  o.paidAt != null &&
  o.deliveredAt != null &&
  o.status !== "cancelled" &&
  o.refundStatus == null;

/** A small seeded generator, so a failure can be replayed with LEDGER_SEED. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe("what Tiangue owes each merchant (issue 25)", () => {
  let door: DoorApp;
  let categoryId: number;
  let cookie: string;
  let serial = 0;

  const t = () => door.t;
  const admin = (options: Parameters<DoorApp["t"]["asAdmin"]>[0]) => t().asAdmin(options);
  const ledgerOf = async (merchantId: number) => {
    const res = await door.inject({
      method: "GET",
      url: `/api/merchant/${merchantId}/payouts`,
      cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MerchantLedgerDto>();
  };
  const balances = async () => {
    const res = await admin({ method: "GET", url: "/api/admin/payouts" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MerchantBalanceDto[]>();
  };
  const pay = (merchantId: number, payload: Record<string, unknown>) =>
    admin({ method: "POST", url: `/api/admin/merchants/${merchantId}/payouts`, payload });

  const newMerchant = (name: string, values: Partial<typeof merchants.$inferInsert> = {}) =>
    insertMerchant(t().db, { categoryId, name, email: OWNER, ...values });

  /** An order row as the checkout and the steps leave it, written straight to the table. */
  function orderRow(merchant: Merchant, values: Partial<NewOrder>): NewOrder {
    const n = ++serial;
    const subtotal = values.subtotal ?? "10.00";
    const fee = values.deliveryFee === undefined ? null : values.deliveryFee;
    return {
      orderNumber: `ES-2026-7${String(n).padStart(6, "0")}`,
      customerName: "Cliente de prueba",
      customerEmail: `libro${n}@ejemplo.sv`,
      merchantId: merchant.id,
      paymentMethod: "card",
      fulfillment: fee === null ? "pickup" : "delivery",
      status: values.paidAt ? "paid" : "pending",
      fulfillmentStatus: values.deliveredAt ? "delivered" : "preparing",
      commissionPercent: "7.50",
      // Placed a week ago, before it was paid and paid out (issue 37 L8 dates a payout on or
      // after the merchant's first order).
      createdAt: new Date(Date.now() - 7 * 86_400_000),
      ...values,
      subtotal,
      deliveryFee: fee,
      totalAmount: money(cents(subtotal) + cents(fee ?? "0")),
    };
  }

  beforeAll(async () => {
    door = await startDoorApp({ COMMISSION_PERCENT: "7.5" });
    categoryId = (await insertCategory(t().db)).id;
    // The owner's session manages every merchant whose e-mail is OWNER.
    await newMerchant("Primer comercio del dueño");
    cookie = await door.merchantCookie(OWNER);
  });
  afterAll(async () => {
    await door?.close();
  });

  describe("the rules, one order at a time", () => {
    let shop: Merchant;
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);

    beforeAll(async () => {
      shop = await newMerchant("Ferretería Las Reglas");
      const rows = [
        // Owed: 3.00 + 2.00 fee; 7.5 % of 3.00 = 0.225 → 0.23 (half up; half-even gives 0.22).
        orderRow(shop, {
          subtotal: "3.00",
          deliveryFee: "2.00",
          paidAt: ago(3),
          deliveredAt: ago(2),
        }),
        // Owed: 7.5 % of 0.60 = 0.045 → 0.05 (half up; half-even gives 0.04).
        orderRow(shop, {
          subtotal: "0.60",
          deliveryFee: "0.00",
          paidAt: ago(2),
          deliveredAt: ago(1),
        }),
        // Not owed: paid, not delivered.
        orderRow(shop, { subtotal: "50.00", paidAt: ago(1) }),
        // Not owed: delivered, not paid.
        orderRow(shop, { subtotal: "50.00", deliveredAt: ago(1) }),
        // Not owed: cancelled (an administrator cancelled it after delivery).
        orderRow(shop, {
          subtotal: "50.00",
          paidAt: ago(2),
          deliveredAt: ago(1),
          status: "cancelled",
        }),
        // Not owed: its money is owed back, or was given back.
        orderRow(shop, {
          subtotal: "50.00",
          paidAt: ago(2),
          deliveredAt: ago(1),
          status: "cancelled",
          refundStatus: "due",
        }),
        orderRow(shop, {
          subtotal: "50.00",
          paidAt: ago(2),
          deliveredAt: ago(1),
          status: "paid",
          refundStatus: "refunded",
          refundReference: "R-1",
        }),
        // Not owed: paid to the merchant directly.
        ...["cash", "transfer", "whatsapp"].map((paymentMethod) =>
          orderRow(shop, {
            subtotal: "50.00",
            paymentMethod,
            paidAt: ago(2),
            deliveredAt: ago(1),
            commissionPercent: "0",
          }),
        ),
      ];
      await t().db.insert(orders).values(rows);
    });

    it("owes total − commission on the subtotal (half up), only for paid, delivered card orders", async () => {
      const ledger = await ledgerOf(shop.id);
      expect(ledger).toMatchObject({
        owed: "5.32",
        paid: "0.00",
        balance: "5.32",
        commissionPercent: "7.50",
        payouts: [],
      });
      // The latest delivered first.
      expect(
        ledger.orders.map(({ subtotal, deliveryFee, totalAmount, commission, owed }) => ({
          subtotal,
          deliveryFee,
          totalAmount,
          commission,
          owed,
        })),
      ).toEqual([
        {
          subtotal: "0.60",
          deliveryFee: "0.00",
          totalAmount: "0.60",
          commission: "0.05",
          owed: "0.55",
        },
        {
          subtotal: "3.00",
          deliveryFee: "2.00",
          totalAmount: "5.00",
          commission: "0.23",
          owed: "4.77",
        },
      ]);
      const row = (await balances()).find((b) => b.merchantId === shop.id);
      expect(row).toEqual({
        merchantId: shop.id,
        merchantName: "Ferretería Las Reglas",
        owed: "5.32",
        paid: "0.00",
        balance: "5.32",
      });
    });

    it("records payouts up to the balance: more is 409, zero or negative 400, and the balance drops", async () => {
      const before = await ledgerOf(shop.id);
      for (const amount of ["5.33", 5.33, "1000.00"]) {
        const res = await pay(shop.id, { amount, reference: "TRF-DEMASIADO" });
        expect(res.statusCode, String(amount)).toBe(409);
        expect(res.json().message).toBe(OVER_BALANCE);
      }
      for (const payload of [
        { amount: "0", reference: "TRF-0" },
        { amount: "0.00", reference: "TRF-0" },
        { amount: 0, reference: "TRF-0" },
        { amount: "-1.00", reference: "TRF-NEG" },
        { amount: -1, reference: "TRF-NEG" },
        // Money is read like every price (half up past the cent): this is 0.00.
        { amount: "0.004", reference: "TRF-DEC" },
        { amount: "uno", reference: "TRF-TXT" },
        { amount: "1.00" },
        { amount: "1.00", reference: "   " },
        { amount: "1.00", reference: "TRF", paidAt: "ayer" },
      ]) {
        const res = await pay(shop.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect(await ledgerOf(shop.id)).toEqual(before);
      expect((await pay(999_999, { amount: "1.00", reference: "TRF" })).statusCode).toBe(404);

      // Issue 37 L8: dated on or after the merchant's first order (a few days ago here).
      const paidAt = new Date(Date.now() - 86_400_000).toISOString();
      const first = await pay(shop.id, { amount: "2.00", reference: "TRF-0001", paidAt });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<PayoutDto>()).toMatchObject({
        merchantId: shop.id,
        amount: "2.00",
        reference: "TRF-0001",
        paidAt,
      });
      expect(await ledgerOf(shop.id)).toMatchObject({
        owed: "5.32",
        paid: "2.00",
        balance: "3.32",
      });
      expect((await pay(shop.id, { amount: "3.33", reference: "TRF-0002" })).statusCode).toBe(409);
      expect((await pay(shop.id, { amount: "3.32", reference: "TRF-0002" })).statusCode).toBe(201);

      const ledger = await ledgerOf(shop.id);
      expect(ledger).toMatchObject({ owed: "5.32", paid: "5.32", balance: "0.00" });
      expect(ledger.payouts.map((p) => [p.reference, p.amount])).toEqual([
        ["TRF-0002", "3.32"],
        ["TRF-0001", "2.00"],
      ]);
      expect((await pay(shop.id, { amount: "0.01", reference: "TRF-0003" })).statusCode).toBe(409);
      expect((await balances()).find((b) => b.merchantId === shop.id)).toMatchObject({
        owed: "5.32",
        paid: "5.32",
        balance: "0.00",
      });
    });

    it("downloads both as CSV: text/csv, UTF-8 with BOM, Spanish headers", async () => {
      const all = await admin({ method: "GET", url: "/api/admin/payouts?format=csv" });
      expect(all.statusCode).toBe(200);
      expect(all.headers["content-type"]).toMatch(/^text\/csv; charset=utf-8/);
      expect(all.headers["content-disposition"]).toContain("attachment");
      expect([...all.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = Papa.parse<string[]>(all.rawPayload.toString("utf8").slice(1).trim()).data;
      expect(rows[0]).toEqual(["Comercio", "ID", "Adeudado", "Pagado", "Saldo"]);
      expect(rows).toContainEqual([
        "Ferretería Las Reglas",
        String(shop.id),
        "5.32",
        "5.32",
        "0.00",
      ]);

      const mine = await door.inject({
        method: "GET",
        url: `/api/merchant/${shop.id}/payouts?format=csv`,
        cookie,
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers["content-type"]).toMatch(/^text\/csv; charset=utf-8/);
      expect([...mine.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = Papa.parse<string[]>(mine.rawPayload.toString("utf8").slice(1).trim()).data;
      expect(lines[0]).toEqual([
        "Fecha",
        "Movimiento",
        "Referencia",
        "Subtotal",
        "Envío",
        "Comisión",
        "Monto",
      ]);
      expect(lines.filter((l) => l[1] === "Pedido entregado").map((l) => l.slice(3))).toEqual([
        ["0.60", "0.00", "0.05", "0.55"],
        ["3.00", "2.00", "0.23", "4.77"],
      ]);
      expect(lines).toContainEqual([
        // El Salvador's day of the payout's date (UTC−6).
        new Date(Date.now() - 86_400_000 - 6 * 3600_000).toISOString().slice(0, 10),
        "Pago recibido",
        "TRF-0001",
        "",
        "",
        "",
        "-2.00",
      ]);
      expect(lines.at(-1)).toEqual(["", "Saldo", "", "", "", "", "0.00"]);

      const bad = await admin({ method: "GET", url: "/api/admin/payouts?format=xml" });
      expect(bad.statusCode).toBe(400);
    });

    it("never lets a name or a reference run as a spreadsheet formula (CSV injection)", async () => {
      const names = ['=HYPERLINK("https://malo.example","Cobrar")', "@panaderia.sv", "+Pollo Rico"];
      for (const name of names) {
        const m = await newMerchant(name);
        await t()
          .db.insert(orders)
          .values(orderRow(m, { subtotal: "4.00", paidAt: ago(2), deliveredAt: ago(1) }));
        expect((await pay(m.id, { amount: "1.00", reference: "-1+1" })).statusCode).toBe(201);
      }
      const all = await admin({ method: "GET", url: "/api/admin/payouts?format=csv" });
      const rows = Papa.parse<string[]>(all.rawPayload.toString("utf8").slice(1).trim()).data;
      for (const name of names) {
        const row = rows.find((r) => r[0].endsWith(name))!;
        expect(row[0]).toBe(`'${name}`);
        // Amounts stay numbers.
        expect(row.slice(2)).toEqual(["3.70", "1.00", "2.70"]);
      }
      const [first] = await t().db.select().from(merchants).where(eq(merchants.name, names[0]));
      const mine = await door.inject({
        method: "GET",
        url: `/api/merchant/${first.id}/payouts?format=csv`,
        cookie,
      });
      const lines = Papa.parse<string[]>(mine.rawPayload.toString("utf8").slice(1).trim()).data;
      expect(lines.find((l) => l[1] === "Pago recibido")).toEqual([
        expect.any(String),
        "Pago recibido",
        "'-1+1",
        "",
        "",
        "",
        "-1.00",
      ]);
    });

    it("keeps a merchant out of another's ledger (404) and everyone out without a session (401)", async () => {
      const other = await insertMerchant(t().db, {
        categoryId,
        name: "Ajeno",
        email: "ajeno@otra-empresa.sv",
      });
      for (const url of [
        `/api/merchant/${other.id}/payouts`,
        `/api/merchant/${other.id}/payouts?format=csv`,
        `/api/merchant/999999/payouts`,
      ]) {
        const res = await door.inject({ method: "GET", url, cookie });
        expect(res.statusCode, url).toBe(404);
      }
      for (const [method, url] of [
        ["GET", `/api/merchant/${shop.id}/payouts`],
        ["GET", `/api/merchant/${shop.id}/payouts?format=csv`],
        ["GET", "/api/admin/payouts"],
        ["GET", "/api/admin/payouts?format=csv"],
        ["POST", `/api/admin/merchants/${shop.id}/payouts`],
      ] as const) {
        const res = await door.inject({
          method,
          url,
          ...(method === "POST" ? { payload: { amount: "1.00", reference: "X" } } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
      // A merchant is not an administrator.
      for (const [method, url] of [
        ["GET", "/api/admin/payouts"],
        ["POST", `/api/admin/merchants/${shop.id}/payouts`],
      ] as const) {
        const res = await door.inject({
          method,
          url,
          cookie,
          ...(method === "POST" ? { payload: { amount: "1.00", reference: "X" } } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    });
  });

  describe("through the checkout", () => {
    it("keeps COMMISSION_PERCENT on card orders only, and owes a card order once it is delivered", async () => {
      const shop = await newMerchant("Cafetería del Ledger", {
        fulfillment: "delivery",
        deliveryArea: "country",
        deliveryFee: "2.00",
        paymentMethods: ["card", "cash"],
      });
      const product = await insertProduct(t().db, {
        merchantId: shop.id,
        categoryId,
        price: "1.00",
      });
      const body = async (paymentMethod: string) => ({
        sessionId: await door.cartWith([[product.id, 3]]),
        customerName: "Lía",
        customerEmail: "lia@ejemplo.sv",
        customerPhone: "7000-1234",
        paymentMethod,
        deliveryAddress: {
          department: "San Salvador",
          municipality: "San Salvador Este",
          address: "Residencial Los Pinos, casa 4",
        },
      });
      const card = await door.placed(await body("card"));
      const cash = await door.placed(await body("cash"));
      const stored = async (id: number) =>
        (await t().db.select().from(orders).where(eq(orders.id, id)))[0];
      expect(await stored(card.orders[0].id)).toMatchObject({
        commissionPercent: "7.50",
        subtotal: "3.00",
        deliveryFee: "2.00",
        totalAmount: "5.00",
      });
      expect((await stored(cash.orders[0].id)).commissionPercent).toBe("0.00");

      const link = door.fake.links.find((l) => l.redirectUrl === card.orderUrl)!;
      await door.fake.pay(link.id);
      // Paid, not delivered yet: nothing owed.
      expect(await ledgerOf(shop.id)).toMatchObject({ owed: "0.00", orders: [] });
      expect((await balances()).some((b) => b.merchantId === shop.id)).toBe(false);

      for (const order of [card.orders[0], cash.orders[0]]) {
        const res = await door.inject({
          method: "PUT",
          url: `/api/merchant/${shop.id}/orders/${order.id}/status`,
          payload: { fulfillmentStatus: "delivered" },
          cookie,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const ledger = await ledgerOf(shop.id);
      expect(ledger).toMatchObject({ owed: "4.77", paid: "0.00", balance: "4.77" });
      expect(ledger.orders).toEqual([
        expect.objectContaining({
          orderId: card.orders[0].id,
          orderNumber: card.orders[0].orderNumber,
          commission: "0.23",
          owed: "4.77",
        }),
      ]);
      expect(ledger.orders[0].deliveredAt).not.toBeNull();
    });
  });

  describe("200 random orders against a sum by hand", () => {
    const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 1_000_000);

    it(`matches owed, paid and balance to the cent (seed ${seed})`, async () => {
      const random = mulberry32(seed);
      const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
      const chance = (p: number) => random() < p;

      const shops = [
        await newMerchant("Azar Uno"),
        await newMerchant("Azar Dos"),
        await newMerchant("Azar Tres"),
      ];
      // Orders that never owe anything: this merchant must not be listed.
      const idle = await newMerchant("Azar Sin Saldo");

      const rows: NewOrder[] = [];
      for (let i = 0; i < 200; i++) {
        const merchant = i % 20 === 19 ? idle : pick(shops);
        // A quarter of subtotals are ≡ 20 (mod 40) cents: 7.5 % of them ends in half a cent.
        let subtotalCents = 1 + Math.floor(random() * 60_000);
        if (chance(0.25)) subtotalCents = subtotalCents - (subtotalCents % 40) + 20;
        const fee = pick([null, "0.00", money(Math.floor(random() * 1_000))]);
        const paid = chance(0.8);
        const delivered = chance(0.7);
        const cancelled = chance(0.1);
        const method = chance(0.85) ? "card" : pick(["cash", "transfer", "whatsapp"]);
        const refund =
          method === "card" && paid ? pick([null, null, null, null, "due", "refunded"]) : null;
        const values: Partial<NewOrder> = {
          subtotal: money(subtotalCents),
          deliveryFee: fee,
          paymentMethod: method,
          commissionPercent: pick([
            "7.50",
            "7.50",
            "7.50",
            "7.50",
            "0.00",
            "12.25",
            "5.55",
            "100.00",
          ]),
          paidAt: paid ? new Date(Date.now() - 86_400_000) : null,
          deliveredAt: delivered ? new Date(Date.now() - 3_600_000 * (1 + i)) : null,
          status: cancelled || refund === "due" ? "cancelled" : paid ? "paid" : "pending",
          refundStatus: refund,
        };
        if (merchant === idle) Object.assign(values, { paymentMethod: "cash" });
        rows.push(orderRow(merchant, values));
      }
      await t().db.insert(orders).values(rows);

      const expected = new Map<number, { owed: number; orders: Map<string, [number, number]> }>();
      for (const row of rows.filter(owes)) {
        const subtotal = cents(row.subtotal);
        const commission = commissionCents(subtotal, row.commissionPercent!);
        const owed = cents(row.totalAmount) - commission;
        const entry = expected.get(row.merchantId!) ?? { owed: 0, orders: new Map() };
        entry.owed += owed;
        entry.orders.set(row.orderNumber, [commission, owed]);
        expected.set(row.merchantId!, entry);
      }
      expect(expected.size, `seed ${seed}`).toBe(3);
      expect(expected.has(idle.id)).toBe(false);

      const listed = await balances();
      expect(listed.some((b) => b.merchantId === idle.id)).toBe(false);
      for (const shop of shops) {
        const hand = expected.get(shop.id)!;
        expect(
          listed.find((b) => b.merchantId === shop.id),
          `seed ${seed}`,
        ).toEqual({
          merchantId: shop.id,
          merchantName: shop.name,
          owed: money(hand.owed),
          paid: "0.00",
          balance: money(hand.owed),
        });
        const ledger = await ledgerOf(shop.id);
        expect(ledger, `seed ${seed}`).toMatchObject({
          owed: money(hand.owed),
          paid: "0.00",
          balance: money(hand.owed),
        });
        expect(ledger.orders).toHaveLength(hand.orders.size);
        for (const order of ledger.orders) {
          const [commission, owed] = hand.orders.get(order.orderNumber)!;
          expect([order.commission, order.owed], `${order.orderNumber}, seed ${seed}`).toEqual([
            money(commission),
            money(owed),
          ]);
        }
      }

      // Payouts come off the balance, to the cent.
      const [first, second] = shops;
      const firstOwed = expected.get(first.id)!.owed;
      const part = Math.max(1, Math.floor(firstOwed / 3));
      expect((await pay(first.id, { amount: money(part), reference: "AZAR-1" })).statusCode).toBe(
        201,
      );
      expect(
        (await pay(first.id, { amount: money(firstOwed - part + 1), reference: "AZAR-2" }))
          .statusCode,
      ).toBe(409);
      expect(
        (await pay(first.id, { amount: money(firstOwed - part), reference: "AZAR-2" })).statusCode,
      ).toBe(201);
      const secondOwed = expected.get(second.id)!.owed;
      expect(
        (await pay(second.id, { amount: money(secondOwed), reference: "AZAR-3" })).statusCode,
      ).toBe(201);
      const after = await balances();
      expect(after.find((b) => b.merchantId === first.id)).toMatchObject({
        owed: money(firstOwed),
        paid: money(firstOwed),
        balance: "0.00",
      });
      expect(after.find((b) => b.merchantId === second.id)).toMatchObject({
        paid: money(secondOwed),
        balance: "0.00",
      });
      expect((await ledgerOf(first.id)).payouts.map((p) => p.amount).sort()).toEqual(
        [money(part), money(firstOwed - part)].sort(),
      );
    });
  });
});

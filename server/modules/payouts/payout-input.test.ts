import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { PayoutDto } from "../../../shared/api-types";
import { insertCategory, insertMerchant } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Issue 37 L8: a payout's date is a date (YYYY-MM-DD, or an ISO date-time as clients send)
 * between the merchant's first order and tomorrow, and its amount has two decimals at most;
 * anything else is a 400 naming the field, in Spanish, and nothing is recorded.
 */
describe("a payout's date and amount (issue 37 L8)", () => {
  let t: TestApp;
  let merchantId: number;
  const DAY = 86_400_000;
  /** El Salvador's calendar day (UTC−6) of a time, 'aaaa-mm-dd'. */
  const svDay = (ms: number) => new Date(ms - 6 * 3600_000).toISOString().slice(0, 10);
  const firstOrderAt = Date.now() - 10 * DAY;

  const pay = (payload: Record<string, unknown>) =>
    t.asAdmin({ method: "POST", url: `/api/admin/merchants/${merchantId}/payouts`, payload });

  beforeAll(async () => {
    t = await createTestApp();
    const category = await insertCategory(t.db);
    const merchant = await insertMerchant(t.db, { categoryId: category.id, name: "Caja Fuerte" });
    merchantId = merchant.id;
    // One delivered, paid card order: 100.00 owed (no commission in tests).
    // Raw SQL: only the columns this test needs (the schema's others keep their defaults).
    await t.db.execute(sql`
      insert into orders (order_number, customer_name, customer_email, merchant_id,
        payment_method, fulfillment, status, fulfillment_status, commission_percent, subtotal,
        total_amount, paid_at, delivered_at, created_at)
      values ('ES-2026-900001', 'Cliente', 'cliente@ejemplo.sv', ${merchantId}, 'card',
        'pickup', 'paid', 'delivered', '0', '100.00', '100.00',
        ${new Date(firstOrderAt).toISOString()}, ${new Date(firstOrderAt + DAY).toISOString()},
        ${new Date(firstOrderAt).toISOString()})`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses dates that are not a date, out of range, and amounts past the cent, per field", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ paidAt: "1" }, "paidAt"],
      [{ paidAt: "20260" }, "paidAt"],
      [{ paidAt: "+020260-01-01" }, "paidAt"],
      [{ paidAt: "20260-01-01" }, "paidAt"],
      [{ paidAt: "2026-02-30" }, "paidAt"],
      [{ paidAt: "2026-13-01" }, "paidAt"],
      [{ paidAt: "March 3, 2026" }, "paidAt"],
      [{ paidAt: "ayer" }, "paidAt"],
      [{ paidAt: svDay(firstOrderAt - 2 * DAY) }, "paidAt"],
      [{ paidAt: svDay(Date.now() + 3 * DAY) }, "paidAt"],
      [{ paidAt: new Date(Date.now() + 3 * DAY).toISOString() }, "paidAt"],
      [{ amount: "1.005" }, "amount"],
      [{ amount: 1.005 }, "amount"],
      [{ amount: "12.345" }, "amount"],
    ];
    for (const [change, path] of bad) {
      const res = await pay({ amount: "1.00", reference: "TRF-L8", ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const body = res.json<{ message: string; errors: { path: string; message: string }[] }>();
      expect(
        body.errors.map((e) => e.path),
        JSON.stringify(change),
      ).toEqual([path]);
      expect(body.errors[0].message).toMatch(/[áéíóúñ]|fecha|monto/i);
    }
    const dateMessage = (await pay({ amount: "1.00", reference: "R", paidAt: "1" })).json<{
      errors: { message: string }[];
    }>().errors[0].message;
    expect(dateMessage).toBe("Ingresa la fecha de pago como AAAA-MM-DD");
    const rangeMessage = (
      await pay({ amount: "1.00", reference: "R", paidAt: svDay(firstOrderAt - 2 * DAY) })
    ).json<{ errors: { message: string }[] }>().errors[0].message;
    expect(rangeMessage).toMatch(
      /^La fecha de pago debe estar entre el \d{2}\/\d{2}\/\d{4} y mañana$/,
    );

    const ledger = await t.asAdmin({ method: "GET", url: "/api/admin/payouts" });
    expect(ledger.json<{ merchantId: number; paid: string }[]>()).toContainEqual(
      expect.objectContaining({ merchantId, paid: "0.00" }),
    );
  });

  it("takes a plain date (that day in El Salvador), an ISO date-time, the first order's day and tomorrow", async () => {
    const plain = await pay({ amount: "1.50", reference: "TRF-A", paidAt: "2026-01-01" });
    // Before the first order: refused, even as a plain date.
    expect(plain.statusCode).toBe(400);

    const firstDay = svDay(firstOrderAt);
    const onFirstDay = await pay({ amount: "1.50", reference: "TRF-A", paidAt: firstDay });
    expect(onFirstDay.statusCode, onFirstDay.body).toBe(201);
    const dto = onFirstDay.json<PayoutDto>();
    expect(dto.amount).toBe("1.50");
    expect(svDay(Date.parse(dto.paidAt))).toBe(firstDay);

    const iso = new Date(Date.now() - DAY).toISOString();
    const isoAnswer = await pay({ amount: 2, reference: "TRF-B", paidAt: iso });
    expect(isoAnswer.statusCode, isoAnswer.body).toBe(201);
    expect(isoAnswer.json<PayoutDto>().paidAt).toBe(iso);

    const tomorrow = svDay(Date.now() + DAY);
    const early = await pay({ amount: "0.25", reference: "TRF-C", paidAt: tomorrow });
    expect(early.statusCode, early.body).toBe(201);

    const none = await pay({ amount: "0.25", reference: "TRF-D" });
    expect(none.statusCode, none.body).toBe(201);
  });
});

import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutTokens, orders, personalDataRequests } from "../../../db/schema/index";
import { ORDER_LINK_EXPIRED_MESSAGE, type CheckoutDto } from "../../../shared/checkout";
import { ERASED_TEXT } from "../../../shared/personal-data";
import { loadConfig } from "../../env";
import { PurgeJob } from "../../maintenance/purge";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { newToken, sha256 } from "../checkout/checkout.token";

/**
 * Issue 37 in time: ORDER_PERSONAL_DATA_DAYS (checked at start), the daily purge's erasure
 * of orders delivered or cancelled longer ago (old ones go, new and unfinished ones stay),
 * and order links other than the first expiring after 90 days with a 410 that says so.
 * PGlite and PostgreSQL.
 */

describe("ORDER_PERSONAL_DATA_DAYS", () => {
  it("defaults to 730 days and takes 30 to 3650 whole days, else a Spanish message", () => {
    expect(loadConfig({ NODE_ENV: "test" }).orderPersonalDataDays).toBe(730);
    expect(
      loadConfig({ NODE_ENV: "test", ORDER_PERSONAL_DATA_DAYS: "365" }).orderPersonalDataDays,
    ).toBe(365);
    for (const value of ["29", "3651", "90.5", "dos años", "-1"]) {
      expect(
        () => loadConfig({ NODE_ENV: "test", ORDER_PERSONAL_DATA_DAYS: value }),
        value,
      ).toThrow("ORDER_PERSONAL_DATA_DAYS debe ser un número entero de días de 30 a 3650");
    }
  });
});

describe("retention and link expiry (issue 37)", () => {
  let t: TestApp;
  let productId = 0;
  let placedCount = 0;

  async function place(): Promise<CheckoutDto & { checkoutId: number; orderId: number }> {
    const sessionId = `session_${Date.now()}_retencion${++placedCount}`;
    await t.app.services.cart.add(sessionId, { productId, quantity: 3 });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/checkout",
      remoteAddress: `10.37.0.${placedCount}`,
      payload: {
        sessionId,
        customerName: `Cliente ${placedCount}`,
        customerEmail: `cliente${placedCount}@ejemplo.sv`,
        customerPhone: "7000-1111",
        paymentMethod: "cash",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const dto = res.json<CheckoutDto>();
    const [row] = await t.db
      .select({ checkoutId: orders.checkoutId })
      .from(orders)
      .where(eq(orders.id, dto.orders[0].id));
    return { ...dto, checkoutId: row.checkoutId!, orderId: dto.orders[0].id };
  }

  /** Moves an order's end back in time, as if it had finished `days` ago. */
  const finished = (orderId: number, how: "delivered" | "cancelled", days: number, extra = sql``) =>
    t.db.execute(
      how === "delivered"
        ? sql`update orders set fulfillment_status = 'delivered',
            delivered_at = now() - make_interval(days => ${days}) ${extra} where id = ${orderId}`
        : sql`update orders set status = 'cancelled',
            updated_at = now() - make_interval(days => ${days}) ${extra} where id = ${orderId}`,
    );

  const tokenOf = (dto: CheckoutDto) => dto.orderUrl.split("token=")[1];
  const page = (dto: CheckoutDto, token = tokenOf(dto)) =>
    t.app.inject({
      method: "GET",
      url: `/api/orders/${dto.orders[0].orderNumber}?token=${token}`,
    });

  beforeAll(async () => {
    t = await createTestApp({ ORDER_PERSONAL_DATA_DAYS: "30" });
    const categoryId = (await insertCategory(t.db)).id;
    const merchant = await insertMerchant(t.db, { categoryId, paymentMethods: ["cash"] });
    productId = (await insertProduct(t.db, { merchantId: merchant.id, categoryId, price: "3.00" }))
      .id;
  });
  afterAll(() => t?.close());

  it("erases in the daily purge the orders finished more than ORDER_PERSONAL_DATA_DAYS ago, only those", async () => {
    const oldDelivered = await place();
    const olderDelivered = await place();
    const oldCancelled = await place();
    const recentDelivered = await place();
    const refundOwed = await place();
    const oldButOpen = await place();
    await finished(oldDelivered.orderId, "delivered", 40);
    await finished(olderDelivered.orderId, "delivered", 45);
    await finished(oldCancelled.orderId, "cancelled", 31);
    await finished(recentDelivered.orderId, "delivered", 10);
    await finished(refundOwed.orderId, "cancelled", 40, sql`, refund_status = 'due'`);
    await t.db.execute(
      sql`update orders set created_at = now() - interval '400 days' where id = ${oldButOpen.orderId}`,
    );
    const later = newToken(null, null);
    await t.db
      .insert(checkoutTokens)
      .values({ checkoutId: oldDelivered.checkoutId, tokenHash: sha256(later) });

    const purge = new PurgeJob({
      db: t.db,
      kind: t.database.kind,
      log: { info: () => {}, error: () => {} },
      intervalHours: 24,
      batchSize: 2,
      personalData: {
        eraseBatch: (tx, limit) => t.app.services.personalData.eraseExpired(tx, limit),
        afterRun: () => t.app.services.personalData.afterRetention(),
      },
    });
    const result = await purge.runOnce();
    expect(result.purged.order_personal_data).toBe(3);

    const rows = await t.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          [oldDelivered, olderDelivered, oldCancelled, recentDelivered, refundOwed, oldButOpen].map(
            (c) => c.orderId,
          ),
        ),
      )
      .orderBy(orders.id);
    expect(rows.map((r) => [r.customerName, r.customerPhone, r.totalAmount])).toEqual([
      [ERASED_TEXT, null, "9.00"],
      [ERASED_TEXT, null, "9.00"],
      [ERASED_TEXT, null, "9.00"],
      ["Cliente 4", "+503 7000-1111", "9.00"],
      ["Cliente 5", "+503 7000-1111", "9.00"],
      ["Cliente 6", "+503 7000-1111", "9.00"],
    ]);
    // Their links are dead, the first and the later one; a recent order's still opens.
    expect((await page(oldDelivered)).statusCode).toBe(404);
    expect((await page(oldDelivered, later)).statusCode).toBe(404);
    expect((await page(recentDelivered)).statusCode).toBe(200);
    // Two batches of at most two, each logged as the system's retention.
    const log = await t.db
      .select()
      .from(personalDataRequests)
      .where(eq(personalDataRequests.action, "retention"));
    expect(log.map((r) => [r.actor, r.keyValue, (r.counts as { orders: number }).orders])).toEqual([
      ["Sistema", null, 2],
      ["Sistema", null, 1],
    ]);
    // A second run finds nothing more.
    expect((await purge.runOnce()).purged.order_personal_data).toBe(0);
  });

  it("keeps the checkout's first link working, and expires the later ones after 90 days with a 410", async () => {
    const dto = await place();
    await t.db.execute(
      sql`update checkouts set created_at = now() - interval '400 days' where id = ${dto.checkoutId}`,
    );
    const fresh = newToken(null, null);
    const stale = newToken(null, null);
    await t.db.insert(checkoutTokens).values([
      {
        checkoutId: dto.checkoutId,
        tokenHash: sha256(fresh),
        createdAt: sql`now() - interval '89 days'`,
      },
      {
        checkoutId: dto.checkoutId,
        tokenHash: sha256(stale),
        createdAt: sql`now() - interval '91 days'`,
      },
    ]);
    expect((await page(dto)).statusCode).toBe(200);
    expect((await page(dto, fresh)).statusCode).toBe(200);
    const expired = await page(dto, stale);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: ORDER_LINK_EXPIRED_MESSAGE, code: "gone" });
    // A wrong token is still the 404 of a wrong one, never the 410.
    expect((await page(dto, newToken(null, null))).statusCode).toBe(404);
    // The shopper's writes with that link answer the same 410.
    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/orders/${dto.orders[0].orderNumber}/cancel?token=${stale}`,
      payload: { orderId: dto.orderId },
    });
    expect(cancel.statusCode).toBe(410);
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../db/client";
import {
  merchants,
  merchantSpecialDates,
  orders,
  orderStatusEvents,
} from "../../../db/schema/index";
import type { CheckoutDto } from "../../../shared/checkout";
import { NO_ANSWER_REASON } from "../../../shared/notices";
import { buildApp } from "../../app";
import { loadConfig } from "../../env";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { everyDay, newMobile, startNoticesApp, type NoticesApp } from "../../test/notices-fixtures";
import { AnswerClock } from "./answer-clock";
import type { OrdersService } from "./orders.service";

/**
 * Issue 35: no order left unanswered. The open-time clock with an injected `now`: an order
 * still 'Recibido' reminds its merchant after ORDER_REMINDER_MINUTES of the shop's open time
 * and is cancelled by `system` after ORDER_EXPIRY_MINUTES, each once whatever runs the clock
 * (two passes, two clocks, two apps on one PostgreSQL); the shopper hears of it by e-mail
 * and, when it agreed to, by WhatsApp; the admin's list of waiting orders. The app does not
 * listen, so its own clock never runs: only the test's clocks do.
 */

const OWNER = "duena@cafeteria-reloj.sv";
const silent = { info() {}, error() {} };
/** An instant of El Salvador's wall clock (UTC−6 all year). */
const sv = (date: string, time: string) => new Date(`${date}T${time}:00-06:00`);

describe("the clock of orders waiting for an answer (issue 35)", () => {
  let n: NoticesApp;
  let categoryId: number;
  let cookie: string;
  let customers = 0;
  let now = new Date();
  /** The clock the app's configuration makes (ORDER_REMINDER_MINUTES=10, ORDER_EXPIRY_MINUTES=60). */
  const clock = (
    orders: OrdersService = n.t.app.services.orders,
    minutes: { reminderMinutes?: number; expiryMinutes?: number } = {},
  ) =>
    new AnswerClock({
      orders,
      log: silent,
      reminderMinutes: n.t.config.orderReminderMinutes,
      expiryMinutes: n.t.config.orderExpiryMinutes,
      now: () => now,
      ...minutes,
    });

  /** A shop open 08:00–17:00 every day. */
  async function shop(values: Partial<typeof merchants.$inferInsert> = {}) {
    const phone = newMobile();
    const merchant = await insertMerchant(n.t.db, {
      categoryId,
      name: `Cafetería Reloj ${phone.typed}`,
      email: OWNER,
      whatsapp: phone.stored,
      fulfillment: "pickup",
      paymentMethods: ["cash", "card"],
      schedule: everyDay("08:00", "17:00"),
      ...values,
    });
    const product = await insertProduct(n.t.db, {
      merchantId: merchant.id,
      categoryId,
      price: "6.00",
    });
    return { merchant, product, number: phone.e164 };
  }
  type Shop = Awaited<ReturnType<typeof shop>>;

  /** An order of `s` placed at `at` (its row's time moved there), the shopper's consent given. */
  async function placeAt(
    s: Shop,
    at: Date,
    options: { paymentMethod?: "cash" | "card"; consent?: boolean } = {},
  ) {
    const phone = newMobile();
    const email = `cliente${++customers}@ejemplo.sv`;
    const dto: CheckoutDto = await n.placed({
      sessionId: await n.cartWith([[s.product.id, 1]]),
      customerName: "Beatriz Castillo",
      customerEmail: email,
      customerPhone: phone.typed,
      paymentMethod: options.paymentMethod ?? "cash",
      whatsappNotices: options.consent ?? true,
    });
    const [placed] = dto.orders;
    await n.t.db.update(orders).set({ createdAt: at }).where(eq(orders.id, placed.id));
    return { dto, order: placed, phone, email };
  }
  const stored = async (id: number) =>
    (await n.t.db.select().from(orders).where(eq(orders.id, id)))[0];
  const systemEvents = (ids: number[]) =>
    n.t.db
      .select()
      .from(orderStatusEvents)
      .where(and(inArray(orderStatusEvents.orderId, ids), eq(orderStatusEvents.actor, "system")))
      .orderBy(asc(orderStatusEvents.id));
  const sentTo = (e164: string) => n.wa.sent.filter((m) => m.to === e164.replace(/\D/g, ""));
  /** Everything sent, Meta's 6 seconds per number passing between rounds (no retries here). */
  const sendAll = async () => {
    for (let round = 0; round < 3; round++) {
      await n.passTime();
      await n.drainNotices();
    }
    await n.drainMail();
  };
  /** The merchant answers (moves it on): the order leaves the clock. */
  async function answer(s: Shop, orderId: number) {
    const res = await n.inject({
      method: "PUT",
      url: `/api/merchant/${s.merchant.id}/orders/${orderId}/status`,
      payload: { fulfillmentStatus: "preparing" },
      cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const waitingList = async () => {
    const res = await n.t.asAdmin({ method: "GET", url: "/api/admin/orders/waiting?limit=100" });
    expect(res.statusCode, res.body).toBe(200);
    return {
      total: Number(res.headers["x-total-count"]),
      items:
        res.json<
          { id: number; orderNumber: string; waitingMinutes: number; reminded: boolean }[]
        >(),
    };
  };

  beforeAll(async () => {
    n = await startNoticesApp({
      env: { ORDER_REMINDER_MINUTES: "10", ORDER_EXPIRY_MINUTES: "60" },
    });
    categoryId = (await insertCategory(n.t.db)).id;
    await shop();
    cookie = await n.merchantCookie(OWNER);
  });
  afterAll(async () => {
    await n?.close();
  });

  it("counts only open time: placed at 22:00, reminded at 08:10 once, cancelled at 09:00 once", async () => {
    const s = await shop();
    const { order: placed, phone, email } = await placeAt(s, sv("2030-03-04", "22:00"));
    await sendAll();
    const a = clock();
    const b = clock();

    now = sv("2030-03-05", "07:59");
    expect(await a.runOnce()).toEqual({ reminded: 0, expired: 0 });
    now = sv("2030-03-05", "08:09");
    expect(await a.runOnce()).toEqual({ reminded: 0, expired: 0 });
    expect((await stored(placed.id)).reminderSentAt).toBeNull();

    now = sv("2030-03-05", "08:10");
    expect(await a.runOnce()).toEqual({ reminded: 1, expired: 0 });
    expect(await a.runOnce()).toEqual({ reminded: 0, expired: 0 });
    expect(await b.runOnce()).toEqual({ reminded: 0, expired: 0 });
    expect((await stored(placed.id)).reminderSentAt).not.toBeNull();
    await sendAll();
    const reminders = sentTo(s.number).filter(
      (m) => m.template === "tiangue_merchant_order_waiting",
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0].params).toEqual([placed.orderNumber, "10"]);
    expect(reminders[0].buttonSuffix).toBe(`${s.merchant.id}/${placed.id}`);
    const reminderMail = (await n.mailTo(OWNER)).filter(
      (m) => m.subject === `Pedido ${placed.orderNumber} sin responder`,
    );
    expect(reminderMail).toHaveLength(1);
    expect(reminderMail[0].text).toContain("lleva 10 minutos esperando");
    expect(reminderMail[0].text).toContain("a los 60 minutos");

    now = sv("2030-03-05", "08:59");
    expect(await a.runOnce()).toEqual({ reminded: 0, expired: 0 });
    now = sv("2030-03-05", "09:00");
    expect(await a.runOnce()).toEqual({ reminded: 0, expired: 1 });
    expect(await a.runOnce()).toEqual({ reminded: 0, expired: 0 });
    expect(await b.runOnce()).toEqual({ reminded: 0, expired: 0 });

    expect(await stored(placed.id)).toMatchObject({
      status: "cancelled",
      fulfillmentStatus: "received",
      cancelReason: NO_ANSWER_REASON,
      refundStatus: null,
    });
    expect(NO_ANSWER_REASON).toBe("El comercio no respondió a tiempo");
    const events = await systemEvents([placed.id]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: "cancelled", actor: "system" });

    await sendAll();
    const cancelMail = (await n.mailTo(email)).filter(
      (m) => m.subject === `Pedido ${placed.orderNumber} cancelado`,
    );
    expect(cancelMail).toHaveLength(1);
    expect(cancelMail[0].text).toContain(NO_ANSWER_REASON);
    const shopper = sentTo(phone.e164).map((m) => m.template);
    expect(shopper).toEqual(["tiangue_order_received", "tiangue_order_expired"]);
    expect(sentTo(phone.e164)[1].params).toEqual([placed.orderNumber, s.merchant.name]);
  });

  it("stops the clock on a closed special date and counts a special day's own hours", async () => {
    const s = await shop();
    await n.t.db.insert(merchantSpecialDates).values([
      { merchantId: s.merchant.id, date: "2030-03-12", closed: true },
      // 10:00–12:00 instead of 08:00–17:00.
      {
        merchantId: s.merchant.id,
        date: "2030-03-13",
        closed: false,
        openMinute: 600,
        closeMinute: 720,
      },
    ]);
    const { order: placed } = await placeAt(s, sv("2030-03-11", "22:00"));
    now = sv("2030-03-12", "16:00");
    expect(await clock().runOnce()).toEqual({ reminded: 0, expired: 0 });
    now = sv("2030-03-13", "10:09");
    expect(await clock().runOnce()).toEqual({ reminded: 0, expired: 0 });
    now = sv("2030-03-13", "10:10");
    expect(await clock().runOnce()).toEqual({ reminded: 1, expired: 0 });
    // 12:00 closes the day at 120 minutes: past 60, cancelled, even at 12:30.
    now = sv("2030-03-13", "10:59");
    expect(await clock().runOnce()).toEqual({ reminded: 0, expired: 0 });
    now = sv("2030-03-13", "12:30");
    expect(await clock().runOnce()).toEqual({ reminded: 0, expired: 1 });
    expect((await stored(placed.id)).status).toBe("cancelled");
  });

  it("tells a shopper who did not agree to WhatsApp by e-mail only", async () => {
    const s = await shop();
    const {
      order: placed,
      phone,
      email,
    } = await placeAt(s, sv("2030-04-01", "08:00"), {
      consent: false,
    });
    now = sv("2030-04-01", "09:00");
    expect(await clock().runOnce()).toEqual({ reminded: 0, expired: 1 });
    await sendAll();
    expect((await stored(placed.id)).status).toBe("cancelled");
    expect(
      (await n.mailTo(email)).filter((m) => m.subject === `Pedido ${placed.orderNumber} cancelado`),
    ).toHaveLength(1);
    expect(sentTo(phone.e164)).toEqual([]);
    expect((await n.notices([placed.id])).filter((r) => r.audience === "shopper")).toEqual([]);
  });

  it("starts a card order's clock at its payment, and makes the paid order's refund due", async () => {
    const s = await shop();
    const { dto, order: placed } = await placeAt(s, sv("2030-05-06", "08:00"), {
      paymentMethod: "card",
    });
    // Unpaid, it is no merchant's to answer: never reminded nor cancelled by the clock.
    now = sv("2030-05-06", "12:00");
    expect(await clock().runOnce()).toEqual({ reminded: 0, expired: 0 });
    expect((await waitingList()).items.map((i) => i.id)).not.toContain(placed.id);

    await n.payCard(dto);
    await sendAll();
    // Paid: the merchant hears of it (tiangue_merchant_order_paid), beside its new order.
    expect(sentTo(s.number).map((m) => [m.template, m.params])).toEqual([
      ["tiangue_merchant_new_order", expect.any(Array)],
      ["tiangue_merchant_order_paid", [placed.orderNumber, "$6.00"]],
    ]);
    await n.t.db
      .update(orders)
      .set({ paidAt: sv("2030-05-06", "12:30") })
      .where(eq(orders.id, placed.id));
    now = sv("2030-05-06", "13:00");
    expect(await clock().runOnce()).toEqual({ reminded: 1, expired: 0 });
    now = sv("2030-05-06", "13:30");
    expect(await clock().runOnce()).toEqual({ reminded: 0, expired: 1 });
    expect(await stored(placed.id)).toMatchObject({
      status: "cancelled",
      cancelReason: NO_ANSWER_REASON,
      refundStatus: "due",
    });
    const page = await n.inject({
      method: "GET",
      url: `/api${new URL(dto.orderUrl).pathname}${new URL(dto.orderUrl).search}`,
    });
    expect(page.json<CheckoutDto>().orders[0].paymentStatus).toBe("refund_due");

    // Never paid, it never counts, however long.
    const unpaid = await placeAt(s, sv("2030-05-07", "08:00"), { paymentMethod: "card" });
    now = sv("2030-06-20", "12:00");
    expect(await clock().runOnce()).toEqual({ reminded: 0, expired: 0 });
    expect(await stored(unpaid.order.id)).toMatchObject({
      status: "pending",
      reminderSentAt: null,
    });
  });

  it("never cancels with ORDER_EXPIRY_MINUTES=0, and leaves answered orders alone", async () => {
    const { orderExpiryMinutes } = loadConfig({ NODE_ENV: "test", ORDER_EXPIRY_MINUTES: "0" });
    expect(orderExpiryMinutes).toBe(0);
    const s = await shop();
    const kept = await placeAt(s, sv("2030-07-01", "22:00"));
    const answered = await placeAt(s, sv("2030-07-01", "22:00"));
    await answer(s, answered.order.id);

    const noExpiry = clock(undefined, { expiryMinutes: orderExpiryMinutes });
    now = sv("2030-07-02", "08:10");
    expect(await noExpiry.runOnce()).toEqual({ reminded: 1, expired: 0 });
    now = sv("2030-08-20", "16:00");
    expect(await noExpiry.runOnce()).toEqual({ reminded: 0, expired: 0 });
    expect(await stored(kept.order.id)).toMatchObject({ status: "pending" });
    // The configured clock (60 minutes) cancels the one left waiting, never the answered one.
    expect(await clock().runOnce()).toEqual({ reminded: 0, expired: 1 });
    expect((await stored(kept.order.id)).status).toBe("cancelled");
    expect(await stored(answered.order.id)).toMatchObject({
      status: "pending",
      fulfillmentStatus: "preparing",
      reminderSentAt: null,
    });
  });

  it("lists the waiting orders for the admin, oldest first, with the minutes waited in open time", async () => {
    const allDay = await shop({ schedule: everyDay("00:00", "24:00") });
    const closed = await shop({ schedule: everyDay("00:00", "24:00") });
    const hour = 60 * 60_000;
    const real = Date.now();
    const oldest = await placeAt(allDay, new Date(real - 3 * hour));
    const middle = await placeAt(closed, new Date(real - 2 * hour));
    const newest = await placeAt(allDay, new Date(real - hour));
    // Closed for now since it was placed: its clock stood still.
    await n.t.db
      .update(merchants)
      .set({ temporarilyClosed: true })
      .where(eq(merchants.id, closed.merchant.id));
    now = new Date(real);
    expect(await clock(undefined, { expiryMinutes: 0 }).runOnce()).toEqual({
      reminded: 2,
      expired: 0,
    });

    const { items, total } = await waitingList();
    expect(total).toBe(items.length);
    const ours = items.filter((i) =>
      [oldest.order.id, middle.order.id, newest.order.id].includes(i.id),
    );
    expect(ours.map((i) => i.id)).toEqual([oldest.order.id, middle.order.id, newest.order.id]);
    expect(items.slice(0, 3).map((i) => i.id)).toEqual(ours.map((i) => i.id));
    const [a, b, c] = ours;
    expect(a.waitingMinutes).toBeGreaterThanOrEqual(180);
    expect(a.waitingMinutes).toBeLessThan(182);
    expect(b.waitingMinutes).toBe(0);
    expect(c.waitingMinutes).toBeGreaterThanOrEqual(60);
    expect(c.waitingMinutes).toBeLessThan(62);
    expect(ours.map((i) => i.reminded)).toEqual([true, false, true]);
    expect(a.orderNumber).toBe(oldest.order.orderNumber);

    // Answered or cancelled orders leave the list.
    await answer(allDay, oldest.order.id);
    expect((await waitingList()).items.map((i) => i.id)).not.toContain(oldest.order.id);
    for (const { order: o } of [middle, newest]) {
      await n.t.app.services.orders.expireUnanswered(o.id, NO_ANSWER_REASON);
    }
  });

  describe("several clocks at once", () => {
    let other: FastifyInstance | undefined;
    let database: DatabaseHandle | undefined;
    let dataDir: string | undefined;
    /** On PostgreSQL a second app on the same database, as another process; else this one. */
    let otherOrders: OrdersService;

    beforeAll(async () => {
      otherOrders = n.t.app.services.orders;
      if (n.t.database.kind !== "postgres") return;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = new URL(n.t.database.location).pathname;
      database = await openDatabase({ url: url.toString(), poolSize: 4 });
      dataDir = mkdtempSync(join(tmpdir(), "tiangue-clock-b-"));
      other = await buildApp({
        config: { ...n.t.config, dataDir },
        database,
        sessionSecret: "s".repeat(48),
      });
      await other.ready();
      otherOrders = other.services.orders;
    });
    afterAll(async () => {
      await other?.close();
      await database?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it("reminds and cancels each order exactly once when two clocks run together", async () => {
      const s = await shop();
      const placed: Awaited<ReturnType<typeof placeAt>>[] = [];
      for (let i = 0; i < 6; i++) placed.push(await placeAt(s, sv("2030-09-02", "08:00")));
      const ids = placed.map((p) => p.order.id);
      await sendAll();
      const a = clock();
      const b = clock(otherOrders);

      now = sv("2030-09-02", "08:15");
      const reminded = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(reminded[0].reminded + reminded[1].reminded).toBe(6);
      now = sv("2030-09-02", "09:30");
      const expired = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(expired[0].expired + expired[1].expired).toBe(6);

      const events = await systemEvents(ids);
      expect(events).toHaveLength(6);
      expect(new Set(events.map((e) => e.orderId))).toEqual(new Set(ids));
      const rows = await n.notices(ids);
      expect(rows.filter((r) => r.kind === "order.waiting")).toHaveLength(6);
      expect(rows.filter((r) => r.kind === "order.expired")).toHaveLength(6);
      await sendAll();
      for (const p of placed) {
        expect(sentTo(p.phone.e164).map((m) => m.template)).toEqual([
          "tiangue_order_received",
          "tiangue_order_expired",
        ]);
      }
      expect(
        (await n.mailTo(OWNER)).filter((m) =>
          placed.some((p) => m.subject === `Pedido ${p.order.orderNumber} sin responder`),
        ),
      ).toHaveLength(6);
    });
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  channelHealth,
  checkouts,
  type merchants,
  orders,
  outboxEmails,
  outboxNotices,
} from "../../../db/schema/index";
import type { CheckoutDto } from "../../../shared/checkout";
import { WHATSAPP_NUMBER_REQUIRED_MESSAGE } from "../../../shared/notices";
import { WHATSAPP_NUMBER_MESSAGE } from "../../../shared/whatsapp-number";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import {
  newMobile,
  startNoticesApp,
  type NoticeRow,
  type NoticesApp,
} from "../../test/notices-fixtures";
import { EMAIL_OFF_REASON } from "./notices.service";

/**
 * Issue 35 through the real HTTP API, against the fake Cloud API as a real server: which
 * order events send which WhatsApp template to whom (the shopper only with its consent), with
 * what parameters; and what the worker does with each of Meta's answers: retry later, give
 * up (the skipped e-mail sent instead), stop the channel, or wait out an answer that never came.
 */

const ADDRESS = {
  department: "San Salvador",
  municipality: "San Salvador Centro",
  address: "Calle Arce 1234, edificio azul",
  reference: "Frente al parque",
};
const OWNER = "duena@pupuseria-avisos.sv";
const ALL_METHODS = ["cash", "transfer", "card", "whatsapp"];

describe("WhatsApp notices of orders (issue 35)", () => {
  let n: NoticesApp;
  let categoryId: number;
  let cookie: string;
  let shops = 0;
  let customers = 0;

  /** A shop of OWNER's with its own WhatsApp number (Meta's 6 s per number stay apart). */
  async function shop(values: Partial<typeof merchants.$inferInsert> = {}) {
    const phone = newMobile();
    const merchant = await insertMerchant(n.t.db, {
      categoryId,
      name: `Pupusería Avisos ${++shops}`,
      email: OWNER,
      whatsapp: phone.stored,
      fulfillment: "delivery",
      deliveryArea: "country",
      deliveryFee: "2.50",
      paymentMethods: ALL_METHODS,
      ...values,
    });
    const product = await insertProduct(n.t.db, {
      merchantId: merchant.id,
      categoryId,
      price: "5.00",
    });
    return { merchant, product, number: phone.e164 };
  }
  type Shop = Awaited<ReturnType<typeof shop>>;

  /** A cash delivery checkout of 2 × $5.00 (+ $2.50): $12.50. */
  function order(s: Shop, extra: Record<string, unknown> = {}, headers?: Record<string, string>) {
    return n.cartWith([[s.product.id, 2]]).then((sessionId) =>
      n.placed(
        {
          sessionId,
          customerName: "María José Pérez",
          customerEmail: `cliente${++customers}@ejemplo.sv`,
          customerPhone: newMobile().typed,
          paymentMethod: "cash",
          deliveryAddress: ADDRESS,
          ...extra,
        },
        headers,
      ),
    );
  }

  const digits = (e164: string) => e164.replace(/\D/g, "");
  const sentTo = (e164: string) => n.wa.sent.filter((m) => m.to === digits(e164));
  const attemptsTo = (e164: string) => n.wa.attempts.filter((a) => a.to === digits(e164));
  const whatsappOf = async (orderId: number, audience: "merchant" | "shopper") =>
    (await n.notices([orderId])).filter((r) => r.channel === "whatsapp" && r.audience === audience);
  async function onlyMerchantNotice(orderId: number): Promise<NoticeRow> {
    const rows = await whatsappOf(orderId, "merchant");
    expect(rows).toHaveLength(1);
    return rows[0];
  }
  /** The checkout row of an order (its consent). */
  const checkoutOf = async (orderId: number) =>
    (
      await n.t.db
        .select({ checkout: checkouts })
        .from(orders)
        .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
        .where(eq(orders.id, orderId))
    )[0].checkout;
  const health = async () => {
    const res = await n.t.asAdmin({ method: "GET", url: "/api/admin/notices/health" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ channel: string; stopped: boolean; cause: string | null }[]>();
  };
  const move = (s: Shop, orderId: number, payload: Record<string, unknown>) =>
    n.inject({
      method: "PUT",
      url: `/api/merchant/${s.merchant.id}/orders/${orderId}/status`,
      payload,
      cookie,
    });
  /** What follows /orders/ in the order page's link: the shopper's button suffix. */
  const orderSuffix = (dto: CheckoutDto) => dto.orderUrl.split("/orders/")[1];
  /** Meta's 6 seconds gone by, then everything sent that can be. */
  const sendAll = async () => {
    await n.passTime();
    await n.drainNotices();
  };

  beforeAll(async () => {
    n = await startNoticesApp({ listen: true });
    categoryId = (await insertCategory(n.t.db)).id;
    await shop(); // OWNER manages a shop before signing in.
    cookie = await n.merchantCookie(OWNER);
  });
  afterAll(async () => {
    await n?.close();
  });

  describe("who hears of a new order, and what", () => {
    it("sends the merchant tiangue_merchant_new_order with its 5 parameters, its portal button and the row id", async () => {
      const s = await shop();
      const dto = await order(s);
      const [placed] = dto.orders;
      expect(placed.totalAmount).toBe("12.50");
      await n.drainNotices();

      const row = await onlyMerchantNotice(placed.id);
      const messages = sentTo(s.number);
      expect(messages).toHaveLength(1);
      const [message] = messages;
      expect(message).toMatchObject({
        template: "tiangue_merchant_new_order",
        language: "es",
        params: [
          placed.orderNumber,
          "María",
          "$12.50",
          "Entrega a domicilio",
          "Efectivo al recibir",
        ],
        buttonSuffix: `${s.merchant.id}/${placed.id}`,
        callbackData: String(row.id),
      });
      const stored = await n.notice(row.id);
      expect(stored).toMatchObject({
        status: "sent",
        attempts: 1,
        recipient: s.number,
        template: "tiangue_merchant_new_order",
        providerMessageId: message.id,
        kind: "order.new",
      });
      expect(stored.sentAt).not.toBeNull();
      // No consent, no shopper notice; and no device, no push.
      expect(await whatsappOf(placed.id, "shopper")).toEqual([]);
      expect((await n.notices([placed.id])).map((r) => r.channel)).toEqual(["whatsapp"]);
    });

    it("sends the shopper tiangue_order_received only when it ticked the box, to its phone or the number it gave", async () => {
      const s = await shop();
      const phone = newMobile();
      const ticked = await order(s, { customerPhone: phone.typed, whatsappNotices: true });
      const other = newMobile();
      const elsewhere = await order(s, {
        whatsappNotices: true,
        whatsappNumber: other.typed,
      });
      const unticked = newMobile();
      const silent = await order(s, { customerPhone: unticked.typed, whatsappNotices: false });
      await sendAll();

      const checkout = await checkoutOf(ticked.orders[0].id);
      expect(checkout.whatsappNumber).toBe(phone.e164);
      expect(checkout.whatsappConsentAt).toBeInstanceOf(Date);

      for (const [dto, number] of [
        [ticked, phone.e164],
        [elsewhere, other.e164],
      ] as const) {
        const [placed] = dto.orders;
        const messages = sentTo(number);
        expect(messages).toHaveLength(1);
        expect(messages[0]).toMatchObject({
          template: "tiangue_order_received",
          params: ["María", placed.orderNumber, s.merchant.name, "$12.50"],
          buttonSuffix: orderSuffix(dto),
        });
        expect(messages[0].buttonSuffix).toMatch(/^ES-\d{4}-\d+\?token=/);
        const [row] = await whatsappOf(placed.id, "shopper");
        expect(row).toMatchObject({ status: "sent", recipient: number });
      }
      expect(sentTo(unticked.e164)).toEqual([]);
      expect(await whatsappOf(silent.orders[0].id, "shopper")).toEqual([]);
      expect(await checkoutOf(silent.orders[0].id)).toMatchObject({
        whatsappNumber: null,
        whatsappConsentAt: null,
      });
    });

    it("answers 400 for consent without a number, or with a landline, and writes nothing", async () => {
      const pickup = await shop({ fulfillment: "pickup", deliveryArea: null, deliveryFee: null });
      const count = async () =>
        Number((await n.t.db.select({ c: sql<number>`count(*)::int` }).from(outboxNotices))[0].c);
      const before = await count();
      const base = {
        customerName: "Ana Peña",
        customerEmail: "ana@ejemplo.sv",
        paymentMethod: "transfer",
      };

      const noPhone = await n.checkout({
        sessionId: await n.cartWith([[pickup.product.id, 1]]),
        ...base,
        whatsappNotices: true,
      });
      expect(noPhone.statusCode, noPhone.body).toBe(400);
      expect(noPhone.json().errors).toContainEqual({
        path: "whatsappNumber",
        message: WHATSAPP_NUMBER_REQUIRED_MESSAGE,
      });

      const landline = await n.checkout({
        sessionId: await n.cartWith([[pickup.product.id, 1]]),
        ...base,
        whatsappNotices: true,
        whatsappNumber: "2222-0000",
      });
      expect(landline.statusCode, landline.body).toBe(400);
      expect(landline.json().errors).toContainEqual({
        path: "whatsappNumber",
        message: WHATSAPP_NUMBER_MESSAGE,
      });

      // The phone typed above is a landline: no WhatsApp behind it either.
      const landlinePhone = await n.checkout({
        sessionId: await n.cartWith([[pickup.product.id, 1]]),
        ...base,
        customerPhone: "2222-1234",
        whatsappNotices: true,
      });
      expect(landlinePhone.statusCode, landlinePhone.body).toBe(400);
      expect(landlinePhone.json().errors).toContainEqual({
        path: "whatsappNumber",
        message: WHATSAPP_NUMBER_MESSAGE,
      });
      expect(await count()).toBe(before);
    });

    it("sends each later step's template once to a consenting shopper", async () => {
      const s = await shop();
      const phone = newMobile();
      const delivery = await order(s, { customerPhone: phone.typed, whatsappNotices: true });
      const [placed] = delivery.orders;
      await sendAll();
      for (const step of ["preparing", "on_the_way", "delivered"]) {
        const res = await move(s, placed.id, { fulfillmentStatus: step });
        expect(res.statusCode, res.body).toBe(200);
        await sendAll();
      }
      // Asked again: refused, and nothing is sent twice.
      expect((await move(s, placed.id, { fulfillmentStatus: "delivered" })).statusCode).toBe(400);
      await sendAll();
      const messages = sentTo(phone.e164);
      expect(messages.map((m) => m.template)).toEqual([
        "tiangue_order_received",
        "tiangue_order_preparing",
        "tiangue_order_on_the_way",
        "tiangue_order_delivered",
      ]);
      for (const m of messages.slice(1)) {
        expect(m.params).toEqual([placed.orderNumber, s.merchant.name]);
        expect(m.buttonSuffix).toMatch(new RegExp(`^${placed.orderNumber}\\?token=[\\w-]+$`));
      }

      const pickupShop = await shop({
        fulfillment: "pickup",
        deliveryArea: null,
        deliveryFee: null,
      });
      const pickupPhone = newMobile();
      const pickup = await n.placed({
        sessionId: await n.cartWith([[pickupShop.product.id, 1]]),
        customerName: "Rosa Díaz",
        customerEmail: "rosa@ejemplo.sv",
        customerPhone: pickupPhone.typed,
        paymentMethod: "cash",
        whatsappNotices: true,
      });
      await sendAll();
      for (const step of ["preparing", "ready"]) {
        const res = await move(pickupShop, pickup.orders[0].id, { fulfillmentStatus: step });
        expect(res.statusCode, res.body).toBe(200);
        await sendAll();
      }
      expect(sentTo(pickupPhone.e164).map((m) => m.template)).toEqual([
        "tiangue_order_received",
        "tiangue_order_preparing",
        "tiangue_order_ready",
      ]);

      const cancelPhone = newMobile();
      const cancelled = await order(s, { customerPhone: cancelPhone.typed, whatsappNotices: true });
      await sendAll();
      const reason = "Se nos terminó el maíz por hoy";
      const res = await move(s, cancelled.orders[0].id, { status: "cancelled", reason });
      expect(res.statusCode, res.body).toBe(200);
      await sendAll();
      const cancelMessages = sentTo(cancelPhone.e164);
      expect(cancelMessages.map((m) => m.template)).toEqual([
        "tiangue_order_received",
        "tiangue_order_cancelled",
      ]);
      expect(cancelMessages[1].params).toEqual([
        cancelled.orders[0].orderNumber,
        s.merchant.name,
        reason,
      ]);
    });

    it("writes nothing twice for a checkout retried with the same Idempotency-Key", async () => {
      const s = await shop();
      const phone = newMobile();
      const sessionId = await n.cartWith([[s.product.id, 2]]);
      const body = {
        sessionId,
        customerName: "Luis Gómez",
        customerEmail: "luis@ejemplo.sv",
        customerPhone: phone.typed,
        paymentMethod: "cash",
        deliveryAddress: ADDRESS,
        whatsappNotices: true,
      };
      const key = { "Idempotency-Key": "reintento-avisos-0001" };
      const first = await n.placed(body, key);
      const rowsAfterFirst = await n.notices([first.orders[0].id]);
      const second = await n.placed(body, key);
      expect(second.orders.map((o) => o.id)).toEqual(first.orders.map((o) => o.id));
      expect(await n.notices([first.orders[0].id])).toHaveLength(rowsAfterFirst.length);
      expect(rowsAfterFirst).toHaveLength(2);
      await sendAll();
      await n.placed(body, key);
      await sendAll();
      expect(sentTo(s.number)).toHaveLength(1);
      expect(sentTo(phone.e164)).toHaveLength(1);
      expect(await n.emailsByKey(`order:${first.orders[0].id}:merchant`)).toHaveLength(1);
    });

    it("keeps the order e-mail of a merchant that switched e-mail off skipped while WhatsApp reaches it", async () => {
      const s = await shop({ noticeEmail: false });
      const [placed] = (await order(s)).orders;
      const [email] = await n.emailsByKey(`order:${placed.id}:merchant`);
      expect(email).toMatchObject({ status: "skipped", lastError: EMAIL_OFF_REASON });
      expect(email.textBody).toContain(placed.orderNumber);
      await n.drainNotices();
      await n.drainMail();
      expect((await onlyMerchantNotice(placed.id)).status).toBe("sent");
      const [after] = await n.emailsByKey(`order:${placed.id}:merchant`);
      expect(after).toMatchObject({ status: "skipped", replacesNoticeId: null });
    });
  });

  describe("Meta's answers", () => {
    it("131026: the merchant's skipped e-mail is released in its place, and the notice is 'replaced'", async () => {
      const s = await shop({ noticeEmail: false });
      n.wa.failNext(131026);
      const [placed] = (await order(s)).orders;
      await n.drainNotices();

      const row = await onlyMerchantNotice(placed.id);
      const [email] = await n.emailsByKey(`order:${placed.id}:merchant`);
      expect(row).toMatchObject({
        status: "replaced",
        errorCode: 131026,
        replacedByEmailId: email.id,
      });
      expect(row.lastError).toMatch(/^131026 · /);
      expect(email.replacesNoticeId).toBe(row.id);
      expect(["pending", "sending", "sent"]).toContain(email.status);
      const mails = (await n.mailTo(OWNER)).filter(
        (m) => m.subject === `Nuevo pedido ${placed.orderNumber} en Tiangue`,
      );
      expect(mails).toHaveLength(1);
      expect(sentTo(s.number)).toEqual([]);
      expect(attemptsTo(s.number).map((a) => a.code)).toEqual([131026]);
    });

    it("131056: retried after 4^n seconds, then sent", async () => {
      const s = await shop();
      n.wa.failNext(131056);
      const [placed] = (await order(s)).orders;
      await n.drainNotices();
      let row = await onlyMerchantNotice(placed.id);
      expect(row).toMatchObject({ status: "pending", attempts: 1, errorCode: 131056 });
      expect(row.nextAttemptAt.getTime() - row.statusAt!.getTime()).toBe(4_000);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      // Not due yet: a pass now sends nothing.
      await n.drainNotices();
      expect(attemptsTo(s.number)).toHaveLength(1);

      n.wa.failNext(131056);
      await sendAll();
      row = await n.notice(row.id);
      expect(row).toMatchObject({ status: "pending", attempts: 2, errorCode: 131056 });
      expect(row.nextAttemptAt.getTime() - row.statusAt!.getTime()).toBe(16_000);

      await sendAll();
      expect(await n.notice(row.id)).toMatchObject({ status: "sent", attempts: 3 });
      expect(attemptsTo(s.number).map((a) => a.code)).toEqual([131056, 131056, null]);
      expect(sentTo(s.number)).toHaveLength(1);
    });

    it("130429: retried later, then sent", async () => {
      const s = await shop();
      n.wa.failNext(130429);
      const [placed] = (await order(s)).orders;
      await n.drainNotices();
      const row = await onlyMerchantNotice(placed.id);
      expect(row).toMatchObject({ status: "pending", attempts: 1, errorCode: 130429 });
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      await sendAll();
      expect(await n.notice(row.id)).toMatchObject({ status: "sent", attempts: 2 });
    });

    it("132001: given up ('failed'), never retried; 'Reenviar' sends it again", async () => {
      const s = await shop();
      n.wa.failNext(132001);
      const [placed] = (await order(s)).orders;
      await n.drainNotices();
      const row = await onlyMerchantNotice(placed.id);
      expect(row).toMatchObject({ status: "failed", attempts: 1, errorCode: 132001 });
      expect(row.replacedByEmailId).toBeNull();
      await sendAll();
      expect(attemptsTo(s.number)).toHaveLength(1);

      const resend = await n.t.asAdmin({
        method: "POST",
        url: `/api/admin/notices/whatsapp/${row.id}/resend`,
      });
      expect(resend.statusCode, resend.body).toBe(200);
      expect(resend.json()).toMatchObject({ id: row.id, status: "pending", tries: 0 });
      await sendAll();
      expect(await n.notice(row.id)).toMatchObject({ status: "sent", attempts: 1 });
      const [message] = sentTo(s.number);
      expect(message).toMatchObject({
        template: "tiangue_merchant_new_order",
        buttonSuffix: `${s.merchant.id}/${placed.id}`,
      });

      const again = await n.t.asAdmin({
        method: "POST",
        url: `/api/admin/notices/whatsapp/${row.id}/resend`,
      });
      expect(again.statusCode).toBe(409);
      const missing = await n.t.asAdmin({
        method: "POST",
        url: `/api/admin/notices/push/${row.id}/resend`,
      });
      expect(missing.statusCode).toBe(404);
    });

    it("190: stops the channel, shown to administrators, until 'Reintentar'", async () => {
      const first = await shop();
      const second = await shop();
      n.wa.failNext(190);
      const [a] = (await order(first)).orders;
      await n.drainNotices();
      const stopped = await onlyMerchantNotice(a.id);
      expect(stopped).toMatchObject({ status: "pending", attempts: 1, errorCode: 190 });
      const [stop] = await n.t.db.select().from(channelHealth);
      expect(stop).toMatchObject({ channel: "whatsapp", errorCode: 190 });
      expect(stop.cause).toMatch(/^190 · /);
      const whatsapp = (await health()).find((h) => h.channel === "whatsapp")!;
      expect(whatsapp).toMatchObject({ stopped: true, cause: stop.cause });

      const [b] = (await order(second)).orders;
      await sendAll();
      expect(attemptsTo(first.number)).toHaveLength(1);
      expect(attemptsTo(second.number)).toEqual([]);
      expect((await onlyMerchantNotice(b.id)).status).toBe("pending");

      const retry = await n.t.asAdmin({ method: "POST", url: "/api/admin/notices/whatsapp/retry" });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().find((h: { channel: string }) => h.channel === "whatsapp")).toMatchObject(
        {
          stopped: false,
          cause: null,
        },
      );
      expect(await n.t.db.select().from(channelHealth)).toEqual([]);
      await sendAll();
      expect((await onlyMerchantNotice(a.id)).status).toBe("sent");
      expect((await onlyMerchantNotice(b.id)).status).toBe("sent");
      expect(sentTo(first.number)).toHaveLength(1);
      expect(sentTo(second.number)).toHaveLength(1);
    });

    it("a connection cut mid-send leaves the row 'unknown'; its status webhook settles it without a second send", async () => {
      const s = await shop();
      n.wa.hangNext(1, "cut");
      const [placed] = (await order(s)).orders;
      await n.drainNotices();
      const row = await onlyMerchantNotice(placed.id);
      expect(row).toMatchObject({ status: "unknown", attempts: 1, providerMessageId: null });
      expect(row.lastError).toMatch(/^Meta no confirmó el envío/);
      // It waits minutes for its status before the last check.
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
      const [message] = sentTo(s.number);
      expect(message.callbackData).toBe(String(row.id));

      const delivery = await n.wa.postStatus(message.id, "sent");
      expect(delivery.status, delivery.response).toBe(200);
      expect(await n.notice(row.id)).toMatchObject({
        status: "sent",
        providerMessageId: message.id,
      });
      await n.wa.postStatus(message.id, "delivered");
      await sendAll();
      expect(await n.notice(row.id)).toMatchObject({ status: "delivered", attempts: 1 });
      expect(attemptsTo(s.number)).toHaveLength(1);
    });

    it("never sends two messages to one number within Meta's 6 seconds", async () => {
      const s = await shop();
      const [a] = (await order(s)).orders;
      const [b] = (await order(s)).orders;
      await n.drainNotices();
      const rows = [await onlyMerchantNotice(a.id), await onlyMerchantNotice(b.id)];
      expect(rows.map((r) => r.status).sort()).toEqual(["pending", "sent"]);
      expect(rows.find((r) => r.status === "pending")!.attempts).toBe(0);
      expect(attemptsTo(s.number)).toHaveLength(1);
      await sendAll();
      expect(sentTo(s.number)).toHaveLength(2);
    });
  });

  it("leaves no e-mail of these tests unsent but the skipped ones", async () => {
    await n.drainMail();
    const open = await n.t.db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(sql`${outboxEmails.status} in ('pending', 'sending', 'failed')`);
    expect(open).toEqual([]);
  });
});

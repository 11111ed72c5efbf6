import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type merchants, whatsappOptOuts } from "../../../db/schema/index";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { sleep } from "../../test/order-life-fixtures";
import {
  newMobile,
  startNoticesApp,
  VERIFY_TOKEN,
  type NoticeRow,
  type NoticesApp,
} from "../../test/notices-fixtures";
import { OPTED_OUT_REASON } from "./notices.worker";
import { signWhatsAppBody } from "./whatsapp.signature";
import { OPT_OUT_CONFIRMATION } from "./whatsapp.webhook";

/**
 * Issue 35: Meta's webhook of the notices' number, posted by the fake Cloud API to the
 * listening app (signed with the app secret), and the admin's view of every notice: the
 * subscription check, the signature, statuses by strength, a `failed` status, BAJA, the one
 * reply a day, the list with its filters and 'Reenviar'.
 */

const ADDRESS = {
  department: "San Salvador",
  municipality: "San Salvador Centro",
  address: "Calle Arce 1234, edificio azul",
  reference: null,
};
const OWNER = "dueno@comedor-webhook.sv";
const WEBHOOK = "/api/whatsapp/webhook";

interface AdminNotice {
  id: number;
  channel: string;
  kind: string;
  to: string;
  status: string;
  tries: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

describe("the WhatsApp webhook and the admin's notices (issue 35)", () => {
  let n: NoticesApp;
  let categoryId: number;
  let cookie: string;
  let shops = 0;
  let customers = 0;

  async function shop(values: Partial<typeof merchants.$inferInsert> = {}) {
    const phone = newMobile();
    const merchant = await insertMerchant(n.t.db, {
      categoryId,
      name: `Comedor Webhook ${++shops}`,
      email: OWNER,
      whatsapp: phone.stored,
      fulfillment: "delivery",
      deliveryArea: "country",
      deliveryFee: "1.00",
      paymentMethods: ["cash", "transfer", "whatsapp"],
      ...values,
    });
    const product = await insertProduct(n.t.db, {
      merchantId: merchant.id,
      categoryId,
      price: "4.50",
    });
    return { merchant, product, number: phone.e164 };
  }
  type Shop = Awaited<ReturnType<typeof shop>>;

  /** A cash delivery order of `s` by a shopper at `phone`, with or without consent. */
  async function order(s: Shop, phone = newMobile(), consent = true) {
    const dto = await n.placed({
      sessionId: await n.cartWith([[s.product.id, 1]]),
      customerName: "Carlos Martínez",
      customerEmail: `cliente${++customers}@ejemplo.sv`,
      customerPhone: phone.typed,
      paymentMethod: "cash",
      deliveryAddress: ADDRESS,
      whatsappNotices: consent,
    });
    return { order: dto.orders[0], phone };
  }

  const digits = (e164: string) => e164.replace(/\D/g, "");
  const sentTo = (e164: string) => n.wa.sent.filter((m) => m.to === digits(e164));
  const sendAll = async () => {
    await n.passTime();
    await n.drainNotices();
  };
  /** The merchant's new-order notice of this order, sent: its row and the fake's message. */
  async function sentMerchantNotice(s: Shop, orderId: number) {
    await sendAll();
    const [row] = (await n.notices([orderId])).filter((r) => r.audience === "merchant");
    expect(row.status).toBe("sent");
    const message = sentTo(s.number).find((m) => m.callbackData === String(row.id))!;
    expect(message.id).toBe(row.providerMessageId);
    return { row, message };
  }
  const status = async (id: number) => (await n.notice(id)).status;

  /** Meta's envelope of one status, as raw text. */
  const statusBody = (messageId: string, value: string) =>
    JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: n.wa.wabaId,
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { phone_number_id: n.wa.phoneNumberId },
                statuses: [{ id: messageId, status: value, timestamp: "1767225600" }],
              },
            },
          ],
        },
      ],
    });
  const post = (body: string, signature?: string) =>
    n.inject({
      method: "POST",
      url: WEBHOOK,
      payload: body,
      headers: {
        "content-type": "application/json",
        ...(signature === undefined ? {} : { "x-hub-signature-256": signature }),
      },
    });
  const adminList = async (query = "") => {
    const res = await n.t.asAdmin({ method: "GET", url: `/api/admin/notices${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json<AdminNotice[]>(), total: Number(res.headers["x-total-count"]) };
  };

  beforeAll(async () => {
    n = await startNoticesApp({ listen: true });
    categoryId = (await insertCategory(n.t.db)).id;
    await shop();
    cookie = await n.merchantCookie(OWNER);
  });
  afterAll(async () => {
    await n?.close();
  });

  describe("GET: Meta's subscription check", () => {
    const verify = (query: string) => n.inject({ method: "GET", url: `${WEBHOOK}?${query}` });

    it("answers the challenge as plain text for the verify token", async () => {
      const res = await verify(
        `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/plain/);
      expect(res.body).toBe("1158201444");
    });

    it("answers 403 for a wrong token, another mode or no token", async () => {
      for (const query of [
        "hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1",
        `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
        "hub.mode=subscribe&hub.challenge=1",
        `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}x&hub.challenge=1`,
      ]) {
        const res = await verify(query);
        expect(res.statusCode, query).toBe(403);
        expect(res.body).not.toContain("1\n");
      }
    });
  });

  describe("POST: statuses", () => {
    it("refuses a missing, malformed or wrong signature with 401 and changes nothing", async () => {
      const s = await shop();
      const { order: placed } = await order(s, newMobile(), false);
      const { row, message } = await sentMerchantNotice(s, placed.id);
      const body = statusBody(message.id, "read");
      for (const signature of [
        undefined,
        "",
        "sha256=zz",
        signWhatsAppBody(body, "otro-secreto"),
        // Signed over other bytes: the same JSON re-serialised with a space.
        signWhatsAppBody(body.replace('"status":', '"status": '), n.wa.appSecret),
        signWhatsAppBody(body, n.wa.appSecret).replace("sha256=", "sha1="),
      ]) {
        const res = await post(body, signature);
        expect(res.statusCode, String(signature)).toBe(401);
      }
      expect(await n.notice(row.id)).toEqual(row);

      const signed = await post(body, signWhatsAppBody(body, n.wa.appSecret));
      expect(signed.statusCode, signed.body).toBe(200);
      expect(await status(row.id)).toBe("read");
      // Anything well signed is answered 200: an unknown message id, an unknown field.
      const unknown = statusBody("wamid.desconocido", "delivered");
      expect((await post(unknown, signWhatsAppBody(unknown, n.wa.appSecret))).statusCode).toBe(200);
      const other = JSON.stringify({ object: "page", entry: [{ changes: [{ field: "x" }] }] });
      expect((await post(other, signWhatsAppBody(other, n.wa.appSecret))).statusCode).toBe(200);
    });

    it("keeps the strongest of duplicated and out-of-order statuses", async () => {
      const s = await shop();
      const { order: a } = await order(s, newMobile(), false);
      const first = await sentMerchantNotice(s, a.id);
      for (const [value, expected] of [
        ["read", "read"],
        ["delivered", "read"],
        ["sent", "read"],
        ["read", "read"],
      ] as const) {
        const delivery = await n.wa.postStatus(first.message.id, value);
        expect(delivery.status, delivery.response).toBe(200);
        expect(await status(first.row.id), `${value} after read`).toBe(expected);
      }

      const { order: b } = await order(s, newMobile(), false);
      const second = await sentMerchantNotice(s, b.id);
      for (const [value, expected] of [
        ["delivered", "delivered"],
        ["delivered", "delivered"],
        ["sent", "delivered"],
        ["read", "read"],
      ] as const) {
        await n.wa.postStatus(second.message.id, value);
        expect(await status(second.row.id), value).toBe(expected);
      }
      const after = await n.notice(second.row.id);
      expect(after.providerMessageId).toBe(second.message.id);
      expect(after.attempts).toBe(1);
    });

    it("gives up on a `failed` status (131026) after `sent` as if Meta had answered so at once", async () => {
      const s = await shop({ noticeEmail: false });
      const { order: placed } = await order(s, newMobile(), false);
      const { row, message } = await sentMerchantNotice(s, placed.id);
      const [skipped] = await n.emailsByKey(`order:${placed.id}:merchant`);
      expect(skipped.status).toBe("skipped");

      await n.wa.postStatus(message.id, "failed", { code: 131026 });
      const failed = await n.notice(row.id);
      expect(failed).toMatchObject({
        status: "replaced",
        errorCode: 131026,
        replacedByEmailId: skipped.id,
      });
      const [released] = await n.emailsByKey(`order:${placed.id}:merchant`);
      expect(released.replacesNoticeId).toBe(row.id);
      expect(released.status).not.toBe("skipped");
      // Final: a late `delivered` changes nothing, and nothing is sent again.
      await n.wa.postStatus(message.id, "delivered");
      await sendAll();
      expect(await status(row.id)).toBe("replaced");
      expect(sentTo(s.number)).toHaveLength(1);

      // A shopper's notice has no e-mail to fall back to: 'failed'.
      const other = await shop();
      const { order: second, phone } = await order(other);
      await sendAll();
      const [shopperRow] = (await n.notices([second.id])).filter((r) => r.audience === "shopper");
      const [shopperMessage] = sentTo(phone.e164);
      await n.wa.postStatus(shopperMessage.id, "failed", { code: 131026 });
      expect(await n.notice(shopperRow.id)).toMatchObject({ status: "failed", errorCode: 131026 });
    });
  });

  it("sends the e-mail released by a `failed` status at once, not at the mail worker's next poll", async () => {
    const s = await shop({ noticeEmail: false });
    const { order: placed } = await order(s, newMobile(), false);
    const { message } = await sentMerchantNotice(s, placed.id);
    await n.drainMail();
    // The mail worker's checks after its last wake-up are over: it now only polls, 15 s apart.
    await sleep(4_500);
    const subject = `Nuevo pedido ${placed.orderNumber} en Tiangue`;
    expect(n.smtp.received.filter((m) => m.subject === subject)).toEqual([]);

    await n.wa.postStatus(message.id, "failed", { code: 131026 });
    const started = Date.now();
    while (!n.smtp.received.some((m) => m.subject === subject) && Date.now() - started < 2_000) {
      await sleep(20);
    }
    expect(n.smtp.received.filter((m) => m.subject === subject)).toHaveLength(1);
  });

  describe("POST: people writing to the notices' number", () => {
    it("BAJA (any case, accents ignored) opts the number out, answered once; later notices are skipped", async () => {
      const s = await shop();
      const { order: placed, phone } = await order(s);
      await sendAll();
      expect(sentTo(phone.e164).map((m) => m.template)).toEqual(["tiangue_order_received"]);

      for (const text of ["BAJA", "Baja", " bajá "]) {
        const { delivery } = await n.wa.deliverIncoming({ from: phone.e164, text });
        expect(delivery.status, delivery.response).toBe(200);
        await sendAll();
      }
      const [opted] = await n.t.db
        .select()
        .from(whatsappOptOuts)
        .where(eq(whatsappOptOuts.number, phone.e164));
      expect(opted).toBeDefined();
      const replies = sentTo(phone.e164).filter((m) => m.template === null);
      expect(replies.map((m) => m.text)).toEqual([OPT_OUT_CONFIRMATION]);

      const res = await n.inject({
        method: "PUT",
        url: `/api/merchant/${s.merchant.id}/orders/${placed.id}/status`,
        payload: { fulfillmentStatus: "preparing" },
        cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      await sendAll();
      const preparing = (await n.notices([placed.id])).find((r) => r.kind === "order.preparing")!;
      expect(preparing).toMatchObject({ status: "skipped", lastError: OPTED_OUT_REASON });
      expect(sentTo(phone.e164)).toHaveLength(2);
      // Nor does free text get the daily answer any more.
      await n.wa.deliverIncoming({ from: phone.e164, text: "Hola" });
      await sendAll();
      expect(sentTo(phone.e164)).toHaveLength(2);
    });

    it("answers free text once in 24 hours, naming the merchant's wa.me link", async () => {
      const s = await shop();
      const { phone } = await order(s);
      await sendAll();
      for (const text of ["Hola, ¿a qué hora llega mi pedido?", "¿Me oyen?"]) {
        const { delivery } = await n.wa.deliverIncoming({ from: phone.e164, text });
        expect(delivery.status, delivery.response).toBe(200);
        await sendAll();
      }
      const replies = sentTo(phone.e164).filter((m) => m.template === null);
      expect(replies).toHaveLength(1);
      expect(replies[0].text).toContain(`${s.merchant.name}: https://wa.me/${digits(s.number)}`);
      expect(replies[0].text).toContain("BAJA");
      const rows = (await n.notices()).filter(
        (r) => r.kind === "reply.info" && r.recipient === phone.e164,
      );
      expect(rows.map((r) => r.status)).toEqual(["sent"]);

      // A day later, another answer.
      await n.t.db.execute(
        sql`update outbox_notices set created_at = created_at - interval '25 hours' where id = ${rows[0].id}`,
      );
      await n.wa.deliverIncoming({ from: phone.e164, text: "¿Siguen ahí?" });
      await sendAll();
      expect(sentTo(phone.e164).filter((m) => m.template === null)).toHaveLength(2);
    });
  });

  describe("the admin's 'Avisos'", () => {
    let failed: NoticeRow;

    beforeAll(async () => {
      const s = await shop();
      n.wa.failNext(132001);
      const { order: placed } = await order(s, newMobile(), false);
      await n.drainNotices();
      [failed] = (await n.notices([placed.id])).filter((r) => r.audience === "merchant");
      expect(failed.status).toBe("failed");
    });

    it("lists every channel's notices, filtered by channel and state, with X-Total-Count", async () => {
      const all = await adminList("?limit=100");
      expect(all.items.map((i) => i.channel)).toEqual(
        expect.arrayContaining(["email", "whatsapp"]),
      );
      for (const item of all.items) {
        expect(Object.keys(item).sort()).toEqual([
          "channel",
          "createdAt",
          "id",
          "kind",
          "lastError",
          "sentAt",
          "status",
          "to",
          "tries",
        ]);
      }

      const whatsapp = await adminList("?channel=whatsapp&limit=100");
      const count = (await n.notices()).filter((r) => r.channel === "whatsapp").length;
      expect(whatsapp.total).toBe(count);
      expect(whatsapp.items.every((i) => i.channel === "whatsapp")).toBe(true);

      const failedOnes = await adminList("?channel=whatsapp&status=failed");
      expect(failedOnes.items.every((i) => i.status === "failed")).toBe(true);
      expect(failedOnes.items.find((i) => i.id === failed.id)).toMatchObject({
        kind: "order.new",
        to: failed.recipient,
        tries: 1,
        sentAt: null,
      });
      expect(failedOnes.items.find((i) => i.id === failed.id)!.lastError).toMatch(/^132001 · /);
      expect(failedOnes.total).toBe(failedOnes.items.length);

      const read = await adminList("?channel=whatsapp&status=read");
      expect(read.total).toBeGreaterThan(0);
      expect(read.items.every((i) => i.status === "read")).toBe(true);
      const emails = await adminList("?channel=email&limit=100");
      expect(emails.total).toBeGreaterThan(0);
      expect(emails.items.every((i) => i.channel === "email")).toBe(true);

      const bad = await n.t.asAdmin({ method: "GET", url: "/api/admin/notices?channel=sms" });
      expect(bad.statusCode).toBe(400);
      const anonymous = await n.inject({ method: "GET", url: "/api/admin/notices" });
      expect(anonymous.statusCode).toBe(401);
    });

    it("never shows a token or a link in any field", async () => {
      // Every page of the list: sign-in links and order pages travel only in bodies.
      const { total } = await adminList("?limit=1");
      const pages: AdminNotice[] = [];
      for (let offset = 0; offset < total; offset += 100) {
        pages.push(...(await adminList(`?limit=100&offset=${offset}`)).items);
      }
      expect(pages).toHaveLength(total);
      const text = JSON.stringify(pages);
      expect(text).not.toMatch(/token=/i);
      expect(text).not.toMatch(/https?:\/\//);
    });

    it("'Reenviar' sends a failed notice again, once", async () => {
      const res = await n.t.asAdmin({
        method: "POST",
        url: `/api/admin/notices/whatsapp/${failed.id}/resend`,
      });
      expect(res.statusCode, res.body).toBe(200);
      await sendAll();
      expect(await n.notice(failed.id)).toMatchObject({ status: "sent", attempts: 1 });
      expect(sentTo(failed.recipient)).toHaveLength(1);
    });
  });
});

import { Agent } from "node:https";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type merchants, merchantAuditLog } from "../../../db/schema/index";
import { WHATSAPP_NUMBER_MESSAGE } from "../../../shared/whatsapp-number";
import { sleep } from "../../test/order-life-fixtures";
import { startPushService, type TestPushService } from "../../test/push-service";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { newMobile, startNoticesApp, type NoticesApp } from "../../test/notices-fixtures";
import { pushTestHooks } from "./notices.service";
import { NO_DEVICES_REASON } from "./notices.worker";

/**
 * Issue 35: Web Push to the merchant's phone, through the real API and the notices outbox to a
 * local HTTPS push service that checks the VAPID signature and decrypts each message with the
 * subscription's keys (server/test/push-service.ts); the devices, scoped to their merchant;
 * and the portal's 'Avisos' settings.
 */

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const OWNER = "duena@panaderia-push.sv";
const STRANGER = "dueno@otra-tienda.sv";
const ADDRESS = {
  department: "San Salvador",
  municipality: "San Salvador Centro",
  address: "Calle Arce 1234, edificio azul",
  reference: null,
};

interface Device {
  id: number;
  label: string;
  endpoint: string;
  createdAt: string;
  lastUsedAt: string | null;
}

interface Settings {
  whatsappNumber: string | null;
  whatsapp: boolean;
  push: boolean;
  email: boolean;
  whatsappConsentAt: string | null;
  whatsappAvailable: boolean;
  pushPublicKey: string;
  emailAddress: string;
}

describe("Web Push to the merchant's phone (issue 35)", () => {
  let n: NoticesApp;
  let push: TestPushService;
  let agent: Agent;
  let categoryId: number;
  let ownerCookie: string;
  let strangerCookie: string;
  let strangerShop: Shop;
  let customers = 0;

  async function shop(email: string, values: Partial<typeof merchants.$inferInsert> = {}) {
    const phone = newMobile();
    const merchant = await insertMerchant(n.t.db, {
      categoryId,
      name: `Panadería Push ${phone.typed}`,
      email,
      whatsapp: phone.stored,
      fulfillment: "delivery",
      deliveryArea: "country",
      deliveryFee: "2.00",
      paymentMethods: ["cash", "transfer"],
      ...values,
    });
    const product = await insertProduct(n.t.db, {
      merchantId: merchant.id,
      categoryId,
      price: "3.00",
    });
    return { merchant, product, number: phone.e164 };
  }
  type Shop = Awaited<ReturnType<typeof shop>>;

  /** 3 × $3.00 + $2.00, cash, delivered: $11.00. */
  async function order(s: Shop) {
    const dto = await n.placed({
      sessionId: await n.cartWith([[s.product.id, 3]]),
      customerName: "Sofía Hernández",
      customerEmail: `cliente${++customers}@ejemplo.sv`,
      customerPhone: newMobile().typed,
      paymentMethod: "cash",
      deliveryAddress: ADDRESS,
    });
    return dto.orders[0];
  }

  const api = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    cookie: string | undefined,
    payload?: object,
  ) =>
    n.inject({
      method,
      url: `/api/merchant${url}`,
      cookie,
      headers: { "user-agent": ANDROID_CHROME },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const settings = async (s: Shop) => {
    const res = await api("GET", `/${s.merchant.id}/notices`, ownerCookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Settings>();
  };
  /** A subscription as this browser's pushManager.subscribe({ applicationServerKey }) gives it. */
  async function subscribe(s: Shop) {
    const { pushPublicKey } = await settings(s);
    const subscription = push.subscribe({ applicationServerKey: pushPublicKey });
    const res = await api(
      "POST",
      `/${s.merchant.id}/push-subscriptions`,
      ownerCookie,
      subscription,
    );
    expect(res.statusCode, res.body).toBe(201);
    return { subscription, id: res.json<{ id: number }>().id };
  }
  const devices = async (s: Shop) => {
    const res = await api("GET", `/${s.merchant.id}/push-subscriptions`, ownerCookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Device[]>();
  };
  const pushesTo = (endpoint: string) => push.received.filter((m) => m.endpoint === endpoint);
  const pushRows = async (orderId: number) =>
    (await n.notices([orderId])).filter((r) => r.channel === "push");

  beforeAll(async () => {
    push = await startPushService();
    agent = new Agent({ ca: push.ca });
    pushTestHooks.agent = agent;
    n = await startNoticesApp({ whatsapp: false });
    categoryId = (await insertCategory(n.t.db)).id;
    await shop(OWNER);
    strangerShop = await shop(STRANGER);
    ownerCookie = await n.merchantCookie(OWNER);
    strangerCookie = await n.merchantCookie(STRANGER);
  });
  afterAll(async () => {
    await n?.close();
    pushTestHooks.agent = undefined;
    agent?.destroy();
    await push?.close();
  });

  describe("a merchant's devices", () => {
    it("subscribes a device and lists it as 'Chrome en Android'", async () => {
      const s = await shop(OWNER);
      const { subscription, id } = await subscribe(s);
      const list = await devices(s);
      expect(list).toEqual([
        {
          id,
          label: "Chrome en Android",
          endpoint: subscription.endpoint,
          createdAt: expect.any(String),
          lastUsedAt: null,
        },
      ]);
      // The same browser subscribing again keeps one row.
      const again = await api(
        "POST",
        `/${s.merchant.id}/push-subscriptions`,
        ownerCookie,
        subscription,
      );
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual({ id });
      expect(await devices(s)).toHaveLength(1);

      const bad = await api("POST", `/${s.merchant.id}/push-subscriptions`, ownerCookie, {
        endpoint: "http://inseguro.example/push/1",
        keys: subscription.keys,
      });
      expect(bad.statusCode).toBe(400);
    });

    it("sends one push per new order, decrypted as the phone reads it, urgent and tagged per order", async () => {
      const s = await shop(OWNER);
      const { subscription, id } = await subscribe(s);
      const first = await order(s);
      const second = await order(s);
      expect(first.totalAmount).toBe("11.00");
      await n.drainNotices();

      const messages = pushesTo(subscription.endpoint);
      expect(messages).toHaveLength(2);
      const [message] = messages;
      expect(JSON.parse(message.payload)).toEqual({
        title: `Nuevo pedido ${first.orderNumber} · $11.00 · Entrega a domicilio`,
        body: "Sofía · Efectivo al recibir",
        tag: `pedido-${first.id}`,
        url: `${n.t.config.publicUrl}/merchant/orders/${s.merchant.id}/${first.id}`,
      });
      expect(message.urgency).toBe("high");
      expect(message.headers.urgency).toBe("high");
      expect(message.topic).toBe(`pedido-${first.id}`);
      expect(message.vapid).toEqual({
        subject: "mailto:pedidos@tiangue.test",
        publicKey: (await settings(s)).pushPublicKey,
      });
      expect(JSON.parse(messages[1].payload).tag).toBe(`pedido-${second.id}`);

      const [row] = await pushRows(first.id);
      expect(row).toMatchObject({
        status: "sent",
        attempts: 1,
        recipient: `merchant:${s.merchant.id}`,
        kind: "order.new",
      });
      // Its link is gone from the row once sent.
      expect(row.payload).not.toHaveProperty("url");
      expect((await devices(s)).find((d) => d.id === id)!.lastUsedAt).not.toBeNull();
      // Drained again: nothing is pushed twice.
      await n.drainNotices();
      expect(pushesTo(subscription.endpoint)).toHaveLength(2);
    });

    it("deletes a subscription its push service answers 410 for", async () => {
      const s = await shop(OWNER);
      const { subscription } = await subscribe(s);
      const kept = await subscribe(s);
      push.expire(subscription.endpoint);
      const placed = await order(s);
      await n.drainNotices();
      expect(push.refused).toContainEqual(
        expect.objectContaining({ endpoint: subscription.endpoint, status: 410 }),
      );
      expect((await devices(s)).map((d) => d.endpoint)).toEqual([kept.subscription.endpoint]);
      expect(pushesTo(kept.subscription.endpoint)).toHaveLength(1);
      expect((await pushRows(placed.id))[0].status).toBe("sent");

      // Its only device gone too: the next notice has nobody to reach.
      push.expire(kept.subscription.endpoint);
      const lonely = await order(s);
      await n.drainNotices();
      expect(await devices(s)).toEqual([]);
      expect((await pushRows(lonely.id))[0]).toMatchObject({
        status: "skipped",
        lastError: NO_DEVICES_REASON,
      });
      // And with no device, no push notice is written at all.
      const none = await order(s);
      expect(await pushRows(none.id)).toEqual([]);
    });

    it("lets no other merchant's session list, add to or delete this merchant's devices (404)", async () => {
      const s = await shop(OWNER);
      const { subscription, id } = await subscribe(s);
      const other = push.subscribe();
      const base = `/${s.merchant.id}/push-subscriptions`;
      for (const [method, url, payload] of [
        ["GET", base, undefined],
        ["POST", base, other],
        ["DELETE", `${base}/${id}`, undefined],
      ] as const) {
        const res = await api(method, url, strangerCookie, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      // Nor through its own merchant's path, naming this device.
      const sideways = await api(
        "DELETE",
        `/${strangerShop.merchant.id}/push-subscriptions/${id}`,
        strangerCookie,
      );
      expect(sideways.statusCode).toBe(404);
      const anonymous = await api("GET", base, undefined);
      expect(anonymous.statusCode).toBe(401);
      expect((await devices(s)).map((d) => d.endpoint)).toEqual([subscription.endpoint]);

      const removed = await api("DELETE", `${base}/${id}`, ownerCookie);
      expect(removed.statusCode).toBe(204);
      expect(await devices(s)).toEqual([]);
      expect((await api("DELETE", `${base}/${id}`, ownerCookie)).statusCode).toBe(404);
    });
  });

  describe("the portal's 'Avisos' settings", () => {
    const put = (s: Shop, body: Record<string, unknown>, cookie = ownerCookie) =>
      api("PUT", `/${s.merchant.id}/notices`, cookie, body);
    const audits = (s: Shop) =>
      n.t.db
        .select()
        .from(merchantAuditLog)
        .where(
          and(
            eq(merchantAuditLog.merchantId, s.merchant.id),
            eq(merchantAuditLog.action, "notices.update"),
          ),
        )
        .orderBy(asc(merchantAuditLog.id));

    it("starts with every channel on, at the shop's WhatsApp, with no consent yet", async () => {
      const s = await shop(OWNER);
      expect(await settings(s)).toEqual({
        whatsappNumber: s.number,
        whatsapp: true,
        push: true,
        email: true,
        whatsappConsentAt: null,
        whatsappAvailable: false,
        pushPublicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
        emailAddress: OWNER,
      });
      expect((await api("GET", `/${s.merchant.id}/notices`, strangerCookie)).statusCode).toBe(404);
      expect(
        (await put(s, { whatsapp: true, push: true, email: true }, strangerCookie)).statusCode,
      ).toBe(404);
    });

    it("refuses a number that has no WhatsApp, and a switch that is not one, in Spanish", async () => {
      const s = await shop(OWNER);
      const landline = await put(s, {
        whatsappNumber: "2222-0000",
        whatsapp: true,
        push: true,
        email: true,
      });
      expect(landline.statusCode).toBe(400);
      expect(landline.json().errors).toContainEqual({
        path: "whatsappNumber",
        message: WHATSAPP_NUMBER_MESSAGE,
      });
      const notSwitch = await put(s, { whatsapp: "sí", push: true, email: true });
      expect(notSwitch.statusCode).toBe(400);
      expect(notSwitch.json().errors).toContainEqual({
        path: "whatsapp",
        message: "Indica si este aviso va encendido o apagado",
      });
      expect(await audits(s)).toEqual([]);
    });

    it("records the consent's time when WhatsApp is switched on or its number changes, each change audited", async () => {
      const s = await shop(OWNER);
      const on = await put(s, { whatsapp: true, push: true, email: false });
      expect(on.statusCode, on.body).toBe(200);
      const first = on.json<Settings>();
      expect(first).toMatchObject({ whatsappNumber: s.number, email: false });
      expect(first.whatsappConsentAt).not.toBeNull();
      const [audit] = await audits(s);
      expect(audit).toMatchObject({ actor: OWNER, actorRole: "merchant" });
      expect(audit.summary).toBe(`Avisos: WhatsApp sí (${s.number}), notificaciones sí, correo no`);

      await sleep(10);
      const same = (await put(s, { whatsapp: true, push: false, email: false })).json<Settings>();
      expect(same.whatsappConsentAt).toBe(first.whatsappConsentAt);
      expect(same.push).toBe(false);

      await sleep(10);
      const moved = newMobile();
      const changed = await put(s, {
        whatsappNumber: moved.typed,
        whatsapp: true,
        push: false,
        email: false,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const second = changed.json<Settings>();
      expect(second.whatsappNumber).toBe(moved.e164);
      expect(Date.parse(second.whatsappConsentAt!)).toBeGreaterThan(
        Date.parse(first.whatsappConsentAt!),
      );

      await sleep(10);
      const off = (
        await put(s, { whatsappNumber: moved.typed, whatsapp: false, push: true, email: true })
      ).json<Settings>();
      expect(off.whatsappConsentAt).toBe(second.whatsappConsentAt);
      await sleep(10);
      const back = (
        await put(s, { whatsappNumber: moved.typed, whatsapp: true, push: true, email: true })
      ).json<Settings>();
      expect(Date.parse(back.whatsappConsentAt!)).toBeGreaterThan(
        Date.parse(second.whatsappConsentAt!),
      );
      expect((await audits(s)).map((a) => a.summary)).toEqual([
        `Avisos: WhatsApp sí (${s.number}), notificaciones sí, correo no`,
        `Avisos: WhatsApp sí (${s.number}), notificaciones no, correo no`,
        `Avisos: WhatsApp sí (${moved.e164}), notificaciones no, correo no`,
        "Avisos: WhatsApp no, notificaciones sí, correo sí",
        `Avisos: WhatsApp sí (${moved.e164}), notificaciones sí, correo sí`,
      ]);

      // Back to the shop's own number: nothing stored beside it.
      const own = (
        await put(s, { whatsappNumber: null, whatsapp: true, push: true, email: true })
      ).json<Settings>();
      expect(own.whatsappNumber).toBe(s.number);
    });

    it("sends no push when the merchant switched push off", async () => {
      const s = await shop(OWNER);
      const { subscription } = await subscribe(s);
      expect((await put(s, { whatsapp: true, push: false, email: true })).statusCode).toBe(200);
      const placed = await order(s);
      await n.drainNotices();
      expect(await pushRows(placed.id)).toEqual([]);
      expect(pushesTo(subscription.endpoint)).toEqual([]);
    });
  });
});

import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkouts,
  checkoutTokens,
  orderItems,
  orders,
  outboxEmails,
  outboxNotices,
  personalDataRequests,
  reviews,
} from "../../../db/schema/index";
import type { CheckoutDto } from "../../../shared/checkout";
import type {
  PersonalDataExportDto,
  PersonalDataRequestDto,
} from "../../../shared/contracts/personal-data";
import {
  ERASED_NOTICE_REASON,
  ERASED_TEXT,
  PERSONAL_DATA_KEY_MESSAGE,
  PERSONAL_DATA_PHONE_MESSAGE,
} from "../../../shared/personal-data";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { newMobile, startNoticesApp, type NoticesApp } from "../../test/notices-fixtures";
import { newToken, sha256 } from "../checkout/checkout.token";

/**
 * Issue 37's 'Datos personales' through the real HTTP API, with the real mail and WhatsApp
 * outboxes, a real SMTP server and the fake Cloud API and Wompi as servers: what the export
 * holds, what the erasure changes (and keeps: amounts, lines, the merchant's ledger), the
 * order links it kills, the log of both, and who may call them. PGlite and PostgreSQL.
 */

const OWNER = "duena@datos-personales.sv";
const ADDRESS = {
  department: "San Salvador",
  municipality: "San Salvador Centro",
  address: "Colonia Escalón, pasaje 3, casa 14",
  reference: "Portón negro frente a la iglesia",
};

describe("a person's data on request (issue 37)", () => {
  let n: NoticesApp;
  let merchantId = 0;
  let productId = 0;
  let merchantCookie = "";
  const ana = { email: "Ana.Perez@Ejemplo.sv", phone: newMobile() };
  const beto = { email: "beto@ejemplo.sv", phone: newMobile() };
  let anaCard: CheckoutDto;
  let anaCash: CheckoutDto;
  let betoOrder: CheckoutDto;
  let lookupToken = "";

  const get = (url: string, cookie?: string) =>
    cookie ? n.inject({ method: "GET", url, cookie }) : n.t.asAdmin({ method: "GET", url });
  const erase = (payload: object | string) =>
    n.t.asAdmin({ method: "POST", url: "/api/admin/personal-data/erase", payload });
  const exported = async (query: string) => {
    const res = await get(`/api/admin/personal-data?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { res, body: res.json<PersonalDataExportDto>() };
  };
  const ledger = async () => {
    const res = await n.inject({
      method: "GET",
      url: `/api/merchant/${merchantId}/payouts`,
      cookie: merchantCookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const orderPage = (dto: CheckoutDto, token = dto.orderUrl.split("token=")[1]) =>
    n.inject({ method: "GET", url: `/api/orders/${dto.orders[0].orderNumber}?token=${token}` });

  /** The checkout row's id of a placed checkout (its answer names its orders). */
  const checkoutId = async (dto: CheckoutDto) =>
    (
      await n.t.db
        .select({ id: orders.checkoutId })
        .from(orders)
        .where(eq(orders.id, dto.orders[0].id))
    )[0].id!;

  async function place(who: typeof ana, method: "card" | "cash", note?: string) {
    return n.placed({
      sessionId: await n.cartWith([[productId, 2]]),
      customerName: who === ana ? "Ana Beatriz Pérez" : "Alberto Ruiz",
      customerEmail: who.email,
      customerPhone: who.phone.typed,
      paymentMethod: method,
      deliveryAddress: ADDRESS,
      note,
      whatsappNotices: true,
    });
  }

  beforeAll(async () => {
    // Not listening: the outboxes send only when drained, so a notice can be left due.
    n = await startNoticesApp();
    const categoryId = (await insertCategory(n.t.db)).id;
    const merchant = await insertMerchant(n.t.db, {
      categoryId,
      name: "Pupusería Datos",
      email: OWNER,
      whatsapp: newMobile().stored,
      fulfillment: "delivery",
      deliveryArea: "country",
      deliveryFee: "2.50",
      paymentMethods: ["cash", "card"],
    });
    merchantId = merchant.id;
    productId = (await insertProduct(n.t.db, { merchantId, categoryId, price: "5.00" })).id;
    merchantCookie = await n.merchantCookie(OWNER);

    // Ana: a card order paid and delivered (in the merchant's ledger), a cash order, a review.
    anaCard = await place(ana, "card", "Sin cebolla, por favor");
    await n.payCard(anaCard);
    for (const step of ["preparing", "on_the_way", "delivered"]) {
      const res = await n.inject({
        method: "PUT",
        url: `/api/merchant/${merchantId}/orders/${anaCard.orders[0].id}/status`,
        payload: { fulfillmentStatus: step },
        cookie: merchantCookie,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    anaCash = await place(ana, "cash");
    betoOrder = await place(beto, "cash");
    await n.drainMail();
    await n.passTime();
    await n.drainNotices();
    const review = await n.inject({
      method: "POST",
      url: "/api/reviews",
      payload: {
        userName: "Ana P.",
        userEmail: "ana.perez@ejemplo.sv",
        comment: "Las mejores pupusas de la colonia.",
        rating: 5,
        merchantId,
      },
    });
    expect(review.statusCode, review.body).toBe(201);
    const approve = await n.t.asAdmin({
      method: "POST",
      url: `/api/admin/reviews/${review.json<{ id: number }>().id}/approve`,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    // A later link to Ana's cash order, as 'Buscar mi pedido' keeps one (its hash only).
    lookupToken = newToken(null, null);
    await n.t.db
      .insert(checkoutTokens)
      .values({ checkoutId: await checkoutId(anaCash), tokenHash: sha256(lookupToken) });
  });
  afterAll(() => n?.close());

  it("refuses anyone but an administrator, and a write from another site", async () => {
    const url = "/api/admin/personal-data?email=ana.perez@ejemplo.sv";
    expect((await n.inject({ method: "GET", url })).statusCode).toBe(401);
    expect([401, 403]).toContain((await get(url, merchantCookie)).statusCode);
    const anonymous = await n.inject({
      method: "POST",
      url: "/api/admin/personal-data/erase",
      payload: { email: "ana.perez@ejemplo.sv" },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await n.t.asAdmin({
      method: "POST",
      url: "/api/admin/personal-data/erase",
      payload: { email: "ana.perez@ejemplo.sv" },
      headers: { origin: "https://otro-sitio.example" },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await get("/api/admin/personal-data/requests", merchantCookie)).statusCode).not.toBe(
      200,
    );
    // Nothing was erased by any of them.
    const [row] = await n.t.db
      .select({ name: orders.customerName })
      .from(orders)
      .where(eq(orders.id, anaCash.orders[0].id));
    expect(row.name).toBe("Ana Beatriz Pérez");
  });

  it("asks for exactly one key, a real e-mail or phone, with a Spanish 400", async () => {
    for (const query of ["", "email=a@b.sv&phone=77777777", "phone=1234", "email=nadie"]) {
      const res = await get(`/api/admin/personal-data?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(/correo|teléfono/);
    }
    for (const payload of [
      {},
      { email: "a@b.sv", phone: "7777-7777" },
      { email: "a@b.sv", name: "Ana" },
      { phone: "12" },
    ]) {
      const res = await erase(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe("validation");
    }
    expect((await erase({ phone: "12" })).json().errors).toEqual([
      { path: "phone", message: PERSONAL_DATA_PHONE_MESSAGE },
    ]);
    expect((await erase({})).json().message).toBe(PERSONAL_DATA_KEY_MESSAGE);
    const notObject = await n.t.asAdmin({
      method: "POST",
      url: "/api/admin/personal-data/erase",
      payload: "[]",
      headers: { "content-type": "application/json" },
    });
    expect(notObject.statusCode).toBe(400);
  });

  it("exports everything held about a person by e-mail, as a file, and nobody else's", async () => {
    const { res, body } = await exported("email=ANA.PEREZ%40ejemplo.sv");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="datos-personales-ana-perez-ejemplo-sv-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(body.key).toEqual({ kind: "email", value: "ana.perez@ejemplo.sv" });
    expect(body.orders.map((o) => o.orderNumber)).toEqual([
      anaCard.orders[0].orderNumber,
      anaCash.orders[0].orderNumber,
    ]);
    const [card] = body.orders;
    expect(card).toMatchObject({
      merchantName: "Pupusería Datos",
      customerName: "Ana Beatriz Pérez",
      customerEmail: ana.email,
      customerPhone: ana.phone.stored,
      fulfillmentStatus: "delivered",
      paymentMethod: "card",
      note: "Sin cebolla, por favor",
      subtotal: "10.00",
      deliveryFee: "2.50",
      totalAmount: "12.50",
      personalDataErasedAt: null,
      address: { ...ADDRESS, district: null },
    });
    expect(card.items).toEqual([
      { productName: expect.any(String), variantName: null, quantity: 2, price: "5.00" },
    ]);
    expect(body.reviews).toEqual([
      expect.objectContaining({
        about: "Pupusería Datos",
        userName: "Ana P.",
        userEmail: "ana.perez@ejemplo.sv",
        rating: 5,
        approved: true,
      }),
    ]);
    // Her e-mails (and the merchant's copies about her orders) and her WhatsApp notices.
    const channels = new Set(body.notices.map((x) => x.channel));
    expect(channels).toEqual(new Set(["email", "whatsapp"]));
    expect(body.notices.some((x) => x.channel === "email" && x.to === ana.email)).toBe(true);
    expect(body.notices.some((x) => x.to === ana.phone.e164)).toBe(true);
    expect(body.consents.filter((c) => c.kind === "whatsapp")).toEqual([
      expect.objectContaining({
        detail: ana.phone.e164,
        orderNumbers: [anaCard.orders[0].orderNumber],
      }),
      expect.objectContaining({
        detail: ana.phone.e164,
        orderNumbers: [anaCash.orders[0].orderNumber],
      }),
    ]);
    expect(body.notes.join(" ")).toMatch(/favoritos.*no están en el servidor/);
    expect(body.counts).toEqual({
      orders: 2,
      reviews: 1,
      notices: body.notices.length,
      consents: body.consents.length,
    });
    // No order link's token leaves, and nothing of Beto's.
    expect(res.body).not.toContain(anaCard.orderUrl.split("token=")[1]);
    expect(res.body).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
    expect(res.body).not.toContain(beto.email);
    expect(res.body).not.toContain(betoOrder.orders[0].orderNumber);
  });

  it("finds the same person by phone however it is written", async () => {
    const local = ana.phone.typed;
    for (const phone of [local, local.replace("-", ""), ana.phone.stored, ana.phone.e164]) {
      const { body } = await exported(`phone=${encodeURIComponent(phone)}`);
      expect(body.key).toEqual({ kind: "phone", value: ana.phone.e164 });
      expect(
        body.orders.map((o) => o.orderNumber),
        phone,
      ).toEqual([anaCard.orders[0].orderNumber, anaCash.orders[0].orderNumber]);
      // Reviews have no phone: those written from her orders only (none here).
      expect(body.reviews).toEqual([]);
    }
  });

  it("logs each export: who, when, what and how many rows", async () => {
    const res = await get("/api/admin/personal-data/requests?limit=2");
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.headers["x-total-count"])).toBeGreaterThanOrEqual(5);
    const [latest] = res.json<PersonalDataRequestDto[]>();
    expect(latest).toMatchObject({
      action: "export",
      key: { kind: "phone", value: ana.phone.e164 },
      actor: "admin-test",
      counts: { orders: 2, reviews: 0 },
    });
    expect(latest.rows).toBe(
      latest.counts.orders + latest.counts.reviews + latest.counts.notices + latest.counts.consents,
    );
    expect(Date.now() - Date.parse(latest.createdAt)).toBeLessThan(60_000);
  });

  it("erases by e-mail in one go: counts, what is kept, what stops working", async () => {
    // A notice still due to her: a new order not drained yet.
    const pending = await place(ana, "cash");
    const ledgerBefore = await ledger();
    const balancesBefore = (await n.t.asAdmin({ method: "GET", url: "/api/admin/payouts" })).json();
    expect(ledgerBefore.orders).toHaveLength(1);
    const anaOrderIds = [anaCard, anaCash, pending].map((c) => c.orders[0].id);
    const linesBefore = await n.t.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, anaOrderIds));

    const res = await erase({ email: " ana.perez@EJEMPLO.sv " });
    expect(res.statusCode, res.body).toBe(200);
    const counts = res.json();
    expect(counts).toMatchObject({ orders: 3, reviews: 1, consents: 3 });
    expect(counts.notices).toBeGreaterThan(3);

    const rows = await n.t.db.select().from(orders).where(inArray(orders.id, anaOrderIds));
    for (const row of rows) {
      expect(row).toMatchObject({
        customerName: ERASED_TEXT,
        customerEmail: ERASED_TEXT,
        customerPhone: null,
        deliveryAddress: ERASED_TEXT,
        deliveryReference: ERASED_TEXT,
        sessionId: null,
        subtotal: "10.00",
        totalAmount: "12.50",
        deliveryDepartment: "San Salvador",
      });
      expect(row.personalDataErasedAt).toBeInstanceOf(Date);
    }
    expect(rows.find((r) => r.id === anaCard.orders[0].id)?.note).toBe(ERASED_TEXT);
    expect(rows.find((r) => r.id === anaCash.orders[0].id)?.note).toBeNull();
    // Lines, amounts and the merchant's ledger are exactly as they were.
    expect(
      await n.t.db.select().from(orderItems).where(inArray(orderItems.orderId, anaOrderIds)),
    ).toEqual(linesBefore);
    expect(await ledger()).toEqual(ledgerBefore);
    expect((await n.t.asAdmin({ method: "GET", url: "/api/admin/payouts" })).json()).toEqual(
      balancesBefore,
    );
    // Her review is still there, by 'Cliente', without her e-mail.
    const [review] = await n.t.db.select().from(reviews).where(eq(reviews.merchantId, merchantId));
    expect(review).toMatchObject({ userName: "Cliente", userEmail: "", isApproved: true });
    const publicList = await n.inject({
      method: "GET",
      url: `/api/reviews?merchantId=${merchantId}`,
    });
    expect(publicList.json()[0].userName).toBe("Cliente");
    // Consents end; every link to her order pages is dead, Beto's still opens.
    const consents = await n.t.db
      .select({ number: checkouts.whatsappNumber, at: checkouts.whatsappConsentAt })
      .from(checkouts)
      .where(inArray(checkouts.id, await Promise.all([anaCard, anaCash, pending].map(checkoutId))));
    expect(consents).toEqual([
      { number: null, at: null },
      { number: null, at: null },
      { number: null, at: null },
    ]);
    expect((await orderPage(anaCard)).statusCode).toBe(404);
    expect((await orderPage(pending)).statusCode).toBe(404);
    expect((await orderPage(anaCash, lookupToken)).statusCode).toBe(404);
    expect(
      await n.t.db
        .select()
        .from(checkoutTokens)
        .where(eq(checkoutTokens.checkoutId, await checkoutId(anaCash))),
    ).toEqual([]);
    expect((await orderPage(betoOrder)).statusCode).toBe(200);
    // What was still due to her is cancelled, and no body keeps her data.
    const mail = await n.t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.dedupeKey, `checkout:${await checkoutId(pending)}:customer`));
    expect(mail[0]).toMatchObject({
      status: "skipped",
      lastError: ERASED_NOTICE_REASON,
      recipient: ERASED_TEXT,
      textBody: ERASED_TEXT,
    });
    const whatsapp = await n.t.db
      .select()
      .from(outboxNotices)
      .where(eq(outboxNotices.orderId, pending.orders[0].id));
    expect(whatsapp.filter((w) => w.audience === "shopper")).toEqual([
      expect.objectContaining({ status: "skipped", recipient: ERASED_TEXT, payload: {} }),
    ]);
    const everything = JSON.stringify(await n.t.db.select().from(outboxEmails));
    expect(everything).not.toContain("Colonia Escalón");
    expect(everything).not.toContain(ana.email);

    // The log has the erasure with its counts; a second erasure finds nothing left.
    const [entry] = await n.t.db
      .select()
      .from(personalDataRequests)
      .where(eq(personalDataRequests.action, "erase"));
    expect(entry).toMatchObject({
      keyKind: "email",
      keyValue: "ana.perez@ejemplo.sv",
      actor: "admin-test",
      counts,
    });
    expect((await erase({ email: "ana.perez@ejemplo.sv" })).json()).toEqual({
      orders: 0,
      reviews: 0,
      notices: 0,
      consents: 0,
    });
    const { body: after } = await exported("email=ana.perez%40ejemplo.sv");
    expect(after.orders).toEqual([]);
  });

  it("erases by phone, and leaves everyone else as they were", async () => {
    const before = await n.t.db.select().from(orders).where(eq(orders.id, betoOrder.orders[0].id));
    const res = await erase({ phone: beto.phone.stored });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ orders: 1, reviews: 0, consents: 1 });
    const [row] = await n.t.db.select().from(orders).where(eq(orders.id, betoOrder.orders[0].id));
    expect(row).toMatchObject({
      customerName: ERASED_TEXT,
      customerPhone: null,
      totalAmount: before[0].totalAmount,
      createdAt: before[0].createdAt,
      updatedAt: before[0].updatedAt,
    });
    expect((await orderPage(betoOrder)).statusCode).toBe(404);
  });
});

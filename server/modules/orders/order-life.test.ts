import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type merchants, orders, type products } from "../../../db/schema/index";
import type { AdminOrderDto, CheckoutDto, CheckoutOrderDto } from "../../../shared/checkout";
import type { MerchantOrderDto } from "../../../shared/merchant-portal";
import type { StatusHistoryEntry } from "../../../shared/api-types";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { orderLinksIn, startDoorApp, type DoorApp } from "../../test/order-life-fixtures";

/**
 * Issue 25: an order's life. The merchant's state machine as a table (every pair of steps
 * on every fulfilment path), the payment and cancellation rules, the administrator's spec
 * route, the shopper's cancel, and one e-mail per step through a real SMTP server.
 */

type Path = "delivery" | "pickup" | "arrange";
type Step = "received" | "preparing" | "ready" | "on_the_way" | "delivered";

// Written out here, not read from shared/order-life.ts: the table checks the code against
// the issue, not against itself.
const STEPS: Step[] = ["received", "preparing", "ready", "on_the_way", "delivered"];
const PATHS: Record<Path, Step[]> = {
  delivery: ["received", "preparing", "on_the_way", "delivered"],
  pickup: ["received", "preparing", "ready", "delivered"],
  arrange: ["received", "preparing", "on_the_way", "delivered"],
};

const STEP_BACKWARDS = "Un pedido solo avanza: elige un paso siguiente";
const CARD_NOT_CONFIRMED = "El pago con tarjeta aún no se confirma";
const ALREADY_PREPARING = "El comercio ya está preparando tu pedido; escríbele para cancelarlo";
const CANCEL_REASON = "Indica el motivo de la cancelación (5 a 300 caracteres)";

const ADDRESS = {
  department: "San Salvador",
  municipality: "San Salvador Este",
  address: "Colonia Los Ángeles, pasaje 3, casa 14",
  reference: "Frente a la tienda verde",
};
const ALL_METHODS = ["cash", "transfer", "card", "whatsapp"];
const OWNER = "duena@saboresdeaqui.sv";

describe("an order's life (issue 25)", () => {
  let door: DoorApp;
  let cookie: string;
  let byPath: Record<
    Path,
    { merchant: typeof merchants.$inferSelect; product: typeof products.$inferSelect }
  >;
  let stranger: typeof merchants.$inferSelect;
  let strangerProduct: typeof products.$inferSelect;
  let customers = 0;

  const t = () => door.t;

  /** One checkout with one order of the merchant of `path`. */
  async function placeOrder(
    path: Path,
    paymentMethod = "whatsapp",
    customerEmail = `cliente${++customers}@ejemplo.sv`,
  ): Promise<{ checkout: CheckoutDto; order: CheckoutOrderDto }> {
    const { product } = byPath[path];
    const sessionId = await door.cartWith([[product.id, 2]]);
    const checkout = await door.placed({
      sessionId,
      customerName: "Rosa Díaz",
      customerEmail,
      customerPhone: "7000-1234",
      paymentMethod,
      ...(path === "delivery" ? { deliveryAddress: ADDRESS } : {}),
    });
    expect(checkout.orders).toHaveLength(1);
    const [order] = checkout.orders;
    expect(order).toMatchObject({ fulfillment: path, fulfillmentStatus: "received" });
    return { checkout, order };
  }

  /** The merchant's PUT …/orders/{orderId}/status. */
  const change = (merchantId: number, orderId: number, payload: unknown, as = cookie) =>
    door.inject({
      method: "PUT",
      url: `/api/merchant/${merchantId}/orders/${orderId}/status`,
      payload: payload as Record<string, unknown>,
      cookie: as,
    });
  const move = (path: Path, orderId: number, payload: unknown) =>
    change(byPath[path].merchant.id, orderId, payload);

  const stored = async (id: number) =>
    (await t().db.select().from(orders).where(eq(orders.id, id)))[0];

  /** The timeline without its times. */
  const steps = (history: StatusHistoryEntry[]) =>
    history.map(({ at: _at, ...entry }) => entry as Omit<StatusHistoryEntry, "at">);

  const tokenOf = (checkout: CheckoutDto) => new URL(checkout.orderUrl).searchParams.get("token")!;

  beforeAll(async () => {
    door = await startDoorApp();
    const categoryId = (await insertCategory(t().db)).id;
    const merchantOf = async (path: Path, name: string) => {
      const merchant = await insertMerchant(t().db, {
        categoryId,
        name,
        email: OWNER,
        fulfillment: path === "arrange" ? null : path,
        deliveryArea: path === "delivery" ? "country" : null,
        deliveryFee: path === "delivery" ? "2.00" : null,
        paymentMethods: ALL_METHODS,
        bankName: "Banco Agrícola",
        accountHolder: "Sabores de Aquí S.A. de C.V.",
        accountNumber: "0012345678",
        accountType: "Ahorro",
      });
      const product = await insertProduct(t().db, {
        merchantId: merchant.id,
        categoryId,
        price: "3.25",
      });
      return { merchant, product };
    };
    byPath = {
      delivery: await merchantOf("delivery", "Sabores a Domicilio"),
      pickup: await merchantOf("pickup", "Sabores para Llevar"),
      arrange: await merchantOf("arrange", "Sabores por Coordinar"),
    };
    stranger = await insertMerchant(t().db, {
      categoryId,
      name: "La Competencia",
      email: "otra@competencia.sv",
    });
    strangerProduct = await insertProduct(t().db, { merchantId: stranger.id, categoryId });
    cookie = await door.merchantCookie(OWNER);
  });
  afterAll(async () => {
    await door?.close();
  });

  // First, while the outbox holds only these orders' e-mails (the table adds hundreds).
  describe("one e-mail per step, each with the order page's link", () => {
    /** The shopper's e-mails about this order, by subject. */
    async function subjectsFor(email: string, orderNumber: string): Promise<string[]> {
      return (await door.mailTo(email))
        .filter((m) => m.subject.includes(orderNumber))
        .map((m) => m.subject)
        .sort();
    }

    /** Every step e-mail links to the order page with a token of its own that opens it. */
    async function expectWorkingLinks(email: string, orderNumber: string) {
      const received = (await door.mailTo(email)).filter((m) => m.subject.includes(orderNumber));
      const tokens = new Set<string>();
      for (const mail of received) {
        const [link] = orderLinksIn(mail.text);
        expect(link, mail.subject).toBeDefined();
        expect(mail.html).toContain("Ver mi pedido");
        tokens.add(new URL(link).searchParams.get("token")!);
        const page = await door.orderPage(link);
        expect(page.statusCode, `${mail.subject}: ${link}`).toBe(200);
        expect(page.json<CheckoutDto>().orders.map((o) => o.orderNumber)).toContain(orderNumber);
      }
      expect(tokens.size).toBe(received.length);
    }

    it("delivery: 'En preparación', 'En camino', 'Entregado' once each, even when asked twice", async () => {
      const email = "paso.a.paso@ejemplo.sv";
      const { order } = await placeOrder("delivery", "whatsapp", email);
      for (const step of ["preparing", "on_the_way", "delivered"]) {
        expect((await move("delivery", order.id, { fulfillmentStatus: step })).statusCode).toBe(
          200,
        );
        await door.drain();
        expect((await move("delivery", order.id, { fulfillmentStatus: step })).statusCode).toBe(
          400,
        );
      }
      const n = order.orderNumber;
      expect(await subjectsFor(email, n)).toEqual(
        [
          `Pedido ${n}: En camino`,
          `Pedido ${n}: En preparación`,
          `Pedido ${n}: Entregado`,
          `Tu pedido en Tiangue: ${n}`,
        ].sort(),
      );
      await expectWorkingLinks(email, n);
    });

    it("pickup: 'Listo para recoger' once", async () => {
      const email = "recoge@ejemplo.sv";
      const { order } = await placeOrder("pickup", "cash", email);
      for (const step of ["preparing", "ready", "ready", "delivered"]) {
        await move("pickup", order.id, { fulfillmentStatus: step });
      }
      const n = order.orderNumber;
      expect(await subjectsFor(email, n)).toEqual(
        [
          `Pedido ${n}: En preparación`,
          `Pedido ${n}: Entregado`,
          `Pedido ${n}: Listo para recoger`,
          `Tu pedido en Tiangue: ${n}`,
        ].sort(),
      );
      await expectWorkingLinks(email, n);
    });

    it("cancelled: once, with the merchant's reason, even when the administrator cancels it again", async () => {
      const email = "cancelado@ejemplo.sv";
      const { order } = await placeOrder("arrange", "whatsapp", email);
      const reason = "Cerramos por duelo familiar";
      expect((await move("arrange", order.id, { status: "cancelled", reason })).statusCode).toBe(
        200,
      );
      for (const status of ["pending", "cancelled"]) {
        const res = await t().asAdmin({
          method: "PUT",
          url: `/api/admin/orders/${order.id}/status`,
          payload: { status },
        });
        expect(res.statusCode).toBe(200);
      }
      const n = order.orderNumber;
      expect(await subjectsFor(email, n)).toEqual([
        `Pedido ${n} cancelado`,
        `Tu pedido en Tiangue: ${n}`,
      ]);
      const [notice] = (await door.mailTo(email)).filter(
        (m) => m.subject === `Pedido ${n} cancelado`,
      );
      expect(notice.text).toContain(reason);
      await expectWorkingLinks(email, n);
    });

    it("the shopper's cancel: the shopper is told (no reason) and so is the merchant", async () => {
      const email = "me.arrepenti@ejemplo.sv";
      const { checkout, order } = await placeOrder("pickup", "whatsapp", email);
      const res = await door.inject({
        method: "POST",
        url: `/api/orders/${order.orderNumber}/cancel?token=${tokenOf(checkout)}`,
        payload: { orderId: order.id },
      });
      expect(res.statusCode).toBe(200);
      const n = order.orderNumber;
      expect(await subjectsFor(email, n)).toEqual([
        `Pedido ${n} cancelado`,
        `Tu pedido en Tiangue: ${n}`,
      ]);
      const merchantMail = (await door.mailTo(OWNER)).filter(
        (m) => m.subject === `Pedido ${n} cancelado por el cliente`,
      );
      expect(merchantMail).toHaveLength(1);
      await expectWorkingLinks(email, n);
    });

    it("refunded: once, with the reference; a second refund is 409 and sends nothing", async () => {
      const email = "reembolso@ejemplo.sv";
      const { checkout, order } = await placeOrder("delivery", "card", email);
      const link = door.fake.links.find((l) => l.redirectUrl === checkout.orderUrl)!;
      await door.fake.pay(link.id);
      const cancelled = await move("delivery", order.id, {
        status: "cancelled",
        reason: "No llegó el repartidor",
      });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: "cancelled", paymentStatus: "refund_due" });

      const refund = () =>
        t().asAdmin({
          method: "POST",
          url: `/api/admin/orders/${order.id}/refund`,
          payload: { reference: "REEMB-2026-0042" },
        });
      const first = await refund();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        paymentStatus: "refunded",
        refundReference: "REEMB-2026-0042",
      });
      const second = await refund();
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe("Este pedido no tiene un reembolso pendiente");

      const n = order.orderNumber;
      expect(await subjectsFor(email, n)).toEqual(
        [
          `Pago recibido: ${n}`,
          `Pedido ${n} cancelado`,
          `Reembolso del pedido ${n}`,
          `Tu pedido en Tiangue: ${n}`,
        ].sort(),
      );
      const [notice] = (await door.mailTo(email)).filter(
        (m) => m.subject === `Reembolso del pedido ${n}`,
      );
      expect(notice.text).toContain("REEMB-2026-0042");
      const stepMails = (await door.mailTo(email)).filter((m) =>
        [`Pedido ${n} cancelado`, `Reembolso del pedido ${n}`].includes(m.subject),
      );
      for (const mail of stepMails) {
        const page = await door.orderPage(orderLinksIn(mail.text)[0]);
        expect(page.statusCode).toBe(200);
      }
    });
  });

  describe("the merchant's steps: every pair on every path", () => {
    for (const [path, pathSteps] of Object.entries(PATHS) as [Path, Step[]][]) {
      const cases = pathSteps.flatMap((from, i) =>
        STEPS.map((to) => ({
          from,
          to,
          verdict: pathSteps.indexOf(to) > i ? "allowed" : "refused",
        })),
      );

      it.each(cases)(`${path}: $from → $to is $verdict`, async ({ from, to, verdict }) => {
        const { order } = await placeOrder(path);
        if (from !== "received") {
          const setUp = await move(path, order.id, { fulfillmentStatus: from });
          expect(setUp.statusCode, setUp.body).toBe(200);
        }
        const before = await stored(order.id);
        const res = await move(path, order.id, { fulfillmentStatus: to });

        if (verdict === "allowed") {
          expect(res.statusCode, res.body).toBe(200);
          const dto = res.json<MerchantOrderDto>();
          expect(dto.fulfillmentStatus).toBe(to);
          expect(dto.status).toBe("pending");
          // Every step the merchant took is on the timeline, in order, by the merchant.
          expect(steps(dto.statusHistory)).toEqual([
            { fulfillmentStatus: "received", by: "shopper" },
            ...(from === "received" ? [] : [{ fulfillmentStatus: from, by: "merchant" }]),
            { fulfillmentStatus: to, by: "merchant" },
          ]);
          const times = dto.statusHistory.map((e) => Date.parse(e.at));
          expect(times).toEqual([...times].sort((a, b) => a - b));
          expect((await stored(order.id)).fulfillmentStatus).toBe(to);
        } else {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json()).toMatchObject({
            message: STEP_BACKWARDS,
            errors: [{ path: "fulfillmentStatus", message: STEP_BACKWARDS }],
          });
          const after = await stored(order.id);
          expect(after.fulfillmentStatus).toBe(from);
          expect(after.updatedAt).toEqual(before.updatedAt);
          const page = await door.inject({
            method: "GET",
            url: `/api/merchant/${byPath[path].merchant.id}/orders`,
            cookie,
          });
          const listed = page.json<MerchantOrderDto[]>().find((o) => o.id === order.id)!;
          expect(listed.statusHistory).toHaveLength(from === "received" ? 1 : 2);
        }
      });
    }
  });

  describe("what the merchant may send", () => {
    it("refuses an unknown step or a malformed body with 400, changing nothing", async () => {
      const { order } = await placeOrder("delivery");
      for (const payload of [
        { fulfillmentStatus: "shipped" },
        { fulfillmentStatus: "" },
        { fulfillmentStatus: "PREPARING" },
        { fulfillmentStatus: 2 },
        { fulfillmentStatus: null },
        {},
        { status: "enviado" },
        { status: "delivered" },
        { fulfillmentStatus: "preparing", status: "paid" },
      ]) {
        const res = await move("delivery", order.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const shipped = await move("delivery", order.id, { fulfillmentStatus: "shipped" });
      expect(shipped.json().message).toBe("Paso del pedido inválido");
      const after = await stored(order.id);
      expect(after).toMatchObject({ fulfillmentStatus: "received", status: "pending" });
    });

    it("keeps a pending card order at 'Recibido' until Wompi confirms it (409), then lets it move", async () => {
      const { checkout, order } = await placeOrder("delivery", "card");
      expect(checkout.paymentUrl).not.toBeNull();
      for (const to of ["preparing", "on_the_way", "delivered"]) {
        const res = await move("delivery", order.id, { fulfillmentStatus: to });
        expect(res.statusCode, to).toBe(409);
        expect(res.json().message).toBe(CARD_NOT_CONFIRMED);
      }
      // Backwards is still a 400 (the step is checked first).
      expect((await move("delivery", order.id, { fulfillmentStatus: "received" })).statusCode).toBe(
        400,
      );
      expect(await stored(order.id)).toMatchObject({
        fulfillmentStatus: "received",
        status: "pending",
        paidAt: null,
      });

      const link = door.fake.links.find((l) => l.redirectUrl === checkout.orderUrl)!;
      const { webhook } = await door.fake.pay(link.id);
      expect(webhook?.status).toBe(200);
      const res = await move("delivery", order.id, { fulfillmentStatus: "preparing" });
      expect(res.statusCode, res.body).toBe(200);
      const dto = res.json<MerchantOrderDto>();
      expect(dto).toMatchObject({ fulfillmentStatus: "preparing", status: "paid" });
      expect(steps(dto.statusHistory)).toEqual([
        { fulfillmentStatus: "received", by: "shopper" },
        { status: "paid", by: "payment" },
        { fulfillmentStatus: "preparing", by: "merchant" },
      ]);
    });

    it("never marks a card order paid (409, paid or not); cash, transfer and WhatsApp become paid", async () => {
      const { order: card } = await placeOrder("pickup", "card");
      const refused = await move("pickup", card.id, { status: "paid" });
      expect(refused.statusCode).toBe(409);
      expect(await stored(card.id)).toMatchObject({ status: "pending", paidAt: null });

      for (const method of ["cash", "transfer", "whatsapp"]) {
        const { order } = await placeOrder("pickup", method);
        const res = await move("pickup", order.id, { status: "paid" });
        expect(res.statusCode, `${method}: ${res.body}`).toBe(200);
        const dto = res.json<MerchantOrderDto>();
        expect(dto).toMatchObject({ status: "paid", paymentStatus: "paid", paymentMethod: method });
        expect(dto.paidAt).not.toBeNull();
        expect(steps(dto.statusHistory).at(-1)).toEqual({ status: "paid", by: "merchant" });
        expect((await stored(order.id)).paidAt).toBeInstanceOf(Date);
      }
    });

    it("a card order Wompi paid still cannot be marked paid by the merchant", async () => {
      const { checkout, order } = await placeOrder("pickup", "card");
      const link = door.fake.links.find((l) => l.redirectUrl === checkout.orderUrl)!;
      await door.fake.pay(link.id);
      expect((await stored(order.id)).status).toBe("paid");
      expect((await move("pickup", order.id, { status: "paid" })).statusCode).toBe(409);
    });

    it("a delivered cash order becomes paid; a delivered transfer or WhatsApp order does not", async () => {
      const { order: cash } = await placeOrder("delivery", "cash");
      const res = await move("delivery", cash.id, { fulfillmentStatus: "delivered" });
      expect(res.statusCode, res.body).toBe(200);
      const dto = res.json<MerchantOrderDto>();
      expect(dto).toMatchObject({
        fulfillmentStatus: "delivered",
        status: "paid",
        paymentStatus: "paid",
      });
      expect(steps(dto.statusHistory).slice(1)).toEqual(
        expect.arrayContaining([
          { fulfillmentStatus: "delivered", by: "merchant" },
          { status: "paid", by: "merchant" },
        ]),
      );
      const row = await stored(cash.id);
      expect(row.paidAt).toBeInstanceOf(Date);
      expect(row.deliveredAt).toBeInstanceOf(Date);

      for (const [method, paymentStatus] of [
        ["transfer", "pending"],
        ["whatsapp", "offline"],
      ]) {
        const { order } = await placeOrder("delivery", method);
        const delivered = await move("delivery", order.id, { fulfillmentStatus: "delivered" });
        expect(delivered.statusCode).toBe(200);
        expect(delivered.json()).toMatchObject({ status: "pending", paymentStatus });
        expect((await stored(order.id)).paidAt).toBeNull();
      }
    });
  });

  describe("cancelling by the merchant", () => {
    it("needs a reason of 5 to 300 characters (400 without one)", async () => {
      const { order } = await placeOrder("pickup");
      for (const payload of [
        { status: "cancelled" },
        { status: "cancelled", reason: "" },
        { status: "cancelled", reason: "  abcd   " },
        { status: "cancelled", reason: "x".repeat(301) },
        { status: "cancelled", reason: 12345 },
        { status: "cancelled", reason: null },
      ]) {
        const res = await move("pickup", order.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({
          message: CANCEL_REASON,
          errors: [{ path: "reason", message: CANCEL_REASON }],
        });
      }
      expect(await stored(order.id)).toMatchObject({ status: "pending", cancelReason: null });

      const atLimits = await move("pickup", order.id, {
        status: "cancelled",
        reason: "y".repeat(300),
      });
      expect(atLimits.statusCode).toBe(200);
      const { order: other } = await placeOrder("pickup");
      expect(
        (await move("pickup", other.id, { status: "cancelled", reason: "Agotado" })).statusCode,
      ).toBe(200);
    });

    for (const [path, pathSteps] of Object.entries(PATHS) as [Path, Step[]][]) {
      for (const from of pathSteps) {
        const allowed = from !== "delivered";
        it(`${path}: cancelling at '${from}' is ${allowed ? "allowed" : "refused (409)"}`, async () => {
          const { order } = await placeOrder(path);
          if (from !== "received") {
            expect((await move(path, order.id, { fulfillmentStatus: from })).statusCode).toBe(200);
          }
          const reason = "  Se nos terminó el queso  ";
          const res = await move(path, order.id, { status: "cancelled", reason });
          if (!allowed) {
            expect(res.statusCode).toBe(409);
            expect(res.json().message).toBe("Este pedido ya fue entregado");
            expect((await stored(order.id)).status).toBe("pending");
            return;
          }
          expect(res.statusCode, res.body).toBe(200);
          const dto = res.json<MerchantOrderDto>();
          expect(dto).toMatchObject({
            status: "cancelled",
            cancelReason: "Se nos terminó el queso",
            fulfillmentStatus: from,
          });
          expect(steps(dto.statusHistory).at(-1)).toEqual({ status: "cancelled", by: "merchant" });

          // A cancelled order stays cancelled: no step, no payment, no second cancel.
          for (const payload of [
            { status: "cancelled", reason: "Otra vez cancelado" },
            { status: "paid" },
            { fulfillmentStatus: "delivered" },
          ]) {
            const again = await move(path, order.id, payload);
            expect(again.statusCode, JSON.stringify(payload)).toBe(409);
          }
          expect(await stored(order.id)).toMatchObject({
            status: "cancelled",
            fulfillmentStatus: from,
            paidAt: null,
          });
        });
      }
    }
  });

  describe("whose order it is", () => {
    it("answers 404 for another merchant's order, and for one of its own merchants' under another id", async () => {
      const sessionId = await door.cartWith([[strangerProduct.id, 1]]);
      const theirs = (
        await door.placed({
          sessionId,
          customerName: "Eva",
          customerEmail: "eva@ejemplo.sv",
          paymentMethod: "whatsapp",
        })
      ).orders[0];
      const { order: mine } = await placeOrder("delivery");
      const bodies = [
        { fulfillmentStatus: "preparing" },
        { status: "paid" },
        { status: "cancelled", reason: "No es mío" },
      ];
      for (const payload of bodies) {
        for (const [merchantId, orderId] of [
          [byPath.delivery.merchant.id, theirs.id],
          [stranger.id, theirs.id],
          [byPath.pickup.merchant.id, mine.id],
          [byPath.delivery.merchant.id, 999_999],
        ]) {
          const res = await change(merchantId, orderId, payload);
          expect(res.statusCode, `${merchantId}/${orderId} ${JSON.stringify(payload)}`).toBe(404);
        }
      }
      expect(await stored(theirs.id)).toMatchObject({
        status: "pending",
        fulfillmentStatus: "received",
      });
      expect(await stored(mine.id)).toMatchObject({
        status: "pending",
        fulfillmentStatus: "received",
      });
    });

    it("answers 401 without a session", async () => {
      const { order } = await placeOrder("delivery");
      const res = await door.inject({
        method: "PUT",
        url: `/api/merchant/${byPath.delivery.merchant.id}/orders/${order.id}/status`,
        payload: { fulfillmentStatus: "preparing" },
      });
      expect(res.statusCode).toBe(401);
      expect((await stored(order.id)).fulfillmentStatus).toBe("received");
    });
  });

  describe("the administrator (spec §7)", () => {
    const setStatus = (id: number, status: unknown) =>
      t().asAdmin({
        method: "PUT",
        url: `/api/admin/orders/${id}/status`,
        payload: { status },
      });

    it("still sets any status from any other, on the timeline as 'admin'", async () => {
      const { order } = await placeOrder("arrange");
      // An Eulerian walk over the six ordered pairs of the three statuses.
      const walk = ["paid", "cancelled", "paid", "pending", "cancelled", "pending"];
      let entries = 1;
      for (const status of walk) {
        const res = await setStatus(order.id, status);
        expect(res.statusCode, `→ ${status}: ${res.body}`).toBe(200);
        const dto = res.json<AdminOrderDto>();
        expect(dto.status).toBe(status);
        expect(dto.fulfillmentStatus).toBe("received");
        expect(dto.statusHistory).toHaveLength(++entries);
        expect(steps(dto.statusHistory).at(-1)).toEqual({ status, by: "admin" });
        expect((await stored(order.id)).status).toBe(status);
      }
      // The same status again: 200, and nothing new on the timeline.
      const same = await setStatus(order.id, "pending");
      expect(same.statusCode).toBe(200);
      expect(same.json<AdminOrderDto>().statusHistory).toHaveLength(entries);
      // Never a step: those are the merchant's.
      expect((await setStatus(order.id, "delivered")).statusCode).toBe(400);
    });

    it("may cancel and un-cancel an order the merchant already delivered", async () => {
      const { order } = await placeOrder("pickup");
      expect((await move("pickup", order.id, { fulfillmentStatus: "delivered" })).statusCode).toBe(
        200,
      );
      const cancelled = await setStatus(order.id, "cancelled");
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({
        status: "cancelled",
        fulfillmentStatus: "delivered",
      });
      const back = await setStatus(order.id, "paid");
      expect(back.statusCode).toBe(200);
      expect(back.json().status).toBe("paid");
    });
  });

  describe("the shopper's cancel (POST /api/orders/{n}/cancel?token=)", () => {
    let checkout: CheckoutDto;
    const cancel = (orderNumber: string, token: string | null, orderId: unknown) =>
      door.inject({
        method: "POST",
        url: `/api/orders/${orderNumber}/cancel${token === null ? "" : `?token=${token}`}`,
        payload: { orderId },
      });

    beforeAll(async () => {
      const sessionId = await door.cartWith([
        [byPath.delivery.product.id, 1],
        [byPath.pickup.product.id, 2],
      ]);
      checkout = await door.placed({
        sessionId,
        customerName: "Marta Ruiz",
        customerEmail: "marta@ejemplo.sv",
        customerPhone: "7111-2222",
        paymentMethod: "cash",
        deliveryAddress: ADDRESS,
      });
      expect(checkout.orders.map((o) => o.fulfillment)).toEqual(["delivery", "pickup"]);
      expect(checkout.orders.every((o) => o.cancellable)).toBe(true);
    });

    it("answers 404 with a wrong token or none, and for an order of another checkout", async () => {
      const [first] = checkout.orders;
      const token = tokenOf(checkout);
      const wrong = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
      const { order: elsewhere } = await placeOrder("delivery");
      for (const [token_, orderId] of [
        [wrong, first.id],
        [null, first.id],
        ["", first.id],
        [token, elsewhere.id],
      ] as const) {
        const res = await cancel(first.orderNumber, token_, orderId);
        expect(res.statusCode, `${token_} ${orderId}`).toBe(404);
      }
      expect((await stored(first.id)).status).toBe("pending");
      expect((await stored(elsewhere.id)).status).toBe("pending");
    });

    it("cancels one order of the checkout while it is 'Recibido', leaving the other", async () => {
      const [first, second] = checkout.orders;
      const res = await cancel(first.orderNumber, tokenOf(checkout), first.id);
      expect(res.statusCode, res.body).toBe(200);
      const dto = res.json<CheckoutDto>();
      const [a, b] = dto.orders;
      expect(a).toMatchObject({ id: first.id, status: "cancelled", cancellable: false });
      expect(steps(a.statusHistory).at(-1)).toEqual({ status: "cancelled", by: "shopper" });
      expect(b).toMatchObject({ id: second.id, status: "pending", cancellable: true });
      // Cancelling it again: 409.
      expect((await cancel(first.orderNumber, tokenOf(checkout), first.id)).statusCode).toBe(409);
    });

    it("answers 409 once the merchant started preparing it", async () => {
      const second = checkout.orders[1];
      expect((await move("pickup", second.id, { fulfillmentStatus: "preparing" })).statusCode).toBe(
        200,
      );
      // Any order number of the checkout with its token reaches every order of it.
      const res = await cancel(checkout.orders[0].orderNumber, tokenOf(checkout), second.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ALREADY_PREPARING);
      expect(await stored(second.id)).toMatchObject({
        status: "pending",
        fulfillmentStatus: "preparing",
      });
      const page = (await door.orderPage(checkout.orderUrl)).json<CheckoutDto>();
      expect(page.orders[1].cancellable).toBe(false);
    });
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkouts, orders } from "../../../db/schema/index";
import type { CheckoutDto } from "../../../shared/checkout";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { startDoorApp, type DoorApp } from "../../test/order-life-fixtures";

/**
 * Issue 37 L3: a card checkout's Wompi link after cancellations. With every order cancelled
 * the link is deactivated (PUT /EnlacePago/{id}/desactivar) and cannot be paid; with some
 * left it charges their total (PUT /EnlacePago/{id}), and that payment pays them without
 * owing anything for the cancelled ones. A failed call never fails the cancel and is retried.
 * Money that came in for cancelled orders makes the checkout 'Reembolso pendiente', then
 * 'Reembolsado', never 'Pagado' beside 'ya no hay nada que pagar'.
 */
describe("a cancelled card checkout's payment link (issue 37 L3)", () => {
  let door: DoorApp;
  let pupusaId: number;
  let cafeId: number;
  let emails = 0;

  beforeAll(async () => {
    door = await startDoorApp();
    const categoryId = (await insertCategory(door.t.db)).id;
    const shop = (name: string, email: string) =>
      insertMerchant(door.t.db, { categoryId, name, email, paymentMethods: ["card"] });
    const a = await shop("Pupusería Enlace", "enlace-a@ejemplo.sv");
    const b = await shop("Café Enlace", "enlace-b@ejemplo.sv");
    pupusaId = (await insertProduct(door.t.db, { merchantId: a.id, categoryId, price: "3.00" })).id;
    cafeId = (await insertProduct(door.t.db, { merchantId: b.id, categoryId, price: "4.50" })).id;
  });
  afterAll(async () => {
    await door?.close();
  });

  /** Two orders by card: $6.00 at the pupusería, $4.50 at the café. */
  async function placed(): Promise<CheckoutDto> {
    return door.placed({
      sessionId: await door.cartWith([
        [pupusaId, 2],
        [cafeId, 1],
      ]),
      customerName: "Ana Peña",
      customerEmail: `ana.enlace${++emails}@ejemplo.sv`,
      customerPhone: "7000-1234",
      paymentMethod: "card",
    });
  }
  const linkOf = (dto: CheckoutDto) => door.fake.links.find((l) => l.redirectUrl === dto.orderUrl)!;
  const cancel = (dto: CheckoutDto, orderId: number) =>
    door.inject({
      method: "POST",
      url: `/api/orders/${dto.orders[0].orderNumber}/cancel?token=${new URL(dto.orderUrl).searchParams.get("token")}`,
      payload: { orderId },
    });
  const page = async (dto: CheckoutDto) => (await door.orderPage(dto.orderUrl)).json<CheckoutDto>();
  const rows = (dto: CheckoutDto) =>
    door.t.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, checkoutIdOf(dto)));
  let checkoutIds = new Map<string, number>();
  const checkoutIdOf = (dto: CheckoutDto) => checkoutIds.get(dto.orderUrl)!;
  async function remember(dto: CheckoutDto) {
    const [c] = await door.t.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.reference, linkOf(dto).reference));
    checkoutIds = new Map(checkoutIds).set(dto.orderUrl, c.id);
    return c;
  }
  const checkoutRow = async (dto: CheckoutDto) =>
    (
      await door.t.db
        .select()
        .from(checkouts)
        .where(eq(checkouts.id, checkoutIdOf(dto)))
    )[0];
  const pupusaOrder = (dto: CheckoutDto) =>
    dto.orders.find((o) => o.merchant?.name === "Pupusería Enlace")!;
  const cafeOrder = (dto: CheckoutDto) =>
    dto.orders.find((o) => o.merchant?.name === "Café Enlace")!;

  it("one of two cancelled: the link charges what stands, and that payment owes nothing back", async () => {
    const dto = await placed();
    await remember(dto);
    const link = linkOf(dto);
    expect(link.amount).toBe(10.5);

    expect((await cancel(dto, pupusaOrder(dto).id)).statusCode).toBe(200);
    expect(door.fake.requests).toContain(`PUT /EnlacePago/${link.id}`);
    expect(link.amount).toBe(4.5);
    expect(link.active).toBe(true);
    expect(link.edits.at(-1)).toMatchObject({
      identificadorEnlaceComercio: link.reference,
      monto: 4.5,
      nombreProducto: `Pedido ${cafeOrder(dto).orderNumber} en Tiangue`,
    });
    // Its return still opens the order page.
    const back = (link.edits.at(-1)!.configuracion as { urlRedirect: string }).urlRedirect;
    expect((await door.orderPage(back)).statusCode).toBe(200);
    expect((await checkoutRow(dto)).paymentLinkAmount).toBe("4.50");
    expect((await page(dto)).paymentUrl).toBe(link.url);

    const { webhook } = await door.fake.pay(link.id);
    expect(webhook?.status).toBe(200);
    expect(JSON.parse(webhook!.response)).toMatchObject({ outcome: "paid" });
    const state = Object.fromEntries(
      (await rows(dto)).map((r) => [r.id, [r.status, r.refundStatus, r.paidAt !== null]]),
    );
    expect(state).toEqual({
      [pupusaOrder(dto).id]: ["cancelled", null, false],
      [cafeOrder(dto).id]: ["paid", null, true],
    });
    const after = await page(dto);
    expect(after.paymentStatus).toBe("paid");
    expect(after.orders.map((o) => o.paymentStatus).sort()).toEqual(["paid", "pending"].sort());
  });

  it("all cancelled: the link is deactivated and cannot be paid", async () => {
    const dto = await placed();
    await remember(dto);
    const link = linkOf(dto);
    expect((await cancel(dto, pupusaOrder(dto).id)).statusCode).toBe(200);
    expect((await cancel(dto, cafeOrder(dto).id)).statusCode).toBe(200);
    expect(door.fake.requests).toContain(`PUT /EnlacePago/${link.id}/desactivar`);
    expect(link.active).toBe(false);
    await expect(door.fake.pay(link.id)).rejects.toThrow(/desactivado/);
    const res = await fetch(link.url);
    expect(res.status).toBe(410);
    expect(await res.text()).not.toContain("Pagar");
    expect((await checkoutRow(dto)).paymentLinkSyncAt).toBeNull();
    const shown = await page(dto);
    expect(shown.paymentUrl).toBeNull();
    expect(shown.paymentStatus).toBe("pending");
  });

  it("Wompi down at the cancel: the cancel succeeds, the link is deactivated on a later pass", async () => {
    const dto = await placed();
    await remember(dto);
    const link = linkOf(dto);
    door.fake.failWith("error", ["linkEdit"]);
    try {
      expect((await cancel(dto, pupusaOrder(dto).id)).statusCode).toBe(200);
      const res = await cancel(dto, cafeOrder(dto).id);
      expect(res.statusCode, res.body).toBe(200);
      expect(link.active).toBe(true);
      const marked = await checkoutRow(dto);
      expect(marked.paymentLinkSyncAt).not.toBeNull();
      expect(marked.paymentLinkSyncAttempts).toBeGreaterThan(0);
      // Nothing is left to charge: the page offers no payment meanwhile.
      expect((await page(dto)).paymentUrl).toBeNull();
    } finally {
      door.fake.failWith(null, ["linkEdit"]);
    }
    // The retry is due later; brought forward here.
    await door.t.db
      .update(checkouts)
      .set({ paymentLinkSyncAt: new Date(Date.now() - 1000) })
      .where(eq(checkouts.id, checkoutIdOf(dto)));
    expect(await door.t.app.services.paymentLinks.runOnce()).toBeGreaterThanOrEqual(1);
    expect(link.active).toBe(false);
    expect((await checkoutRow(dto)).paymentLinkSyncAt).toBeNull();
  });

  it("paid in full before the link changed: cancelled orders owe a refund, 'Reembolso pendiente' then 'Reembolsado'", async () => {
    const dto = await placed();
    await remember(dto);
    const link = linkOf(dto);
    door.fake.failWith("down", ["linkEdit"]);
    try {
      expect((await cancel(dto, pupusaOrder(dto).id)).statusCode).toBe(200);
      expect((await cancel(dto, cafeOrder(dto).id)).statusCode).toBe(200);
      // The shopper's payment of the whole link, on Wompi's page before any change arrived.
      const { webhook } = await door.fake.pay(link.id);
      expect(webhook?.status).toBe(200);
      expect(JSON.parse(webhook!.response)).toMatchObject({ outcome: "paid" });
    } finally {
      door.fake.failWith(null, ["linkEdit"]);
    }
    expect((await rows(dto)).map((r) => [r.status, r.refundStatus])).toEqual([
      ["cancelled", "due"],
      ["cancelled", "due"],
    ]);
    const owed = await page(dto);
    expect(owed.paymentStatus).toBe("refund_due");
    expect(owed.paymentUrl).toBeNull();

    for (const order of dto.orders) {
      const res = await door.t.asAdmin({
        method: "POST",
        url: `/api/admin/orders/${order.id}/refund`,
        payload: { reference: `REEMB-${order.id}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await page(dto)).paymentStatus).toBe("refunded");
    // Paid: the retry due has nothing left to tell Wompi, and clears.
    await door.t.db
      .update(checkouts)
      .set({ paymentLinkSyncAt: new Date(Date.now() - 1000) })
      .where(eq(checkouts.id, checkoutIdOf(dto)));
    const before = door.fake.requests.length;
    await door.t.app.services.paymentLinks.runOnce();
    expect((await checkoutRow(dto)).paymentLinkSyncAt).toBeNull();
    expect(door.fake.requests.slice(before)).toEqual([]);
  });

  it("a link made after a cancellation (Wompi was down at the checkout) charges what stands", async () => {
    const dto = await placed();
    const row = await remember(dto);
    // As if Wompi had given no link at the checkout: none kept yet.
    await door.t.db
      .update(checkouts)
      .set({ paymentId: null, paymentUrl: null })
      .where(eq(checkouts.id, row.id));
    expect((await cancel(dto, pupusaOrder(dto).id)).statusCode).toBe(200);
    const token = new URL(dto.orderUrl).searchParams.get("token");
    const res = await door.inject({
      method: "POST",
      url: `/api/orders/${dto.orders[0].orderNumber}/payment?token=${token}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const link = door.fake.links.at(-1)!;
    expect(link.reference).toBe(row.reference);
    expect(link.amount).toBe(4.5);
    const { webhook } = await door.fake.pay(link.id);
    expect(JSON.parse(webhook!.response)).toMatchObject({ outcome: "paid" });
    expect((await page(dto)).paymentStatus).toBe("paid");
  });

  it("refuses a payment of an amount the link never charged", async () => {
    const dto = await placed();
    await remember(dto);
    const link = linkOf(dto);
    expect((await cancel(dto, cafeOrder(dto).id)).statusCode).toBe(200);
    expect(link.amount).toBe(6);
    const { webhook } = await door.fake.pay(link.id, { amount: 4.5 });
    expect(JSON.parse(webhook!.response)).toMatchObject({ outcome: "amount_mismatch" });
    expect((await checkoutRow(dto)).paidAt).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { orderLinksIn, startDoorApp, type DoorApp } from "../../test/order-life-fixtures";

/**
 * Issue 37 L1: 'Buscar mi pedido' answers before it looks the order up, as the sign-in link
 * does (issue 26): while the lookup of a matching number and e-mail is held, the 202 still
 * arrives, so the answer's timing says nothing about whether they matched.
 */
describe("'Buscar mi pedido' answers first, then looks up and sends (issue 37 L1)", () => {
  let door: DoorApp;
  let productId: number;

  beforeAll(async () => {
    door = await startDoorApp();
    const category = await insertCategory(door.t.db);
    const merchant = await insertMerchant(door.t.db, {
      categoryId: category.id,
      paymentMethods: ["whatsapp"],
    });
    productId = (
      await insertProduct(door.t.db, { merchantId: merchant.id, categoryId: category.id })
    ).id;
  });
  afterAll(async () => {
    await door?.close();
  });

  it("answers 202 while the lookup of a match is held, then e-mails the link once it runs", async () => {
    const email = "buscadora.l1@ejemplo.sv";
    const dto = await door.placed({
      sessionId: await door.cartWith([[productId, 1]]),
      customerName: "Ana López",
      customerEmail: email,
      customerPhone: "+503 7000-1111",
      paymentMethod: "whatsapp",
    });
    const orderNumber = dto.orders[0].orderNumber;
    await door.drain();
    const before = door.smtp.received.length;

    const lookups = door.t.app.services.checkout.lookups;
    const deliver = lookups.deliver;
    const events: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    lookups.deliver = async (request) => {
      events.push(`looked up ${request.email}`);
      await gate;
      return deliver(request);
    };
    try {
      for (const who of [email, "extrana.l1@ejemplo.sv"]) {
        const answered = await Promise.race([
          door.inject({
            method: "POST",
            url: "/api/orders/lookup",
            payload: { orderNumber, email: who.toUpperCase() },
          }),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
        ]);
        expect(answered?.statusCode, who).toBe(202);
        expect(answered?.json()).toEqual({
          message: "Si los datos coinciden, te enviamos el enlace de tu pedido",
        });
        events.push(`answered ${who}`);
      }
      // Nothing was sent while the lookups were held (drain() would wait for them).
      await door.t.app.services.mail.runOnce();
      expect(door.smtp.received.length).toBe(before);
    } finally {
      open();
      await lookups.settled();
      lookups.deliver = deliver;
    }
    expect(events.slice(0, 2)).toEqual(["looked up " + email, "answered " + email]);

    const mails = await door.mailTo(email);
    const link = mails.find((m) => m.subject === `El enlace de tu pedido ${orderNumber}`);
    expect(link).toBeDefined();
    const page = await door.orderPage(orderLinksIn(link!.text)[0]);
    expect(page.statusCode).toBe(200);
    expect(await door.mailTo("extrana.l1@ejemplo.sv")).toEqual([]);
  });
});

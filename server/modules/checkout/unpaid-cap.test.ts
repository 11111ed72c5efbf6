import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkouts } from "../../../db/schema/index";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { startNoticesApp, type NoticesApp } from "../../test/notices-fixtures";
import { UNPAID_CHECKOUT_LIMIT_MESSAGE, UNPAID_CHECKOUTS_PER_HOUR } from "./unpaid-cap";

/*
 * Issue 37, M1: checkouts nobody pays up front (cash, transfer, WhatsApp) at most 10 an hour
 * per client address, the 11th a 429 that creates nothing; another address, and a replay of
 * a placed checkout with its Idempotency-Key, are not held back.
 */
describe("unpaid checkouts per client address", () => {
  let n: NoticesApp;
  let productId: number;
  let customers = 0;

  beforeAll(async () => {
    n = await startNoticesApp({ whatsapp: false });
    const categoryId = (await insertCategory(n.t.db)).id;
    const merchant = await insertMerchant(n.t.db, {
      categoryId,
      paymentMethods: ["cash", "transfer", "whatsapp"],
    });
    productId = (await insertProduct(n.t.db, { merchantId: merchant.id, categoryId })).id;
  });
  afterAll(async () => {
    await n.close();
  });

  async function body(paymentMethod = "cash") {
    return {
      sessionId: await n.cartWith([[productId, 1]]),
      customerName: "Carlos Martínez",
      customerEmail: `cliente${++customers}@ejemplo.sv`,
      customerPhone: "7012-3456",
      paymentMethod,
    };
  }

  async function place(
    remoteAddress: string,
    paymentMethod: string,
    options: { payload?: Record<string, unknown>; key?: string } = {},
  ) {
    return n.t.app.inject({
      method: "POST",
      url: "/api/checkout",
      remoteAddress,
      payload: options.payload ?? (await body(paymentMethod)),
      headers: options.key ? { "idempotency-key": options.key } : {},
    });
  }

  it("answers the 11th unpaid checkout of an hour from one address 429, creating nothing", async () => {
    const address = "10.37.1.1";
    const methods = ["cash", "transfer", "whatsapp"];
    for (let i = 0; i < UNPAID_CHECKOUTS_PER_HOUR; i++) {
      const res = await place(address, methods[i % methods.length]);
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = (await n.t.db.select().from(checkouts)).length;
    const refused = await place(address, "cash");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: UNPAID_CHECKOUT_LIMIT_MESSAGE });
    expect((await n.t.db.select().from(checkouts)).length).toBe(before);

    // Another address is its own.
    expect((await place("10.37.1.2", "cash")).statusCode).toBe(201);
  });

  it("answers a replay of a placed checkout with its key even once the hour's 10 are placed", async () => {
    const address = "10.37.2.1";
    const payload = await body("cash");
    const key = "clave-unpaid-cap-0001";
    const first = await place(address, "cash", { payload, key });
    expect(first.statusCode, first.body).toBe(201);
    for (let i = 1; i < UNPAID_CHECKOUTS_PER_HOUR; i++) {
      expect((await place(address, "transfer")).statusCode).toBe(201);
    }
    expect((await place(address, "cash")).statusCode).toBe(429);
    const replay = await place(address, "cash", { payload, key });
    expect(replay.statusCode, replay.body).toBe(201);
    const numbers = (res: typeof first) =>
      res.json<{ orders: { orderNumber: string }[] }>().orders.map((o) => o.orderNumber);
    expect(numbers(replay)).toEqual(numbers(first));
  });
});

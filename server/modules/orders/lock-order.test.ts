import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkouts, orders } from "../../../db/schema/index";
import type { CheckoutDto } from "../../../shared/checkout";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { sleep, startDoorApp, type DoorApp } from "../../test/order-life-fixtures";

/**
 * Issue 37 L4: Wompi's webhook and a shopper's cancel of the same card checkout, both held
 * mid-transaction. The webhook's UPDATE of the checkout (its transaction_id has a unique
 * index) locks the row fully, then it locks the orders; a cancel locked its order first and
 * then, writing the e-mail's order link (checkout_tokens' foreign key), wanted that checkout
 * row: a deadlock, and one of them answered 500. Now both take the checkout, then the orders.
 *
 * A second connection holds the cancelled order's product (its stock is given back), so the
 * cancel stops with its locks taken; the webhook then arrives and waits too; then the product
 * is let go. Needs PostgreSQL's many connections (the db:postgres project).
 */
const onPostgres = process.env.TEST_DB === "postgres";

describe.skipIf(!onPostgres)(
  "a cancel and the webhook of one checkout at once (issue 37 L4)",
  () => {
    let door: DoorApp;
    let holder: pg.Client;
    let databaseName: string;
    let countedId: number;
    let otherId: number;

    beforeAll(async () => {
      door = await startDoorApp({ CATALOGUE_CACHE: "off" });
      const db = door.t.db;
      const categoryId = (await insertCategory(db)).id;
      const shop = (name: string, email: string) =>
        insertMerchant(db, { categoryId, name, email, paymentMethods: ["card"] });
      const counted = await shop("Pupusería Contada", "contada@ejemplo.sv");
      const other = await shop("Café Aparte", "aparte@ejemplo.sv");
      // A counted stock: the cancel gives its units back, under the product's row lock.
      countedId = (
        await insertProduct(db, { merchantId: counted.id, categoryId, price: "3.00", stock: 20 })
      ).id;
      otherId = (await insertProduct(db, { merchantId: other.id, categoryId, price: "4.50" })).id;
      const result = (await db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      databaseName = result.rows[0].name;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${databaseName}`;
      holder = new pg.Client({ connectionString: url.toString() });
      await holder.connect();
    });
    afterAll(async () => {
      await holder?.end();
      await door?.close();
    });

    /** Backends of the app's database waiting for a lock. */
    async function waiting(): Promise<number> {
      const { rows } = await holder.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
        where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        [databaseName],
      );
      return rows[0].n;
    }
    async function untilWaiting(n: number) {
      for (let i = 0; i < 400; i++) {
        if ((await waiting()) >= n) return;
        await sleep(10);
      }
      throw new Error(`never ${n} backends waiting for a lock`);
    }

    it("neither answers 500, and the checkout ends paid with the cancelled order owed back", async () => {
      for (let round = 0; round < 3; round++) {
        const dto: CheckoutDto = await door.placed({
          sessionId: await door.cartWith([
            [countedId, 2],
            [otherId, 1],
          ]),
          customerName: "Ana Peña",
          customerEmail: `ana.bloqueo${round}@ejemplo.sv`,
          customerPhone: "7000-1234",
          paymentMethod: "card",
        });
        const link = door.fake.links.find((l) => l.redirectUrl === dto.orderUrl)!;
        const cancelled = dto.orders.find((o) => o.merchant?.name === "Pupusería Contada")!;
        const token = new URL(dto.orderUrl).searchParams.get("token");

        await holder.query("begin");
        await holder.query("select id from products where id = $1 for update", [countedId]);
        const cancel = door.inject({
          method: "POST",
          url: `/api/orders/${dto.orders[0].orderNumber}/cancel?token=${token}`,
          payload: { orderId: cancelled.id },
        });
        await untilWaiting(1);
        const paid = door.fake.pay(link.id);
        await untilWaiting(2);
        await holder.query("commit");

        const [cancelRes, { webhook }] = await Promise.all([cancel, paid]);
        expect(cancelRes.statusCode, cancelRes.body).toBe(200);
        expect(webhook?.status, webhook?.response).toBe(200);
        expect(JSON.parse(webhook!.response)).toMatchObject({ outcome: "paid" });

        const [checkout] = await door.t.db
          .select()
          .from(checkouts)
          .where(eq(checkouts.reference, link.reference));
        expect(checkout.paidAt).not.toBeNull();
        const rows = await door.t.db
          .select()
          .from(orders)
          .where(eq(orders.checkoutId, checkout.id));
        const state = Object.fromEntries(
          rows.map((r) => [
            r.id === cancelled.id ? "cancelled" : "other",
            [r.status, r.refundStatus],
          ]),
        );
        expect(state).toEqual({ cancelled: ["cancelled", "due"], other: ["paid", null] });
      }
    }, 60_000);
  },
);

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxNotices } from "../../../db/schema/index";
import { startNoticesApp, type NoticesApp } from "../../test/notices-fixtures";
import { MAX_NOTICE_ATTEMPTS } from "./notices.worker";

/*
 * A stored notice the client refuses to build (a number or a parameter that no longer passes
 * its checks) never reached Meta: it is retried and given up like any unsent one, and never
 * left 'sending' to be claimed again after each lease for ever.
 */
describe("a WhatsApp notice the client cannot build", () => {
  let n: NoticesApp;

  beforeAll(async () => {
    n = await startNoticesApp();
  });
  afterAll(async () => {
    await n.close();
  });

  it("is retried, then given up as 'failed' with the reason, and nothing reaches the fake", async () => {
    const [row] = await n.t.db
      .insert(outboxNotices)
      .values({
        channel: "whatsapp",
        kind: "order.received",
        dedupeKey: "test:unsendable:1",
        audience: "shopper",
        recipient: "no-es-un-numero",
        template: "tiangue_order_received",
        payload: { params: ["María", "ES-2026-000001", "Tienda", "$1.00"], buttonSuffix: "x" },
      })
      .returning();
    for (let attempt = 0; attempt < MAX_NOTICE_ATTEMPTS + 1; attempt++) {
      await n.drainNotices();
      await n.passTime();
    }
    const [after] = await n.t.db.select().from(outboxNotices).where(eq(outboxNotices.id, row.id));
    expect(after.status).toBe("failed");
    expect(after.attempts).toBe(MAX_NOTICE_ATTEMPTS);
    expect(after.lastError).toContain("No se pudo preparar el mensaje");
    expect(after.lastError).toContain("no-es-un-numero");
    expect(n.wa.attempts).toHaveLength(0);
    expect(n.wa.sent).toHaveLength(0);
  });
});

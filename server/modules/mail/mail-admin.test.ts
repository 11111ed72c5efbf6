import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxEmails } from "../../../db/schema/index";
import type { OutboxEmailDto } from "../../../shared/api-types";
import { insertCategory, insertMerchant } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { startTestSmtpServer, type TestSmtpServer } from "../../test/test-smtp-server";
import type { MailMessage } from "./mail.service";

/**
 * Issue 25's 'Correos' tab: the administrator sees the outbox (to, subject, state, tries,
 * last error), never a body, and sends a failed e-mail again.
 */

const DTO_KEYS = [
  "attempts",
  "createdAt",
  "id",
  "kind",
  "lastError",
  "sentAt",
  "status",
  "subject",
  "to",
].sort();
const SECRET = "enlace-secreto-3f9a7c";
const RESEND_ONLY_FAILED = "Solo se reenvían los correos que fallaron";

let sequence = 0;
const message = (values: Partial<MailMessage> = {}): MailMessage => {
  const n = ++sequence;
  return {
    kind: "test.notice",
    dedupeKey: `test:${n}`,
    to: `destino${n}@ejemplo.sv`,
    replyTo: "respuestas@ejemplo.sv",
    subject: `Aviso de prueba ${n}`,
    text: `Tu enlace privado: https://tiangue.test/orders/ES-2026-000001?token=${SECRET}`,
    html: `<p><a href="https://tiangue.test/orders/ES-2026-000001?token=${SECRET}">Ver</a></p>`,
    ...values,
  };
};

describe("the administrator's outbox (GET /api/admin/emails)", () => {
  let t: TestApp;
  let smtp: TestSmtpServer;

  const list = (query = "") => t.asAdmin({ method: "GET", url: `/api/admin/emails${query}` });
  const resend = (id: number | string) =>
    t.asAdmin({ method: "POST", url: `/api/admin/emails/${id}/resend` });
  const enqueue = async (values: Partial<MailMessage> = {}) => {
    const { id } = await t.app.services.mail.enqueue(t.db, message(values));
    return id!;
  };
  const row = async (id: number) =>
    (await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, id)))[0];

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    // Not listening: the worker sends only when the test runs it.
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Tiangue <avisos@tiangue.test>" });
    await t.adminCookie();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await t.db.delete(outboxEmails);
    smtp.received.length = 0;
  });

  it("lists to, subject and state, newest first, never a body, with X-Total-Count and X-Mail-Sending", async () => {
    const first = await enqueue({ subject: "Primero" });
    const second = await enqueue({ subject: "Segundo" });
    // A real sign-in link, whose body must never reach the list.
    const categoryId = (await insertCategory(t.db)).id;
    await insertMerchant(t.db, { categoryId, email: "duena@tienda.sv" });
    await t.app.services.merchantPortal.requestLoginLink({ email: "duena@tienda.sv" });
    const [link] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "merchant.login-link"));
    const token = /token=([A-Za-z0-9_-]+)/.exec(link.textBody)![1];

    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("3");
    expect(res.headers["x-mail-sending"]).toBe("true");
    const items = res.json<OutboxEmailDto[]>();
    expect(items.map((i) => i.id)).toEqual([link.id, second, first]);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(DTO_KEYS);
    expect(items[2]).toMatchObject({
      id: first,
      kind: "test.notice",
      to: expect.stringMatching(/^destino\d+@ejemplo\.sv$/),
      subject: "Primero",
      status: "pending",
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    expect(items[0]).toMatchObject({ kind: "merchant.login-link", to: "duena@tienda.sv" });
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain(token);
    expect(res.body).not.toContain("respuestas@ejemplo.sv");

    // A page at a time; the total stays the count of all.
    const page = await list("?limit=1&offset=1");
    expect(page.headers["x-total-count"]).toBe("3");
    expect(page.json<OutboxEmailDto[]>().map((i) => i.id)).toEqual([second]);
  });

  it("shows what the worker did: sent with its time, skipped with the reason", async () => {
    const id = await enqueue();
    const skipped = await t.db
      .insert(outboxEmails)
      .values({
        kind: "checkout.customer",
        dedupeKey: "test:skipped",
        recipient: "mucho@ejemplo.sv",
        subject: "Tu pedido en Tiangue",
        textBody: SECRET,
        htmlBody: SECRET,
        status: "skipped",
        lastError: "No enviado: más de 5 correos en una hora",
      })
      .returning();
    await t.app.services.mail.runOnce();
    expect(smtp.received).toHaveLength(1);
    const items = (await list()).json<OutboxEmailDto[]>();
    const sent = items.find((i) => i.id === id)!;
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(Date.parse(sent.sentAt!)).not.toBeNaN();
    expect(items.find((i) => i.id === skipped[0].id)).toMatchObject({
      status: "skipped",
      attempts: 0,
      lastError: "No enviado: más de 5 correos en una hora",
    });
  });

  it("resends a failed e-mail only: 409 for any other state, 404 for an unknown one", async () => {
    smtp.refuse("RCPT TO", 550);
    const failed = await enqueue({ subject: "Rechazado" });
    await t.app.services.mail.runOnce();
    const before = (await list()).json<OutboxEmailDto[]>()[0];
    expect(before).toMatchObject({ id: failed, status: "failed", attempts: 1 });
    expect(before.lastError).toContain("550");
    expect(smtp.received).toHaveLength(0);

    const res = await resend(failed);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(DTO_KEYS);
    expect(res.json<OutboxEmailDto>()).toMatchObject({
      id: failed,
      status: "pending",
      attempts: 0,
    });
    expect(res.body).not.toContain(SECRET);
    await t.app.services.mail.runOnce();
    expect(smtp.received.map((m) => m.subject)).toEqual(["Rechazado"]);
    expect(await row(failed)).toMatchObject({ status: "sent", attempts: 1 });

    // Sent, pending and skipped e-mails are not resent.
    const pending = await enqueue();
    const [skipped] = await t.db
      .insert(outboxEmails)
      .values({
        kind: "order.lookup.customer",
        dedupeKey: "test:skipped-2",
        recipient: "mucho@ejemplo.sv",
        subject: "El enlace de tu pedido",
        textBody: "x",
        htmlBody: "x",
        status: "skipped",
        lastError: "tope",
      })
      .returning();
    for (const id of [failed, pending, skipped.id]) {
      const refused = await resend(id);
      expect(refused.statusCode, String(id)).toBe(409);
      expect(refused.json().message).toBe(RESEND_ONLY_FAILED);
    }
    expect(await row(pending)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await row(skipped.id)).toMatchObject({ status: "skipped" });
    expect(smtp.received).toHaveLength(1);

    for (const id of [999_999, "abc", 0]) {
      expect((await resend(id)).statusCode, String(id)).toBe(404);
    }
  });

  it("answers 401 without a session and 403 to a merchant", async () => {
    const id = await enqueue();
    for (const [method, url] of [
      ["GET", "/api/admin/emails"],
      ["POST", `/api/admin/emails/${id}/resend`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.body).not.toContain(SECRET);
    }

    const categoryId = (await insertCategory(t.db)).id;
    await insertMerchant(t.db, { categoryId, email: "curiosa@tienda.sv" });
    await t.app.services.merchantPortal.requestLoginLink({ email: "curiosa@tienda.sv" });
    const [link] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.recipient, "curiosa@tienda.sv"))
      .orderBy(desc(outboxEmails.id));
    const token = /token=([A-Za-z0-9_-]+)/.exec(link.textBody)![1];
    const login = await t.app.inject({
      method: "POST",
      url: "/api/merchant/login",
      payload: { token },
    });
    expect(login.statusCode).toBe(200);
    const setCookie = login.headers["set-cookie"];
    const cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(";")[0];
    for (const [method, url] of [
      ["GET", "/api/admin/emails"],
      ["POST", `/api/admin/emails/${id}/resend`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe("the outbox without SMTP_URL", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("says e-mails are not sent (X-Mail-Sending: false) and lists them as logged", async () => {
    const { id } = await t.app.services.mail.enqueue(t.db, message({ subject: "Sin SMTP" }));
    await t.app.services.mail.runOnce();
    const res = await t.asAdmin({ method: "GET", url: "/api/admin/emails" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-mail-sending"]).toBe("false");
    expect(res.headers["x-total-count"]).toBe("1");
    expect(res.json<OutboxEmailDto[]>()).toEqual([
      expect.objectContaining({ id, subject: "Sin SMTP", status: "logged", sentAt: null }),
    ]);
    expect(res.body).not.toContain(SECRET);
    // A logged e-mail is not a failed one.
    expect(
      (await t.asAdmin({ method: "POST", url: `/api/admin/emails/${id}/resend` })).statusCode,
    ).toBe(409);
  });
});

import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertMerchant } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { startTestSmtpServer, type TestSmtpServer } from "../../test/test-smtp-server";

/**
 * Issue 37 L7: the portal's writes are rate limited per client address like the other
 * writes, and a merchant's contact e-mail changes send at most 3 confirmation links an hour
 * (each change mails two addresses); the 4th is a 429 with a Spanish message and changes
 * nothing.
 */
describe("the portal's write limits (issue 37 L7)", () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let categoryId: number;

  const inject = (options: InjectOptions & { cookie?: string; from?: string }) =>
    t.app.inject({
      remoteAddress: options.from ?? "10.37.7.1",
      ...options,
      headers: { ...options.headers, ...(options.cookie ? { cookie: options.cookie } : {}) },
    });
  const mailTo = (to: string) =>
    smtp.received.filter((m) => m.to.map((a) => a.toLowerCase()).includes(to));

  async function signIn(email: string, from: string): Promise<string> {
    await t.app.services.merchantPortal.requestLoginLink({ email });
    await t.app.services.mail.runOnce();
    const token = /\/merchant\/login\?token=([A-Za-z0-9_-]+)/.exec(mailTo(email).at(-1)!.text)![1];
    const login = await inject({
      method: "POST",
      url: "/api/merchant/login",
      payload: { token },
      from,
    });
    expect(login.statusCode, login.body).toBe(200);
    const setCookie = login.headers["set-cookie"];
    return String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(";")[0];
  }

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Tiangue <avisos@tiangue.test>" });
    categoryId = (await insertCategory(t.db)).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("sends at most 3 confirmation links per merchant an hour: the 4th change is a 429 and changes nothing", async () => {
    const m = await insertMerchant(t.db, { categoryId, email: "duena.l7@ejemplo.sv" });
    const cookie = await signIn("duena.l7@ejemplo.sv", "10.37.7.2");
    const change = (email: string, from: string) =>
      inject({
        method: "PUT",
        url: `/api/merchant/${m.id}`,
        cookie,
        from,
        payload: {
          description: m.description,
          address: m.address,
          phone: m.phone,
          email,
          schedule: m.schedule,
        },
      });
    // From different addresses: the per-address write limit is not what stops the 4th.
    for (let i = 1; i <= 3; i++) {
      const res = await change(`nueva${i}.l7@ejemplo.sv`, `10.37.8.${i}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const fourth = await change("nueva4.l7@ejemplo.sv", "10.37.8.4");
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(
      "Ya enviamos 3 enlaces de confirmación de correo en la última hora. Intenta de nuevo más tarde.",
    );
    const profile = await inject({ method: "GET", url: `/api/merchant/${m.id}`, cookie });
    expect(profile.json()).toMatchObject({ email: "nueva3.l7@ejemplo.sv" });
    await t.app.services.mail.runOnce();
    expect(mailTo("nueva4.l7@ejemplo.sv")).toEqual([]);
    expect(mailTo("nueva3.l7@ejemplo.sv")).toHaveLength(1);
  });

  it("limits the portal's writes per client address like the other writes; reads are not counted", async () => {
    const m = await insertMerchant(t.db, { categoryId, email: "limite.l7@ejemplo.sv" });
    const cookie = await signIn("limite.l7@ejemplo.sv", "10.37.9.1");
    const from = "10.37.9.2";
    const write = () =>
      inject({
        method: "PUT",
        url: `/api/merchant/${m.id}`,
        cookie,
        from,
        payload: {
          description: m.description,
          address: m.address,
          phone: m.phone,
          email: m.email,
          schedule: m.schedule,
        },
      });
    const answers: number[] = [];
    for (let i = 0; i < 61; i++) answers.push((await write()).statusCode);
    expect(answers.slice(0, 60).every((s) => s === 200)).toBe(true);
    const over = await write();
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/Demasiadas solicitudes/);
    // Reads go on, and another address still writes.
    expect(
      (await inject({ method: "GET", url: `/api/merchant/${m.id}`, cookie, from })).statusCode,
    ).toBe(200);
    expect(
      (await inject({ method: "GET", url: `/api/merchant/${m.id}`, cookie, from: "10.37.9.3" }))
        .statusCode,
    ).toBe(200);
  });
});

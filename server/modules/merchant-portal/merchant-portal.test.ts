import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  categories,
  merchantAuditLog,
  merchantDailyEvents,
  merchantLoginTokens,
  merchants,
  merchantSignInEmails,
  orderItems,
  orders,
  outboxEmails,
  products,
  reviews,
  sessions,
  users,
} from "../../../db/schema/index";
import type { MerchantDto, ProductDto } from "../../../shared/api-types";
import {
  type MerchantAuditEntryDto,
  type MerchantMeDto,
  type MerchantOrderDto,
  type MerchantStatsDto,
} from "../../../shared/merchant-portal";
import {
  LOGIN_LINK_INVALID_MESSAGE,
  LOGIN_LINK_SENT_MESSAGE,
} from "../../../shared/merchant-sign-in";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { startTestSmtpServer, type TestSmtpServer } from "../../test/test-smtp-server";

const PUBLIC_URL = "https://tiangue.test";
const registration = (categoryId: number) => ({
  name: "Pupusería La Esquina",
  description: "Pupusas de queso, revueltas y loroco.",
  address: "Calle Arce 10, San Salvador",
  department: "San Salvador",
  municipality: "San Salvador Centro",
  phone: "+503 2222-3333",
  whatsapp: "+503 7777-8888",
  email: "Duena@LaEsquina.sv",
  categoryId,
  schedule: JSON.stringify({ monday: { open: "08:00", close: "18:00" } }),
});

describe("merchant notices, sign-in links and the portal API", () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let categoryId: number;
  let address = 0;

  /** Each test its own client address, so per-address limits don't leak between tests. */
  let remoteAddress = "10.0.0.1";
  const inject = (options: InjectOptions & { cookie?: string }) =>
    t.app.inject({
      remoteAddress,
      ...options,
      headers: { ...options.headers, ...(options.cookie ? { cookie: options.cookie } : {}) },
    });

  /** Sends what the outbox holds through the real SMTP server. */
  const deliver = async () => {
    // A link request is answered before its e-mail is queued (issue 26).
    await t.app.services.merchantPortal.settled();
    return t.app.services.mail.runOnce();
  };
  const mailTo = (to: string) =>
    smtp.received.filter((m) => m.to.map((a) => a.toLowerCase()).includes(to.toLowerCase()));
  const tokenIn = (text: string) => {
    const match = /\/merchant\/login\?token=([A-Za-z0-9_-]+)/.exec(text);
    if (!match) throw new Error(`no sign-in link in:\n${text}`);
    return match[1];
  };

  /** Asks for a link for `email`, reads it from the SMTP server and signs in: the cookie. */
  async function signIn(email: string): Promise<string> {
    const before = mailTo(email).length;
    const asked = await inject({
      method: "POST",
      url: "/api/merchant/login-link",
      payload: { email },
    });
    expect(asked.statusCode).toBe(202);
    await deliver();
    const received = mailTo(email);
    expect(received).toHaveLength(before + 1);
    const token = tokenIn(received.at(-1)!.text);
    const login = await inject({ method: "POST", url: "/api/merchant/login", payload: { token } });
    expect(login.statusCode).toBe(200);
    const setCookie = login.headers["set-cookie"];
    return String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(";")[0];
  }

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: "Tiangue <avisos@tiangue.test>",
      PUBLIC_URL,
      ADMIN_EMAILS: "jefa@tiangue.test",
    });
    await t.adminCookie();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  beforeEach(async () => {
    remoteAddress = `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
    await t.db.delete(outboxEmails);
    await t.db.delete(merchantLoginTokens);
    await t.db.delete(orders);
    await t.db.delete(reviews);
    await t.db.delete(products);
    await t.db.delete(merchants);
    await t.db.delete(categories);
    await t.db.delete(sessions).where(sql`${sessions.sess}->>'via' = 'link'`);
    await t.db.delete(users).where(eq(users.role, "merchant"));
    await t.db.execute(sql`delete from rate_limits where key like 'merchant-link:%'`);
    smtp.received.length = 0;
    categoryId = (await insertCategory(t.db, { name: "Comida", slug: "comida" })).id;
  });

  describe("notices", () => {
    it("registration: 'Recibimos tu solicitud' to the applicant and the pending tab to the administrators", async () => {
      const created = await inject({
        method: "POST",
        url: "/api/merchants",
        payload: registration(categoryId),
      });
      expect(created.statusCode).toBe(201);
      await deliver();
      const [received] = mailTo("duena@laesquina.sv");
      expect(received.subject).toBe("Recibimos tu solicitud");
      expect(received.text).toContain("1 a 3 días hábiles");
      const [admin] = mailTo("jefa@tiangue.test");
      expect(admin.subject).toBe("Nueva solicitud de comercio: Pupusería La Esquina");
      expect(admin.text).toContain(`${PUBLIC_URL}/admin`);
      expect(admin.replyTo?.toLowerCase()).toBe("duena@laesquina.sv");
    });

    it("a registration that fails sends nothing", async () => {
      const refused = await inject({
        method: "POST",
        url: "/api/merchants",
        payload: { ...registration(categoryId), categoryId: 999999 },
      });
      expect(refused.statusCode).toBe(400);
      expect(await t.db.select().from(outboxEmails)).toHaveLength(0);
    });

    it("approval: 'Tu comercio fue aprobado' with its public page and the portal, once", async () => {
      const m = await insertMerchant(t.db, { categoryId, approved: false, slug: "la-esquina" });
      const approve = () =>
        t.asAdmin({ method: "POST", url: `/api/admin/merchants/${m.id}/approve` });
      expect((await approve()).statusCode).toBe(200);
      expect((await approve()).statusCode).toBe(200); // already approved: no second e-mail
      await deliver();
      const received = mailTo(m.email);
      expect(received.map((r) => r.subject)).toEqual(["Tu comercio fue aprobado"]);
      expect(received[0].text).toContain(`${PUBLIC_URL}/merchants/la-esquina`);
      expect(received[0].text).toContain(`${PUBLIC_URL}/merchant/login`);
    });

    it("rejection: 'Tu solicitud no fue aprobada' with the administrator's reason", async () => {
      const m = await insertMerchant(t.db, { categoryId, approved: false });
      const reason = "Falta una dirección completa <b>y</b> el horario.";
      const rejected = await t.asAdmin({
        method: "POST",
        url: `/api/admin/merchants/${m.id}/reject`,
        payload: { reason },
      });
      expect(rejected.statusCode).toBe(200);
      await deliver();
      const [received] = mailTo(m.email);
      expect(received.subject).toBe("Tu solicitud no fue aprobada");
      expect(received.text).toContain(reason);
      expect(received.html).toContain("&lt;b&gt;y&lt;/b&gt;");
      expect(received.text).toContain(`${PUBLIC_URL}/register-merchant`);
    });

    it("a new review of its product tells the merchant it waits for moderation", async () => {
      const m = await insertMerchant(t.db, { categoryId });
      const p = await insertProduct(t.db, { merchantId: m.id, categoryId, name: "Pupusa loca" });
      const sent = await inject({
        method: "POST",
        url: "/api/reviews",
        payload: {
          productId: p.id,
          userName: "Ana",
          userEmail: "ana@ejemplo.sv",
          rating: 4,
          comment: "Muy buenas, volveré pronto.",
        },
      });
      expect(sent.statusCode).toBe(201);
      await deliver();
      const [received] = mailTo(m.email);
      expect(received.subject).toBe("Nueva reseña de Pupusa loca");
      expect(received.text).toContain("4 de 5 estrellas");
      expect(received.text).not.toContain("ana@ejemplo.sv");
    });
  });

  describe("sign-in links", () => {
    it("answers a link request before the link is looked up or queued: known and unknown e-mails alike (issue 26)", async () => {
      await insertMerchant(t.db, { categoryId, email: "conocida@ejemplo.sv" });
      const auth = t.app.services.auth;
      const allowed = auth.merchantEmailAllowed;
      const events: string[] = [];
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      // Holds the known e-mail's lookup (before any transaction) until the test has seen the
      // answer: a route that looked the e-mail up before answering would never answer while
      // it is held. The guard below only keeps such a route from hanging the test.
      auth.merchantEmailAllowed = async (email) => {
        events.push(`looked up ${email}`);
        await gate;
        return allowed(email);
      };
      try {
        for (const email of ["conocida@ejemplo.sv", "desconocida@ejemplo.sv"]) {
          const answered = await Promise.race([
            inject({ method: "POST", url: "/api/merchant/login-link", payload: { email } }),
            new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000)),
          ]);
          expect(answered?.statusCode, email).toBe(202);
          events.push(`answered ${email}`);
        }
      } finally {
        open();
        await t.app.services.merchantPortal.settled();
        auth.merchantEmailAllowed = allowed;
      }
      await deliver();
      expect(events).toContain("answered conocida@ejemplo.sv");
      expect(events.filter((e) => e.startsWith("looked up"))).toEqual([
        "looked up conocida@ejemplo.sv",
      ]);
      expect(mailTo("conocida@ejemplo.sv")).toHaveLength(1);
      expect(mailTo("desconocida@ejemplo.sv")).toHaveLength(0);
    });

    it("takes a new contact e-mail as the sign-in one only once a link sent to it is used, and tells the old (issue 26)", async () => {
      const m = await insertMerchant(t.db, { categoryId, email: "vieja@ejemplo.sv" });
      const cookie = await signIn("vieja@ejemplo.sv");
      const changed = await inject({
        method: "PUT",
        url: `/api/merchant/${m.id}`,
        cookie,
        payload: {
          description: m.description,
          address: m.address,
          phone: m.phone,
          email: "nueva@ejemplo.sv",
          schedule: m.schedule,
        },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ email: "nueva@ejemplo.sv" });
      await deliver();
      // The old address is told, and still signs in; the new one does not, yet.
      const told = mailTo("vieja@ejemplo.sv").at(-1)!;
      expect(told.subject).toBe("Cambió el correo de tu comercio en Tiangue");
      expect(told.text).toContain("nueva@ejemplo.sv");
      await inject({
        method: "POST",
        url: "/api/merchant/login-link",
        payload: { email: "nueva@ejemplo.sv" },
      });
      await deliver();
      const toNew = mailTo("nueva@ejemplo.sv");
      expect(toNew.map((e) => e.subject)).toEqual(["Confirma tu nuevo correo en Tiangue"]);
      expect(await signIn("vieja@ejemplo.sv")).toMatch(/^tiangue_sid=/);

      // The confirmation link signs in with the new address, which from then on is the one.
      const login = await inject({
        method: "POST",
        url: "/api/merchant/login",
        payload: { token: tokenIn(toNew[0].text) },
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json<MerchantMeDto>().merchants.map((x) => x.id)).toEqual([m.id]);
      const asked = await inject({
        method: "POST",
        url: "/api/merchant/login-link",
        payload: { email: "vieja@ejemplo.sv" },
      });
      expect(asked.statusCode).toBe(202);
      const before = mailTo("vieja@ejemplo.sv").length;
      await deliver();
      expect(mailTo("vieja@ejemplo.sv")).toHaveLength(before);
      expect(await signIn("nueva@ejemplo.sv")).toMatch(/^tiangue_sid=/);
    });

    it("answers the same 202 whether or not the e-mail is a merchant's, and mails only a merchant", async () => {
      const m = await insertMerchant(t.db, { categoryId, email: "tienda@ejemplo.sv" });
      const pending = await insertMerchant(t.db, { categoryId, approved: false });
      for (const email of ["nadie@ejemplo.sv", "TIENDA@ejemplo.sv", pending.email]) {
        const answer = await inject({
          method: "POST",
          url: "/api/merchant/login-link",
          payload: { email },
        });
        expect(answer.statusCode).toBe(202);
        expect(answer.json()).toEqual({ message: LOGIN_LINK_SENT_MESSAGE });
      }
      await deliver();
      expect(smtp.received.map((r) => r.to)).toEqual([[m.email]]);
      const [link] = smtp.received;
      expect(link.subject).toBe("Entrar a Tiangue");
      const token = tokenIn(link.text);
      expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
      // Only the hash is stored.
      const [row] = await t.db.select().from(merchantLoginTokens);
      expect(row.tokenHash).not.toContain(token);
      expect(JSON.stringify(row)).not.toContain(token);
    });

    it("signs in once: a new session, /me lists the merchants, the link then answers 401", async () => {
      const a = await insertMerchant(t.db, { categoryId, email: "dos@ejemplo.sv", name: "B uno" });
      const b = await insertMerchant(t.db, { categoryId, email: "otro@ejemplo.sv", name: "A dos" });
      // One e-mail manages two merchants: b's sign-in e-mail is set to a's.
      const set = await t.asAdmin({
        method: "PUT",
        url: `/api/admin/merchants/${b.id}/sign-in-email`,
        payload: { email: "Dos@Ejemplo.sv" },
      });
      expect(set.json()).toEqual({ email: "dos@ejemplo.sv", custom: true });

      await inject({
        method: "POST",
        url: "/api/merchant/login-link",
        payload: { email: "dos@ejemplo.sv" },
      });
      await deliver();
      const token = tokenIn(mailTo("dos@ejemplo.sv")[0].text);
      const login = await inject({
        method: "POST",
        url: "/api/merchant/login",
        payload: { token },
        cookie: "tiangue_sid=s%3Aviejo.firma",
      });
      expect(login.statusCode).toBe(200);
      const cookie = String(login.headers["set-cookie"]).split(";")[0];
      expect(cookie).toMatch(/^tiangue_sid=/);
      const me = await inject({ method: "GET", url: "/api/merchant/me", cookie });
      expect(me.statusCode).toBe(200);
      expect(me.json<MerchantMeDto>()).toEqual({
        email: "dos@ejemplo.sv",
        merchants: [
          { id: b.id, name: "A dos", slug: b.slug },
          { id: a.id, name: "B uno", slug: a.slug },
        ],
      });

      const again = await inject({
        method: "POST",
        url: "/api/merchant/login",
        payload: { token },
      });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ message: LOGIN_LINK_INVALID_MESSAGE });

      // Logout ends it.
      expect((await inject({ method: "POST", url: "/api/auth/logout", cookie })).statusCode).toBe(
        204,
      );
      expect((await inject({ method: "GET", url: "/api/merchant/me", cookie })).statusCode).toBe(
        401,
      );
    });

    it("an expired or unknown token answers 401 with the Spanish message", async () => {
      const m = await insertMerchant(t.db, { categoryId });
      await inject({
        method: "POST",
        url: "/api/merchant/login-link",
        payload: { email: m.email },
      });
      await deliver();
      const token = tokenIn(mailTo(m.email)[0].text);
      await t.db.update(merchantLoginTokens).set({ expiresAt: sql`now() - interval '1 second'` });
      for (const payload of [{ token }, { token: "x".repeat(43) }, { token: "" }]) {
        const answer = await inject({ method: "POST", url: "/api/merchant/login", payload });
        expect(answer.statusCode, JSON.stringify(payload)).toBe(payload.token ? 401 : 400);
        if (payload.token)
          expect(answer.json()).toMatchObject({ message: LOGIN_LINK_INVALID_MESSAGE });
      }
    });

    it("limits links per e-mail (any address) and per address (any e-mail)", async () => {
      const m = await insertMerchant(t.db, { categoryId });
      const ask = (email: string, from: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/merchant/login-link",
          payload: { email },
          remoteAddress: from,
        });
      const perEmail = [];
      for (let i = 0; i < 4; i++) perEmail.push((await ask(m.email, `10.9.9.${i + 1}`)).statusCode);
      expect(perEmail).toEqual([202, 202, 202, 429]);
      // An unknown e-mail is limited alike: the 429 tells nothing about who is registered.
      const unknown = [];
      for (let i = 0; i < 4; i++)
        unknown.push((await ask("x@ejemplo.sv", `10.8.8.${i + 1}`)).statusCode);
      expect(unknown).toEqual([202, 202, 202, 429]);
      const perAddress = [];
      for (let i = 0; i < 11; i++)
        perAddress.push((await ask(`p${i}@ejemplo.sv`, "10.7.7.7")).statusCode);
      expect(perAddress.slice(0, 10).every((s) => s === 202)).toBe(true);
      expect(perAddress[10]).toBe(429);
    });

    it("the administrator sends the link from the merchant's details; not to a pending merchant", async () => {
      const m = await insertMerchant(t.db, { categoryId });
      const pending = await insertMerchant(t.db, { categoryId, approved: false });
      const sent = await t.asAdmin({
        method: "POST",
        url: `/api/admin/merchants/${m.id}/login-link`,
      });
      expect(sent.statusCode).toBe(202);
      expect(sent.json()).toMatchObject({ email: m.email });
      const refused = await t.asAdmin({
        method: "POST",
        url: `/api/admin/merchants/${pending.id}/login-link`,
      });
      expect(refused.statusCode).toBe(409);
      await deliver();
      expect(mailTo(m.email)[0].subject).toBe("Entrar a Tiangue");
      expect(mailTo(pending.email)).toHaveLength(0);
    });

    it("a merchant session gets 403 on /api/admin/*, an administrator's 401 on /api/merchant/*", async () => {
      const m = await insertMerchant(t.db, { categoryId });
      const cookie = await signIn(m.email);
      for (const url of [
        "/api/admin/merchants",
        "/api/admin/orders",
        `/api/admin/merchants/${m.id}/audit`,
      ]) {
        expect((await inject({ method: "GET", url, cookie })).statusCode, url).toBe(403);
      }
      expect((await inject({ method: "GET", url: "/api/auth/user", cookie })).statusCode).toBe(401);
      const asAdmin = await t.asAdmin({ method: "GET", url: "/api/merchant/me" });
      expect(asAdmin.statusCode).toBe(401);
      expect((await inject({ method: "GET", url: "/api/merchant/me" })).statusCode).toBe(401);
    });
  });

  describe("the portal", () => {
    let mine: typeof merchants.$inferSelect;
    let other: typeof merchants.$inferSelect;
    let cookie: string;
    const as = (options: InjectOptions) => inject({ ...options, cookie });

    beforeEach(async () => {
      mine = await insertMerchant(t.db, { categoryId, slug: "mi-tienda", name: "Mi tienda" });
      other = await insertMerchant(t.db, { categoryId, slug: "la-otra" });
      cookie = await signIn(mine.email);
    });

    it("edits its profile: visible on the public page at once, audited; another merchant's is 404", async () => {
      // Read once so the public cache holds the old text.
      expect(
        (await inject({ method: "GET", url: "/api/merchants/mi-tienda" })).json().description,
      ).toBe(mine.description);
      const profile = {
        description: "Ahora con entrega a domicilio.",
        address: "Calle Arce 99, San Salvador",
        phone: "2222-4444",
        email: mine.email,
        schedule: JSON.stringify({ monday: { open: "07:00", close: "19:00" } }),
        name: "Nombre cambiado",
      };
      const saved = await as({ method: "PUT", url: `/api/merchant/${mine.id}`, payload: profile });
      expect(saved.statusCode).toBe(200);
      const dto = saved.json<MerchantDto>();
      expect(dto.name).toBe("Mi tienda");
      expect(dto.phone).toBe("+503 2222-4444");
      const publicPage = (await inject({ method: "GET", url: "/api/merchants/mi-tienda" })).json();
      expect(publicPage.description).toBe("Ahora con entrega a domicilio.");
      expect(publicPage.schedule).toContain("07:00");

      const bad = await as({
        method: "PUT",
        url: `/api/merchant/${mine.id}`,
        payload: { ...profile, phone: "123" },
      });
      expect(bad.statusCode).toBe(400);
      const foreign = await as({
        method: "PUT",
        url: `/api/merchant/${other.id}`,
        payload: profile,
      });
      expect(foreign.statusCode).toBe(404);
      expect((await as({ method: "GET", url: `/api/merchant/${other.id}` })).statusCode).toBe(404);

      const audit = await t.asAdmin({
        method: "GET",
        url: `/api/admin/merchants/${mine.id}/audit`,
      });
      const entries = audit.json<MerchantAuditEntryDto[]>();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actor: mine.email,
        actorRole: "merchant",
        action: "profile.update",
      });
      expect(entries[0].summary).toContain("horario");
    });

    it("manages its own products only; another merchant's product is 404", async () => {
      const theirs = await insertProduct(t.db, { merchantId: other.id, categoryId });
      const created = await as({
        method: "POST",
        url: `/api/merchant/${mine.id}/products`,
        payload: {
          name: "Horchata",
          description: "De morro.",
          price: "1.25",
          categoryId,
          merchantId: other.id,
        },
      });
      expect(created.statusCode).toBe(201);
      const product = created.json<ProductDto>();
      expect(product.merchantId).toBe(mine.id);

      const updated = await as({
        method: "PUT",
        url: `/api/merchant/${mine.id}/products/${product.id}`,
        payload: {
          name: "Horchata",
          description: "De morro.",
          price: "1.50",
          categoryId,
          isActive: false,
        },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json<ProductDto>()).toMatchObject({ price: "1.50", isActive: false });

      const list = await as({ method: "GET", url: `/api/merchant/${mine.id}/products` });
      expect(list.json<ProductDto[]>().map((p) => p.id)).toEqual([product.id]);

      const payload = { name: "X", description: "Y", price: "1.00", categoryId };
      for (const options of [
        { method: "PUT", url: `/api/merchant/${mine.id}/products/${theirs.id}`, payload },
        { method: "DELETE", url: `/api/merchant/${mine.id}/products/${theirs.id}` },
        { method: "PUT", url: `/api/merchant/${other.id}/products/${theirs.id}`, payload },
        { method: "GET", url: `/api/merchant/${other.id}/products` },
        { method: "POST", url: `/api/merchant/${other.id}/products`, payload },
      ] as InjectOptions[]) {
        expect((await as(options)).statusCode, `${options.method} ${options.url}`).toBe(404);
      }
      const [still] = await t.db.select().from(products).where(eq(products.id, theirs.id));
      expect(still.name).toBe(theirs.name);

      const removed = await as({
        method: "DELETE",
        url: `/api/merchant/${mine.id}/products/${product.id}`,
      });
      expect(removed.statusCode).toBe(204);
      const actions = (await t.db.select().from(merchantAuditLog)).map((r) => r.action).sort();
      expect(actions).toEqual(["product.create", "product.delete", "product.update"]);
    });

    it("lists its orders and sets their status; another's order is 404", async () => {
      const p1 = await insertProduct(t.db, { merchantId: mine.id, categoryId, price: "2.50" });
      const p2 = await insertProduct(t.db, { merchantId: other.id, categoryId, price: "9.00" });
      // Checkout places one order per merchant (issue 10).
      const order = await t.app.services.orders.create({
        customerName: "Luis",
        customerEmail: "luis@ejemplo.sv",
        sessionId: "session_1764000000000_carritodeluis",
        paymentId: "pago-de-luis",
        items: [{ productId: p1.id, quantity: 2 }],
      });
      const theirs = await t.app.services.orders.create({
        customerName: "Eva",
        customerEmail: "eva@ejemplo.sv",
        items: [{ productId: p2.id, quantity: 1 }],
      });
      await t.db.update(orders).set({ merchantId: mine.id }).where(eq(orders.id, order.id));
      await t.db.update(orders).set({ merchantId: other.id }).where(eq(orders.id, theirs.id));
      const list = await as({ method: "GET", url: `/api/merchant/${mine.id}/orders` });
      expect(list.statusCode).toBe(200);
      const found = list.json<MerchantOrderDto[]>();
      expect(found.map((o) => o.id)).toEqual([order.id]);
      expect(found[0].items.map((i) => i.productId)).toEqual([p1.id]);
      expect(found[0].merchantTotal).toBe("5.00");
      expect(found[0].customerEmail).toBe("luis@ejemplo.sv");
      // Issue 37, M2: the shopper's cart id (all the cart routes ask for) and the payment link
      // are the shopper's alone: in no merchant answer.
      expect(list.body).not.toContain("carritodeluis");
      expect(list.body).not.toContain("pago-de-luis");
      for (const field of ["sessionId", "paymentId", "paymentUrl"]) {
        expect(found[0]).not.toHaveProperty(field);
      }

      const paid = await as({
        method: "PUT",
        url: `/api/merchant/${mine.id}/orders/${order.id}/status`,
        payload: { status: "paid" },
      });
      expect(paid.statusCode).toBe(200);
      expect(paid.json<MerchantOrderDto>().status).toBe("paid");
      expect(paid.body).not.toContain("carritodeluis");
      const wrong = await as({
        method: "PUT",
        url: `/api/merchant/${mine.id}/orders/${order.id}/status`,
        payload: { status: "enviado" },
      });
      expect(wrong.statusCode).toBe(400);
      const foreign = await as({
        method: "PUT",
        url: `/api/merchant/${mine.id}/orders/${theirs.id}/status`,
        payload: { status: "cancelled" },
      });
      expect(foreign.statusCode).toBe(404);
      const [untouched] = await t.db.select().from(orders).where(eq(orders.id, theirs.id));
      expect(untouched.status).toBe("pending");
      await t.db.delete(orderItems);
    });

    it("counts presses and views from the beacon and shows them in its stats", async () => {
      const p = await insertProduct(t.db, { merchantId: mine.id, categoryId, name: "Café" });
      const beacon = (payload: object) => inject({ method: "POST", url: "/api/events", payload });
      for (const payload of [
        { type: "whatsapp", merchantId: mine.id },
        { type: "whatsapp", merchantId: mine.id, productId: p.id },
        { type: "call", merchantId: mine.id },
        { type: "view", merchantId: mine.id, productId: p.id },
        { type: "view", merchantId: mine.id, productId: p.id },
        // Ignored: another merchant's product under mine, an unknown merchant.
        { type: "call", merchantId: mine.id, productId: 999999 },
        { type: "email", merchantId: 999999 },
      ]) {
        expect((await beacon(payload)).statusCode).toBe(204);
      }
      expect((await beacon({ type: "compra", merchantId: mine.id })).statusCode).toBe(400);
      // Last week's presses count in the 30 days only.
      await t.db.insert(merchantDailyEvents).values({
        day: sql`(now() at time zone 'America/El_Salvador')::date - 10` as unknown as string,
        merchantId: mine.id,
        productId: 0,
        type: "email",
        count: 3,
      });
      const stats = await as({ method: "GET", url: `/api/merchant/${mine.id}/stats` });
      expect(stats.statusCode).toBe(200);
      const dto = stats.json<MerchantStatsDto>();
      expect(dto.last7Days).toEqual({ whatsapp: 2, call: 1, email: 0 });
      expect(dto.last30Days).toEqual({ whatsapp: 2, call: 1, email: 3 });
      expect(dto.daily).toHaveLength(30);
      expect(dto.daily.at(-1)).toMatchObject({ whatsapp: 2, call: 1, views: 2 });
      expect(dto.topProducts).toEqual([{ id: p.id, name: "Café", slug: p.slug, views: 2 }]);
      expect((await as({ method: "GET", url: `/api/merchant/${other.id}/stats` })).statusCode).toBe(
        404,
      );
    });

    it("a merchant that is no longer approved drops out of the session's merchants", async () => {
      await t.db.update(merchants).set({ approved: false }).where(eq(merchants.id, mine.id));
      const me = await as({ method: "GET", url: "/api/merchant/me" });
      expect(me.json<MerchantMeDto>().merchants).toEqual([]);
      expect((await as({ method: "GET", url: `/api/merchant/${mine.id}/orders` })).statusCode).toBe(
        404,
      );
      await t.db.delete(merchantSignInEmails);
    });
  });
});

import { desc, eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  merchantAuditLog,
  merchants,
  merchantSignInEmails,
  orders,
  outboxEmails,
  products,
} from "../../../db/schema/index";
import type { MerchantAuditEntryDto } from "../../../shared/merchant-portal";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../test/test-app";
import { UPLOAD_OTHER_MERCHANT } from "../merchant-portal/merchant-portal.service";

/**
 * Issue 11's audit log: every administrator action on a merchant and every portal write
 * leaves a row, written in the change's own transaction, so a change that fails (or whose
 * audit row cannot be written) leaves neither. Also the portal's CSV catalogue upload.
 */
describe("merchant audit log and the portal's catalogue upload", () => {
  let t: TestApp;
  let categoryId: number;
  let address = 0;
  let remoteAddress = "10.1.0.1";

  const inject = (options: InjectOptions & { cookie?: string }) =>
    t.app.inject({
      remoteAddress,
      ...options,
      headers: { ...options.headers, ...(options.cookie ? { cookie: options.cookie } : {}) },
    });
  const admin = (options: InjectOptions) => t.asAdmin({ remoteAddress, ...options });

  const auditOf = async (merchantId: number) =>
    t.db
      .select()
      .from(merchantAuditLog)
      .where(eq(merchantAuditLog.merchantId, merchantId))
      .orderBy(desc(merchantAuditLog.id));
  const auditCount = async () =>
    (await t.db.select({ id: merchantAuditLog.id }).from(merchantAuditLog)).length;

  /** Signs in as the merchant user of `email`, reading the link from the outbox (no SMTP). */
  async function signIn(email: string): Promise<string> {
    await t.app.services.merchantPortal.requestLoginLink({ email });
    const [mail] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "merchant.login-link"))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.textBody)![1];
    const login = await inject({ method: "POST", url: "/api/merchant/login", payload: { token } });
    expect(login.statusCode).toBe(200);
    return String(login.headers["set-cookie"]).split(";")[0];
  }

  const adminMerchant = (overrides: Record<string, unknown> = {}) => ({
    name: "Ferretería El Martillo",
    description: "Herramientas y materiales de construcción.",
    address: "Av. Roosevelt 45, Santa Ana",
    department: "Santa Ana",
    municipality: "Santa Ana Centro",
    phone: "+503 2440-1234",
    whatsapp: "+503 7123-4567",
    email: "ventas@martillo.sv",
    categoryId,
    schedule: JSON.stringify({ monday: { open: "08:00", close: "17:00" } }),
    ...overrides,
  });

  /** Makes every insert into the audit log fail, as a full disk or a lost row would. */
  const breakAudit = async () => {
    await t.db.execute(
      sql.raw(`create or replace function test_refuse_audit() returns trigger language plpgsql
        as $$ begin raise exception 'audit refused by the test'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger test_refuse_audit before insert on merchant_audit_log
        for each row execute function test_refuse_audit()`),
    );
  };
  const repairAudit = () =>
    t.db.execute(sql.raw(`drop trigger if exists test_refuse_audit on merchant_audit_log`));

  beforeAll(async () => {
    t = await createTestApp();
    await t.adminCookie();
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    remoteAddress = `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
    await repairAudit();
    await t.db.delete(outboxEmails);
    await t.db.delete(orders);
    await t.db.delete(products);
    await t.db.delete(merchants);
    await t.db.execute(sql`delete from rate_limits where key like 'merchant-link:%'`);
    categoryId = (await insertCategory(t.db)).id;
  });

  describe("administrator actions", () => {
    it("audits approve, reject with its reason, edit, sign-in e-mail and link, by the admin's name", async () => {
      const m = await insertMerchant(t.db, { categoryId, approved: false });
      const steps: [InjectOptions, number][] = [
        [
          {
            method: "POST",
            url: `/api/admin/merchants/${m.id}/reject`,
            payload: { reason: "Faltan fotos del local" },
          },
          200,
        ],
        [{ method: "POST", url: `/api/admin/merchants/${m.id}/approve` }, 200],
        [
          {
            method: "PUT",
            url: `/api/admin/merchants/${m.id}`,
            payload: adminMerchant({ phone: "+503 2440-9999" }),
          },
          200,
        ],
        [
          {
            method: "PUT",
            url: `/api/admin/merchants/${m.id}/sign-in-email`,
            payload: { email: "Duenos@Martillo.sv" },
          },
          200,
        ],
        [{ method: "POST", url: `/api/admin/merchants/${m.id}/login-link` }, 202],
      ];
      for (const [request, status] of steps) {
        const res = await admin(request);
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(status);
      }

      const read = await admin({ method: "GET", url: `/api/admin/merchants/${m.id}/audit` });
      expect(read.statusCode).toBe(200);
      const entries = read.json<MerchantAuditEntryDto[]>();
      expect(entries.map((e) => e.action)).toEqual([
        "login-link.send",
        "sign-in-email.update",
        "merchant.update",
        "merchant.approve",
        "merchant.reject",
      ]);
      for (const entry of entries) {
        expect(entry).toMatchObject({
          merchantId: m.id,
          actor: TEST_ADMIN.username,
          actorRole: "admin",
        });
      }
      const summary = (action: string) => entries.find((e) => e.action === action)!.summary;
      expect(summary("merchant.reject")).toBe("Solicitud rechazada: Faltan fotos del local");
      expect(summary("merchant.approve")).toBe("Comercio aprobado");
      // The edit names what it changed, in Spanish, and nothing it left as it was.
      expect(summary("merchant.update")).toContain("teléfono");
      expect(summary("merchant.update")).toContain("nombre");
      expect(summary("merchant.update")).not.toContain("horario,");
      expect(summary("sign-in-email.update")).toBe("Correo de acceso: duenos@martillo.sv");
      expect(summary("login-link.send")).toBe("Enlace de acceso enviado a duenos@martillo.sv");
    });

    it("audits an administrator's product writes and catalogue upload under their merchant", async () => {
      const m = await insertMerchant(t.db, { categoryId });
      const fields = {
        name: "Café molido",
        description: "Tueste medio.",
        price: "8.50",
        imageUrl: "",
        images: [],
        categoryId,
        merchantId: m.id,
      };
      const created = await admin({ method: "POST", url: "/api/products", payload: fields });
      expect(created.statusCode).toBe(201);
      const id = created.json().id;
      const steps: [InjectOptions, number][] = [
        [{ method: "PUT", url: `/api/products/${id}`, payload: { ...fields, price: "9.00" } }, 200],
        [
          {
            method: "POST",
            url: "/api/admin/bulk-upload-products",
            payload: { merchantId: m.id, products: [{ ...fields, name: "Café en grano" }] },
          },
          201,
        ],
        [{ method: "DELETE", url: `/api/products/${id}` }, 204],
      ];
      for (const [request, status] of steps) {
        const res = await admin(request);
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(status);
      }
      const rows = await auditOf(m.id);
      expect(rows.map((r) => [r.action, r.summary, r.actor, r.actorRole])).toEqual([
        [
          "product.delete",
          `Producto eliminado: Café molido (#${id})`,
          TEST_ADMIN.username,
          "admin",
        ],
        ["product.bulk-upload", "Catálogo CSV: 1 producto creado", TEST_ADMIN.username, "admin"],
        ["product.update", "Producto editado: Café molido ($9.00)", TEST_ADMIN.username, "admin"],
        ["product.create", "Producto creado: Café molido", TEST_ADMIN.username, "admin"],
      ]);
    });

    it("writes no audit row for an action that fails", async () => {
      const pending = await insertMerchant(t.db, { categoryId, approved: false });
      const before = await auditCount();
      const failures: [InjectOptions, number][] = [
        [
          {
            method: "POST",
            url: `/api/admin/merchants/${pending.id}/reject`,
            payload: { reason: "" },
          },
          400,
        ],
        [{ method: "POST", url: "/api/admin/merchants/999999/approve" }, 404],
        [
          {
            method: "PUT",
            url: `/api/admin/merchants/${pending.id}`,
            payload: adminMerchant({ phone: "123" }),
          },
          400,
        ],
        [
          {
            method: "PUT",
            url: `/api/admin/merchants/${pending.id}`,
            payload: adminMerchant({ categoryId: 999999 }),
          },
          400,
        ],
        [
          {
            method: "PUT",
            url: `/api/admin/merchants/${pending.id}/sign-in-email`,
            payload: { email: "no es correo" },
          },
          400,
        ],
        // Not approved yet: no link to send.
        [{ method: "POST", url: `/api/admin/merchants/${pending.id}/login-link` }, 409],
      ];
      for (const [request, status] of failures) {
        const res = await admin(request);
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(status);
      }
      expect(await auditCount()).toBe(before);
      const [row] = await t.db.select().from(merchants).where(eq(merchants.id, pending.id));
      expect(row).toMatchObject({ approved: false, rejectionReason: null, phone: pending.phone });
    });

    it("keeps no change whose audit row cannot be written: one transaction", async () => {
      const pending = await insertMerchant(t.db, { categoryId, approved: false });
      const approved = await insertMerchant(t.db, { categoryId });
      await breakAudit();
      const refused: InjectOptions[] = [
        { method: "POST", url: `/api/admin/merchants/${pending.id}/approve` },
        {
          method: "POST",
          url: `/api/admin/merchants/${pending.id}/reject`,
          payload: { reason: "No" },
        },
        { method: "PUT", url: `/api/admin/merchants/${approved.id}`, payload: adminMerchant() },
        {
          method: "PUT",
          url: `/api/admin/merchants/${approved.id}/sign-in-email`,
          payload: { email: "otra@ejemplo.sv" },
        },
        { method: "POST", url: `/api/admin/merchants/${approved.id}/login-link` },
      ];
      for (const request of refused) {
        const res = await admin(request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(500);
      }
      await repairAudit();
      const [p] = await t.db.select().from(merchants).where(eq(merchants.id, pending.id));
      expect(p).toMatchObject({ approved: false, rejectionReason: null });
      const [a] = await t.db.select().from(merchants).where(eq(merchants.id, approved.id));
      expect(a.name).toBe(approved.name);
      expect(await t.db.select().from(merchantSignInEmails)).toEqual([]);
      // Neither the approval / rejection notices nor a sign-in link were queued.
      expect(await t.db.select().from(outboxEmails)).toEqual([]);
      expect(await auditCount()).toBe(0);
    });
  });

  describe("portal writes", () => {
    it("audits each product and order change in its transaction: a refused audit undoes it", async () => {
      const mine = await insertMerchant(t.db, { categoryId, email: "tienda@ejemplo.sv" });
      const cookie = await signIn("tienda@ejemplo.sv");
      const product = await insertProduct(t.db, { merchantId: mine.id, categoryId, price: "2.00" });
      const order = await t.app.services.orders.create({
        customerName: "Luis",
        customerEmail: "luis@ejemplo.sv",
        items: [{ productId: product.id, quantity: 1 }],
      });
      await t.db.update(orders).set({ merchantId: mine.id }).where(eq(orders.id, order.id));
      const fields = {
        name: product.name,
        description: product.description,
        price: "3.00",
        imageUrl: "",
        images: [],
        categoryId,
      };
      const writes: InjectOptions[] = [
        {
          method: "POST",
          url: `/api/merchant/${mine.id}/products`,
          payload: { ...fields, name: "Nuevo" },
        },
        { method: "PUT", url: `/api/merchant/${mine.id}/products/${product.id}`, payload: fields },
        {
          method: "PUT",
          url: `/api/merchant/${mine.id}/orders/${order.id}/status`,
          payload: { status: "paid" },
        },
        {
          method: "POST",
          url: `/api/merchant/${mine.id}/bulk-upload-products`,
          payload: {
            products: [{ name: "Del CSV", description: "Uno", price: "1.00", imageUrl: "" }],
          },
        },
        { method: "DELETE", url: `/api/merchant/${mine.id}/products/${product.id}` },
      ];

      await breakAudit();
      for (const request of writes) {
        const res = await inject({ ...request, cookie });
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(500);
      }
      await repairAudit();
      const stored = await t.db.select().from(products).where(eq(products.merchantId, mine.id));
      expect(stored.map((p) => [p.name, p.price])).toEqual([[product.name, "2.00"]]);
      const [o] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(o.status).toBe("pending");
      expect(await auditOf(mine.id)).toEqual([]);

      for (const request of writes) {
        const res = await inject({ ...request, cookie });
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBeLessThan(300);
      }
      const rows = await auditOf(mine.id);
      expect(rows.map((r) => r.action)).toEqual([
        "product.delete",
        "product.bulk-upload",
        "order.status",
        "product.update",
        "product.create",
      ]);
      for (const row of rows) {
        expect(row).toMatchObject({ actor: "tienda@ejemplo.sv", actorRole: "merchant" });
      }
      expect(rows[0].summary).toBe(`Producto eliminado: ${product.name} (#${product.id})`);
      expect(rows[1].summary).toBe("Catálogo CSV: 1 producto creado");
    });

    it("writes no audit row for a portal write that fails", async () => {
      const mine = await insertMerchant(t.db, { categoryId, email: "tienda@ejemplo.sv" });
      const other = await insertMerchant(t.db, { categoryId });
      const theirs = await insertProduct(t.db, { merchantId: other.id, categoryId });
      const cookie = await signIn("tienda@ejemplo.sv");
      const before = await auditCount();
      const failures: [InjectOptions, number][] = [
        [{ method: "POST", url: `/api/merchant/${mine.id}/products`, payload: { name: "" } }, 400],
        [
          {
            method: "PUT",
            url: `/api/merchant/${mine.id}/products/${theirs.id}`,
            payload: { name: "x" },
          },
          404,
        ],
        [{ method: "DELETE", url: `/api/merchant/${mine.id}/products/999999` }, 404],
        [
          {
            method: "PUT",
            url: `/api/merchant/${mine.id}/orders/999999/status`,
            payload: { status: "paid" },
          },
          404,
        ],
        [
          {
            method: "POST",
            url: `/api/merchant/${mine.id}/bulk-upload-products`,
            payload: { products: [] },
          },
          400,
        ],
      ];
      for (const [request, status] of failures) {
        const res = await inject({ ...request, cookie });
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(status);
      }
      expect(await auditCount()).toBe(before);
    });
  });

  describe("POST /api/merchant/{merchantId}/bulk-upload-products", () => {
    const row = (name: string, extra: Record<string, unknown> = {}) => ({
      name,
      description: `${name}, hecho en casa.`,
      price: "1.25",
      imageUrl: "",
      ...extra,
    });

    it("creates the rows in the session's merchant, all or nothing, public at once", async () => {
      const mine = await insertMerchant(t.db, { categoryId, email: "tienda@ejemplo.sv" });
      const cookie = await signIn("tienda@ejemplo.sv");
      // Read once so the public-read cache holds the empty list.
      const empty = await inject({ method: "GET", url: `/api/products?merchantId=${mine.id}` });
      expect(empty.json()).toEqual([]);

      const res = await inject({
        method: "POST",
        url: `/api/merchant/${mine.id}/bulk-upload-products`,
        cookie,
        // What the dialog sends: the merchant's id in the body and on each row, CSV lines.
        payload: {
          merchantId: mine.id,
          products: [
            row("Pan dulce", { merchantId: mine.id, categoryId, line: 2 }),
            row("Quesadilla", { merchantId: mine.id, categoryId, line: 3 }),
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().created).toBe(2);
      const stored = await t.db.select().from(products).where(eq(products.merchantId, mine.id));
      expect(stored.map((p) => p.name).sort()).toEqual(["Pan dulce", "Quesadilla"]);
      const listed = await inject({ method: "GET", url: `/api/products?merchantId=${mine.id}` });
      expect(
        listed
          .json()
          .map((p: { name: string }) => p.name)
          .sort(),
      ).toEqual(["Pan dulce", "Quesadilla"]);
      const [m] = await t.db.select().from(merchants).where(eq(merchants.id, mine.id));
      expect(m.productCount).toBe(2);
    });

    it("refuses a body or a row that names another merchant, and writes nothing", async () => {
      const mine = await insertMerchant(t.db, { categoryId, email: "tienda@ejemplo.sv" });
      const other = await insertMerchant(t.db, { categoryId });
      const cookie = await signIn("tienda@ejemplo.sv");
      const url = `/api/merchant/${mine.id}/bulk-upload-products`;

      const body = await inject({
        method: "POST",
        url,
        cookie,
        payload: { merchantId: other.id, products: [row("Pan")] },
      });
      expect(body.statusCode).toBe(400);
      expect(body.json()).toMatchObject({
        code: "validation",
        errors: [{ path: "merchantId", message: UPLOAD_OTHER_MERCHANT }],
      });

      const rows = await inject({
        method: "POST",
        url,
        cookie,
        payload: {
          products: [
            row("Pan", { merchantId: mine.id, line: 2 }),
            row("Ajeno", { merchantId: other.id, line: 3 }),
          ],
        },
      });
      expect(rows.statusCode).toBe(400);
      expect(rows.json().errors).toEqual([
        { path: "products.1.merchantId", message: `Línea 3: ${UPLOAD_OTHER_MERCHANT}` },
      ]);
      expect(await t.db.select().from(products)).toEqual([]);
    });

    it("applies the admin's rules: a bad row is refused by its CSV line and nothing is created", async () => {
      const mine = await insertMerchant(t.db, { categoryId, email: "tienda@ejemplo.sv" });
      const cookie = await signIn("tienda@ejemplo.sv");
      const res = await inject({
        method: "POST",
        url: `/api/merchant/${mine.id}/bulk-upload-products`,
        cookie,
        payload: {
          products: [
            row("Pan", { line: 2 }),
            row("Sin precio", { price: "gratis", line: 5 }),
            row("Otra categoría", { categoryId: 999999, line: 6 }),
          ],
        },
      });
      expect(res.statusCode).toBe(400);
      const messages = res.json().errors.map((e: { message: string }) => e.message);
      expect(messages.some((m: string) => m.startsWith("Línea 5: "))).toBe(true);
      expect(await t.db.select().from(products)).toEqual([]);
    });

    it("answers 404 for a merchant the session does not manage, before reading the rows", async () => {
      await insertMerchant(t.db, { categoryId, email: "tienda@ejemplo.sv" });
      const other = await insertMerchant(t.db, { categoryId });
      const cookie = await signIn("tienda@ejemplo.sv");
      const res = await inject({
        method: "POST",
        url: `/api/merchant/${other.id}/bulk-upload-products`,
        cookie,
        payload: { products: [row("Pan")] },
      });
      expect(res.statusCode).toBe(404);
      expect(await t.db.select().from(products)).toEqual([]);
    });
  });
});

import { eq } from "drizzle-orm";
import { createRequestHandler } from "react-router";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as root from "../../../app/root";
import * as layout from "../../../app/routes/public/layout";
import * as orderDetail from "../../../app/routes/public/order-detail";
import * as orderReceipt from "../../../app/routes/public/order-receipt";
import { mountPages } from "../../http/web-app";
import { testServerBuild, type TestRoute } from "../../test/page-build";
import { merchantAuditLog, orderDte, type merchants } from "../../../db/schema/index";
import type { CheckoutDto } from "../../../shared/checkout";
import { WITHDRAWAL_TEXT } from "../../../shared/consumer-rights";
import { DTE_CODE_MESSAGE, DTE_DATE_FUTURE_MESSAGE } from "../../../shared/dte";
import { DTE_DISCLAIMER } from "../../../shared/receipt";
import { insertCategory, insertMerchant, insertProduct } from "../../test/factories";
import { startDoorApp, type DoorApp } from "../../test/order-life-fixtures";

/**
 * Issue 37: an order's receipt (page and PDF, with the order page's token), who sells on
 * the order page, and the DTE its merchant records from the portal (own, other, invalid).
 */

// The stylesheet's built URL (Vite gives none to a test).
vi.mock("../../../app/app.css?url", () => ({ default: "/assets/app.css" }));

/** The real order page and receipt page, rendered by React Router's handler. */
const ROUTES = {
  root: { path: "", module: root },
  "routes/public/layout": { parentId: "root", module: layout },
  "routes/public/order-detail": {
    parentId: "routes/public/layout",
    path: "orders/:orderNumber",
    module: orderDetail,
  },
  "routes/public/order-receipt": {
    parentId: "root",
    path: "orders/:orderNumber/comprobante",
    module: orderReceipt,
  },
} satisfies Record<string, TestRoute>;

const CODE = "03754C2B-E078-3A11-E064-00144FFB12D3";
const customer = {
  customerName: "Ana Peña",
  customerEmail: "ana.recibo@ejemplo.sv",
  customerPhone: "7000-1234",
};
const ADDRESS = {
  department: "San Salvador",
  municipality: "San Salvador Centro",
  address: "Calle Arce 1234, edificio azul",
  reference: "Frente al parque",
};

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe("receipts and DTEs (issue 37)", () => {
  let door: DoorApp;
  let seller: typeof merchants.$inferSelect;
  let other: typeof merchants.$inferSelect;
  let placed: CheckoutDto;
  let token: string;
  let number: string;
  let sellerCookie: string;
  let otherCookie: string;
  let otherOrderId: number;

  beforeAll(async () => {
    const handle = createRequestHandler(testServerBuild(ROUTES), "production");
    door = await startDoorApp(
      {},
      { web: async (app) => mountPages(app, handle, { keepPages: true }) },
    );
    const db = door.t.db;
    const categoryId = (await insertCategory(db)).id;
    seller = await insertMerchant(db, {
      categoryId,
      name: "Panadería Ñandú",
      email: "nandu@ejemplo.sv",
      legalName: "Panificadora Ñandú, S.A. de C.V.",
      taxId: "0614-150585-101-5",
      fulfillment: "delivery",
      deliveryArea: "country",
      deliveryFee: "2.50",
      paymentMethods: ["cash", "whatsapp"],
    });
    other = await insertMerchant(db, {
      categoryId,
      name: "Café El Volcán",
      email: "volcan@ejemplo.sv",
      fulfillment: "pickup",
      paymentMethods: ["cash"],
    });
    const pan = await insertProduct(db, {
      merchantId: seller.id,
      categoryId,
      name: "Quesadilla salvadoreña",
      price: "3.75",
    });
    const cafe = await insertProduct(db, {
      merchantId: other.id,
      categoryId,
      name: "Café de altura",
      price: "4.00",
    });
    placed = await door.placed({
      sessionId: await door.cartWith([[pan.id, 2]]),
      ...customer,
      paymentMethod: "cash",
      deliveryAddress: ADDRESS,
    });
    const url = new URL(placed.orderUrl);
    number = placed.orders[0].orderNumber;
    token = url.searchParams.get("token")!;
    const second = await door.placed({
      sessionId: await door.cartWith([[cafe.id, 1]]),
      ...customer,
      customerEmail: "otro.recibo@ejemplo.sv",
      paymentMethod: "cash",
    });
    otherOrderId = second.orders[0].id;
    sellerCookie = await door.merchantCookie(seller.email);
    otherCookie = await door.merchantCookie(other.email);
  });
  afterAll(() => door.close());

  const pdf = (orderNumber: string, t: string) =>
    door.inject({
      method: "GET",
      url: `/api/orders/${orderNumber}/comprobante.pdf?token=${encodeURIComponent(t)}`,
    });
  const page = (orderNumber: string, t: string) =>
    door.inject({
      method: "GET",
      url: `/orders/${orderNumber}/comprobante?token=${encodeURIComponent(t)}`,
    });
  const putDte = (merchantId: number, orderId: number, payload: unknown, cookie = sellerCookie) =>
    door.inject({
      method: "PUT",
      url: `/api/merchant/${merchantId}/orders/${orderId}/dte`,
      payload: payload as object,
      cookie,
    });

  it("shows who sells on the order page's answer", () => {
    expect(placed.orders[0].merchant).toMatchObject({
      name: "Panadería Ñandú",
      legalName: "Panificadora Ñandú, S.A. de C.V.",
      taxId: "0614-150585-101-5",
    });
    expect(placed.orders[0].dte).toBeNull();
  });

  it("says who sells and the right of withdrawal in the order e-mail", async () => {
    const [mail] = await door.mailTo(customer.customerEmail);
    const text = mail.text.replace(/\s+/g, " ");
    expect(text).toContain("Vende: Panificadora Ñandú, S.A. de C.V. · NIT 0614-150585-101-5");
    expect(text).toContain(WITHDRAWAL_TEXT.slice(0, 60));
    expect(text).toContain("alimentos perecederos");
    // The other shop gave none: its e-mail says nothing of it.
    const [otherMail] = await door.mailTo("otro.recibo@ejemplo.sv");
    expect(otherMail.text).not.toContain("Vende:");
  });

  it("writes the receipt as a PDF with its accents and figures, with the order page's token", async () => {
    const res = await pdf(number, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      "Comprobante de compra",
      `Pedido ${number}`,
      "(hora de El Salvador)",
      "Panadería Ñandú",
      "Razón social: Panificadora Ñandú, S.A. de C.V.",
      "NIT 0614-150585-101-5",
      "Quesadilla salvadoreña",
      "2 ×",
      "$3.75",
      "$7.50",
      "Envío $2.50",
      "Total $10.00",
      "Efectivo al recibir: Pago pendiente",
      "Entrega a domicilio",
      "Calle Arce 1234, edificio azul",
      "San Salvador Centro, San Salvador",
      "Referencia: Frente al parque",
      "El comercio aún no registró el DTE de este pedido.",
      DTE_DISCLAIMER,
      "derecho de retracto",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("answers a wrong token or an unknown number as the order page does: 404", async () => {
    const orderPage = await door.inject({
      method: "GET",
      url: `/api/orders/${number}?token=equivocado`,
    });
    const wrong = await pdf(number, "equivocado");
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual(orderPage.json());
    expect((await pdf("ES-2026-999999", token)).statusCode).toBe(404);
    expect(
      (await door.inject({ method: "GET", url: `/api/orders/${number}/comprobante.pdf` }))
        .statusCode,
    ).toBe(404);
    expect((await page(number, "equivocado")).statusCode).toBe(404);
  });

  it("renders the printable page on the server, never kept by a shared cache", async () => {
    const res = await page(number, token);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["cache-control"])).not.toMatch(/public/);
    const html = res.body;
    expect(html).toContain("Comprobante de compra");
    expect(html).toContain("Panificadora Ñandú, S.A. de C.V.");
    expect(html).toContain("NIT 0614-150585-101-5");
    expect(html).toContain("$10.00");
    expect(html).toContain(DTE_DISCLAIMER);
    expect(html).toContain(WITHDRAWAL_TEXT.slice(0, 40));
    expect(html).toContain(`/api/orders/${number}/comprobante.pdf?token=`);
    expect(html).toContain("noindex");
  });

  it("links the order page to both, and says the right of withdrawal", async () => {
    const res = await door.inject({
      method: "GET",
      url: new URL(placed.orderUrl).pathname + new URL(placed.orderUrl).search,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`/orders/${number}/comprobante?token=`);
    expect(res.body).toContain(`/api/orders/${number}/comprobante.pdf?token=`);
    expect(res.body).toContain("Datos del comercio");
    expect(res.body).toContain("Panificadora Ñandú, S.A. de C.V.");
    expect(res.body).toContain(WITHDRAWAL_TEXT.slice(0, 40));
  });

  describe("PUT /api/merchant/{merchantId}/orders/{orderId}/dte", () => {
    const orderId = () => placed.orders[0].id;

    it("refuses a code that is not a UUID and a bad or future date, recording nothing", async () => {
      const bad = await putDte(seller.id, orderId(), { code: "123", issuedAt: "2026-12-03" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ path: "code", message: DTE_CODE_MESSAGE }]);
      const date = await putDte(seller.id, orderId(), { code: CODE, issuedAt: "1" });
      expect(date.statusCode).toBe(400);
      expect(date.json().errors[0].path).toBe("issuedAt");
      const future = await putDte(seller.id, orderId(), { code: CODE, issuedAt: "2999-01-01" });
      expect(future.statusCode).toBe(400);
      expect(future.json().errors).toEqual([
        { path: "issuedAt", message: DTE_DATE_FUTURE_MESSAGE },
      ]);
      const nothing = await putDte(seller.id, orderId(), []);
      expect(nothing.statusCode).toBe(400);
      expect(await door.t.db.select().from(orderDte)).toEqual([]);
    });

    it("answers 404 for another shop's order and for a shop the session does not manage", async () => {
      const today = new Date(Date.now() - 6 * 3600_000).toISOString().slice(0, 10);
      const foreignOrder = await putDte(seller.id, otherOrderId, { code: CODE, issuedAt: today });
      expect(foreignOrder.statusCode).toBe(404);
      const foreignShop = await putDte(other.id, orderId(), { code: CODE, issuedAt: today });
      expect(foreignShop.statusCode).toBe(404);
      const notMine = await putDte(
        seller.id,
        orderId(),
        { code: CODE, issuedAt: today },
        otherCookie,
      );
      expect(notMine.statusCode).toBe(404);
      const anonymous = await door.inject({
        method: "PUT",
        url: `/api/merchant/${seller.id}/orders/${orderId()}/dte`,
        payload: { code: CODE, issuedAt: today },
      });
      expect(anonymous.statusCode).toBe(401);
      expect(await door.t.db.select().from(orderDte)).toEqual([]);
    });

    it("records the merchant's own, audited, then the order page, receipt and portal show it with Hacienda's lookup", async () => {
      const today = new Date(Date.now() - 6 * 3600_000).toISOString().slice(0, 10);
      const res = await putDte(seller.id, orderId(), { code: CODE.toLowerCase(), issuedAt: today });
      expect(res.statusCode, res.body).toBe(200);
      const lookupUrl = `https://admin.factura.gob.sv/consultaPublica?ambiente=01&codGen=${CODE}&fechaEmi=${today}`;
      expect(res.json()).toMatchObject({
        orderId: orderId(),
        code: CODE,
        issuedAt: today,
        lookupUrl,
      });
      const audit = await door.t.db
        .select()
        .from(merchantAuditLog)
        .where(eq(merchantAuditLog.merchantId, seller.id));
      expect(audit.map((row) => row.action)).toContain("order.dte");

      const orderPage = await door.orderPage(placed.orderUrl);
      expect(orderPage.json<CheckoutDto>().orders[0].dte).toEqual({
        code: CODE,
        issuedAt: today,
        lookupUrl,
      });
      const text = await pdfText((await pdf(number, token)).rawPayload);
      expect(text).toContain(`Código de generación: ${CODE}`);
      expect(text).toContain("Consultar en el Ministerio de Hacienda");
      const html = (await page(number, token)).body;
      expect(html).toContain(lookupUrl.replace(/&/g, "&amp;"));
      const portal = await door.inject({
        method: "GET",
        url: `/api/merchant/${seller.id}/orders`,
        cookie: sellerCookie,
      });
      expect(portal.json()[0].dte).toEqual({ code: CODE, issuedAt: today, lookupUrl });

      // A second write corrects the first.
      const again = await putDte(seller.id, orderId(), {
        code: "3F2504E0-4F89-11D3-9A0C-0305E82C3301",
        issuedAt: `${today}T12:00:00-06:00`,
      });
      expect(again.statusCode).toBe(200);
      expect(await door.t.db.select().from(orderDte)).toHaveLength(1);
    });
  });
});

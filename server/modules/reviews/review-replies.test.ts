import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchantAuditLog, reviews } from "../../../db/schema/index";
import { insertCategory, insertMerchant, insertProduct, insertReview } from "../../test/factories";
import { startDoorApp, type DoorApp } from "../../test/order-life-fixtures";

/**
 * Issue 37: the merchant's one answer to a published review of its shop or its products,
 * editable and removable from the portal; another shop's review is a 404; administrators
 * may remove it; the public DTO carries it as {text, at}.
 */
describe("a merchant's reply to a review (issue 37)", () => {
  let door: DoorApp;
  let mine: string;
  let theirs: string;
  let shopId: number;
  let otherId: number;
  let productId: number;
  const t = () => door.t;

  const put = (merchantId: number, reviewId: number, payload: unknown, cookie = mine) =>
    door.inject({
      method: "PUT",
      url: `/api/merchant/${merchantId}/reviews/${reviewId}/reply`,
      payload: payload as object,
      cookie,
    });
  const remove = (merchantId: number, reviewId: number, cookie = mine) =>
    door.inject({
      method: "DELETE",
      url: `/api/merchant/${merchantId}/reviews/${reviewId}/reply`,
      cookie,
    });
  const published = async (target: { merchantId?: number; productId?: number }) =>
    insertReview(t().db, { rating: 2, isApproved: true, ...target });

  beforeAll(async () => {
    door = await startDoorApp();
    const { id: categoryId } = await insertCategory(t().db);
    shopId = (await insertMerchant(t().db, { categoryId, email: "ceiba@ejemplo.sv" })).id;
    otherId = (await insertMerchant(t().db, { categoryId, email: "otro@ejemplo.sv" })).id;
    productId = (await insertProduct(t().db, { merchantId: shopId, categoryId })).id;
    mine = await door.merchantCookie("ceiba@ejemplo.sv");
    theirs = await door.merchantCookie("otro@ejemplo.sv");
  });
  afterAll(() => door.close());

  it("answers a published review of the shop once, edits it, and shows it on the public list", async () => {
    const review = await published({ merchantId: shopId });
    const first = await put(shopId, review.id, { reply: "  Gracias, lo mejoraremos.  " });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().reply).toEqual({
      text: "Gracias, lo mejoraremos.",
      at: expect.any(String),
    });
    const edited = await put(shopId, review.id, { reply: "Gracias: ya cambiamos el horario." });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().reply.text).toBe("Gracias: ya cambiamos el horario.");
    expect(Date.parse(edited.json().reply.at)).toBeGreaterThanOrEqual(
      Date.parse(first.json().reply.at),
    );
    const list = await door.inject({ method: "GET", url: `/api/reviews?merchantId=${shopId}` });
    expect(list.json()[0]).toMatchObject({
      id: review.id,
      reply: { text: "Gracias: ya cambiamos el horario." },
    });
    const audit = await t()
      .db.select()
      .from(merchantAuditLog)
      .where(eq(merchantAuditLog.merchantId, shopId));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["review.reply", "review.reply.edit"]),
    );
  });

  it("answers a review of its own product too", async () => {
    const review = await published({ productId });
    const res = await put(shopId, review.id, { reply: "¡Gracias por tu compra!" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ productId, reply: { text: "¡Gracias por tu compra!" } });
  });

  it("answers 404 for another shop's review, an unknown one and a shop the user does not manage", async () => {
    const review = await published({ merchantId: otherId });
    const asMine = await put(shopId, review.id, { reply: "No es mía." });
    expect(asMine.statusCode).toBe(404);
    expect(asMine.json().message).toBe("Reseña no encontrada");
    expect((await put(shopId, 999_999, { reply: "Ninguna." })).statusCode).toBe(404);
    // The other merchant's session on this shop's path: its 404, before the body is read.
    const mineReview = await published({ merchantId: shopId });
    expect((await put(shopId, mineReview.id, {}, theirs)).statusCode).toBe(404);
    expect((await remove(shopId, mineReview.id, theirs)).statusCode).toBe(404);
    expect((await remove(shopId, review.id)).statusCode).toBe(404);
    const [stored] = await t().db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(stored.reply).toBeNull();
  });

  it("asks 5 to 1000 characters, and a published review", async () => {
    const review = await published({ merchantId: shopId });
    for (const reply of ["hola", "   ok   ", "x".repeat(1001)]) {
      const res = await put(shopId, review.id, { reply });
      expect(res.statusCode, reply).toBe(400);
      expect(res.json().errors[0].path).toBe("reply");
    }
    expect((await put(shopId, review.id, { reply: "x".repeat(1000) })).statusCode).toBe(200);
    const missing = await put(shopId, review.id, {});
    expect(missing.json().errors[0].message).toBe("La respuesta debe tener al menos 5 caracteres");
    const pending = await insertReview(t().db, { rating: 4, merchantId: shopId });
    const early = await put(shopId, pending.id, { reply: "Gracias de antemano." });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Solo puedes responder reseñas ya publicadas");
  });

  it("removes the reply (204, again 204), and an administrator may remove it too", async () => {
    const review = await published({ merchantId: shopId });
    await put(shopId, review.id, { reply: "Gracias por venir." });
    expect((await remove(shopId, review.id)).statusCode).toBe(204);
    expect((await remove(shopId, review.id)).statusCode).toBe(204);
    let [stored] = await t().db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(stored).toMatchObject({ reply: null, repliedAt: null });

    await put(shopId, review.id, { reply: "Un insulto que no debió publicarse." });
    const admin = await t().adminCookie();
    const byAdmin = await door.inject({
      method: "DELETE",
      url: `/api/admin/reviews/${review.id}/reply`,
      cookie: admin,
    });
    expect(byAdmin.statusCode).toBe(204);
    [stored] = await t().db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(stored.reply).toBeNull();
    const unknown = await door.inject({
      method: "DELETE",
      url: "/api/admin/reviews/999999/reply",
      cookie: admin,
    });
    expect(unknown.statusCode).toBe(404);
    const audit = await t()
      .db.select()
      .from(merchantAuditLog)
      .where(eq(merchantAuditLog.merchantId, shopId));
    expect(audit.some((a) => a.summary.startsWith("Un administrador quitó"))).toBe(true);
  });
});

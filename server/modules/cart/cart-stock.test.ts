import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartItemDto, ProductDto } from "../../../shared/api-types";
import { chooseOptionMessage, SOLD_OUT_MESSAGE } from "../../../shared/product-variants";
import { CART_VARIANT_MESSAGE } from "../../../shared/schemas/cart";
import { insertCategory, insertMerchant } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { VARIANT_NOT_OF_PRODUCT } from "./cart.service";

/** Issue 36: the cart against stock and variants, through the spec's routes. */
describe("cart with stock and variants (issue 36)", () => {
  let t: TestApp;
  let shirt: ProductDto;
  let counted: ProductDto;
  let soldOut: ProductDto;
  let plain: ProductDto;
  let sessions = 0;
  let addresses = 0;

  const send = (method: "POST" | "PUT" | "DELETE" | "GET", url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.36.${Math.floor(++addresses / 250)}.${addresses % 250}`,
      ...(payload ? { payload } : {}),
    });
  const newCart = () => `/api/cart/stock_${++sessions}_${Date.now()}`;

  beforeAll(async () => {
    t = await createTestApp();
    const categoryId = (await insertCategory(t.db)).id;
    const merchantId = (await insertMerchant(t.db, { categoryId })).id;
    const create = (fields: object) =>
      t.app.services.products.create({
        name: "Producto",
        description: "De prueba.",
        price: "5.00",
        categoryId,
        merchantId,
        ...fields,
      });
    shirt = await create({
      name: "Camisa",
      options: [{ name: "Talla", values: ["S", "M", "L"] }],
      variants: [
        { options: { Talla: "S" }, price: "10.00", stock: 3 },
        { options: { Talla: "M" }, price: "11.00", stock: 0 },
        { options: { Talla: "L" }, price: "12.00" },
      ],
    });
    counted = await create({ name: "Quesadilla", stock: 4 });
    soldOut = await create({ name: "Tamal", soldOut: true });
    plain = await create({ name: "Atol" });
  });
  afterAll(() => t.close());

  const variant = (name: string) => shirt.variants.find((v) => v.name === name)!;

  it("the spec's payload still adds a product without variants", async () => {
    const res = await send("POST", newCart(), { productId: plain.id, quantity: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ variantId: null, variantName: null, price: "5.00" });
  });

  it("a product with variants needs one of its own: 400 on variantId", async () => {
    const cart = newCart();
    const none = await send("POST", cart, { productId: shirt.id, quantity: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([
      { path: "variantId", message: chooseOptionMessage("Camisa") },
    ]);
    expect(chooseOptionMessage("Camisa")).toBe("Elige una opción de Camisa");
    const foreign = await send("POST", cart, {
      productId: counted.id,
      quantity: 1,
      variantId: variant("S").id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ path: "variantId", message: VARIANT_NOT_OF_PRODUCT }]);
    const bad = await send("POST", cart, { productId: shirt.id, variantId: "M" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: "variantId", message: CART_VARIANT_MESSAGE }]);
    expect((await send("GET", cart)).json()).toEqual([]);
  });

  it("the same product in two variants is two lines, priced and named by each", async () => {
    const cart = newCart();
    expect(
      (await send("POST", cart, { productId: shirt.id, variantId: variant("S").id })).statusCode,
    ).toBe(201);
    expect(
      (await send("POST", cart, { productId: shirt.id, quantity: 2, variantId: variant("L").id }))
        .statusCode,
    ).toBe(201);
    const lines: CartItemDto[] = (await send("GET", cart)).json();
    expect(lines.map((l) => [l.variantName, l.price, l.quantity])).toEqual([
      ["S", "10.00", 1],
      ["L", "12.00", 2],
    ]);
    // ?variantId= names the line to change or remove.
    const changed = await send("PUT", `${cart}/${shirt.id}?variantId=${variant("L").id}`, {
      quantity: 5,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ variantName: "L", quantity: 5 });
    const removed = await send("DELETE", `${cart}/${shirt.id}?variantId=${variant("S").id}`);
    expect(removed.statusCode).toBe(204);
    expect(((await send("GET", cart)).json() as CartItemDto[]).map((l) => l.variantName)).toEqual([
      "L",
    ]);
    // Without it, DELETE removes every line of the product (the spec's path).
    expect((await send("DELETE", `${cart}/${shirt.id}`)).statusCode).toBe(204);
    expect((await send("GET", cart)).json()).toEqual([]);
  });

  it("more than is left is a 409 'Solo quedan N', the cart's own units counted", async () => {
    const cart = newCart();
    expect((await send("POST", cart, { productId: counted.id, quantity: 3 })).statusCode).toBe(201);
    const over = await send("POST", cart, { productId: counted.id, quantity: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe("Solo quedan 1 de Quesadilla");
    expect((await send("POST", cart, { productId: counted.id, quantity: 1 })).statusCode).toBe(201);
    const full = await send("POST", cart, { productId: counted.id, quantity: 1 });
    expect(full.statusCode).toBe(409);
    // Raising a line past the count is refused; lowering it is not.
    const raised = await send("PUT", `${cart}/${counted.id}`, { quantity: 6 });
    expect(raised.statusCode).toBe(409);
    expect(raised.json().message).toBe("Solo quedan 4 de Quesadilla");
    expect((await send("PUT", `${cart}/${counted.id}`, { quantity: 2 })).statusCode).toBe(200);

    const variantOver = await send("POST", cart, {
      productId: shirt.id,
      quantity: 4,
      variantId: variant("S").id,
    });
    expect(variantOver.statusCode).toBe(409);
    expect(variantOver.json().message).toBe("Solo quedan 3 de Camisa (S)");
  });

  it("a sold-out product or variant adds nothing: 409 'Este producto está agotado'", async () => {
    const cart = newCart();
    for (const body of [
      { productId: soldOut.id },
      { productId: shirt.id, variantId: variant("M").id },
    ]) {
      const res = await send("POST", cart, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: "conflict", message: SOLD_OUT_MESSAGE });
    }
    expect((await send("GET", cart)).json()).toEqual([]);
    // Still public: its page and links stay.
    expect((await send("GET", `/api/products/${soldOut.slug}`)).json()).toMatchObject({
      soldOut: true,
      available: false,
    });
  });
});

import { describe, expect, it } from "vitest";
import { cartItemSchema, cartQuantitySchema, cartSessionIdSchema, newCartSessionId } from "./cart";
import { messagesOf } from "../test/test-helpers";

describe("cartSessionIdSchema", () => {
  it("accepts 1–100 letters, digits, - and _", () => {
    expect(cartSessionIdSchema.safeParse("session_1764000000000_abc-XYZ").success).toBe(true);
    expect(cartSessionIdSchema.safeParse("a".repeat(100)).success).toBe(true);
  });

  it("requires a value", () => {
    expect(messagesOf(cartSessionIdSchema, "")).toEqual({ "": ["Session ID is required"] });
    expect(messagesOf(cartSessionIdSchema, undefined)).toEqual({ "": ["Session ID is required"] });
  });

  it.each(["a".repeat(101), "con espacio", "../etc", "ñandú"])("rejects %j", (id) => {
    expect(messagesOf(cartSessionIdSchema, id)).toEqual({
      "": ["Identificador de carrito inválido"],
    });
  });
});

describe("newCartSessionId", () => {
  it("is 'session', a timestamp and a random string, and passes the schema", () => {
    const id = newCartSessionId();
    expect(id).toMatch(/^session_\d{13}_[a-z0-9]{16}$/);
    expect(cartSessionIdSchema.safeParse(id).success).toBe(true);
  });

  it("differs each time", () => {
    expect(new Set(Array.from({ length: 50 }, newCartSessionId)).size).toBe(50);
  });
});

describe("cartItemSchema", () => {
  it("defaults the quantity to 1", () => {
    expect(cartItemSchema.parse({ productId: 4 })).toEqual({ productId: 4, quantity: 1 });
  });

  it("gives the spec's messages", () => {
    expect(messagesOf(cartItemSchema, { productId: 0, quantity: 0 })).toEqual({
      productId: ["Product ID must be a positive number"],
      quantity: ["Quantity must be a positive number"],
    });
    expect(messagesOf(cartItemSchema, { productId: "4", quantity: 1.5 })).toEqual({
      productId: ["Product ID must be a positive number"],
      quantity: ["Quantity must be a positive number"],
    });
  });

  it("caps the quantity at 99", () => {
    expect(cartItemSchema.safeParse({ productId: 1, quantity: 99 }).success).toBe(true);
    expect(messagesOf(cartItemSchema, { productId: 1, quantity: 100 })).toEqual({
      quantity: ["La cantidad máxima es 99"],
    });
  });
});

describe("cartQuantitySchema", () => {
  it("requires a quantity from 1 to 99", () => {
    expect(cartQuantitySchema.parse({ quantity: 3 })).toEqual({ quantity: 3 });
    expect(messagesOf(cartQuantitySchema, {})).toEqual({
      quantity: ["Quantity must be a positive number"],
    });
    expect(messagesOf(cartQuantitySchema, { quantity: 120 })).toEqual({
      quantity: ["La cantidad máxima es 99"],
    });
  });
});

import { expect, it } from "vitest";
import { ORDER_STATUS_LABELS } from "../order-status";
import { orderStatusSchema } from "./order-status";
import { messagesOf } from "../test/test-helpers";

it("accepts the three statuses", () => {
  for (const status of ["pending", "paid", "cancelled"]) {
    expect(orderStatusSchema.parse({ status })).toEqual({ status });
  }
});

it("rejects any other status", () => {
  expect(messagesOf(orderStatusSchema, { status: "shipped" })).toEqual({
    status: ["Estado de pedido inválido"],
  });
  expect(messagesOf(orderStatusSchema, {})).toEqual({ status: ["Estado de pedido inválido"] });
});

it("labels them in Spanish", () => {
  expect(ORDER_STATUS_LABELS).toEqual({
    pending: "Pendiente",
    paid: "Pagado",
    cancelled: "Cancelado",
  });
});

import { expect, it } from "vitest";
import { rejectSchema } from "./reject";
import { messagesOf } from "../test/test-helpers";

it("needs a trimmed reason of at most 1000 characters", () => {
  expect(rejectSchema.parse({ reason: "  Datos incompletos " })).toEqual({
    reason: "Datos incompletos",
  });
  expect(messagesOf(rejectSchema, { reason: "   " })).toEqual({
    reason: ["Por favor proporciona una razón para el rechazo"],
  });
  expect(messagesOf(rejectSchema, {})).toEqual({
    reason: ["Por favor proporciona una razón para el rechazo"],
  });
  expect(messagesOf(rejectSchema, { reason: "x".repeat(1001) })).toEqual({
    reason: ["No puede tener más de 1000 caracteres"],
  });
});

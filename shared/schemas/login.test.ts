import { expect, it } from "vitest";
import { loginSchema } from "./login";
import { messagesOf } from "../test/test-helpers";

it("trims the username but not the password", () => {
  expect(loginSchema.parse({ username: " admin ", password: " secreto " })).toEqual({
    username: "admin",
    password: " secreto ",
  });
});

it("requires both", () => {
  expect(messagesOf(loginSchema, { username: " ", password: "" })).toEqual({
    username: ["El usuario es requerido"],
    password: ["La contraseña es requerida"],
  });
  expect(messagesOf(loginSchema, {})).toEqual({
    username: ["El usuario es requerido"],
    password: ["La contraseña es requerida"],
  });
});

import { z } from "zod";
import { textField } from "./fields";

export const USERNAME_MESSAGE = "El usuario es requerido";
export const PASSWORD_MESSAGE = "La contraseña es requerida";

export const loginSchema = z.object({
  username: textField(USERNAME_MESSAGE).trim().min(1, USERNAME_MESSAGE).max(100, USERNAME_MESSAGE),
  // Not trimmed or cleaned: spaces and any character can be part of a password.
  password: textField(PASSWORD_MESSAGE, { verbatim: true })
    .min(1, PASSWORD_MESSAGE)
    .max(200, PASSWORD_MESSAGE),
});

export type Login = z.output<typeof loginSchema>;

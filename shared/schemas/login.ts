import { z } from "zod";

export const USERNAME_MESSAGE = "El usuario es requerido";
export const PASSWORD_MESSAGE = "La contraseña es requerida";

export const loginSchema = z.object({
  username: z
    .string({ error: USERNAME_MESSAGE })
    .trim()
    .min(1, USERNAME_MESSAGE)
    .max(100, USERNAME_MESSAGE),
  // Not trimmed: spaces can be part of a password.
  password: z
    .string({ error: PASSWORD_MESSAGE })
    .min(1, PASSWORD_MESSAGE)
    .max(200, PASSWORD_MESSAGE),
});

export type Login = z.output<typeof loginSchema>;

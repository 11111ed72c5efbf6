import { z } from "zod";
import { nullableString } from "./common";

/** The signed-in user: an administrator, or a merchant signed in with its e-mail link (issue 11). */
export const user = z.object({
  id: z.string(),
  email: nullableString,
  username: nullableString,
  firstName: nullableString,
  lastName: nullableString,
  profileImageUrl: nullableString,
  role: z.enum(["admin", "merchant"]),
});

import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

export const users = pgTable("users", {
  id: uuid().primaryKey().defaultRandom(),
  email: text().unique(),
  username: text().unique(),
  /** scrypt hash (see server/modules/auth/password.ts); null for external-account users. */
  passwordHash: text(),
  /** Subject of the external OpenID Connect account, when the user signs in that way. */
  oidcSubject: text().unique(),
  role: text().notNull().default("admin"),
  firstName: text(),
  lastName: text(),
  profileImageUrl: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

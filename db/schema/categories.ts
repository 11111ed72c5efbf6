import { integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

export const categories = pgTable("categories", {
  id: serial().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  icon: text(),
  imageUrl: text(),
  /** Public (approved, active) merchants in this category; kept true by the counts repository. */
  merchantCount: integer().notNull().default(0),
  /** Public products in this category; kept true by the counts repository. */
  productCount: integer().notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

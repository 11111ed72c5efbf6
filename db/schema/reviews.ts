import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { adminSearchIndex, createdAt, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { products } from "./products";

export const reviews = pgTable(
  "reviews",
  {
    id: serial().primaryKey(),
    userId: text(),
    userName: text().notNull(),
    userEmail: text().notNull(),
    rating: integer().notNull(),
    comment: text().notNull(),
    merchantId: integer().references(() => merchants.id, { onDelete: "cascade" }),
    productId: integer().references(() => products.id, { onDelete: "cascade" }),
    isApproved: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_one_target", sql`num_nonnulls(${t.merchantId}, ${t.productId}) = 1`),
    index("reviews_merchant_idx").on(t.merchantId, t.isApproved, t.createdAt.desc()),
    index("reviews_product_idx").on(t.productId, t.isApproved, t.createdAt.desc()),
    index("reviews_created_idx").on(t.createdAt.desc()),
    // The admin panel's search by author or text (issue 13).
    index("reviews_admin_search_idx").using("gin", adminSearchIndex(t.userName, t.comment)),
  ],
);

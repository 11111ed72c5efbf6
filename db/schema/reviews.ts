import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { adminSearchIndex, createdAt, updatedAt } from "./columns";
import { merchants } from "./merchants";
import { orders } from "./orders";
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
    /**
     * Issue 37: written with a delivered order's token ('Compra verificada'). The order it
     * came from makes each review once per order and target (the unique indexes below).
     */
    verifiedPurchase: boolean().notNull().default(false),
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    /** The merchant's one answer to a published review, and when it was last written. */
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_one_target", sql`num_nonnulls(${t.merchantId}, ${t.productId}) = 1`),
    index("reviews_merchant_idx").on(t.merchantId, t.isApproved, t.createdAt.desc()),
    index("reviews_product_idx").on(t.productId, t.isApproved, t.createdAt.desc()),
    index("reviews_created_idx").on(t.createdAt.desc()),
    // One review of the merchant and one of each product per order (nulls never collide).
    uniqueIndex("reviews_order_merchant_uq").on(t.orderId, t.merchantId),
    uniqueIndex("reviews_order_product_uq").on(t.orderId, t.productId),
    // 'Solo compras verificadas' on a merchant's or product's list.
    index("reviews_merchant_verified_idx")
      .on(t.merchantId, t.createdAt.desc())
      .where(sql`${t.isApproved} and ${t.verifiedPurchase}`),
    index("reviews_product_verified_idx")
      .on(t.productId, t.createdAt.desc())
      .where(sql`${t.isApproved} and ${t.verifiedPurchase}`),
    // Issue 37: a person's reviews by e-mail ('Datos personales').
    index("reviews_user_email_idx").on(sql`lower(${t.userEmail})`),
    // The admin panel's search by author or text (issue 13).
    index("reviews_admin_search_idx").using("gin", adminSearchIndex(t.userName, t.comment)),
  ],
);

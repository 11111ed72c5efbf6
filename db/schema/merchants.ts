import { sql } from "drizzle-orm";
import { boolean, index, integer, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { categories } from "./categories";
import { createdAt, tsvector, updatedAt } from "./columns";

export const merchants = pgTable(
  "merchants",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    description: text().notNull(),
    imageUrl: text(),
    logoUrl: text(),
    address: text().notNull(),
    department: text(),
    municipality: text(),
    phone: text().notNull(),
    whatsapp: text(),
    email: text().notNull(),
    rating: numeric({ precision: 2, scale: 1 }).notNull().default("0.0"),
    reviewCount: integer().notNull().default(0),
    productCount: integer().notNull().default(0),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    isActive: boolean().notNull().default(true),
    approved: boolean().notNull().default(false),
    rejectionReason: text(),
    schedule: text().notNull(),
    facebook: text(),
    instagram: text(),
    tiktok: text(),
    linkedin: text(),
    website: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('spanish', tiangue_unaccent(coalesce(name, ''))), 'A') || setweight(to_tsvector('spanish', tiangue_unaccent(coalesce(address, '') || ' ' || coalesce(municipality, '') || ' ' || coalesce(department, ''))), 'B') || setweight(to_tsvector('spanish', tiangue_unaccent(coalesce(description, ''))), 'C')`,
    ),
  },
  (t) => [
    index("merchants_public_idx").on(t.approved, t.isActive, t.categoryId),
    index("merchants_featured_idx")
      .on(t.rating.desc(), t.reviewCount.desc())
      .where(sql`approved and is_active`),
    index("merchants_department_idx").on(t.department),
    index("merchants_pending_idx")
      .on(t.createdAt)
      .where(sql`not approved and rejection_reason is null`),
    // Without the pending list (fastupdate), a search never reads unsorted recent entries.
    index("merchants_search_idx").using("gin", t.search).with({ fastupdate: false }),
  ],
);

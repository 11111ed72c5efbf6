import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { categories } from "./categories";
import { adminSearchIndex, createdAt, folded, tsvector, updatedAt } from "./columns";

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
    /** Issue 36: one of its municipality's districts (Decreto 762, shared/districts.ts); null: not said. */
    district: text(),
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
    /**
     * Issue 37, the consumer law's 'who sells': the razón social (or the owner's full name)
     * and its NIT or, for a person, DUI (shared/tax-id.ts); null until the merchant says.
     */
    legalName: text(),
    taxId: text(),
    /** The portal's 'Cerrado temporalmente' switch: never open now while set. */
    temporarilyClosed: boolean().notNull().default(false),
    /**
     * False until merchant_hours holds the ranges of `schedule` (rows written before the
     * hours table existed); every write fills both in one transaction and sets it.
     */
    hoursSynced: boolean().notNull().default(false),
    /** 'delivery' (Entrega a domicilio), 'pickup' (Recoger en tienda), 'both'; null: not said. */
    fulfillment: text(),
    /** Where it delivers: 'department' (its own), 'municipalities' (the list), 'country'. */
    deliveryArea: text(),
    deliveryMunicipalities: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deliveryNote: text(),
    /** Issue 25: the delivery fee ("2.50"); null: agreed with the merchant ('Envío por coordinar'). */
    deliveryFee: numeric({ precision: 10, scale: 2 }),
    /** An order subtotal from which delivery is free; null: never free. */
    freeDeliveryFrom: numeric({ precision: 10, scale: 2 }),
    /**
     * Issue 36: fees by place that override `deliveryFee` ('$2.00 en Soyapango'), a place
     * being a municipality or a district's label; `fee` exact decimal text.
     */
    deliveryFees: jsonb()
      .$type<{ place: string; fee: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Issue 36: the least subtotal it takes an order for ("10.00"); null: any. */
    minimumOrder: numeric({ precision: 10, scale: 2 }),
    /** What it accepts: a non-empty subset of cash, transfer, card, whatsapp. */
    paymentMethods: text()
      .array()
      .notNull()
      .default(sql`'{whatsapp,card}'::text[]`),
    /** Where transfers go: shown only on the order page of an order paid by transfer. */
    bankName: text(),
    accountHolder: text(),
    accountNumber: text(),
    /** 'Ahorro' or 'Corriente'. */
    accountType: text(),
    // Issue 35: the portal's 'Avisos', where the merchant hears of its orders.
    /** The WhatsApp number for order notices; null: the shop's `whatsapp`. */
    noticeWhatsappNumber: text(),
    /** When the merchant last agreed to WhatsApp notices at that number (null: never said). */
    noticeWhatsappConsentAt: timestamp({ withTimezone: true }),
    noticeWhatsapp: boolean().notNull().default(true),
    noticePush: boolean().notNull().default(true),
    noticeEmail: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The places whose shoppers it serves ('Entrega en mi zona', decisions 0011 and 0032):
     * 'en:<its municipality>' and 'en:<its municipality>/<its district>' where it is; with
     * delivery, '*' (the whole country), 'departamento:<its department>' or each place of its
     * list (municipalities and districts' labels). One GIN index answers the filter with an
     * overlap instead of a scan of every merchant (issue 13). Places are from the fixed
     * lists, so no marker can be one.
     */
    servedPlaces: text()
      .array()
      .generatedAlwaysAs(
        sql`case when municipality is null then '{}'::text[] else array['en:' || municipality] end || case when municipality is null or district is null then '{}'::text[] else array['en:' || municipality || '/' || district] end || case when fulfillment in ('delivery', 'both') then case delivery_area when 'country' then array['*'] when 'department' then case when department is null then '{}'::text[] else array['departamento:' || department] end when 'municipalities' then delivery_municipalities else '{}'::text[] end else '{}'::text[] end`,
      ),
    search: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('spanish', tiangue_unaccent(coalesce(name, ''))), 'A') || setweight(to_tsvector('spanish', tiangue_unaccent(coalesce(address, '') || ' ' || coalesce(district, '') || ' ' || coalesce(municipality, '') || ' ' || coalesce(department, ''))), 'B') || setweight(to_tsvector('spanish', tiangue_unaccent(coalesce(description, ''))), 'C')`,
    ),
  },
  (t) => [
    index("merchants_public_idx").on(t.approved, t.isActive, t.categoryId),
    // Public merchants by folded name (the lists' order), all and per category: a category's
    // first page read 2,500 rows and sorted them at 1M products (68 ms), now 24 (issue 13).
    index("merchants_public_name_idx")
      .on(folded(t.name), t.id)
      .where(sql`approved and is_active`),
    index("merchants_public_category_name_idx")
      .on(t.categoryId, folded(t.name), t.id)
      .where(sql`approved and is_active`),
    // Like products_public_name_prefix_idx: names that start with a search's words.
    index("merchants_public_name_prefix_idx")
      .on(sql`(${folded(t.name)} collate "C")`)
      .where(sql`approved and is_active`),
    // 'Abierto ahora' counts public merchants not closed for now from this index alone
    // (an index-only scan), not from the wide rows: 6.5 -> 2.2 ms over 4,000 (issue 13).
    index("merchants_public_open_idx")
      .on(t.temporarilyClosed, t.id)
      .where(sql`approved and is_active`),
    index("merchants_featured_idx")
      .on(t.rating.desc(), t.reviewCount.desc())
      .where(sql`approved and is_active`),
    index("merchants_department_idx").on(t.department),
    // Issue 37: the admin's 'Sin datos legales', approved merchants still lacking them.
    index("merchants_missing_legal_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`approved and (legal_name is null or tax_id is null)`),
    index("merchants_pending_idx")
      .on(t.createdAt)
      .where(sql`not approved and rejection_reason is null`),
    // Without the pending list (fastupdate), a search never reads unsorted recent entries.
    index("merchants_search_idx").using("gin", t.search).with({ fastupdate: false }),
    // The admin panel's search by name, e-mail or address (issue 13).
    index("merchants_admin_search_idx").using("gin", adminSearchIndex(t.name, t.email, t.address)),
    index("merchants_served_places_idx").using("gin", t.servedPlaces),
    index("merchants_hours_unsynced_idx")
      .on(t.id)
      .where(sql`not hours_synced`),
    check(
      "merchants_fulfillment_known",
      sql`${t.fulfillment} is null or ${t.fulfillment} in ('delivery', 'pickup', 'both')`,
    ),
    check(
      "merchants_payment_methods_known",
      sql`cardinality(${t.paymentMethods}) > 0 and ${t.paymentMethods} <@ array['cash', 'transfer', 'card', 'whatsapp']`,
    ),
    check(
      "merchants_fees_not_negative",
      sql`coalesce(${t.deliveryFee}, 0) >= 0 and coalesce(${t.freeDeliveryFrom}, 0) >= 0 and coalesce(${t.minimumOrder}, 0) >= 0`,
    ),
    check(
      "merchants_delivery_area_known",
      sql`${t.deliveryArea} is null or ${t.deliveryArea} in ('department', 'municipalities', 'country')`,
    ),
  ],
);

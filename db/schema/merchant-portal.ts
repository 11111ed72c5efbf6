import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { merchants } from "./merchants";

/**
 * The sign-in e-mail of a merchant, when an administrator set one other than its contact
 * e-mail (`merchants.email`, the default). One e-mail may manage several merchants.
 * Stored lower-case. See docs/decisions/0010-merchant-sign-in-links.md.
 */
export const merchantSignInEmails = pgTable(
  "merchant_sign_in_emails",
  {
    merchantId: integer()
      .primaryKey()
      .references(() => merchants.id, { onDelete: "cascade" }),
    email: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("merchant_sign_in_emails_email_idx").on(t.email)],
);

/**
 * One-time sign-in links: only the SHA-256 of the token is kept (a copied database opens
 * nothing), valid until `expires_at`, used once (`used_at`).
 */
export const merchantLoginTokens = pgTable(
  "merchant_login_tokens",
  {
    tokenHash: text().primaryKey(),
    /** The lower-case e-mail the link was sent to: it names the merchants it opens. */
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("merchant_login_tokens_expires_idx").on(t.expiresAt)],
);

/** Who changed what of a merchant, and when (merchant users and administrators). */
export const merchantAuditLog = pgTable(
  "merchant_audit_log",
  {
    id: serial().primaryKey(),
    merchantId: integer()
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    actorUserId: uuid(),
    /** The merchant user's e-mail or the administrator's username / e-mail, as it was. */
    actor: text().notNull(),
    actorRole: text().notNull(),
    action: text().notNull(),
    summary: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("merchant_audit_log_merchant_idx").on(t.merchantId, t.createdAt.desc()),
    check("merchant_audit_log_role_known", sql`${t.actorRole} in ('merchant', 'admin')`),
  ],
);

/**
 * Presses of WhatsApp, Llamar and Email and product views, counted per El Salvador day:
 * one row per day, merchant, product (0 for the merchant's own page) and type. No visitor
 * data at all. Rows of deleted products stay until their merchant goes.
 */
export const merchantDailyEvents = pgTable(
  "merchant_daily_events",
  {
    day: date().notNull(),
    merchantId: integer()
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    productId: integer().notNull().default(0),
    type: text().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.day, t.productId, t.type] }),
    check(
      "merchant_daily_events_type_known",
      sql`${t.type} in ('whatsapp', 'call', 'email', 'view')`,
    ),
  ],
);

/**
 * A merchant's new contact e-mail waiting to become its sign-in e-mail (issue 26): the
 * portal's profile change pins the old address as the sign-in one and e-mails a sign-in
 * link to the new; using that link (its token's hash here) makes the new address the
 * sign-in one. One pending change per merchant: a later one replaces it.
 */
export const merchantSignInChanges = pgTable("merchant_sign_in_changes", {
  merchantId: integer()
    .primaryKey()
    .references(() => merchants.id, { onDelete: "cascade" }),
  /** The new address, lower-case. */
  email: text().notNull(),
  /** SHA-256 of the sign-in link sent to it. */
  tokenHash: text().notNull(),
  createdAt: createdAt(),
});

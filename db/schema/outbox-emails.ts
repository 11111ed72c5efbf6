import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The durable mail outbox (server/modules/mail): e-mails are written here in the same
 * transaction as what they announce, and a background worker sends them.
 *
 * status: `pending` (waiting for `next_attempt_at`), `sending` (claimed by a worker until
 * `next_attempt_at`, its lease: a worker that died leaves it due again), `sent`, `failed`
 * (attempts exhausted or the address refused), `logged` (SMTP was not configured: written to
 * the log instead, and kept), `skipped` (never sent: `last_error` says why, such as the hourly
 * cap of e-mails to an address a visitor typed, issue 25).
 */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: serial().primaryKey(),
    /** What the e-mail is about ('order.customer', 'merchant.approved'…), for the log and queries. */
    kind: text().notNull(),
    /** One e-mail per key ('order:123:customer'): enqueueing the same notice again does nothing. */
    dedupeKey: text().notNull().unique(),
    recipient: text().notNull(),
    replyTo: text(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    /** Issue 35: the WhatsApp notice that failed and that this e-mail replaces. */
    replacesNoticeId: integer(),
  },
  (t) => [
    check(
      "outbox_emails_status_known",
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'logged', 'skipped')`,
    ),
    // The workers' claim reads only the rows still to send, oldest due first.
    index("outbox_emails_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    // Issue 37: the e-mails to a person ('Datos personales').
    index("outbox_emails_recipient_idx").on(sql`lower(${t.recipient})`),
  ],
);

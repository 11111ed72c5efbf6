import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Every request about a person's data (issue 37): an administrator's export or erasure by
 * e-mail or phone, and each run of the retention purge that erased something. Who, when,
 * what was searched and how many rows: the record a data-protection officer asks for. The
 * searched key is kept on purpose, as the proof that the request was answered.
 */
export const personalDataRequests = pgTable(
  "personal_data_requests",
  {
    id: serial().primaryKey(),
    /** 'export', 'erase' (an administrator's) or 'retention' (the daily purge's). */
    action: text().notNull(),
    /** 'email' or 'phone'; null for the retention purge. */
    keyKind: text(),
    /** The e-mail (lower-case) or phone (E.164 digits with +) searched; null for retention. */
    keyValue: text(),
    actorUserId: uuid(),
    /** The administrator's username or e-mail as it was, or 'Sistema' for the purge. */
    actor: text().notNull(),
    /** How many rows the export held or the erasure changed. */
    rowCount: integer().notNull(),
    /** `{orders, reviews, notices, consents}`: what the rows were. */
    counts: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "personal_data_requests_action_known",
      sql`${t.action} in ('export', 'erase', 'retention')`,
    ),
    check(
      "personal_data_requests_key_kind_known",
      sql`${t.keyKind} is null or ${t.keyKind} in ('email', 'phone')`,
    ),
    index("personal_data_requests_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { outboxEmails } from "../../../db/schema/index";

export type OutboxEmailRow = typeof outboxEmails.$inferSelect;
export type OutboxStatus = "pending" | "sending" | "sent" | "failed" | "logged" | "skipped";

export interface NewOutboxEmail {
  kind: string;
  dedupeKey: string;
  recipient: string;
  replyTo?: string | null;
  subject: string;
  textBody: string;
  htmlBody: string;
  /** 'skipped' with its reason in lastError: written for the record, never sent. */
  status?: "pending" | "skipped";
  lastError?: string | null;
}

/**
 * Adds an e-mail unless one with its dedupe key exists; `id` is null when it did.
 * Runs on the caller's connection, so inside its transaction when given one.
 */
export async function insertOutboxEmail(
  db: Queryable,
  email: NewOutboxEmail,
): Promise<{ id: number | null }> {
  const [row] = await db
    .insert(outboxEmails)
    .values(email)
    .onConflictDoNothing({ target: outboxEmails.dedupeKey })
    .returning({ id: outboxEmails.id });
  return { id: row?.id ?? null };
}

/** The subjects of the e-mails held for this hour's summary to `recipient`, oldest first. */
export async function heldSubjects(
  db: Queryable,
  kind: string,
  recipient: string,
  reason: string,
): Promise<string[]> {
  const rows = await db
    .select({ subject: outboxEmails.subject })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.kind, kind),
        eq(outboxEmails.recipient, recipient),
        eq(outboxEmails.status, "skipped"),
        eq(outboxEmails.lastError, reason),
        sql`${outboxEmails.createdAt} > now() - interval '1 hour'`,
      ),
    )
    .orderBy(asc(outboxEmails.id));
  return rows.map((row) => row.subject);
}

/** Writes the hour's summary, or rewrites it while it waits; due `dueInMs` from now. */
export async function upsertDigest(
  db: Queryable,
  digest: {
    kind: string;
    dedupeKey: string;
    recipient: string;
    replyTo: null;
    subject: string;
    text: string;
    html: string;
    dueInMs: number;
  },
): Promise<void> {
  const due = sql`now() + ${Math.max(0, Math.trunc(digest.dueInMs))}::integer * interval '1 millisecond'`;
  await db
    .insert(outboxEmails)
    .values({
      kind: digest.kind,
      dedupeKey: digest.dedupeKey,
      recipient: digest.recipient,
      replyTo: digest.replyTo,
      subject: digest.subject,
      textBody: digest.text,
      htmlBody: digest.html,
      nextAttemptAt: due,
    })
    .onConflictDoUpdate({
      target: outboxEmails.dedupeKey,
      set: { subject: digest.subject, textBody: digest.text, htmlBody: digest.html },
      // Once claimed or sent it stays as it went; a later held e-mail opens no second one
      // in this window (its key is the window's).
      setWhere: sql`${outboxEmails.status} = 'pending'`,
    });
}

/**
 * Claims the oldest due e-mail for one attempt: a `pending` one whose time has come, or a
 * `sending` one whose lease ran out (its worker died). `FOR UPDATE SKIP LOCKED` lets
 * several processes claim at once without ever taking the same row; the claim itself
 * (status, attempts + 1, the lease as `next_attempt_at`) commits with this one statement,
 * so a crash after it leaves the row to be claimed again once the lease has expired.
 * Times are the database's, so the processes' clocks do not matter.
 */
export async function claimDueEmail(
  db: Queryable,
  leaseMs: number,
): Promise<OutboxEmailRow | undefined> {
  const [row] = await db
    .update(outboxEmails)
    .set({
      status: "sending",
      attempts: sql`${outboxEmails.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(
      sql`${outboxEmails.id} = (
        select id from ${outboxEmails}
        where status in ('pending', 'sending') and next_attempt_at <= now()
        order by next_attempt_at, id
        limit 1
        for update skip locked
      )`,
    )
    .returning();
  return row;
}

export async function findOutboxEmail(
  db: Queryable,
  id: number,
): Promise<OutboxEmailRow | undefined> {
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  return row;
}

/**
 * Only the claim that is still current may record its outcome: `attempts` fences off a
 * worker whose lease expired and whose message another worker has claimed since.
 * Returns false when the claim was no longer ours.
 */
function whereClaim(claim: Pick<OutboxEmailRow, "id" | "attempts">) {
  return and(
    eq(outboxEmails.id, claim.id),
    eq(outboxEmails.attempts, claim.attempts),
    eq(outboxEmails.status, "sending"),
  );
}

export async function markSent(
  db: Queryable,
  claim: Pick<OutboxEmailRow, "id" | "attempts">,
): Promise<boolean> {
  const rows = await db
    .update(outboxEmails)
    // The body goes once sent (issue 26): it may hold an order page's or a sign-in link's
    // token, and a dump or a backup must hold no working link. Subject and recipient stay.
    .set({ status: "sent", sentAt: sql`now()`, lastError: null, textBody: "", htmlBody: "" })
    .where(whereClaim(claim))
    .returning({ id: outboxEmails.id });
  return rows.length > 0;
}

/** Written to the log because SMTP is not configured: kept, and never sent later. */
export async function markLogged(
  db: Queryable,
  claim: Pick<OutboxEmailRow, "id" | "attempts">,
): Promise<boolean> {
  const rows = await db
    .update(outboxEmails)
    // Never delivered: the body stays, the only copy an operator without SMTP has (it goes
    // with the row when the purge deletes it).
    .set({ status: "logged", lastError: null })
    .where(whereClaim(claim))
    .returning({ id: outboxEmails.id });
  return rows.length > 0;
}

/** A failed attempt: retried after `retryInMs`, or given up (`failed`) when that is null. */
export async function markAttemptFailed(
  db: Queryable,
  claim: Pick<OutboxEmailRow, "id" | "attempts">,
  error: string,
  retryInMs: number | null,
): Promise<boolean> {
  const rows = await db
    .update(outboxEmails)
    .set(
      retryInMs === null
        ? { status: "failed", lastError: error }
        : {
            status: "pending",
            lastError: error,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
          },
    )
    .where(whereClaim(claim))
    .returning({ id: outboxEmails.id });
  return rows.length > 0;
}

/**
 * Deletes what is finished (sent, logged, failed) and older than `days`: the outbox keeps
 * names, addresses and sign-in links, so it keeps them only as long as support needs them.
 */
export async function deleteFinishedBefore(db: Queryable, days: number): Promise<number> {
  const rows = await db
    .delete(outboxEmails)
    .where(
      and(
        inArray(outboxEmails.status, ["sent", "logged", "failed", "skipped"]),
        lt(outboxEmails.createdAt, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .returning({ id: outboxEmails.id });
  return rows.length;
}

/** Seconds the oldest e-mail still to send has waited (0 when none): /metrics (issue 26). */
export async function oldestUnsentAgeSeconds(db: Queryable): Promise<number> {
  const [row] = await db
    .select({
      age: sql<number>`coalesce(extract(epoch from now() - min(${outboxEmails.createdAt})), 0)::float8`,
    })
    .from(outboxEmails)
    .where(inArray(outboxEmails.status, ["pending", "sending"]));
  return Number(row?.age ?? 0);
}

/** How many e-mails wait to be sent (pending, or being sent): the outbox backlog of /metrics. */
export async function countUnsent(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(outboxEmails)
    .where(inArray(outboxEmails.status, ["pending", "sending"]));
  return Number(row?.count ?? 0);
}

/** The admin's 'Correos' tab: newest first, a page at a time, never the bodies. */
export async function listOutbox(
  db: Queryable,
  page: { limit: number; offset: number },
): Promise<{
  rows: Omit<OutboxEmailRow, "textBody" | "htmlBody" | "replyTo" | "replacesNoticeId">[];
  total: number;
}> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: outboxEmails.id,
        kind: outboxEmails.kind,
        dedupeKey: outboxEmails.dedupeKey,
        recipient: outboxEmails.recipient,
        subject: outboxEmails.subject,
        status: outboxEmails.status,
        attempts: outboxEmails.attempts,
        nextAttemptAt: outboxEmails.nextAttemptAt,
        lastError: outboxEmails.lastError,
        createdAt: outboxEmails.createdAt,
        sentAt: outboxEmails.sentAt,
      })
      .from(outboxEmails)
      .orderBy(sql`${outboxEmails.createdAt} desc, ${outboxEmails.id} desc`)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(outboxEmails),
  ]);
  return { rows, total: Number(total) };
}

/** 'Reenviar': a failed e-mail goes back to the queue, due now, with fresh attempts. */
export async function requeueFailed(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .update(outboxEmails)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, "failed")))
    .returning({ id: outboxEmails.id });
  return rows.length > 0;
}

import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { outboxEmails, outboxNotices } from "../../../db/schema/index";

// The notices' outbox (outbox_notices): written beside each order event, claimed and settled
// by the worker, updated by WhatsApp's status webhook. The module's other queries: the
// numbers' opt-outs and consent (whatsapp-numbers.repository.ts), the merchant's settings
// (notice-settings.repository.ts) and devices (push-devices.repository.ts), the shared
// settings (app-settings.repository.ts), the channels' stops (channel-health.repository.ts)
// and the admin's list of every channel (admin-notices.repository.ts).

export type NoticeRow = typeof outboxNotices.$inferSelect;
export type NoticeChannelName = "whatsapp" | "push";

export interface NewNotice {
  channel: NoticeChannelName;
  kind: string;
  dedupeKey: string;
  audience: "merchant" | "shopper";
  recipient: string;
  merchantId?: number | null;
  orderId?: number | null;
  template?: string | null;
  payload: Record<string, unknown>;
  status?: "pending" | "skipped";
  lastError?: string | null;
}

/** Adds a notice unless one with its key exists (a retried request writes nothing twice). */
export async function insertNotice(db: Queryable, notice: NewNotice): Promise<number | null> {
  const [row] = await db
    .insert(outboxNotices)
    .values(notice)
    .onConflictDoNothing({ target: outboxNotices.dedupeKey })
    .returning({ id: outboxNotices.id });
  return row?.id ?? null;
}

/** Meta's limits as the claim reads them (docs/reliability.md): a number's gap, all per second. */
export interface WhatsAppPace {
  /** Never two messages to one number within this (Meta: one per 6 s; ours a margin more). */
  pairGapMs: number;
  /** At most this many claims in any second, all processes together (Meta: 80). */
  perSecond: number;
}

/** The claim's own advisory lock ("tiangue notices"): claims of all processes take turns. */
const CLAIM_LOCK_KEY = "8389052466843562611";

/** How many of the oldest due notices one claim looks at for one whose number may be sent to. */
const CLAIM_WINDOW = 200;

/**
 * Claims the oldest due notice of `channel` for one attempt: `pending` whose time has come,
 * `sending` whose lease ran out (its worker died mid-send) or `unknown` due for its last
 * check. For WhatsApp, a number claimed within its gap waits (its own retry included), and
 * the claims of the last second stay under Meta's rate. The claims of every process take
 * turns on one advisory lock inside one short transaction, so the gap and the rate are
 * counted on committed claims; clock_timestamp(), not now(): the lock may be waited for.
 *
 * The cost must not grow with the queue (bench/notices-drain.ts: checking the gap of every
 * due row before sorting cost 7–330 ms a claim at 5,000 queued): the oldest CLAIM_WINDOW due
 * rows are read in order from the due index, and each one's number is looked up by its newest
 * claim alone (outbox_notices_recipient_idx). A window whose every number is in its gap
 * waits for the next claim, a second later at most.
 */
export async function claimDueNotice(
  db: Queryable,
  channel: NoticeChannelName,
  leaseMs: number,
  pace: WhatsAppPace,
): Promise<NoticeRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY}::bigint)`);
    const paced: SQL =
      channel === "whatsapp"
        ? sql`where coalesce((
              select m.claimed_at from ${outboxNotices} m
              where m.recipient = d.recipient
              order by m.claimed_at desc nulls last
              limit 1), '-infinity'::timestamptz)
            <= clock_timestamp() - make_interval(secs => ${pace.pairGapMs / 1000})
          and (select count(*) from ${outboxNotices} r
            where r.channel = 'whatsapp' and r.claimed_at > clock_timestamp() - interval '1 second')
            < ${pace.perSecond}`
        : sql``;
    const [row] = await tx
      .update(outboxNotices)
      .set({
        status: "sending",
        attempts: sql`${outboxNotices.attempts} + 1`,
        // Claimed again after no answer, or from a worker that died mid-send: Meta may have it.
        payload: sql`case when ${outboxNotices.status} in ('sending', 'unknown') then ${outboxNotices.payload} || '{"uncertain": true}'::jsonb else ${outboxNotices.payload} end`,
        claimedAt: sql`clock_timestamp()`,
        nextAttemptAt: sql`clock_timestamp() + make_interval(secs => ${leaseMs / 1000})`,
      })
      .where(
        // The advisory lock makes the claims take turns, so no row lock is waited for here.
        sql`${outboxNotices.id} = (
          select d.id from (
            select n.id, n.recipient, n.next_attempt_at from ${outboxNotices} n
            where n.status in ('pending', 'sending', 'unknown')
              and n.next_attempt_at <= clock_timestamp() and n.channel = ${channel}
            order by n.next_attempt_at, n.id
            limit ${CLAIM_WINDOW}
          ) d
          ${paced}
          order by d.next_attempt_at, d.id
          limit 1
        )`,
      )
      .returning();
    return row;
  });
}

/** The state a notice was in when claimed: 'unknown' and an expired 'sending' are not fresh. */
export async function findNotice(db: Queryable, id: number): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(outboxNotices).where(eq(outboxNotices.id, id));
  return row;
}

/** Only the current claim may record its outcome (as in the mail outbox). */
function whereClaim(claim: Pick<NoticeRow, "id" | "attempts">) {
  return and(
    eq(outboxNotices.id, claim.id),
    eq(outboxNotices.attempts, claim.attempts),
    eq(outboxNotices.status, "sending"),
  );
}

/** Links in a payload may hold an order page's token: gone once a notice is final. */
const withoutLinks = sql`${outboxNotices.payload} - 'buttonSuffix' - 'url'`;

export async function markNoticeSent(
  db: Queryable,
  claim: Pick<NoticeRow, "id" | "attempts">,
  providerMessageId: string | null,
): Promise<boolean> {
  const rows = await db
    .update(outboxNotices)
    .set({
      // A status webhook may already have said more (delivered, read): keep the stronger.
      status: sql`case when ${outboxNotices.status} in ('delivered', 'read') then ${outboxNotices.status} else 'sent' end`,
      sentAt: sql`now()`,
      statusAt: sql`now()`,
      lastError: null,
      errorCode: null,
      providerMessageId,
      payload: withoutLinks,
    })
    .where(whereClaim(claim))
    .returning({ id: outboxNotices.id });
  return rows.length > 0;
}

/** Tried again after `retryInMs` (its lease is the wait), with why. */
export async function markNoticeRetry(
  db: Queryable,
  claim: Pick<NoticeRow, "id" | "attempts">,
  failure: { error: string; code: number | null },
  retryInMs: number,
  status: "pending" | "unknown" = "pending",
): Promise<boolean> {
  const rows = await db
    .update(outboxNotices)
    .set({
      status,
      lastError: failure.error,
      errorCode: failure.code,
      statusAt: sql`now()`,
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
    })
    .where(whereClaim(claim))
    .returning({ id: outboxNotices.id });
  return rows.length > 0;
}

/**
 * A final outcome other than sent: `failed`, `skipped`, `unknown` (no answer ever came, kept
 * as such) or `replaced` (with the e-mail sent instead). `claim` null: whatever its claim.
 */
export async function markNoticeFinal(
  db: Queryable,
  id: number,
  claim: Pick<NoticeRow, "attempts"> | null,
  outcome: {
    status: "failed" | "skipped" | "unknown" | "replaced";
    error: string;
    code?: number | null;
    replacedByEmailId?: number | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(outboxNotices)
    .set({
      status: outcome.status,
      lastError: outcome.error,
      errorCode: outcome.code ?? null,
      replacedByEmailId: outcome.replacedByEmailId ?? null,
      statusAt: sql`now()`,
      nextAttemptAt: sql`'infinity'::timestamptz`,
      // A failed notice keeps its link for 'Reenviar', as a failed e-mail keeps its body.
      payload: outcome.status === "failed" ? outboxNotices.payload : withoutLinks,
    })
    .where(
      claim
        ? and(eq(outboxNotices.id, id), eq(outboxNotices.attempts, claim.attempts))
        : eq(outboxNotices.id, id),
    )
    .returning({ id: outboxNotices.id });
  return rows.length > 0;
}

/** A WhatsApp status's strength: a weaker or repeated one changes nothing (sent < delivered < read). */
const STRENGTH = sql`case ${outboxNotices.status} when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 0 end`;

/**
 * Applies a status webhook's sent / delivered / read to the notice it names (by Meta's id,
 * or by our id in biz_opaque_callback_data when the send's answer never came back): only a
 * stronger status, never over a final failure. Returns the notice when it changed.
 */
export async function applyDeliveryStatus(
  db: Queryable,
  target: { providerMessageId: string; noticeId: number | null },
  status: "sent" | "delivered" | "read",
  at: Date,
): Promise<NoticeRow | undefined> {
  const strength = status === "sent" ? 1 : status === "delivered" ? 2 : 3;
  const [row] = await db
    .update(outboxNotices)
    .set({
      status,
      statusAt: at,
      sentAt: sql`coalesce(${outboxNotices.sentAt}, ${at.toISOString()}::timestamptz)`,
      providerMessageId: sql`coalesce(${outboxNotices.providerMessageId}, ${target.providerMessageId})`,
      lastError: null,
      errorCode: null,
      nextAttemptAt: sql`'infinity'::timestamptz`,
      payload: withoutLinks,
    })
    .where(
      and(
        matchTarget(target),
        eq(outboxNotices.channel, "whatsapp"),
        sql`${outboxNotices.status} not in ('failed', 'replaced', 'skipped')`,
        sql`${STRENGTH} < ${strength}`,
      ),
    )
    .returning();
  return row;
}

function matchTarget(target: { providerMessageId: string; noticeId: number | null }): SQL {
  return target.noticeId === null
    ? sql`${outboxNotices.providerMessageId} = ${target.providerMessageId}`
    : sql`(${outboxNotices.providerMessageId} = ${target.providerMessageId} or (${outboxNotices.id} = ${target.noticeId} and ${outboxNotices.providerMessageId} is null))`;
}

/** The notice a webhook's status names, when it is not final yet (for a `failed` status). */
export async function findOpenNoticeByTarget(
  db: Queryable,
  target: { providerMessageId: string; noticeId: number | null },
): Promise<NoticeRow | undefined> {
  const [row] = await db
    .select()
    .from(outboxNotices)
    .where(
      and(
        matchTarget(target),
        eq(outboxNotices.channel, "whatsapp"),
        sql`${outboxNotices.status} in ('pending', 'sending', 'sent', 'unknown')`,
      ),
    )
    .for("update");
  return row;
}

/** A `failed` webhook on a notice that may be retried: due again after `retryInMs`. */
export async function requeueNotice(db: Queryable, id: number, retryInMs: number, error: string) {
  await db
    .update(outboxNotices)
    .set({
      status: "pending",
      lastError: error,
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
    })
    .where(eq(outboxNotices.id, id));
}

/** The skipped e-mail of the same notice (its channel was off), sent now in the notice's place. */
export async function releaseSkippedEmail(
  db: Queryable,
  dedupeKey: string,
  noticeId: number,
): Promise<number | null> {
  const [row] = await db
    .update(outboxEmails)
    .set({
      status: "pending",
      lastError: null,
      attempts: 0,
      nextAttemptAt: sql`now()`,
      replacesNoticeId: noticeId,
    })
    .where(
      and(
        eq(outboxEmails.dedupeKey, dedupeKey),
        eq(outboxEmails.status, "skipped"),
        sql`${outboxEmails.textBody} <> ''`,
      ),
    )
    .returning({ id: outboxEmails.id });
  return row?.id ?? null;
}

/** 'Reenviar' a failed notice: queued again, due now, with fresh attempts. */
export async function requeueFailedNotice(
  db: Queryable,
  id: number,
  channel: NoticeChannelName,
): Promise<boolean> {
  const rows = await db
    .update(outboxNotices)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
    .where(
      and(
        eq(outboxNotices.id, id),
        eq(outboxNotices.channel, channel),
        eq(outboxNotices.status, "failed"),
      ),
    )
    .returning({ id: outboxNotices.id });
  return rows.length > 0;
}

/** Notices still to send, by channel (the admin's health and /metrics). */
export async function countByChannelAndStatus(
  db: Queryable,
): Promise<{ channel: string; status: string; count: number }[]> {
  const rows = await db
    .select({
      channel: outboxNotices.channel,
      status: outboxNotices.status,
      count: sql<number>`count(*)::int`,
    })
    .from(outboxNotices)
    .groupBy(outboxNotices.channel, outboxNotices.status);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

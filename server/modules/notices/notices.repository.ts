import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import {
  appSettings,
  channelHealth,
  checkouts,
  merchants,
  merchantSignInEmails,
  orders,
  outboxEmails,
  outboxNotices,
  pushSubscriptions,
  whatsappOptOuts,
} from "../../../db/schema/index";

export type NoticeRow = typeof outboxNotices.$inferSelect;
export type NoticeChannelName = "whatsapp" | "push";
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

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

// --- WhatsApp numbers: consent, opt-outs, the shopper's merchants ---

export async function isOptedOut(db: Queryable, number: string): Promise<boolean> {
  const [row] = await db
    .select({ number: whatsappOptOuts.number })
    .from(whatsappOptOuts)
    .where(eq(whatsappOptOuts.number, number));
  return row !== undefined;
}

/** BAJA: no more notices to this number; returns whether it is new. */
export async function optOut(db: Queryable, number: string): Promise<boolean> {
  const rows = await db
    .insert(whatsappOptOuts)
    .values({ number })
    .onConflictDoNothing()
    .returning({ number: whatsappOptOuts.number });
  return rows.length > 0;
}

/** Pending notices to a number that wrote BAJA: never sent. */
export async function skipPendingTo(db: Queryable, number: string, reason: string) {
  await db
    .update(outboxNotices)
    .set({ status: "skipped", lastError: reason, nextAttemptAt: sql`'infinity'::timestamptz` })
    .where(
      and(
        eq(outboxNotices.recipient, number),
        eq(outboxNotices.channel, "whatsapp"),
        eq(outboxNotices.status, "pending"),
      ),
    );
}

/** Whether a free-text reply went to this number in the last 24 hours. */
export async function repliedWithinADay(db: Queryable, number: string): Promise<boolean> {
  const [row] = await db
    .select({ id: outboxNotices.id })
    .from(outboxNotices)
    .where(
      and(
        eq(outboxNotices.recipient, number),
        eq(outboxNotices.kind, "reply.info"),
        sql`${outboxNotices.createdAt} > now() - interval '24 hours'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The shops of this number's latest orders (its notices' reply says how to reach them). */
export async function merchantsOfShopperNumber(
  db: Queryable,
  number: string,
): Promise<{ name: string; whatsapp: string | null; phone: string }[]> {
  const rows = await db
    .selectDistinctOn([merchants.id], {
      name: merchants.name,
      whatsapp: merchants.whatsapp,
      phone: merchants.phone,
    })
    .from(checkouts)
    .innerJoin(orders, eq(orders.checkoutId, checkouts.id))
    .innerJoin(merchants, eq(merchants.id, orders.merchantId))
    .where(eq(checkouts.whatsappNumber, number))
    .orderBy(merchants.id, desc(orders.createdAt))
    .limit(3);
  return rows;
}

// --- The merchant's 'Avisos' ---

const signInEmail = sql<string>`coalesce((select e.email from ${merchantSignInEmails} e where e.merchant_id = ${merchants.id}), ${merchants.email})`;

export async function findNoticeSettings(db: Queryable, merchantId: number) {
  const [row] = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      whatsapp: merchants.whatsapp,
      noticeWhatsappNumber: merchants.noticeWhatsappNumber,
      noticeWhatsappConsentAt: merchants.noticeWhatsappConsentAt,
      noticeWhatsapp: merchants.noticeWhatsapp,
      noticePush: merchants.noticePush,
      noticeEmail: merchants.noticeEmail,
      signInEmail,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row;
}
export type NoticeSettingsRow = NonNullable<Awaited<ReturnType<typeof findNoticeSettings>>>;

export async function updateNoticeSettings(
  db: Queryable,
  merchantId: number,
  values: {
    noticeWhatsappNumber: string | null;
    noticeWhatsapp: boolean;
    noticePush: boolean;
    noticeEmail: boolean;
    /** Recorded when WhatsApp is switched on or its number changes. */
    consentNow: boolean;
  },
) {
  const { consentNow, ...columns } = values;
  await db
    .update(merchants)
    .set({ ...columns, ...(consentNow ? { noticeWhatsappConsentAt: sql`now()` } : {}) })
    .where(eq(merchants.id, merchantId));
}

// --- Web Push devices ---

export async function upsertPushSubscription(
  db: Queryable,
  values: { merchantId: number; endpoint: string; p256dh: string; auth: string; label: string },
): Promise<number> {
  // The same browser subscribing again (or for another shop) keeps one row: the latest.
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        merchantId: values.merchantId,
        p256dh: values.p256dh,
        auth: values.auth,
        label: values.label,
        createdAt: sql`now()`,
      },
    })
    .returning({ id: pushSubscriptions.id });
  return row.id;
}

export async function listPushSubscriptions(
  db: Queryable,
  merchantId: number,
): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.merchantId, merchantId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

export async function countPushSubscriptions(db: Queryable, merchantId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.merchantId, merchantId));
  return Number(row?.count ?? 0);
}

export async function deletePushSubscription(
  db: Queryable,
  where: { id: number; merchantId?: number },
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.id, where.id),
        where.merchantId === undefined
          ? undefined
          : eq(pushSubscriptions.merchantId, where.merchantId),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function touchPushSubscription(db: Queryable, id: number) {
  await db
    .update(pushSubscriptions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}

// --- Settings every process reads alike, and the channels' health ---

export async function readSetting(db: Queryable, name: string): Promise<string | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.name, name));
  return row?.value ?? null;
}

/** Writes the value unless another process wrote one first; answers the one kept. */
export async function insertSettingIfAbsent(
  db: Queryable,
  name: string,
  value: string,
): Promise<string> {
  await db.insert(appSettings).values({ name, value }).onConflictDoNothing();
  return (await readSetting(db, name)) ?? value;
}

export type ChannelHealthRow = typeof channelHealth.$inferSelect;

export async function findChannelStop(
  db: Queryable,
  channel: string,
): Promise<ChannelHealthRow | undefined> {
  const [row] = await db.select().from(channelHealth).where(eq(channelHealth.channel, channel));
  return row;
}

export async function stopChannel(
  db: Queryable,
  channel: string,
  cause: { code: number | null; text: string },
) {
  await db
    .insert(channelHealth)
    .values({ channel, stoppedAt: new Date(), errorCode: cause.code, cause: cause.text })
    .onConflictDoNothing();
}

export async function clearChannelStop(db: Queryable, channel: string): Promise<boolean> {
  const rows = await db
    .delete(channelHealth)
    .where(eq(channelHealth.channel, channel))
    .returning({ channel: channelHealth.channel });
  return rows.length > 0;
}

/** The number a checkout's shopper agreed to hear from by WhatsApp (null: no consent). */
export async function checkoutWhatsAppNumber(db: Queryable, checkoutId: number) {
  const [row] = await db
    .select({ number: checkouts.whatsappNumber, consentAt: checkouts.whatsappConsentAt })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  return row?.number && row.consentAt ? row.number : null;
}

// --- The admin's 'Avisos': every channel in one list ---

/** E-mail's states as the notices list names them ('logged': SMTP off, so never sent). */
const EMAIL_STATUS = sql`case e.status when 'sending' then 'pending' when 'logged' then 'skipped' else e.status end`;
const NOTICE_STATUS = sql`case n.status when 'sending' then 'pending' else n.status end`;

export interface AdminNoticeRow {
  id: number;
  channel: "email" | "whatsapp" | "push";
  kind: string;
  recipient: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/**
 * Every notice of every channel, newest first: the mail outbox (read here so that one query
 * pages both) and this outbox, each state mapped onto the list's, never a body or a link.
 */
export async function listAllNotices(
  db: Queryable,
  filter: {
    channel?: "email" | "whatsapp" | "push";
    status?: string;
    /** One row by its id (with its channel). */
    id?: number;
    limit: number;
    offset: number;
  },
): Promise<{ rows: AdminNoticeRow[]; total: number }> {
  const emails = sql`select e.id, 'email' as channel, e.kind, e.recipient, ${EMAIL_STATUS} as status,
      e.attempts, e.last_error, e.created_at, e.sent_at from ${outboxEmails} e
      ${filter.id !== undefined ? sql`where e.id = ${filter.id}` : sql``}`;
  const notices = sql`select n.id, n.channel, n.kind, n.recipient, ${NOTICE_STATUS} as status,
      n.attempts, n.last_error, n.created_at, n.sent_at from ${outboxNotices} n
      where true
      ${filter.channel && filter.channel !== "email" ? sql`and n.channel = ${filter.channel}` : sql``}
      ${filter.id !== undefined ? sql`and n.id = ${filter.id}` : sql``}`;
  const source =
    filter.channel === "email"
      ? emails
      : filter.channel
        ? notices
        : sql`${emails} union all ${notices}`;
  const where = filter.status ? sql`where status = ${filter.status}` : sql``;
  const [page, counted] = await Promise.all([
    db.execute(sql`select * from (${source}) all_notices ${where}
      order by created_at desc, id desc limit ${filter.limit} offset ${filter.offset}`),
    db.execute(sql`select count(*)::int as total from (${source}) all_notices ${where}`),
  ]);
  type Raw = {
    id: number;
    channel: AdminNoticeRow["channel"];
    kind: string;
    recipient: string;
    status: string;
    attempts: number;
    last_error: string | null;
    created_at: string | Date;
    sent_at: string | Date | null;
  };
  // Both drivers (pg and PGlite) answer raw queries with a `rows` array.
  const rows = (page as unknown as { rows: Raw[] }).rows;
  const total = (counted as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0;
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      channel: r.channel,
      kind: r.kind,
      recipient: r.recipient,
      status: r.status,
      attempts: Number(r.attempts),
      lastError: r.last_error,
      createdAt: new Date(r.created_at),
      sentAt: r.sent_at ? new Date(r.sent_at) : null,
    })),
    total: Number(total),
  };
}

/** Every notice by channel and the list's state, e-mail's included (/metrics). */
export async function countAllByChannelAndStatus(
  db: Queryable,
): Promise<{ channel: string; status: string; count: number }[]> {
  const result = await db.execute(sql`
    select 'email' as channel, ${EMAIL_STATUS} as status, count(*)::int as count
      from ${outboxEmails} e group by 2
    union all
    select n.channel, ${NOTICE_STATUS} as status, count(*)::int as count
      from ${outboxNotices} n group by 1, 2`);
  // Both drivers (pg and PGlite) answer raw queries with a `rows` array.
  const rows = (result as unknown as { rows: { channel: string; status: string; count: number }[] })
    .rows;
  return rows.map((r) => ({ channel: r.channel, status: r.status, count: Number(r.count) }));
}

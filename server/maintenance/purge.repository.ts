import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import {
  cartItems,
  merchantLoginTokens,
  merchantOrderEvents,
  outboxEmails,
  outboxNotices,
  rateLimits,
  sessions,
} from "../../db/schema/index";

/**
 * The daily purge's deletes (server/maintenance/purge.ts): each takes at most `limit` rows
 * (or carts) that are past their use, and says how many rows it deleted. The job calls each
 * one in its own transaction until a batch comes back short. The tables are several
 * modules' own; this is the one cross-cutting place that deletes from them by age, and it
 * never reads what it deletes.
 */

/** How long things are kept; the figures (issue 13). */
export const RETENTION = {
  /** A cart whose lines were all last touched this many days ago goes, lines and all. */
  cartDays: 60,
  /** Sent e-mails of the outbox go this many days after they were sent. */
  sentMailDays: 30,
  /** Sign-in links go a day after they expired (the portal may still say 'vencido'). */
  signInLinkGraceDays: 1,
  /** Issue 35: WhatsApp and push notices done with (sent, read, failed…) go after this. */
  finishedNoticeDays: 30,
  /** The live 'Pedidos' events: a tab reconnecting after a day reads the list anew. */
  orderEventHours: 24,
} as const;

/** Runs a DELETE … RETURNING and counts its rows (the same on node-postgres and PGlite). */
async function deleted(db: Queryable, statement: SQL): Promise<number> {
  const result = (await db.execute(
    sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Up to `limit` carts (a cart is a session id's lines) untouched for `days`: their lines.
 * A line touched meanwhile (after the cut-off) stays, so a shopper adding to an old cart
 * at that very moment never loses the new line.
 */
export async function deleteStaleCarts(
  db: Queryable,
  limit: number,
  days: number = RETENTION.cartDays,
): Promise<{ carts: number; lines: number }> {
  const cutoff = sql`now() - make_interval(days => ${days})`;
  const rows = (await db.execute(sql`
    with stale as (
      select ${cartItems.sessionId} as session_id from ${cartItems}
      group by ${cartItems.sessionId}
      having max(${cartItems.updatedAt}) < ${cutoff}
      limit ${limit}
    ), gone as (
      delete from ${cartItems}
      where ${cartItems.sessionId} in (select session_id from stale)
        and ${cartItems.updatedAt} < ${cutoff}
      returning ${cartItems.sessionId} as session_id
    )
    select (select count(*) from stale)::int as carts, count(*)::int as lines from gone`)) as unknown as {
    rows: { carts: number; lines: number }[];
  };
  const row = rows.rows[0];
  return { carts: Number(row?.carts ?? 0), lines: Number(row?.lines ?? 0) };
}

/** Up to `limit` expired sessions (administrators' and merchants' alike). */
export function deleteExpiredSessions(db: Queryable, limit: number): Promise<number> {
  return deleted(
    db,
    sql`delete from ${sessions} where ${sessions.sid} in (
      select ${sessions.sid} from ${sessions} where ${sessions.expire} <= now() limit ${limit})`,
  );
}

/** Up to `limit` merchant sign-in links past their expiry by the grace day. */
export function deleteExpiredSignInLinks(db: Queryable, limit: number): Promise<number> {
  return deleted(
    db,
    sql`delete from ${merchantLoginTokens} where ${merchantLoginTokens.tokenHash} in (
      select ${merchantLoginTokens.tokenHash} from ${merchantLoginTokens}
      where ${merchantLoginTokens.expiresAt} <= now() - make_interval(days => ${RETENTION.signInLinkGraceDays})
      limit ${limit})`,
  );
}

/** Up to `limit` rate-limit counters whose window is over. */
export function deleteExpiredCounters(db: Queryable, limit: number): Promise<number> {
  return deleted(
    db,
    sql`delete from ${rateLimits} where ${rateLimits.key} in (
      select ${rateLimits.key} from ${rateLimits} where ${rateLimits.resetAt} <= now() limit ${limit})`,
  );
}

/** Up to `limit` outbox e-mails sent more than `days` ago. */
export function deleteOldSentMail(
  db: Queryable,
  limit: number,
  days: number = RETENTION.sentMailDays,
): Promise<number> {
  return deleted(
    db,
    sql`delete from ${outboxEmails} where ${outboxEmails.id} in (
      select ${outboxEmails.id} from ${outboxEmails}
      where ${outboxEmails.status} = 'sent' and ${outboxEmails.sentAt} < now() - make_interval(days => ${days})
      limit ${limit})`,
  );
}

/** Notices no longer due (every state but pending, sending, unknown), by when they were made. */
export function deleteOldNotices(
  db: Queryable,
  limit: number,
  days: number = RETENTION.finishedNoticeDays,
): Promise<number> {
  return deleted(
    db,
    sql`delete from ${outboxNotices} where ${outboxNotices.id} in (
      select ${outboxNotices.id} from ${outboxNotices}
      where ${outboxNotices.status} not in ('pending', 'sending', 'unknown')
        and ${outboxNotices.createdAt} < now() - make_interval(days => ${days})
      limit ${limit})`,
  );
}

export function deleteOldOrderEvents(
  db: Queryable,
  limit: number,
  hours: number = RETENTION.orderEventHours,
): Promise<number> {
  return deleted(
    db,
    sql`delete from ${merchantOrderEvents} where ${merchantOrderEvents.id} in (
      select ${merchantOrderEvents.id} from ${merchantOrderEvents}
      where ${merchantOrderEvents.createdAt} < now() - make_interval(hours => ${hours})
      limit ${limit})`,
  );
}

/**
 * Runs `fn` only if no other connection runs it: a transaction holding PostgreSQL's
 * advisory lock `key` for as long as `fn` runs (on its own connection; `fn` uses others).
 * A process that dies loses its connection and with it the lock. Null when it is taken.
 */
export async function withAdvisoryLock<T>(
  db: Queryable,
  key: bigint,
  fn: () => Promise<T>,
): Promise<{ value: T } | null> {
  return db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${key.toString()}::bigint) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked) return null;
    return { value: await fn() };
  });
}

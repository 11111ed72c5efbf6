import { sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { outboxEmails, outboxNotices } from "../../../db/schema/index";

// The admin's 'Avisos': every channel in one list, e-mail's outbox included.

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

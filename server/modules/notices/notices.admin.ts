import type { Database } from "../../../db/client";
import type { AdminNoticeDto, NoticeChannelHealthDto } from "../../../shared/api-types";
import { ADMIN_PAGE_SIZE } from "../../../shared/limits";
import type { NoticeChannel, NoticeStatus } from "../../../shared/notices";
import type { AdminNoticeListQuery } from "../../../shared/schemas/notices";
import { AppError } from "../../errors";
import { checkPage, type Paged } from "../catalog/paging";
import type { MailOutbox } from "../mail/mail.service";
import * as adminNotices from "./admin-notices.repository";
import * as channelHealth from "./channel-health.repository";
import * as outbox from "./notices.repository";
import type { NoticeWorker } from "./notices.worker";

export const NOTICE_NOT_FOUND = "Aviso no encontrado";
export const RESEND_ONLY_FAILED_NOTICE = "Solo se reenvían los avisos que fallaron";

/** Links never leave in a list: an order page's or a sign-in link's token is only in bodies. */
function toAdminNotice(row: adminNotices.AdminNoticeRow): AdminNoticeDto {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    to: row.recipient,
    status: row.status as NoticeStatus,
    tries: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The admin's 'Avisos' tab (issue 35): every notice, each channel's health, resend, retry. */
export function createNoticesAdmin(deps: {
  db: Database;
  mail: MailOutbox;
  worker: NoticeWorker;
  whatsappConfigured: boolean;
}) {
  const { db, mail, worker } = deps;

  async function health(): Promise<NoticeChannelHealthDto[]> {
    const [counts, stop] = await Promise.all([
      outbox.countByChannelAndStatus(db),
      channelHealth.findChannelStop(db, "whatsapp"),
    ]);
    const backlog = (channel: string) =>
      counts
        .filter((c) => c.channel === channel && ["pending", "sending"].includes(c.status))
        .reduce((sum, c) => sum + c.count, 0);
    return [
      {
        channel: "email",
        configured: mail.sending,
        stopped: false,
        stoppedAt: null,
        cause: null,
        backlog: await mail.backlog(),
      },
      {
        channel: "whatsapp",
        configured: deps.whatsappConfigured,
        stopped: stop !== undefined,
        stoppedAt: stop?.stoppedAt.toISOString() ?? null,
        cause: stop?.cause ?? null,
        backlog: backlog("whatsapp"),
      },
      {
        channel: "push",
        configured: true,
        stopped: false,
        stoppedAt: null,
        cause: null,
        backlog: backlog("push"),
      },
    ];
  }

  async function findOne(channel: NoticeChannel, id: number): Promise<AdminNoticeDto | undefined> {
    // Newest first, so the row is among the first of its channel only by chance: read it alone.
    const { rows } = await adminNotices.listAllNotices(db, { channel, limit: 1, offset: 0, id });
    return rows[0] ? toAdminNotice(rows[0]) : undefined;
  }

  return {
    async list(query: AdminNoticeListQuery = {}): Promise<Paged<AdminNoticeDto>> {
      const { rows, total } = await adminNotices.listAllNotices(db, {
        channel: query.channel,
        status: query.status,
        ...checkPage(query, ADMIN_PAGE_SIZE),
      });
      return { items: rows.map(toAdminNotice), total };
    },

    health,

    /** 'Reenviar' a failed notice of any channel: queued again with fresh attempts. */
    async resend(channel: NoticeChannel, id: number): Promise<AdminNoticeDto> {
      if (channel === "email") {
        const resent = await mail.resend(id);
        if (resent === "not_found") throw AppError.notFound(NOTICE_NOT_FOUND);
        if (resent === "not_failed") throw AppError.conflict(RESEND_ONLY_FAILED_NOTICE);
      } else {
        const requeued = await outbox.requeueFailedNotice(db, id, channel);
        if (!requeued) {
          if (!(await findOne(channel, id))) throw AppError.notFound(NOTICE_NOT_FOUND);
          throw AppError.conflict(RESEND_ONLY_FAILED_NOTICE);
        }
        worker.wake();
      }
      const found = await findOne(channel, id);
      if (!found) throw AppError.notFound(NOTICE_NOT_FOUND);
      return found;
    },

    /** 'Reintentar': WhatsApp sends again after a token or payment error was fixed. */
    async retryWhatsApp(): Promise<NoticeChannelHealthDto[]> {
      await channelHealth.clearChannelStop(db, "whatsapp");
      worker.wake();
      return health();
    },
  };
}

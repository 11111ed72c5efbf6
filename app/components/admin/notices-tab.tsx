import { useId, useState } from "react";
import { formatLongDateTime } from "../../../shared/dates";
import {
  NOTICE_CHANNEL_LABELS,
  NOTICE_CHANNELS,
  NOTICE_STATUS_LABELS,
  NOTICE_STATUSES,
  type NoticeChannel,
  type NoticeStatus,
} from "../../../shared/notices";
import { type AdminNoticeDto, useAdminNotices, useResendNotice } from "../../lib/admin-notices-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { ListPager } from "./list-paging";
import { EmptyList, ListError, ListLoading } from "./list-states";
import { NoticesHealth } from "./notices-health";
import { useListPaging } from "./use-list-paging";
import { WaitingOrders } from "./waiting-orders";

const STATUS_VARIANTS = {
  pending: "warning",
  sent: "success",
  delivered: "success",
  read: "success",
  failed: "destructive",
  unknown: "secondary",
  replaced: "secondary",
  skipped: "secondary",
} as const satisfies Record<NoticeStatus, string>;

/** The states whose last error is why they ended so; others' is a past try's. */
const EXPLAINED = new Set<NoticeStatus>(["failed", "skipped", "replaced"]);

export function NoticeStatusBadge({ status }: { status: NoticeStatus }) {
  return (
    <Badge variant={STATUS_VARIANTS[status] ?? "secondary"}>
      {NOTICE_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/**
 * 'Avisos' (issue 35; it was issue 25's 'Correos'): each channel's health, the orders still
 * waiting for their merchant, then every notice of every channel, newest first, filtered by
 * channel and state; a failed one can be sent again.
 */
export function NoticesTab() {
  const id = useId();
  const paging = useListPaging();
  const [channel, setChannel] = useState<NoticeChannel | "">("");
  const [status, setStatus] = useState<NoticeStatus | "">("");
  const notices = useAdminNotices({
    channel: channel || undefined,
    status: status || undefined,
    limit: paging.params.limit,
    offset: paging.params.offset,
  });
  const resend = useResendNotice();
  const page = notices.data;
  const shown = page?.items ?? [];
  const filtered = channel !== "" || status !== "";

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        Avisos
      </h2>
      <NoticesHealth />
      <WaitingOrders />
      <section aria-labelledby={`${id}-list`} className="grid gap-4">
        <h3 id={`${id}-list`} className="font-semibold text-stone-900">
          Avisos enviados
        </h3>
        <div className="grid gap-3 sm:grid-cols-2 lg:max-w-xl">
          <div>
            <Label htmlFor={`${id}-channel`}>Canal</Label>
            <NativeSelect
              id={`${id}-channel`}
              className="mt-1"
              value={channel}
              onChange={(event) => {
                setChannel(event.target.value as NoticeChannel | "");
                paging.resetPage();
              }}
            >
              <option value="">Todos los canales</option>
              {NOTICE_CHANNELS.map((value) => (
                <option key={value} value={value}>
                  {NOTICE_CHANNEL_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <Label htmlFor={`${id}-status`}>Estado</Label>
            <NativeSelect
              id={`${id}-status`}
              className="mt-1"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as NoticeStatus | "");
                paging.resetPage();
              }}
            >
              <option value="">Todos los estados</option>
              {NOTICE_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {NOTICE_STATUS_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        {notices.isPending ? (
          <ListLoading />
        ) : notices.isError ? (
          <ListError />
        ) : shown.length === 0 ? (
          <EmptyList
            text={filtered ? "Ningún aviso con esos filtros." : "No hay avisos registrados"}
          />
        ) : (
          <ul className="grid gap-3" aria-busy={notices.isPlaceholderData}>
            {shown.map((notice) => (
              <li key={`${notice.channel}-${notice.id}`}>
                <NoticeCard
                  notice={notice}
                  resending={
                    resend.isPending &&
                    resend.variables?.id === notice.id &&
                    resend.variables.channel === notice.channel
                  }
                  onResend={() => resend.mutate(notice)}
                />
              </li>
            ))}
          </ul>
        )}
        {page && (
          <ListPager paging={paging} total={page.total} shown={shown.length} noun="avisos" />
        )}
      </section>
    </section>
  );
}

function NoticeCard({
  notice,
  resending,
  onResend,
}: {
  notice: AdminNoticeDto;
  resending: boolean;
  onResend: () => void;
}) {
  const id = useId();
  const channel = NOTICE_CHANNEL_LABELS[notice.channel] ?? notice.channel;
  return (
    <Card role="article" aria-labelledby={`${id}-title`} className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={`${id}-title`} className="font-semibold break-words text-stone-900">
            {channel} a {notice.to}
          </h4>
          <p className="font-mono text-xs break-all text-stone-700">{notice.kind}</p>
        </div>
        <NoticeStatusBadge status={notice.status} />
      </div>
      {notice.lastError && (
        <p className="text-sm break-words text-red-800">
          <span className="text-stone-600">
            {EXPLAINED.has(notice.status) ? "Motivo:" : "Último error:"}
          </span>{" "}
          {notice.lastError}
        </p>
      )}
      <dl className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-3 sm:gap-3">
        <div>
          <dt className="text-stone-600">Creado</dt>
          <dd className="text-stone-900">
            <time dateTime={notice.createdAt}>{formatLongDateTime(notice.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Enviado</dt>
          <dd className="text-stone-900">
            {notice.sentAt ? (
              <time dateTime={notice.sentAt}>{formatLongDateTime(notice.sentAt)}</time>
            ) : (
              "—"
            )}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Intentos</dt>
          <dd className="text-stone-900 tabular-nums">{notice.tries}</dd>
        </div>
      </dl>
      {notice.status === "failed" && (
        <Button
          size="sm"
          variant="outline"
          className="self-start sm:justify-self-end"
          onClick={onResend}
          disabled={resending}
          aria-label={`Reenviar ${notice.kind} por ${channel} a ${notice.to}`}
        >
          {resending ? "Reenviando..." : "Reenviar"}
        </Button>
      )}
    </Card>
  );
}

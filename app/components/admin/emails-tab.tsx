import { useId } from "react";
import { formatLongDateTime } from "../../../shared/dates";
import {
  OUTBOX_STATUS_LABELS,
  type OutboxEmailDto,
  type OutboxStatus,
} from "../../../shared/order-life";
import { useAdminEmails, useResendEmail } from "../../lib/admin-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ListPager } from "./list-paging";
import { EmptyList, ListError, ListLoading } from "./list-states";
import { useListPaging } from "./use-list-paging";

const STATUS_VARIANTS = {
  pending: "warning",
  sending: "warning",
  sent: "success",
  failed: "destructive",
  logged: "secondary",
  skipped: "secondary",
} as const satisfies Record<OutboxStatus, string>;

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return (
    <Badge variant={STATUS_VARIANTS[status] ?? "secondary"}>
      {OUTBOX_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/**
 * 'Correos' (issue 25): the outbox, newest first, without bodies: who, what, its state,
 * attempts and last error; a failed one can be sent again. The panel shows this tab when
 * the server says it sends no mail (SMTP not configured).
 */
export function EmailsTab() {
  const id = useId();
  const paging = useListPaging();
  const emails = useAdminEmails(paging.params);
  const resend = useResendEmail();
  const page = emails.data;
  const shown = page?.items ?? [];

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        Correos
      </h2>
      {page?.mailSending === false && (
        <p
          role="note"
          className="rounded-md border border-maiz-400 bg-maiz-100 p-3 text-sm text-amber-900"
        >
          El envío de correos (SMTP) no está configurado: los correos quedan registrados aquí y no
          llegan a sus destinatarios.
        </p>
      )}
      {emails.isPending ? (
        <ListLoading />
      ) : emails.isError ? (
        <ListError />
      ) : shown.length === 0 ? (
        <EmptyList text="No hay correos registrados" />
      ) : (
        <ul className="grid gap-3" aria-busy={emails.isPlaceholderData}>
          {shown.map((email) => (
            <li key={email.id}>
              <EmailCard
                email={email}
                resending={resend.isPending && resend.variables === email.id}
                onResend={() => resend.mutate(email.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {page && <ListPager paging={paging} total={page.total} shown={shown.length} noun="correos" />}
    </section>
  );
}

function EmailCard({
  email,
  resending,
  onResend,
}: {
  email: OutboxEmailDto;
  resending: boolean;
  onResend: () => void;
}) {
  const id = useId();
  return (
    <Card role="article" aria-labelledby={`${id}-subject`} className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${id}-subject`} className="font-semibold break-words text-stone-900">
            {email.subject}
          </h3>
          <p className="text-sm break-all text-stone-700">
            <span className="text-stone-600">Para:</span> {email.to}
          </p>
        </div>
        <OutboxStatusBadge status={email.status} />
      </div>
      <dl className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-3 sm:gap-3">
        <div>
          <dt className="text-stone-600">Tipo</dt>
          <dd className="font-mono text-xs break-all text-stone-900">{email.kind}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Creado</dt>
          <dd className="text-stone-900">
            <time dateTime={email.createdAt}>{formatLongDateTime(email.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Intentos</dt>
          <dd className="text-stone-900 tabular-nums">{email.attempts}</dd>
        </div>
        {email.sentAt && (
          <div>
            <dt className="text-stone-600">Enviado</dt>
            <dd className="text-stone-900">
              <time dateTime={email.sentAt}>{formatLongDateTime(email.sentAt)}</time>
            </dd>
          </div>
        )}
        {email.lastError && (
          <div className="sm:col-span-3">
            <dt className="text-stone-600">Último error</dt>
            <dd className="break-words text-red-800">{email.lastError}</dd>
          </div>
        )}
      </dl>
      {email.status === "failed" && (
        <Button
          size="sm"
          variant="outline"
          className="self-start sm:justify-self-end"
          onClick={onResend}
          disabled={resending}
          aria-label={`Reenviar «${email.subject}» a ${email.to}`}
        >
          {resending ? "Reenviando..." : "Reenviar"}
        </Button>
      )}
    </Card>
  );
}

import { useId } from "react";
import { formatLongDateTime } from "../../../shared/dates";
import { NOTICE_CHANNEL_LABELS } from "../../../shared/notices";
import { countLabel } from "../../../shared/plural";
import {
  type NoticeChannelHealthDto,
  useNoticesHealth,
  useRetryWhatsApp,
} from "../../lib/admin-notices-api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ListError, ListLoading } from "./list-states";

/** What a channel without its settings means for its notices. */
const NOT_CONFIGURED: Record<NoticeChannelHealthDto["channel"], string> = {
  email:
    "El envío de correos (SMTP) no está configurado: los correos quedan registrados aquí y no llegan a sus destinatarios.",
  whatsapp:
    "WhatsApp no está configurado (WHATSAPP_*): los comercios y clientes reciben sus avisos solo por los otros canales.",
  push: "Las notificaciones no están configuradas: los teléfonos de los comercios no las reciben.",
};

function channelState(health: NoticeChannelHealthDto) {
  if (!health.configured) return { label: "No configurado", variant: "secondary" } as const;
  if (health.stopped) return { label: "Detenido", variant: "destructive" } as const;
  return { label: "Funcionando", variant: "success" } as const;
}

/**
 * The top of 'Avisos': each channel configured or not, what it still has to send, and
 * WhatsApp 'Detenido' (a token or payment error stops it for everyone) with its cause,
 * since when, and 'Reintentar'.
 */
export function NoticesHealth() {
  const id = useId();
  const health = useNoticesHealth();
  const retry = useRetryWhatsApp();
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h3 id={`${id}-heading`} className="font-semibold text-stone-900">
        Estado de los canales
      </h3>
      {health.isPending ? (
        <ListLoading rows={1} />
      ) : health.isError ? (
        <ListError />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-3">
          {health.data.map((channel) => {
            const state = channelState(channel);
            const name = NOTICE_CHANNEL_LABELS[channel.channel];
            return (
              <li key={channel.channel}>
                <Card
                  role="article"
                  aria-label={`Canal ${name}`}
                  className="grid h-full content-start gap-2 p-4"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium text-stone-900">{name}</p>
                    <Badge variant={state.variant}>{state.label}</Badge>
                  </div>
                  {!channel.configured && (
                    <p className="text-sm text-stone-700">{NOT_CONFIGURED[channel.channel]}</p>
                  )}
                  {channel.stopped && (
                    <div className="grid gap-1 text-sm">
                      {channel.cause && <p className="break-words text-red-800">{channel.cause}</p>}
                      {channel.stoppedAt && (
                        <p className="text-stone-700">
                          Desde el{" "}
                          <time dateTime={channel.stoppedAt}>
                            {formatLongDateTime(channel.stoppedAt)}
                          </time>
                        </p>
                      )}
                    </div>
                  )}
                  <p className="text-sm text-stone-700">
                    {channel.backlog === 0
                      ? "Nada pendiente"
                      : countLabel(channel.backlog, "aviso por enviar", "avisos por enviar")}
                  </p>
                  {channel.stopped && channel.channel === "whatsapp" && (
                    <Button
                      size="sm"
                      variant="outline"
                      className="justify-self-start"
                      onClick={() => retry.mutate()}
                      disabled={retry.isPending}
                    >
                      {retry.isPending ? "Reintentando..." : "Reintentar"}
                    </Button>
                  )}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

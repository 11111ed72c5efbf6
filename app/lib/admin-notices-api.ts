import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminNoticeDto,
  NoticeChannelHealthDto,
  WaitingOrderDto,
} from "../../shared/api-types";
import { NOTICE_CHANNEL_LABELS } from "../../shared/notices";
import { invalidateLists, type ListParams, serverMessage, useListPage } from "./back-office-api";
import { apiRequest } from "./api";
import { toast } from "./toast";

/**
 * The admin's 'Avisos' (issue 35): every notice of every channel, each channel's health,
 * and the orders still waiting for their merchant.
 */
export const NOTICE_KEYS = {
  notices: "/api/admin/notices",
  health: "/api/admin/notices/health",
  waiting: "/api/admin/orders/waiting",
} as const;

export type { AdminNoticeDto, NoticeChannelHealthDto, WaitingOrderDto };

function failure(description: string) {
  toast({ title: "Error", description, variant: "destructive" });
}

/** A page of the notices, newest first; `channel` and `status` filter them on the server. */
export const useAdminNotices = (params: ListParams = {}) =>
  useListPage<AdminNoticeDto>(NOTICE_KEYS.notices, params);

export const useNoticesHealth = () =>
  useQuery<NoticeChannelHealthDto[]>({ queryKey: [NOTICE_KEYS.health] });

/** A page of the orders still 'Recibido', oldest first. */
export const useWaitingOrders = (params: ListParams = {}) =>
  useListPage<WaitingOrderDto>(NOTICE_KEYS.waiting, params);

/** 'Reenviar': a failed notice goes back to its queue (409 when it is not failed any more). */
export function useResendNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notice: Pick<AdminNoticeDto, "channel" | "id">) =>
      apiRequest<AdminNoticeDto>(
        "POST",
        `${NOTICE_KEYS.notices}/${notice.channel}/${notice.id}/resend`,
      ),
    onSuccess: (notice) => {
      toast({
        title: "Aviso en cola",
        description: `${NOTICE_CHANNEL_LABELS[notice.channel]}: se reenviará a ${notice.to}`,
      });
      // The list and the channels' backlog (under the same prefix).
      return invalidateLists(queryClient, [NOTICE_KEYS.notices]);
    },
    onError: (error) => {
      failure(serverMessage(error, "No se pudo reenviar el aviso"));
      return invalidateLists(queryClient, [NOTICE_KEYS.notices]);
    },
  });
}

/** 'Reintentar': WhatsApp, stopped after a token or payment error, sends again. */
export function useRetryWhatsApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<NoticeChannelHealthDto[]>("POST", `${NOTICE_KEYS.notices}/whatsapp/retry`),
    onSuccess: (health) => {
      queryClient.setQueryData([NOTICE_KEYS.health], health);
      const whatsapp = health.find((channel) => channel.channel === "whatsapp");
      toast(
        whatsapp?.stopped
          ? { title: "WhatsApp sigue detenido", description: whatsapp.cause ?? undefined }
          : { title: "WhatsApp reanudado", description: "Los avisos pendientes se enviarán ahora" },
      );
      // The list only: the answer is the health already.
      return invalidateLists(queryClient, [`${NOTICE_KEYS.notices}?`]);
    },
    onError: (error) => failure(serverMessage(error, "No se pudo reanudar WhatsApp")),
  });
}

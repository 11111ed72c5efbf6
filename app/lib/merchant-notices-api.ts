import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MerchantNoticeSettingsDto, PushDeviceDto } from "../../shared/api-types";
import type { NoticeSettingsInput } from "../../shared/schemas/notices";
import { serverMessage } from "./back-office-api";
import { apiRequest } from "./api";
import { portalUrl } from "./merchant-api";
import { toast } from "./toast";
import { currentPushSubscription, subscribeThisBrowser, subscriptionBody } from "./web-push";

/**
 * The portal's 'Avisos' (issue 35): where the merchant hears of its orders
 * (GET/PUT /api/merchant/{id}/notices) and the devices that receive its Web Push
 * (…/push-subscriptions).
 */

export const noticeSettingsUrl = (merchantId: number) => portalUrl(merchantId, "/notices");
export const pushDevicesUrl = (merchantId: number) => portalUrl(merchantId, "/push-subscriptions");

export type { MerchantNoticeSettingsDto, PushDeviceDto };

function failure(description: string) {
  toast({ title: "Error", description, variant: "destructive" });
}

export const useNoticeSettings = (merchantId: number) =>
  useQuery<MerchantNoticeSettingsDto>({ queryKey: [noticeSettingsUrl(merchantId)] });

/** 'Guardar': a 400's field messages are shown by the form, the toast says the rest. */
export function useSaveNoticeSettings(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoticeSettingsInput) =>
      apiRequest<MerchantNoticeSettingsDto>("PUT", noticeSettingsUrl(merchantId), body),
    onSuccess: (settings) => {
      queryClient.setQueryData([noticeSettingsUrl(merchantId)], settings);
      toast({ title: "Avisos guardados", description: "Así te avisaremos de tus pedidos" });
    },
    onError: (error) => failure(serverMessage(error, "No se pudieron guardar los avisos")),
  });
}

export const usePushDevices = (merchantId: number) =>
  useQuery<PushDeviceDto[]>({ queryKey: [pushDevicesUrl(merchantId)] });

/** This browser's subscription's endpoint (null: none), to tell 'Este teléfono' in the list. */
export const THIS_BROWSER_KEY = "push-subscription:this-browser";

export function useThisBrowserEndpoint() {
  return useQuery<string | null>({
    queryKey: [THIS_BROWSER_KEY],
    queryFn: async () => (await currentPushSubscription())?.endpoint ?? null,
  });
}

/**
 * 'Activar avisos en este teléfono': subscribes this browser (permission, worker, VAPID key)
 * and registers the subscription with the server. Errors are the caller's to word (a refused
 * permission is not a network problem).
 */
export function useEnablePush(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (publicKey: string) => {
      const subscription = await subscribeThisBrowser(publicKey);
      await apiRequest<{ id: number }>(
        "POST",
        pushDevicesUrl(merchantId),
        subscriptionBody(subscription),
      );
      return subscription.endpoint;
    },
    onSuccess: (endpoint) => {
      queryClient.setQueryData([THIS_BROWSER_KEY], endpoint);
      toast({
        title: "Avisos activados",
        description: "Este teléfono recibirá una notificación por cada pedido nuevo",
      });
      return queryClient.invalidateQueries({ queryKey: [pushDevicesUrl(merchantId)] });
    },
  });
}

/** 'Quitar': the server forgets the device; this browser's own is also unsubscribed. */
export function useRemovePushDevice(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (device: PushDeviceDto) => {
      await apiRequest("DELETE", `${pushDevicesUrl(merchantId)}/${device.id}`);
      const mine = await currentPushSubscription().catch(() => null);
      if (mine?.endpoint === device.endpoint) {
        await mine.unsubscribe().catch(() => false);
        return true;
      }
      return false;
    },
    onSuccess: (wasThisBrowser) => {
      if (wasThisBrowser) queryClient.setQueryData([THIS_BROWSER_KEY], null);
      toast({ title: "Dispositivo quitado", description: "Ya no recibirá avisos de pedidos" });
      return queryClient.invalidateQueries({ queryKey: [pushDevicesUrl(merchantId)] });
    },
    onError: (error) => failure(serverMessage(error, "No se pudo quitar el dispositivo")),
  });
}

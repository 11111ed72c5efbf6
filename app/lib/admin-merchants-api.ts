import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminMerchantDto, MerchantOptionDto } from "../../shared/api-types";
import type { AdminMerchantInput, AdminMerchantUpdateInput } from "../../shared/schemas/index";
import type { MerchantOperationsInput } from "../../shared/schemas/merchant-operations";
import { ADMIN_KEYS } from "./admin-api";
import { apiRequest } from "./api";
import {
  invalidateLists,
  type ListParams,
  serverMessage,
  toastFailure,
  useListPage,
} from "./back-office-api";
import { toast } from "./toast";

export const useAdminMerchants = (params: ListParams = {}) =>
  useListPage<AdminMerchantDto>(ADMIN_KEYS.merchants, params);
export const usePendingMerchants = (params: ListParams = {}) =>
  useListPage<AdminMerchantDto>(ADMIN_KEYS.pending, params);
/** Every merchant's id, name, category and status: the forms' merchant pickers. */
export const useMerchantOptions = () =>
  useQuery<MerchantOptionDto[]>({ queryKey: [ADMIN_KEYS.merchantNames] });

// The bodies of the admin writes are typed by the shared zod schemas the server parses them
// with (z.input: what may be sent, before the schemas' defaults and transforms).

/**
 * A new merchant: the admin schema's fields, and the hours, closures and delivery that the
 * service reads from the same body (merchantOperationsSchema).
 */
export type MerchantPayload = AdminMerchantInput & MerchantOperationsInput;
/** A merchant's edit: no slug or approval (approving is its own action). */
export type MerchantUpdatePayload = AdminMerchantUpdateInput & MerchantOperationsInput;

export function useApproveMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<AdminMerchantDto>("POST", `/api/admin/merchants/${id}/approve`),
    onSuccess: (merchant) => {
      toast({
        title: "Comercio aprobado",
        description: `${merchant.name} ya es visible en Tiangue`,
      });
      return invalidateLists(queryClient);
    },
    onError: () => toastFailure("Error", "No se pudo aprobar el comercio."),
  });
}

export function useRejectMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiRequest<AdminMerchantDto>("POST", `/api/admin/merchants/${id}/reject`, { reason }),
    onSuccess: () => {
      toast({ title: "Comercio rechazado", description: "La solicitud ha sido rechazada" });
      return invalidateLists(queryClient);
    },
    onError: (error) =>
      toastFailure("Error", serverMessage(error, "Error al rechazar el comercio")),
  });
}

export function useCreateMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: MerchantPayload) =>
      apiRequest<AdminMerchantDto>("POST", "/api/admin/merchants", payload),
    onSuccess: (merchant) => {
      toast({
        title: "Comercio registrado",
        description: merchant.approved
          ? "El comercio está publicado"
          : "El comercio quedó pendiente de aprobación",
      });
      return invalidateLists(queryClient);
    },
    onError: (error) =>
      toastFailure("Error", serverMessage(error, "Error al registrar el comercio")),
  });
}

export function useUpdateMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: MerchantUpdatePayload }) =>
      apiRequest<AdminMerchantDto>("PUT", `/api/admin/merchants/${id}`, payload),
    onSuccess: () => {
      toast({ title: "Comercio actualizado", description: "Los cambios han sido guardados" });
      return invalidateLists(queryClient);
    },
    onError: (error) =>
      toastFailure("Error", serverMessage(error, "No se pudo actualizar el comercio")),
  });
}

export function useDeleteMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/admin/merchants/${id}`),
    onSuccess: () => {
      toast({
        title: "Comercio eliminado",
        description: "El comercio ha sido eliminado permanentemente",
      });
      return invalidateLists(queryClient);
    },
    onError: () => toastFailure("Error", "No se pudo eliminar el comercio"),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminReviewDto } from "../../shared/api-types";
import { ADMIN_KEYS } from "./admin-api";
import { apiRequest } from "./api";
import { invalidateLists, type ListParams, toastFailure, useListPage } from "./back-office-api";
import { toast } from "./toast";

export const useAdminReviews = (params: ListParams = {}) =>
  useListPage<AdminReviewDto>(ADMIN_KEYS.reviews, params);

export function useApproveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("POST", `/api/admin/reviews/${id}/approve`),
    onSuccess: () => {
      toast({ title: "Reseña aprobada", description: "La reseña ya es pública" });
      return invalidateLists(queryClient);
    },
    onError: () => toastFailure("Error", "No se pudo aprobar la reseña"),
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/admin/reviews/${id}`),
    onSuccess: () => {
      toast({ title: "Reseña eliminada" });
      return invalidateLists(queryClient);
    },
    onError: () => toastFailure("Error", "No se pudo eliminar la reseña"),
  });
}

/** Issue 37: an administrator removes a merchant's reply to a review. */
export function useRemoveReviewReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/admin/reviews/${id}/reply`),
    onSuccess: () => {
      toast({ title: "Respuesta eliminada" });
      return invalidateLists(queryClient);
    },
    onError: () => toastFailure("Error", "No se pudo eliminar la respuesta"),
  });
}

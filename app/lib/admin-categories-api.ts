import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CategoryDto } from "../../shared/api-types";
import type { CategoryInput } from "../../shared/schemas/index";
import { ADMIN_KEYS } from "./admin-api";
import { apiRequest } from "./api";
import { invalidateLists, serverMessage, toastFailure } from "./back-office-api";
import { toast } from "./toast";

export const useAdminCategories = () =>
  useQuery<CategoryDto[]>({ queryKey: [ADMIN_KEYS.categories] });

export type CategoryPayload = CategoryInput;

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CategoryPayload) =>
      apiRequest<CategoryDto>("POST", "/api/admin/categories", { ...payload, merchantCount: 0 }),
    onSuccess: (category) => {
      toast({ title: "Categoría creada", description: `${category.name} está lista para usarse` });
      return invalidateLists(queryClient);
    },
    onError: () => toastFailure("Error", "No se pudo crear la categoría."),
  });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: CategoryPayload }) =>
      apiRequest<CategoryDto>("PUT", `/api/admin/categories/${id}`, payload),
    onSuccess: () => {
      toast({ title: "Categoría actualizada" });
      return invalidateLists(queryClient);
    },
    onError: (error) =>
      toastFailure("Error", serverMessage(error, "Error al actualizar la categoría")),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/admin/categories/${id}`),
    onSuccess: () => {
      toast({ title: "Categoría eliminada" });
      return invalidateLists(queryClient);
    },
    // A category in use answers 409 with the reason; show it as the server wrote it.
    onError: (error) =>
      toastFailure(
        "Error al eliminar categoría",
        serverMessage(error, "No se pudo eliminar la categoría"),
      ),
  });
}

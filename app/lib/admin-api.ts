import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminMerchantDto,
  AdminReviewDto,
  CategoryDto,
  OrderDto,
  OrderStatus,
  ProductDto,
  UserDto,
} from "../../shared/api-types";
import type {
  AdminMerchantInput,
  AdminMerchantUpdateInput,
  BulkUploadInput,
  CategoryInput,
  ProductUpdateInput,
} from "../../shared/schemas/index";
import type { MerchantOperationsInput } from "../../shared/schemas/merchant-operations";
import { ApiError, apiRequest } from "./api";
import { toast } from "./toast";
import { countLabel } from "../../shared/plural";

/** Query keys of the admin panel: the default query fn GETs the first element (spec §7). */
export const ADMIN_KEYS = {
  user: "/api/auth/user",
  merchants: "/api/admin/merchants",
  pending: "/api/admin/merchants/pending",
  categories: "/api/admin/categories",
  orders: "/api/admin/orders",
  reviews: "/api/admin/reviews",
  products: "/api/admin/products",
} as const;

export const productsKey = (merchantId?: number) =>
  merchantId === undefined
    ? ADMIN_KEYS.products
    : `${ADMIN_KEYS.products}?merchantId=${merchantId}`;

/** Lists that may change after an admin write: public and admin ones (spec §7). */
const CATALOG_PREFIXES = [
  "/api/merchants",
  "/api/admin/merchants",
  "/api/categories",
  "/api/admin/categories",
  "/api/products",
  "/api/admin/products",
  "/api/reviews",
  "/api/admin/reviews",
  "/api/search",
  "/api/cart",
];

/** Reloads every cached list whose URL starts with one of the prefixes (query strings included). */
export function invalidateLists(
  queryClient: QueryClient,
  prefixes: readonly string[] = CATALOG_PREFIXES,
) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      return typeof key === "string" && prefixes.some((prefix) => key.startsWith(prefix));
    },
  });
}

/** The server's Spanish message of a failed call, else the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

function failure(title: string, description: string) {
  toast({ title, description, variant: "destructive" });
}

// ---------------------------------------------------------------- reads

/** The signed-in administrator; a 401 is an ordinary error (spec §7), never retried. */
export function useAuthUser() {
  return useQuery<UserDto>({ queryKey: [ADMIN_KEYS.user], retry: false });
}

export const useAdminMerchants = () =>
  useQuery<AdminMerchantDto[]>({ queryKey: [ADMIN_KEYS.merchants] });
export const usePendingMerchants = () =>
  useQuery<AdminMerchantDto[]>({ queryKey: [ADMIN_KEYS.pending] });
export const useAdminCategories = () =>
  useQuery<CategoryDto[]>({ queryKey: [ADMIN_KEYS.categories] });
export const useAdminOrders = () => useQuery<OrderDto[]>({ queryKey: [ADMIN_KEYS.orders] });
export const useAdminReviews = () => useQuery<AdminReviewDto[]>({ queryKey: [ADMIN_KEYS.reviews] });
/** Every product, inactive ones too; of one merchant when merchantId is given. */
export const useAdminProducts = (merchantId?: number) =>
  useQuery<ProductDto[]>({ queryKey: [productsKey(merchantId)] });

// ---------------------------------------------------------------- session

/** Sign-out; the caller goes to /admin/login whatever the answer (spec §2). */
export function useLogout() {
  return useMutation({ mutationFn: () => apiRequest("POST", "/api/auth/logout") });
}

// ---------------------------------------------------------------- merchants

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
    onError: () => failure("Error", "No se pudo aprobar el comercio."),
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
    onError: (error) => failure("Error", serverMessage(error, "Error al rechazar el comercio")),
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
    onError: (error) => failure("Error", serverMessage(error, "Error al registrar el comercio")),
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
    onError: (error) => failure("Error", serverMessage(error, "No se pudo actualizar el comercio")),
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
    onError: () => failure("Error", "No se pudo eliminar el comercio"),
  });
}

// ---------------------------------------------------------------- categories

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
    onError: () => failure("Error", "No se pudo crear la categoría."),
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
    onError: (error) => failure("Error", serverMessage(error, "Error al actualizar la categoría")),
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
      failure(
        "Error al eliminar categoría",
        serverMessage(error, "No se pudo eliminar la categoría"),
      ),
  });
}

// ---------------------------------------------------------------- products

/** A product's edit (its merchant never changes). */
export type ProductPayload = ProductUpdateInput;

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ProductPayload & { merchantId: number }) =>
      apiRequest<ProductDto>("POST", "/api/products", {
        ...payload,
        rating: "0.0",
        reviewCount: 0,
      }),
    onSuccess: (product) => {
      toast({ title: "Producto creado exitosamente", description: product.name });
      return invalidateLists(queryClient);
    },
    onError: () =>
      failure("Error al crear producto", "No se pudo crear el producto. Intenta de nuevo."),
  });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: ProductPayload }) =>
      apiRequest<ProductDto>("PUT", `/api/products/${id}`, payload),
    onSuccess: () => {
      toast({ title: "Producto actualizado" });
      return invalidateLists(queryClient);
    },
    onError: (error) => failure("Error", serverMessage(error, "No se pudo actualizar el producto")),
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/products/${id}`),
    onSuccess: () => {
      toast({ title: "Producto eliminado" });
      return invalidateLists(queryClient);
    },
    onError: () => failure("Error", "No se pudo eliminar el producto"),
  });
}

/** Each CSV row also says its line in the file, which the server names when it refuses the row. */
export type BulkUploadPayload = Omit<BulkUploadInput, "products"> & {
  products: (BulkUploadInput["products"][number] & { line: number })[];
};

/** All or nothing: the server creates every row or none. */
export function useBulkUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: BulkUploadPayload) =>
      apiRequest<{ created: number }>("POST", "/api/admin/bulk-upload-products", payload),
    onSuccess: ({ created }) => {
      toast({
        title: "Catálogo subido",
        description: countLabel(created, "producto creado", "productos creados"),
      });
      return invalidateLists(queryClient);
    },
    onError: (error) => {
      // A 400 lists the rows the server refused ('Línea n: …'): a CSV problem, not a network one.
      const rowError =
        error instanceof ApiError && error.status === 400 ? error.body?.errors?.[0] : undefined;
      if (rowError) failure("Error en el formato CSV", rowError.message);
      else
        failure(
          "Error al subir el catálogo",
          serverMessage(error, "No se pudo subir el catálogo. Intenta de nuevo."),
        );
    },
  });
}

// ---------------------------------------------------------------- reviews and orders

export function useApproveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("POST", `/api/admin/reviews/${id}/approve`),
    onSuccess: () => {
      toast({ title: "Reseña aprobada", description: "La reseña ya es pública" });
      return invalidateLists(queryClient);
    },
    onError: () => failure("Error", "No se pudo aprobar la reseña"),
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
    onError: () => failure("Error", "No se pudo eliminar la reseña"),
  });
}

export function useSetOrderStatus() {
  const queryClient = useQueryClient();
  const key = [ADMIN_KEYS.orders];
  const replace = (id: number, change: (order: OrderDto) => OrderDto) =>
    queryClient.setQueryData<OrderDto[]>(key, (orders) =>
      orders?.map((order) => (order.id === id ? change(order) : order)),
    );
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: OrderStatus }) =>
      apiRequest<OrderDto>("PUT", `/api/admin/orders/${id}/status`, { status }),
    // The select shows the new status at once; a failure puts the old one back.
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<OrderDto[]>(key)?.find((o) => o.id === id)?.status;
      replace(id, (order) => ({ ...order, status }));
      return { previous };
    },
    onSuccess: (order) => {
      replace(order.id, () => order);
      toast({
        title: "Estado actualizado",
        description: "El estado del pedido ha sido actualizado",
      });
    },
    onError: (_error, { id }, context) => {
      const previous = context?.previous;
      if (previous) replace(id, (order) => ({ ...order, status: previous }));
      failure("Error", "No se pudo actualizar el estado del pedido");
    },
  });
}

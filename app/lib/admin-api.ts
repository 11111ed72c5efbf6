import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  AdminMerchantDto,
  AdminReviewDto,
  CategoryDto,
  MerchantOptionDto,
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
import type { AdminOrderDto } from "../../shared/checkout";
import type { MerchantBalanceDto, PayoutDto } from "../../shared/order-life";
import type { PayoutInput, RefundInput } from "../../shared/schemas/order-life";
import { ApiError, apiRequest, apiResponse } from "./api";
import { toast } from "./toast";
import { countLabel } from "../../shared/plural";
import { formatPrice } from "../../shared/money";

/** Query keys of the admin panel: the default query fn GETs the first element (spec §7). */
export const ADMIN_KEYS = {
  user: "/api/auth/user",
  merchants: "/api/admin/merchants",
  pending: "/api/admin/merchants/pending",
  categories: "/api/admin/categories",
  orders: "/api/admin/orders",
  reviews: "/api/admin/reviews",
  products: "/api/admin/products",
  merchantNames: "/api/admin/merchants/names",
  payouts: "/api/admin/payouts",
} as const;

/** The balances as a CSV download (issue 25). */
export const ADMIN_PAYOUTS_CSV_URL = `${ADMIN_KEYS.payouts}?format=csv`;

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

interface ToastText {
  title: string;
  description?: string;
}

/**
 * A write of the admin panel or of the merchant portal: the call, what the toast says once
 * done, the cached lists it reloads (invalidateLists; the catalogue's by default), and what
 * the toast says when it fails. The two sides' parallel hooks (products, the CSV upload) are
 * this one function with their own URLs and words.
 */
export function useListWrite<Variables, Answer>(write: {
  call: (variables: Variables) => Promise<Answer>;
  done: (answer: Answer) => ToastText;
  failed: (error: unknown) => ToastText & { description: string };
  reload?: readonly string[];
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write.call,
    onSuccess: (answer) => {
      toast(write.done(answer));
      return invalidateLists(queryClient, write.reload);
    },
    onError: (error) => {
      const { title, description } = write.failed(error);
      failure(title, description);
    },
  });
}

// ---------------------------------------------------------------- reads

/** The signed-in administrator; a 401 is an ordinary error (spec §7), never retried. */
export function useAuthUser() {
  return useQuery<UserDto>({ queryKey: [ADMIN_KEYS.user], retry: false });
}

/** One page of a list and the count of every match (the answer's X-Total-Count). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** What a tab asks of a list (issue 13): a page, a search, and its filters. */
export type ListParams = Record<string, string | number | undefined>;

/** The list's URL with its parameters; blank ones are left out, so page 1 of all is `path`. */
export function listUrl(path: string, params: ListParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** GETs one page: the body's array, the total from X-Total-Count (else what came). */
export async function fetchListPage<T>(url: string): Promise<ListPage<T>> {
  const response = await apiResponse("GET", url);
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get("x-total-count") ?? Number.NaN);
  return { items, total: Number.isSafeInteger(total) ? total : items.length };
}

/**
 * A page of an admin list, keyed by its URL (so the writes' invalidateLists reloads it).
 * While the next page or search loads, the last one stays on screen (`isPlaceholderData`).
 */
export function useListPage<T>(path: string, params: ListParams, enabled = true) {
  const url = listUrl(path, params);
  return useQuery<ListPage<T>>({
    queryKey: [url],
    queryFn: () => fetchListPage<T>(url),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useAdminMerchants = (params: ListParams = {}) =>
  useListPage<AdminMerchantDto>(ADMIN_KEYS.merchants, params);
export const usePendingMerchants = (params: ListParams = {}) =>
  useListPage<AdminMerchantDto>(ADMIN_KEYS.pending, params);
/** Every merchant's id, name, category and status: the forms' merchant pickers. */
export const useMerchantOptions = () =>
  useQuery<MerchantOptionDto[]>({ queryKey: [ADMIN_KEYS.merchantNames] });
export const useAdminCategories = () =>
  useQuery<CategoryDto[]>({ queryKey: [ADMIN_KEYS.categories] });
export const useAdminOrders = (params: ListParams = {}) =>
  useListPage<OrderDto>(ADMIN_KEYS.orders, params);
export const useAdminReviews = (params: ListParams = {}) =>
  useListPage<AdminReviewDto>(ADMIN_KEYS.reviews, params);
/** A page of the products, inactive ones too; `merchantId` and `q` filter them. */
export const useAdminProducts = (params: ListParams = {}) =>
  useListPage<ProductDto>(ADMIN_KEYS.products, params);

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

/** What the toasts say once a product is written, on either side. */
export const productCreated = (product: ProductDto) => ({
  title: "Producto creado exitosamente",
  description: product.name,
});
export const PRODUCT_UPDATED = { title: "Producto actualizado" };
export const PRODUCT_DELETED = { title: "Producto eliminado" };

export const useCreateProduct = () =>
  useListWrite({
    call: (payload: ProductPayload & { merchantId: number }) =>
      apiRequest<ProductDto>("POST", "/api/products", {
        ...payload,
        rating: "0.0",
        reviewCount: 0,
      }),
    done: productCreated,
    failed: () => ({
      title: "Error al crear producto",
      description: "No se pudo crear el producto. Intenta de nuevo.",
    }),
  });

export const useUpdateProduct = () =>
  useListWrite({
    call: ({ id, payload }: { id: number; payload: ProductPayload }) =>
      apiRequest<ProductDto>("PUT", `/api/products/${id}`, payload),
    done: () => PRODUCT_UPDATED,
    failed: (error) => ({
      title: "Error",
      description: serverMessage(error, "No se pudo actualizar el producto"),
    }),
  });

export const useDeleteProduct = () =>
  useListWrite({
    call: (id: number) => apiRequest("DELETE", `/api/products/${id}`),
    done: () => PRODUCT_DELETED,
    failed: () => ({ title: "Error", description: "No se pudo eliminar el producto" }),
  });

/** Each CSV row also says its line in the file, which the server names when it refuses the row. */
export type BulkUploadPayload = Omit<BulkUploadInput, "products"> & {
  products: (BulkUploadInput["products"][number] & { line: number })[];
};

/**
 * The CSV catalogue upload, all or nothing (the server creates every row or none), to `url`:
 * the admin's, or a merchant's own in the portal, which reloads `reload`.
 */
export const useCatalogUpload = (url: string, reload?: readonly string[]) =>
  useListWrite({
    call: (payload: BulkUploadPayload) => apiRequest<{ created: number }>("POST", url, payload),
    done: ({ created }) => ({
      title: "Catálogo subido",
      description: countLabel(created, "producto creado", "productos creados"),
    }),
    failed: (error) => {
      // A "validation" refusal lists the rows the server refused ('Línea n: …'): a CSV
      // problem, not a network one.
      const rowError =
        error instanceof ApiError && error.code === "validation"
          ? error.body?.errors?.[0]
          : undefined;
      return rowError
        ? { title: "Error en el formato CSV", description: rowError.message }
        : {
            title: "Error al subir el catálogo",
            description: serverMessage(error, "No se pudo subir el catálogo. Intenta de nuevo."),
          };
    },
    reload,
  });

export const useBulkUpload = () => useCatalogUpload("/api/admin/bulk-upload-products");

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

/** Issue 37: an administrator removes a merchant's reply to a review. */
export function useRemoveReviewReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/admin/reviews/${id}/reply`),
    onSuccess: () => {
      toast({ title: "Respuesta eliminada" });
      return invalidateLists(queryClient);
    },
    onError: () => failure("Error", "No se pudo eliminar la respuesta"),
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

// ---------------------------------------------------------------- refunds and payouts (issue 25)
// (Every notice, e-mails included, is lib/admin-notices-api.ts: issue 35's 'Avisos'.)

/** 'Registrar reembolso': a paid card order cancelled later, refunded outside Tiangue. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reference }: { id: number } & RefundInput) =>
      apiRequest<AdminOrderDto>("POST", `/api/admin/orders/${id}/refund`, { reference }),
    onSuccess: (order) => {
      toast({ title: "Reembolso registrado", description: `Pedido ${order.orderNumber}` });
      return invalidateLists(queryClient, [ADMIN_KEYS.orders, ADMIN_KEYS.payouts]);
    },
    onError: (error) => failure("Error", serverMessage(error, "No se pudo registrar el reembolso")),
  });
}

/** What Tiangue owes each merchant for its delivered card orders, and what it paid. */
export const useAdminPayouts = () =>
  useQuery<MerchantBalanceDto[]>({ queryKey: [ADMIN_KEYS.payouts] });

/** 'Registrar pago': a payout to one merchant (409 when it passes the balance). */
export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ merchantId, ...payout }: { merchantId: number } & PayoutInput) =>
      apiRequest<PayoutDto>("POST", `/api/admin/merchants/${merchantId}/payouts`, payout),
    onSuccess: (payout) => {
      toast({
        title: "Pago registrado",
        description: `${formatPrice(payout.amount)} · ${payout.reference}`,
      });
      return invalidateLists(queryClient, [ADMIN_KEYS.payouts]);
    },
    onError: (error) => failure("Error", serverMessage(error, "No se pudo registrar el pago")),
  });
}

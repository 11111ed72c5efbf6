import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MerchantDto, OrderStatus, ProductDto } from "../../shared/api-types";
import {
  LOGIN_LINK_INVALID_MESSAGE,
  LOGIN_LINK_SENT_MESSAGE,
  type MerchantAuditEntryDto,
  type MerchantMeDto,
  type MerchantOrderDto,
  type MerchantProfileInput,
  type MerchantStatsDto,
  type SignInEmailDto,
} from "../../shared/merchant-portal";
import type { MerchantOperationsInput } from "../../shared/schemas/merchant-operations";
import {
  type BulkUploadPayload,
  invalidateLists,
  type ListParams,
  type ProductPayload,
  serverMessage,
  useListPage,
} from "./admin-api";
import { ApiError, apiRequest } from "./api";
import { toast } from "./toast";

/**
 * The calls of the merchant portal (issue 11): the same routes a phone app or a script
 * would use, under /api/merchant/{merchantId}/…. Every write reloads the portal's lists
 * and the public ones, since the public pages show the change at once.
 */

export type { MerchantMeDto, MerchantStatsDto };

export const MERCHANT_ME_KEY = "/api/merchant/me";

/**
 * The merchant's own profile edit, typed by the schemas the server parses it with: the
 * profile's fields and the hours, closures and delivery (merchantOperationsSchema).
 */
export type ProfilePayload = MerchantProfileInput & MerchantOperationsInput;
export const LOGIN_LINK_URL = "/api/merchant/login-link";
export const LOGIN_URL = "/api/merchant/login";

/** The same answer whether or not the e-mail belongs to a merchant (issue 11). */
export const LOGIN_LINK_SENT = LOGIN_LINK_SENT_MESSAGE;
export const LOGIN_LINK_INVALID = LOGIN_LINK_INVALID_MESSAGE;

export const portalUrl = (merchantId: number, rest = "") => `/api/merchant/${merchantId}${rest}`;

/** Portal lists and the public lists a portal write changes. */
const PORTAL_PREFIXES = [
  "/api/merchant/",
  "/api/merchants",
  "/api/products",
  "/api/categories",
  "/api/reviews",
  "/api/search",
  "/api/cart",
];

function failure(description: string) {
  toast({ title: "Error", description, variant: "destructive" });
}

// ---------------------------------------------------------------- session

/** The signed-in merchant user; a 401 is an ordinary error, never retried. */
export function useMerchantMe() {
  return useQuery<MerchantMeDto>({ queryKey: [MERCHANT_ME_KEY], retry: false });
}

export function useRequestLoginLink() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<{ message?: string } | undefined>("POST", LOGIN_LINK_URL, { email }),
  });
}

/** Spends the one-time token: only ever from the 'Entrar' button, never on page load. */
export function useMerchantLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest<MerchantMeDto>("POST", LOGIN_URL, { token }),
    // A new session: whatever an earlier one loaded must not show.
    onSuccess: (me) => {
      queryClient.clear();
      queryClient.setQueryData([MERCHANT_ME_KEY], me);
    },
  });
}

export function useMerchantLogout() {
  return useMutation({ mutationFn: () => apiRequest("POST", "/api/auth/logout") });
}

// ---------------------------------------------------------------- the merchant itself

export const usePortalMerchant = (merchantId: number) =>
  useQuery<MerchantDto>({ queryKey: [portalUrl(merchantId)] });

export function useUpdatePortalMerchant(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ProfilePayload) =>
      apiRequest<MerchantDto>("PUT", portalUrl(merchantId), payload),
    onSuccess: (merchant) => {
      queryClient.setQueryData([portalUrl(merchantId)], merchant);
      toast({ title: "Cambios guardados", description: "Tu página pública ya los muestra" });
      return invalidateLists(queryClient, PORTAL_PREFIXES);
    },
    // Field errors are shown by the form; the toast tells the rest.
    onError: (error) => failure(serverMessage(error, "No se pudieron guardar los cambios")),
  });
}

// ---------------------------------------------------------------- products

/** A page of the merchant's products, inactive ones too; `q` searches their names (issue 13). */
export const usePortalProducts = (merchantId: number, params: ListParams = {}) =>
  useListPage<ProductDto>(portalUrl(merchantId, "/products"), params);

export function useCreatePortalProduct(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The merchant comes from the URL: a body `merchantId` would only be ignored.
    mutationFn: ({ merchantId: _ignored, ...payload }: ProductPayload & { merchantId: number }) =>
      apiRequest<ProductDto>("POST", portalUrl(merchantId, "/products"), payload),
    onSuccess: (product) => {
      toast({ title: "Producto creado exitosamente", description: product.name });
      return invalidateLists(queryClient, PORTAL_PREFIXES);
    },
    onError: (error) => failure(serverMessage(error, "No se pudo crear el producto")),
  });
}

export function useUpdatePortalProduct(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: ProductPayload }) =>
      apiRequest<ProductDto>("PUT", portalUrl(merchantId, `/products/${id}`), payload),
    onSuccess: () => {
      toast({ title: "Producto actualizado" });
      return invalidateLists(queryClient, PORTAL_PREFIXES);
    },
    onError: (error) => failure(serverMessage(error, "No se pudo actualizar el producto")),
  });
}

/** 'Desactivar' hides a product from the public without deleting it; 'Reactivar' shows it again. */
export function useSetPortalProductActive(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The whole product goes along: a PUT replaces the product's fields.
    mutationFn: ({ product, isActive }: { product: ProductDto; isActive: boolean }) =>
      apiRequest<ProductDto>("PUT", portalUrl(merchantId, `/products/${product.id}`), {
        ...productPayload(product),
        isActive,
      }),
    onSuccess: (product) => {
      toast({ title: product.isActive ? "Producto reactivado" : "Producto desactivado" });
      return invalidateLists(queryClient, PORTAL_PREFIXES);
    },
    onError: (error) => failure(serverMessage(error, "No se pudo cambiar el producto")),
  });
}

/** The writable fields of a product as it is. */
export function productPayload(product: ProductDto): ProductPayload {
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    price: product.price,
    imageUrl: product.imageUrl,
    images: product.images,
    categoryId: product.categoryId,
  };
}

/**
 * The admin's CSV catalogue upload into this merchant (the URL's: the payload's merchant is
 * only checked by the server), all or nothing; for CatalogUploadDialog's context.
 */
export function usePortalBulkUpload(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: BulkUploadPayload) =>
      apiRequest<{ created: number }>(
        "POST",
        portalUrl(merchantId, "/bulk-upload-products"),
        payload,
      ),
    onSuccess: ({ created }) => {
      toast({
        title: "Catálogo subido",
        description: `${created} ${created === 1 ? "producto creado" : "productos creados"}`,
      });
      return invalidateLists(queryClient, PORTAL_PREFIXES);
    },
    onError: (error) => {
      // A 400 lists the rows the server refused ('Línea n: …'), as in the admin's dialog.
      const rowError =
        error instanceof ApiError && error.status === 400 ? error.body?.errors?.[0] : undefined;
      toast({
        title: rowError ? "Error en el formato CSV" : "Error al subir el catálogo",
        description: rowError
          ? rowError.message
          : serverMessage(error, "No se pudo subir el catálogo. Intenta de nuevo."),
        variant: "destructive",
      });
    },
  });
}

export function useDeletePortalProduct(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", portalUrl(merchantId, `/products/${id}`)),
    onSuccess: () => {
      toast({ title: "Producto eliminado" });
      return invalidateLists(queryClient, PORTAL_PREFIXES);
    },
    onError: (error) => failure(serverMessage(error, "No se pudo eliminar el producto")),
  });
}

// ---------------------------------------------------------------- orders, reviews, stats

export const usePortalOrders = (merchantId: number) =>
  useQuery<MerchantOrderDto[]>({ queryKey: [portalUrl(merchantId, "/orders")] });

export function useSetPortalOrderStatus(merchantId: number) {
  const queryClient = useQueryClient();
  const key = [portalUrl(merchantId, "/orders")];
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: OrderStatus }) =>
      apiRequest<MerchantOrderDto>("PUT", portalUrl(merchantId, `/orders/${id}/status`), {
        status,
      }),
    onSuccess: (order) => {
      queryClient.setQueryData<MerchantOrderDto[]>(key, (orders) =>
        orders?.map((o) => (o.id === order.id ? order : o)),
      );
      toast({
        title: "Estado actualizado",
        description: "El estado del pedido ha sido actualizado",
      });
    },
    onError: (error) => failure(serverMessage(error, "No se pudo actualizar el estado del pedido")),
  });
}

export const usePortalStats = (merchantId: number) =>
  useQuery<MerchantStatsDto>({ queryKey: [portalUrl(merchantId, "/stats")] });

// ---------------------------------------------------------------- administrators

export const adminMerchantUrl = (merchantId: number, rest: string) =>
  `/api/admin/merchants/${merchantId}${rest}`;

export const useSignInEmail = (merchantId: number) =>
  useQuery<SignInEmailDto>({ queryKey: [adminMerchantUrl(merchantId, "/sign-in-email")] });

export const useMerchantAudit = (merchantId: number) =>
  useQuery<MerchantAuditEntryDto[]>({ queryKey: [adminMerchantUrl(merchantId, "/audit")] });

/** 'Enviar enlace de acceso': e-mails the merchant a sign-in link. */
export function useSendLoginLink(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message: string; email: string }>(
        "POST",
        adminMerchantUrl(merchantId, "/login-link"),
      ),
    onSuccess: ({ email }) => {
      toast({ title: "Enlace enviado", description: `Enviamos el enlace de acceso a ${email}` });
      // The sending is in the merchant's audit log now.
      return queryClient.invalidateQueries({
        queryKey: [adminMerchantUrl(merchantId, "/audit")],
      });
    },
    onError: (error) => failure(serverMessage(error, "No se pudo enviar el enlace")),
  });
}

export function useChangeSignInEmail(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<SignInEmailDto>("PUT", adminMerchantUrl(merchantId, "/sign-in-email"), {
        email,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData([adminMerchantUrl(merchantId, "/sign-in-email")], answer);
      toast({ title: "Correo de acceso actualizado", description: answer.email });
      return queryClient.invalidateQueries({
        queryKey: [adminMerchantUrl(merchantId, "/audit")],
      });
    },
  });
}

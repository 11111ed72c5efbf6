import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { MerchantPrivateDto, ProductDto } from "../../shared/api-types";
import type { AdminOrderDto } from "../../shared/checkout";
import { FULFILLMENT_STATUS_LABELS, type FulfillmentStatus } from "../../shared/order-life";
import type { MerchantLedgerDto } from "../../shared/api-types";
import type {
  MerchantAuditEntryDto,
  MerchantMeDto,
  MerchantProfileInput,
  MerchantStatsDto,
  SignInEmailDto,
} from "../../shared/merchant-portal";
import type { MerchantOperationsInput } from "../../shared/schemas/merchant-operations";
import type { MerchantOrderStatusInput } from "../../shared/schemas/order-life";
import {
  invalidateLists,
  type ListParams,
  serverMessage,
  useListPage,
  useListWrite,
} from "./back-office-api";
import {
  PRODUCT_DELETED,
  PRODUCT_UPDATED,
  productCreated,
  type ProductPayload,
  useCatalogUpload,
} from "./product-writes";
import { apiRequest } from "./api";
import { toast } from "./toast";

/**
 * The calls of the merchant portal (issue 11): the same routes a phone app or a script
 * would use, under /api/merchant/{merchantId}/…. Every write reloads the portal's lists
 * and the public ones, since the public pages show the change at once.
 */

export type { MerchantMeDto, MerchantStatsDto };

/**
 * An order as the portal reads it (issue 25): the administrator's order fields (step,
 * timeline, address, payment state) and the sum of this merchant's own lines.
 */
export type PortalOrder = AdminOrderDto & { merchantTotal: string };

export const MERCHANT_ME_KEY = "/api/merchant/me";

/**
 * The merchant's own profile edit, typed by the schemas the server parses it with: the
 * profile's fields and the hours, closures and delivery (merchantOperationsSchema).
 */
export type ProfilePayload = MerchantProfileInput & MerchantOperationsInput;

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
// (Signing in, /merchant/login, is lib/merchant-sign-in.ts: plain calls, no TanStack Query.)

/** The signed-in merchant user; a 401 is an ordinary error, never retried. */
export function useMerchantMe() {
  return useQuery<MerchantMeDto>({ queryKey: [MERCHANT_ME_KEY], retry: false });
}

export function useMerchantLogout() {
  return useMutation({ mutationFn: () => apiRequest("POST", "/api/auth/logout") });
}

// ---------------------------------------------------------------- the merchant itself

/** Its whole profile, bank details included (issue 25), for 'Mi comercio'. */
export const usePortalMerchant = (merchantId: number) =>
  useQuery<MerchantPrivateDto>({ queryKey: [portalUrl(merchantId)] });

export function useUpdatePortalMerchant(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ProfilePayload) =>
      apiRequest<MerchantPrivateDto>("PUT", portalUrl(merchantId), payload),
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

/** The portal's words when a write fails: "Error" and the server's message. */
const refused = (fallback: string) => (error: unknown) => ({
  title: "Error",
  description: serverMessage(error, fallback),
});

export const useCreatePortalProduct = (merchantId: number) =>
  useListWrite({
    // The merchant comes from the URL: a body `merchantId` would only be ignored.
    call: ({ merchantId: _ignored, ...payload }: ProductPayload & { merchantId: number }) =>
      apiRequest<ProductDto>("POST", portalUrl(merchantId, "/products"), payload),
    done: productCreated,
    failed: refused("No se pudo crear el producto"),
    reload: PORTAL_PREFIXES,
  });

export const useUpdatePortalProduct = (merchantId: number) =>
  useListWrite({
    call: ({ id, payload }: { id: number; payload: ProductPayload }) =>
      apiRequest<ProductDto>("PUT", portalUrl(merchantId, `/products/${id}`), payload),
    done: () => PRODUCT_UPDATED,
    failed: refused("No se pudo actualizar el producto"),
    reload: PORTAL_PREFIXES,
  });

/** 'Desactivar' hides a product from the public without deleting it; 'Reactivar' shows it again. */
export const useSetPortalProductActive = (merchantId: number) =>
  useListWrite({
    // The whole product goes along: a PUT replaces the product's fields.
    call: ({ product, isActive }: { product: ProductDto; isActive: boolean }) =>
      apiRequest<ProductDto>("PUT", portalUrl(merchantId, `/products/${product.id}`), {
        ...productPayload(product),
        isActive,
      }),
    done: (product) => ({
      title: product.isActive ? "Producto reactivado" : "Producto desactivado",
    }),
    failed: refused("No se pudo cambiar el producto"),
    reload: PORTAL_PREFIXES,
  });

/**
 * Issue 36: the product list's one tap, 'Marcar agotado' / 'Hay de nuevo' (`soldOut`), and
 * its count (`stock`, null: not counted).
 */
export const useSetPortalProductStock = (merchantId: number) =>
  useListWrite({
    call: ({
      product,
      ...change
    }: {
      product: ProductDto;
      soldOut?: boolean;
      stock?: number | null;
    }) =>
      apiRequest<ProductDto>("PUT", portalUrl(merchantId, `/products/${product.id}/stock`), change),
    done: (product) => ({
      title: product.available ? `${product.name}: disponible` : `${product.name}: agotado`,
    }),
    failed: refused("No se pudieron cambiar las existencias"),
    reload: PORTAL_PREFIXES,
  });

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
export const usePortalBulkUpload = (merchantId: number) =>
  useCatalogUpload(portalUrl(merchantId, "/bulk-upload-products"), PORTAL_PREFIXES);

export const useDeletePortalProduct = (merchantId: number) =>
  useListWrite({
    call: (id: number) => apiRequest("DELETE", portalUrl(merchantId, `/products/${id}`)),
    done: () => PRODUCT_DELETED,
    failed: refused("No se pudo eliminar el producto"),
    reload: PORTAL_PREFIXES,
  });

// ---------------------------------------------------------------- orders, reviews, stats

/** The orders' list, all or those at one step (issue 25): newest first. */
export const portalOrdersUrl = (merchantId: number, step?: FulfillmentStatus) =>
  portalUrl(merchantId, step ? `/orders?fulfillmentStatus=${step}` : "/orders");

/** The cached order lists and ledger of a merchant (every step's filter). */
const ordersAndLedger = (merchantId: number) => [
  portalUrl(merchantId, "/orders"),
  portalUrl(merchantId, "/payouts"),
];

export const usePortalOrders = (merchantId: number, step?: FulfillmentStatus) =>
  useQuery<PortalOrder[]>({
    queryKey: [portalOrdersUrl(merchantId, step)],
    // A new filter keeps the last list on screen while it loads.
    placeholderData: keepPreviousData,
  });

/** What a status change says: the answer's order in every list that holds it. */
function replaceOrder(queryClient: QueryClient, merchantId: number, order: PortalOrder) {
  const prefix = portalUrl(merchantId, "/orders");
  queryClient.setQueriesData<PortalOrder[]>(
    {
      predicate: (query) =>
        typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith(prefix),
    },
    (orders) => orders?.map((o) => (o.id === order.id ? order : o)),
  );
}

/** What each change says once done. */
function changeToast(change: MerchantOrderStatusInput, order: PortalOrder) {
  if (change.status === "cancelled") {
    return { title: "Pedido cancelado", description: `${order.orderNumber}: cancelado` };
  }
  if (change.status === "paid") {
    return { title: "Pago registrado", description: `${order.orderNumber}: pagado` };
  }
  return {
    title: "Pedido actualizado",
    description: `${order.orderNumber}: ${FULFILLMENT_STATUS_LABELS[order.fulfillmentStatus]}`,
  };
}

/**
 * PUT …/orders/{id}/status (issue 25): the next step, 'paid', or 'cancelled' with its
 * reason. A refusal (409 card not confirmed, 400 …) is shown as the server wrote it, and
 * the lists are read again (the order may have changed meanwhile).
 */
export function useSetPortalOrderStatus(merchantId: number) {
  const queryClient = useQueryClient();
  const reload = () => invalidateLists(queryClient, ordersAndLedger(merchantId));
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: MerchantOrderStatusInput }) =>
      apiRequest<PortalOrder>("PUT", portalUrl(merchantId, `/orders/${id}/status`), change),
    onSuccess: (order, { change }) => {
      replaceOrder(queryClient, merchantId, order);
      toast(changeToast(change, order));
      // Another step's filter and the ledger ('Liquidaciones') change too.
      return reload();
    },
    onError: (error) => {
      failure(serverMessage(error, "No se pudo actualizar el pedido"));
      return reload();
    },
  });
}

/** 'Liquidaciones': what Tiangue owes for the delivered card orders, and what it paid. */
export const usePortalPayouts = (merchantId: number) =>
  useQuery<MerchantLedgerDto>({ queryKey: [portalUrl(merchantId, "/payouts")] });

/** The same ledger as a CSV download. */
export const portalPayoutsCsvUrl = (merchantId: number) =>
  portalUrl(merchantId, "/payouts?format=csv");

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

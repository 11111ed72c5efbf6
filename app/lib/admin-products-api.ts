import type { ProductDto } from "../../shared/api-types";
import { ADMIN_KEYS } from "./admin-api";
import { apiRequest } from "./api";
import { type ListParams, serverMessage, useListPage, useListWrite } from "./back-office-api";
import {
  PRODUCT_DELETED,
  PRODUCT_UPDATED,
  productCreated,
  type ProductPayload,
  useCatalogUpload,
} from "./product-writes";

/** A page of the products, inactive ones too; `merchantId` and `q` filter them. */
export const useAdminProducts = (params: ListParams = {}) =>
  useListPage<ProductDto>(ADMIN_KEYS.products, params);

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

export const useBulkUpload = () => useCatalogUpload("/api/admin/bulk-upload-products");

import type { ProductDto } from "../../shared/api-types";
import type { BulkUploadInput, ProductUpdateInput } from "../../shared/schemas/index";
import { countLabel } from "../../shared/plural";
import { ApiError, apiRequest } from "./api";
import { serverMessage, useListWrite } from "./back-office-api";

// What the admin's and the merchant portal's product writes share: the edit's body, the
// toasts, and the CSV catalogue upload.

/** A product's edit (its merchant never changes). */
export type ProductPayload = ProductUpdateInput;

/** What the toasts say once a product is written, on either side. */
export const productCreated = (product: ProductDto) => ({
  title: "Producto creado exitosamente",
  description: product.name,
});
export const PRODUCT_UPDATED = { title: "Producto actualizado" };
export const PRODUCT_DELETED = { title: "Producto eliminado" };

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

import type { ProductDto, UserDto } from "../../../shared/api-types";
import type { AdminListQuery } from "../../../shared/schemas/list-queries";
import { AppError } from "../../errors";
import type { Paged } from "../catalog/paging";
import type { ProductsService } from "../products/products.service";
import type { PortalAccess } from "./portal-access";

/** A portal upload names only its own merchant (the URL's); anything else is refused. */
export const UPLOAD_OTHER_MERCHANT = "Solo puedes subir productos a tu propio comercio";

/** Refuses an upload whose body or rows name a merchant other than the portal's. */
function checkUploadMerchant(merchantId: number, input: unknown) {
  const body = (typeof input === "object" && input !== null ? input : {}) as {
    merchantId?: unknown;
    products?: unknown;
  };
  const foreign = (value: unknown) =>
    value !== undefined && value !== null && value !== "" && String(value) !== String(merchantId);
  const errors: { path: string; message: string }[] = [];
  if (foreign(body.merchantId)) errors.push({ path: "merchantId", message: UPLOAD_OTHER_MERCHANT });
  if (Array.isArray(body.products)) {
    body.products.forEach((row: unknown, index) => {
      const { merchantId: rowMerchant, line } = (
        typeof row === "object" && row !== null ? row : {}
      ) as { merchantId?: unknown; line?: unknown };
      if (!foreign(rowMerchant)) return;
      const lineNo = Number.isInteger(line) && (line as number) > 0 ? line : index + 2;
      errors.push({
        path: `products.${index}.merchantId`,
        message: `Línea ${lineNo}: ${UPLOAD_OTHER_MERCHANT}`,
      });
    });
  }
  if (errors.length > 0) throw AppError.validation(errors);
}

/**
 * The portal's 'Productos': the merchant's own products through the products service (same
 * rules, caches and audit), each call scoped to a merchant the user manages.
 */
export function createPortalProducts(
  products: Pick<
    ProductsService,
    "listAdmin" | "create" | "bulkUpload" | "update" | "setStock" | "remove"
  >,
  { requireManaged, requireOwnProduct }: Pick<PortalAccess, "requireManaged" | "requireOwnProduct">,
) {
  return {
    /** One page of the merchant's products, newest first; `q` searches their names. */
    async listProducts(
      user: UserDto,
      merchantId: number,
      query: AdminListQuery = {},
    ): Promise<Paged<ProductDto>> {
      await requireManaged(user, merchantId);
      return products.listAdmin({ ...query, merchantId });
    },

    async createProduct(user: UserDto, merchantId: number, input: unknown): Promise<ProductDto> {
      await requireManaged(user, merchantId);
      const body = typeof input === "object" && input !== null ? input : {};
      return products.create({ ...body, merchantId }, { actor: user });
    },

    /**
     * POST /api/merchant/{id}/bulk-upload-products: the admin's CSV upload (same body, rules
     * and all-or-nothing write), always into the URL's merchant. A body or row naming another
     * merchant is refused (400, nothing written) rather than moved: a script that sends the
     * wrong file learns it.
     */
    async bulkUpload(
      user: UserDto,
      merchantId: number,
      input: unknown,
    ): Promise<{ created: number; products: ProductDto[] }> {
      await requireManaged(user, merchantId);
      checkUploadMerchant(merchantId, input);
      const body = typeof input === "object" && input !== null ? input : {};
      return products.bulkUpload({ ...body, merchantId }, { actor: user });
    },

    async updateProduct(
      user: UserDto,
      merchantId: number,
      productId: number,
      input: unknown,
    ): Promise<ProductDto> {
      await requireOwnProduct(user, merchantId, productId);
      return products.update(productId, input, { actor: user });
    },

    /**
     * Issue 36: the product list's one tap, 'Marcar agotado' / 'Hay de nuevo' (`soldOut`),
     * and a count (`stock`) when given.
     */
    async setProductStock(
      user: UserDto,
      merchantId: number,
      productId: number,
      input: unknown,
    ): Promise<ProductDto> {
      await requireOwnProduct(user, merchantId, productId);
      return products.setStock(productId, input, { actor: user });
    },

    async deleteProduct(user: UserDto, merchantId: number, productId: number): Promise<void> {
      await requireOwnProduct(user, merchantId, productId);
      await products.remove(productId, { actor: user });
    },
  };
}

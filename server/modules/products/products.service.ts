import type { ServiceDeps } from "../../service-deps";
import type { MerchantActivityService } from "../merchant-activity/merchant-activity.service";
import { createProductAdmin } from "./products.admin";
import { toProductDto } from "./products.presenter";
import { createProductReads } from "./products.reads";
import { createProductStock } from "./products.stock";

export { LIMIT_MESSAGE, OFFSET_MESSAGE } from "../catalog/paging";
export {
  CATEGORY_NOT_FOUND,
  GONE_MESSAGE,
  MERCHANT_NOT_FOUND,
  PRODUCT_NOT_FOUND,
  type ProductWriteOptions,
} from "./products.admin";
// The list's query string is read by shared/schemas/list-queries.ts, with these messages.
export {
  CATEGORY_FILTER_MESSAGE,
  DEPARTMENT_FILTER_MESSAGE,
  MERCHANT_FILTER_MESSAGE,
} from "../../../shared/schemas/index";
export type { PublicProductFilter } from "./products.reads";
/** How a product leaves the server, for modules that show products (the cart). */
export { toProductDto };
/** Issue 36: a checkout's line as its stock is taken (TakenStock.counted holds these keys). */
export { lineKey, type SoldOutItem, type TakenStock } from "./products.stock";

/**
 * Reads answered from the public-read cache (server/cache): a page whose loader calls only
 * these may be kept rendered (server/http/web-app.ts). Checked against the service below.
 */
export const CACHEABLE_READS = [
  "listPublic",
  "popular",
  "getPublic",
  "getPublicWithSeller",
  "listPublicSlugs",
] as const satisfies readonly (keyof ReturnType<typeof createProductReads>)[];

/**
 * The products: the public catalogue's reads (products.reads.ts) and every write with the
 * back office's list (products.admin.ts), as one service.
 */
export function createProductsService(deps: ServiceDeps, activity: MerchantActivityService) {
  return {
    ...createProductReads(deps),
    ...createProductAdmin(deps, activity),
    ...createProductStock(deps, activity),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;

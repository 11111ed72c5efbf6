import type { ServiceDeps } from "../../service-deps";
import type { MerchantActivityService } from "../merchant-activity/merchant-activity.service";
import { createMerchantAdmin } from "./merchants.admin";
import { toMerchantDto } from "./merchants.presenter";
import { createMerchantReads } from "./merchants.reads";

export { LIMIT_MESSAGE, OFFSET_MESSAGE } from "../catalog/paging";
export { MERCHANT_NOT_FOUND, type AfterChange } from "./merchants.admin";
export {
  checkZoneFilter,
  INVALID_CATEGORY_FILTER,
  UNKNOWN_DEPARTMENT,
  type MerchantPage,
  type MerchantPageQuery,
  type PublicMerchantQuery,
} from "./merchants.reads";
/** How a merchant leaves the server, for modules that show one (a product page's seller). */
export { toMerchantDto };

/**
 * Reads answered from the public-read cache (server/cache): a page whose loader calls only
 * these may be kept rendered (server/http/web-app.ts). Checked against the service below.
 */
export const CACHEABLE_READS = [
  "listPublic",
  "countPublic",
  "featured",
  "getPublic",
  "listPublicSlugs",
] as const satisfies readonly (keyof ReturnType<typeof createMerchantReads>)[];

/**
 * The merchants: the public catalogue's reads (merchants.reads.ts) and every write with the
 * back office's lists (merchants.admin.ts), as one service.
 */
export function createMerchantsService(deps: ServiceDeps, activity: MerchantActivityService) {
  return { ...createMerchantReads(deps), ...createMerchantAdmin(deps, activity) };
}

export type MerchantsService = ReturnType<typeof createMerchantsService>;

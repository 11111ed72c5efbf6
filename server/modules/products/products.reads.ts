import type { MerchantDto, ProductDto } from "../../../shared/api-types";
import { isDepartment } from "../../../shared/el-salvador";
import { POPULAR_PRODUCTS, PRODUCTS_PAGE_SIZE } from "../../../shared/limits";
import {
  CATEGORY_FILTER_MESSAGE,
  DEPARTMENT_FILTER_MESSAGE,
  hasInvalidText,
  isRowId,
  MERCHANT_FILTER_MESSAGE,
} from "../../../shared/schemas/index";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { checkPage } from "../catalog/paging";
import { pageTotal } from "../catalog/page-total";
import { specialDatesFrom } from "../catalog/merchant-with-dates";
import { readBySlugs, type BySlugs } from "../catalog/read-by-slugs";
import { shelfKey, type ProductShelf } from "../../../shared/schemas/product-sort";
import { toMerchantDto } from "../merchants/merchants.service";
import { toProductDto } from "./products.presenter";
import * as repository from "./products.repository";
import * as shelves from "./shelf.repository";
import { checkShelf } from "../catalog/shelf";
import { catalogueTags, productShownTags } from "../../cache/index";

/*
 * The public catalogue's product reads (lists, popular, one product with its seller, the
 * sitemap), each answered from the public-read cache. products.service.ts composes them with
 * the writes and the back office's list (products.admin.ts).
 */

export interface PublicProductFilter extends ProductShelf {
  categoryId?: number;
  merchantId?: number;
  department?: string;
  limit?: number;
  offset?: number;
}

function checkPublicFilter(filter: PublicProductFilter) {
  const { limit, offset } = checkPage(filter, PRODUCTS_PAGE_SIZE);
  if (filter.categoryId !== undefined && !isRowId(filter.categoryId)) {
    throw AppError.badRequest(CATEGORY_FILTER_MESSAGE);
  }
  if (filter.merchantId !== undefined && !isRowId(filter.merchantId)) {
    throw AppError.badRequest(MERCHANT_FILTER_MESSAGE);
  }
  const department = filter.department?.trim() || undefined;
  if (department !== undefined && !isDepartment(department)) {
    throw AppError.badRequest(DEPARTMENT_FILTER_MESSAGE);
  }
  return {
    categoryId: filter.categoryId,
    merchantId: filter.merchantId,
    department,
    limit,
    offset,
    ...checkShelf(filter),
  };
}

/**
 * The tags of a product list (server/cache/tags.ts): the products it shows, and its shelf
 * (one shop's, or the whole site's) whose changes may move its members or order.
 */
function listTags(
  items: readonly ProductDto[],
  scope: { merchantId?: number; sort?: string },
): string[] {
  const tags = [catalogueTags.shelf(scope.merchantId), ...items.flatMap(productShownTags)];
  if (scope.sort === "rating") tags.push(catalogueTags.byRating);
  return tags;
}

/** What a product read answered, or (none) the shelf that a product appearing would change. */
const productTags = (product: ProductDto | null) =>
  product ? productShownTags(product) : [catalogueTags.shelf()];

/** The public catalogue's product reads; every answer goes through the public-read cache. */
export function createProductReads({ db, cache: catalogue }: ServiceDeps) {
  const cache = catalogue.reads;

  return {
    /**
     * One page of public products, newest first or in the shelf's order (issue 36), with the
     * count of all that match; `totalAtLeast` when a price range had more than
     * shelves.PRICE_COUNT_CAP matches and counting stopped there.
     */
    async listPublic(
      filter: PublicProductFilter = {},
    ): Promise<{ items: ProductDto[]; total: number; totalAtLeast?: true }> {
      const checked = checkPublicFilter(filter);
      // Only the checked, normalised values make the key: no spelling of a list is kept twice.
      const key = `products.list:${checked.categoryId ?? ""}:${checked.merchantId ?? ""}:${checked.department ?? ""}:${checked.limit}:${checked.offset}:${shelfKey(checked)}`;
      return cache.get(
        key,
        async () => {
          const rows = await shelves.listShelfProducts(db, checked);
          // A page with room left holds the last match: the count is known without a query.
          const known = pageTotal(checked, rows.length);
          const count =
            known === undefined
              ? await shelves.countShelfProducts(db, checked)
              : { total: known, atLeast: false };
          return {
            items: rows.map(toProductDto),
            total: count.total,
            ...(count.atLeast && { totalAtLeast: true as const }),
          };
        },
        (page) => listTags(page.items, checked),
      );
    },

    /** Most reviewed, then best rated public products (decisions §2). */
    async popular(): Promise<ProductDto[]> {
      return cache.get(
        "products.popular",
        async () => (await repository.popularProducts(db, POPULAR_PRODUCTS)).map(toProductDto),
        (items) => listTags(items, { sort: "rating" }),
      );
    },

    /** A public product by id (digits only) or slug; null when absent or not public. */
    async getPublic(idOrSlug: string): Promise<ProductDto | null> {
      const key = publicKeyOf(idOrSlug);
      if (!key) return null;
      return cache.get(
        `products.${cacheKeyOf(key)}`,
        async () => {
          const row = await repository.findPublicProduct(db, key);
          return row ? toProductDto(row) : null;
        },
        productTags,
      );
    },

    /**
     * A product page's product and its seller with the seller's special dates, read in one
     * statement (issue 13); null when the product is absent or not public (then neither is
     * shown). By id (digits only) or slug, as getPublic.
     */
    async getPublicWithSeller(
      idOrSlug: string,
    ): Promise<{ product: ProductDto; seller: MerchantDto } | null> {
      const key = publicKeyOf(idOrSlug);
      if (!key) return null;
      return cache.get(
        `products.with-seller.${cacheKeyOf(key)}`,
        async () => {
          const found = await repository.findPublicProductWithSeller(
            db,
            key,
            specialDatesFrom(new Date()),
          );
          return found
            ? {
                product: toProductDto(found.product),
                seller: toMerchantDto(found.seller, found.specialDates),
              }
            : null;
        },
        (found) => productTags(found?.product ?? null),
      );
    },

    /**
     * The public products of `slugs` as getPublic answers each, in the slugs' order, and
     * the slugs of none (/favorites' loader, issue 27): one statement for the whole list.
     * Not cached: each list is one shopper's.
     */
    async listPublicBySlugs(slugs: readonly string[]): Promise<BySlugs<ProductDto>> {
      return readBySlugs(slugs, async (valid) =>
        (await repository.findPublicProductsBySlugs(db, valid)).map(toProductDto),
      );
    },

    /** Sitemap entries of every public product (each edit moves a date: any write forgets it). */
    async listPublicSlugs(): Promise<{ slug: string; updatedAt: string }[]> {
      return cache.get("products.slugs", async () => {
        const rows = await repository.listPublicProductSlugs(db);
        return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() }));
      });
    },
  };
}

/**
 * A public product's key in a path: digits only are an id, anything else a slug; null for
 * what no product can have (an id out of range; an empty slug, or one holding what no text
 * field accepts: NUL cannot even reach PostgreSQL), which is a 404.
 */
function publicKeyOf(idOrSlug: string): { id: number } | { slug: string } | null {
  if (/^\d+$/.test(idOrSlug)) {
    const id = Number(idOrSlug);
    return isRowId(id) ? { id } : null;
  }
  return !idOrSlug || hasInvalidText(idOrSlug) ? null : { slug: idOrSlug };
}

const cacheKeyOf = (key: { id: number } | { slug: string }) =>
  "id" in key ? `id:${key.id}` : `slug:${key.slug}`;

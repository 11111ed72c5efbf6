import type { MerchantDto, ProductDto, UserDto } from "../../../shared/api-types";
import { isDepartment } from "../../../shared/el-salvador";
import { ADMIN_PAGE_SIZE, POPULAR_PRODUCTS, PRODUCTS_PAGE_SIZE } from "../../../shared/limits";
import {
  bulkUploadSchema,
  CATEGORY_FILTER_MESSAGE,
  DEPARTMENT_FILTER_MESSAGE,
  hasInvalidText,
  isRowId,
  MERCHANT_FILTER_MESSAGE,
  productSchema,
  productUpdateSchema,
  withDefaultImage,
} from "../../../shared/schemas/index";
import { productSlug, withSuffix } from "../../../shared/slug";
import type { Queryable } from "../../../db/client";
import { AppError, fieldErrors, parseInput, type FieldError } from "../../errors";
import type { ServiceDeps } from "../../services";
import {
  lockCountTargets,
  refreshCategoryCounts,
  refreshMerchantStats,
} from "../catalog/counts.repository";
import { existingCategoryIds, findMerchantSummary } from "../catalog/catalog.repository";
import { isForeignKeyViolation } from "../catalog/constraint-errors";
import { checkPage, type PageQuery, type Paged } from "../catalog/paging";
import { pageTotal } from "../catalog/page-total";
import { PRODUCT_AUDIT, writeAudit } from "../merchant-portal/merchant-audit";
import { toMerchantDto } from "../merchants/merchants.service";
import { specialDatesFrom } from "../catalog/merchant-with-dates";
import { toProductDto } from "./products.presenter";
import * as repository from "./products.repository";

export const PRODUCT_NOT_FOUND = "Producto no encontrado";
export const MERCHANT_NOT_FOUND = "El comercio seleccionado no existe";
export const CATEGORY_NOT_FOUND = "La categoría seleccionada no existe";
export const GONE_MESSAGE = "El comercio o la categoría ya no existe";
export { LIMIT_MESSAGE, OFFSET_MESSAGE } from "../catalog/paging";
/** How a product leaves the server, for modules that show products (the cart). */
export { toProductDto };
// The list's query string is read by shared/schemas/list-queries.ts, with these messages.
export { CATEGORY_FILTER_MESSAGE, DEPARTMENT_FILTER_MESSAGE, MERCHANT_FILTER_MESSAGE };

export interface PublicProductFilter {
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
  };
}

/** First line of the catalogue rows in the CSV (line 1 is the header), as in shared/catalog-csv.ts. */
const FIRST_ROW_LINE = 2;

/**
 * The CSV line of upload row `index`: the client may send each row's `line` (as read
 * by parseCatalogCsv); otherwise rows are taken to follow the header one per line.
 */
function rowLine(input: unknown, index: number): number {
  const rows = (input as { products?: unknown } | null)?.products;
  const line = Array.isArray(rows) ? (rows[index] as { line?: unknown } | null)?.line : undefined;
  return Number.isInteger(line) && (line as number) > 0 ? (line as number) : index + FIRST_ROW_LINE;
}

const ROW_PATH = /^products\.(\d+)(?:\.|$)/;

/** Field errors of an upload, the rows' ones prefixed 'Línea n: ' like the CSV reader's. */
function withLines(input: unknown, errors: FieldError[]): FieldError[] {
  return errors.map((error) => {
    const match = ROW_PATH.exec(error.path);
    if (!match) return error;
    return {
      path: error.path,
      message: `Línea ${rowLine(input, Number(match[1]))}: ${error.message}`,
    };
  });
}

function parseBulkUpload(input: unknown) {
  const result = bulkUploadSchema.safeParse(input ?? {});
  if (!result.success) throw AppError.validation(withLines(input, fieldErrors(result.error)));
  return result.data;
}

/** Whether `slug` is `base` or `base-n`: a product keeps its slug while its name gives the same base. */
function slugHasBase(slug: string, base: string): boolean {
  return (
    slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)))
  );
}

// Suffixes looked up per base in the first query; enough unless a name is very common.
const SLUG_WINDOW = 8;

/**
 * Unique slugs for the given bases, in order: `base`, then `base-2`, `base-3`… skipping
 * those other products (all but `exceptId`) use and those given to earlier bases of the
 * same call. Call after lockProductSlugs, in the transaction that inserts them.
 */
async function uniqueSlugs(
  db: Queryable,
  bases: readonly string[],
  exceptId?: number,
): Promise<string[]> {
  const taken = new Set<string>();
  const checked = new Set<string>();
  const check = async (candidates: string[]) => {
    const fresh = [...new Set(candidates)].filter((c) => !checked.has(c));
    for (const slug of await repository.takenSlugs(db, fresh, exceptId)) taken.add(slug);
    for (const slug of fresh) checked.add(slug);
  };

  const perBase = new Map<string, number>();
  for (const base of bases) perBase.set(base, (perBase.get(base) ?? 0) + 1);
  // One query for the usual case: each base with as many suffixes as it has rows, and some spare.
  await check(
    [...perBase].flatMap(([base, count]) =>
      Array.from({ length: count + SLUG_WINDOW }, (_, i) => withSuffix(base, i + 1)),
    ),
  );

  const used = new Set<string>();
  const nextSuffix = new Map<string, number>();
  const slugs: string[] = [];
  for (const base of bases) {
    let n = nextSuffix.get(base) ?? 1;
    let slug = withSuffix(base, n);
    while (taken.has(slug) || used.has(slug) || !checked.has(slug)) {
      if (!checked.has(slug)) {
        // Past the looked-up window: fetch a larger one for this base.
        const size = Math.max(SLUG_WINDOW * 4, n);
        await check(Array.from({ length: size }, (_, i) => withSuffix(base, n + i)));
        continue;
      }
      slug = withSuffix(base, ++n);
    }
    used.add(slug);
    nextSuffix.set(base, n + 1);
    slugs.push(slug);
  }
  return slugs;
}

async function mapForeignKeyErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // A merchant or category deleted between our check and the write.
    if (isForeignKeyViolation(error)) throw AppError.badRequest(GONE_MESSAGE);
    throw error;
  }
}

const invalid = (path: string, message: string) => AppError.validation([{ path, message }]);

/**
 * Who makes a write (an administrator or a merchant user): when given, the write's row in the
 * merchant's audit log (issue 11) goes through its transaction and commits or rolls back
 * with it.
 */
export interface ProductWriteOptions {
  actor?: UserDto;
}

async function audit(
  tx: Queryable,
  actor: UserDto | undefined,
  merchantId: number,
  [action, summary]: readonly [string, string],
) {
  if (actor) await writeAudit(tx, { merchantId, user: actor, action, summary });
}

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
] as const satisfies readonly (keyof ReturnType<typeof createProductsService>)[];

export function createProductsService({ db, cache: catalogue }: ServiceDeps) {
  const cache = catalogue.reads;
  /** Runs a write's transaction, then makes every process forget its cached public reads. */
  const writeCatalogue = async <T>(work: () => Promise<T>): Promise<T> => {
    const result = await mapForeignKeyErrors(work);
    await catalogue.invalidate();
    return result;
  };
  const present = async (tx: Queryable, id: number): Promise<ProductDto> => {
    const row = await repository.findProductById(tx, id);
    if (!row) throw AppError.notFound(PRODUCT_NOT_FOUND);
    return toProductDto(row);
  };

  return {
    /** One page of public products, newest first, with the count of all that match. */
    async listPublic(
      filter: PublicProductFilter = {},
    ): Promise<{ items: ProductDto[]; total: number }> {
      const checked = checkPublicFilter(filter);
      const key = `products.list:${checked.categoryId ?? ""}:${checked.merchantId ?? ""}:${checked.department ?? ""}:${checked.limit}:${checked.offset}`;
      return cache.get(key, async () => {
        const rows = await repository.listPublicProducts(db, checked);
        // A page with room left holds the last match: the count is known without a query.
        const total =
          pageTotal(checked, rows.length) ?? (await repository.countPublicProducts(db, checked));
        return { items: rows.map(toProductDto), total };
      });
    },

    /** Most reviewed, then best rated public products (decisions §2). */
    async popular(): Promise<ProductDto[]> {
      return cache.get("products.popular", async () =>
        (await repository.popularProducts(db, POPULAR_PRODUCTS)).map(toProductDto),
      );
    },

    /** A public product by id (digits only) or slug; null when absent or not public. */
    async getPublic(idOrSlug: string): Promise<ProductDto | null> {
      const key = publicKeyOf(idOrSlug);
      if (!key) return null;
      return cache.get(`products.${cacheKeyOf(key)}`, async () => {
        const row = await repository.findPublicProduct(db, key);
        return row ? toProductDto(row) : null;
      });
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
      return cache.get(`products.with-seller.${cacheKeyOf(key)}`, async () => {
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
      });
    },

    /**
     * Every product, inactive and non-public ones too (administration, the merchant portal):
     * one page, newest first, optionally one merchant's and those whose name holds `q`.
     */
    async listAdmin(
      filter: { merchantId?: number; q?: string } & PageQuery = {},
    ): Promise<Paged<ProductDto>> {
      if (filter.merchantId !== undefined && !isRowId(filter.merchantId)) {
        throw AppError.badRequest(MERCHANT_FILTER_MESSAGE);
      }
      const { rows, total } = await repository.listAllProducts(db, {
        merchantId: filter.merchantId,
        q: filter.q,
        ...checkPage(filter, ADMIN_PAGE_SIZE),
      });
      return { items: rows.map(toProductDto), total };
    },

    /** Sitemap entries of every public product. */
    async listPublicSlugs(): Promise<{ slug: string; updatedAt: string }[]> {
      return cache.get("products.slugs", async () => {
        const rows = await repository.listPublicProductSlugs(db);
        return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() }));
      });
    },

    /** New product from the admin form: slug from the name, rating and counts start at 0. */
    async create(input: unknown, options: ProductWriteOptions = {}): Promise<ProductDto> {
      const data = withDefaultImage(parseInput(productSchema, input));
      return writeCatalogue(() =>
        db.transaction(async (tx) => {
          const merchant = isRowId(data.merchantId)
            ? await findMerchantSummary(tx, data.merchantId)
            : undefined;
          if (!merchant) throw invalid("merchantId", MERCHANT_NOT_FOUND);
          await checkCategory(tx, data.categoryId);
          await repository.lockProductSlugs(tx);
          const [slug] = await uniqueSlugs(tx, [productSlug(data.name)]);
          // The merchant's count first, before the insert share-locks it (counts.repository.ts).
          await lockCountTargets(tx, "merchants", [merchant.id]);
          const [id] = await repository.insertProducts(tx, [
            {
              name: data.name,
              slug,
              description: data.description,
              price: data.price,
              imageUrl: data.imageUrl,
              images: data.images,
              merchantId: merchant.id,
              categoryId: data.categoryId,
              isActive: data.isActive ?? true,
            },
          ]);
          await refreshMerchantStats(tx, [merchant.id]);
          await refreshCategoryCounts(tx, [data.categoryId]);
          const product = await present(tx, id);
          await audit(tx, options.actor, product.merchantId, PRODUCT_AUDIT.create(product));
          return product;
        }),
      );
    },

    /** Replaces the editable fields; the slug follows the new name and stays unique. */
    async update(
      id: number,
      input: unknown,
      options: ProductWriteOptions = {},
    ): Promise<ProductDto> {
      const data = withDefaultImage(parseInput(productUpdateSchema, input));
      return writeCatalogue(() =>
        db.transaction(async (tx) => {
          const current = isRowId(id) ? await repository.findProductForUpdate(tx, id) : undefined;
          if (!current) throw AppError.notFound(PRODUCT_NOT_FOUND);
          await checkCategory(tx, data.categoryId);
          const base = productSlug(data.name);
          let slug = current.slug;
          if (!slugHasBase(current.slug, base)) {
            await repository.lockProductSlugs(tx);
            [slug] = await uniqueSlugs(tx, [base], id);
          }
          await lockCountTargets(tx, "merchants", [current.merchantId]);
          await repository.updateProduct(tx, id, {
            name: data.name,
            slug,
            description: data.description,
            price: data.price,
            imageUrl: data.imageUrl,
            images: data.images,
            categoryId: data.categoryId,
            ...(data.isActive === undefined ? {} : { isActive: data.isActive }),
          });
          await refreshMerchantStats(tx, [current.merchantId]);
          await refreshCategoryCounts(tx, [...new Set([current.categoryId, data.categoryId])]);
          const product = await present(tx, id);
          await audit(tx, options.actor, product.merchantId, PRODUCT_AUDIT.update(product));
          return product;
        }),
      );
    },

    /** Deletes the product with its reviews and cart lines; order lines keep name and price. */
    async remove(id: number, options: ProductWriteOptions = {}): Promise<void> {
      await db.transaction(async (tx) => {
        const deleted = isRowId(id) ? await repository.deleteProduct(tx, id) : undefined;
        if (!deleted) throw AppError.notFound(PRODUCT_NOT_FOUND);
        await refreshMerchantStats(tx, [deleted.merchantId]);
        await refreshCategoryCounts(tx, [deleted.categoryId]);
        await audit(
          tx,
          options.actor,
          deleted.merchantId,
          PRODUCT_AUDIT.delete({ id, ...deleted }),
        );
      });
      await catalogue.invalidate();
    },

    /**
     * The admin's CSV catalogue for one merchant: every row or none. Rows take the
     * merchant's id, and its category when they name none.
     */
    async bulkUpload(
      input: unknown,
      options: ProductWriteOptions = {},
    ): Promise<{ created: number; products: ProductDto[] }> {
      const data = parseBulkUpload(input);
      return writeCatalogue(() =>
        db.transaction(async (tx) => {
          const merchant = isRowId(data.merchantId)
            ? await findMerchantSummary(tx, data.merchantId)
            : undefined;
          if (!merchant) throw invalid("merchantId", MERCHANT_NOT_FOUND);

          const categoryIds = data.products.map((row) => row.categoryId ?? merchant.categoryId);
          const existing = await existingCategoryIds(tx, [...new Set(categoryIds.filter(isRowId))]);
          const errors = categoryIds.flatMap((categoryId, index) =>
            existing.has(categoryId)
              ? []
              : [
                  {
                    path: `products.${index}.categoryId`,
                    message: `Línea ${rowLine(input, index)}: ${CATEGORY_NOT_FOUND}`,
                  },
                ],
          );
          if (errors.length > 0) throw AppError.validation(errors);

          await repository.lockProductSlugs(tx);
          const slugs = await uniqueSlugs(
            tx,
            data.products.map((row) => productSlug(row.name)),
          );
          const values = data.products.map((row, index) => {
            const product = withDefaultImage(row);
            return {
              name: product.name,
              slug: slugs[index],
              description: product.description,
              price: product.price,
              imageUrl: product.imageUrl,
              images: product.images,
              merchantId: merchant.id,
              categoryId: categoryIds[index],
              isActive: product.isActive ?? true,
            };
          });
          await lockCountTargets(tx, "merchants", [merchant.id]);
          const ids = await repository.insertProducts(tx, values);
          await refreshMerchantStats(tx, [merchant.id]);
          await refreshCategoryCounts(tx, [...existing]);
          const byId = new Map(
            (await repository.findProductsByIds(tx, ids)).map((row) => [row.id, row]),
          );
          const products = ids.map((id) => toProductDto(byId.get(id)!));
          await audit(tx, options.actor, merchant.id, PRODUCT_AUDIT.bulkUpload(products.length));
          return { created: products.length, products };
        }),
      );
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

async function checkCategory(db: Queryable, categoryId: number) {
  const found =
    isRowId(categoryId) && (await existingCategoryIds(db, [categoryId])).has(categoryId);
  if (!found) throw invalid("categoryId", CATEGORY_NOT_FOUND);
}

export type ProductsService = ReturnType<typeof createProductsService>;
